# Periodic bandwidth (dummy-hcd-periodic-bandwidth): an alternate setting
# whose isochronous endpoints need more of a (micro)frame than a USB 2.0
# host reserves for periodic transfers (80% of a microframe at high
# speed, 90% of a frame at full speed) is refused as a real host refuses
# it: usb_set_interface() fails with -ENOSPC and usbcore says "Not
# enough bandwidth", so usbtest, which installs the alternate setting
# with the isochronous endpoints at probe, does not bind. One step under
# the limit (case 80) is accepted.
# Shown failing on stock 6.1, which offers no isochronous endpoint:
# "usbtest's probe was not refused: ... couldn't get endpoints, -22";
# and on patched 6.1 without dummy-hcd-periodic-bandwidth (a scratch
# series), where usbtest binds: "high-speed, 1024 x 3 every 1:
# usbtest's probe was not refused: ... Linux gadget zero".
. /lab/tests/case.sh
. /lab/tests/iso.sh

iso_require

# usbtest's probe of the device's interface failed with -ENOSPC since
# dmesg line FROM
iso_probe_failed() {
	iso_dmesg_since "$1" | grep -q "usbtest.*probe.* failed with error -28"
}

# SPEED INTERVAL MAXPACKET MULT: an IN and an OUT endpoint each needing
# about 62 us of every microframe (3 x 1024 bytes), and at full speed two
# of 1023 bytes (about 805 us each per frame)
for c in high-speed:1:1024:2 full-speed:1:1023:0; do
	IFS=: read -r speed interval maxp mult <<EOF
$c
EOF
	from=$(iso_dmesg_mark)
	iso_gadget_up "$speed" "$interval" "$maxp" "$mult"
	# usbtest's probe runs before the configuration is visible
	lab_wait_cmd 5000 iso_probe_failed "$from" ||
		fail "$speed, $maxp x $((mult + 1)) every $interval: usbtest's probe was not refused: $(iso_dmesg_since "$from" | grep usbtest | head -n 3)"
	! iso_bound || fail "$speed: usbtest bound all the same"
	iso_dmesg_since "$from" | grep -q "Not enough bandwidth for altsetting 1" ||
		fail "$speed: usbcore did not say 'Not enough bandwidth for altsetting 1'"
	echo "$speed, $maxp x $((mult + 1)) bytes each way every $interval: refused, ENOSPC"
	iso_down
done
