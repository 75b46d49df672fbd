# hid-usbhid-stop-free-out-queue and hid-usbhid-free-reports-at-shutdown
# (usbhid): a keyboard stopped with an LED report in flight and more
# queued behind it neither crashes nor leaks, and works again once
# bound. The gadget's f_hid takes 4 output reports unread (its qlen);
# the host's next one stays in flight and the rest wait in usbhid's
# output queue. Then, ROUNDS times, alternately:
# - the HID driver is unbound from the hid device and bound again
#   (usbhid stays bound: hid_hw_stop() kills the URB in flight, and
#   hid_irq_out() must not take a report off the queue usbhid_stop()
#   emptied);
# - usbhid is unbound from the interface and bound again (the USB core
#   flushes the endpoint first: the URB completes with -ESHUTDOWN, and
#   the reports queued behind it must be freed; kmemleak, through case
#   99's scan on debug, finds what is not).
# After each rebind a ScrollLock report must reach the gadget.
# Shown failing on 6.1 debug, --strict, with a scratch version of
# hid-usbhid-stop-free-out-queue (queue emptied, no check in
# hid_irq_out()): in round 1 the killed URB's completion took a slot
# never filled, "BUG: KASAN: null-ptr-deref in hid_submit_out" from
# hid_irq_out() in the softirq, and the guest died. With that patch
# fixed but without hid-usbhid-free-reports-at-shutdown, all ten rounds
# pass and case 99 then fails: "kmemleak reports 35 suspected leak(s)",
# 16-byte objects allocated by usbhid_submit_report() from the LED
# worker (the reports queued behind the flushed URB).
. /lab/tests/case.sh

ROUNDS=10
# LED reports written per round (CapsLock on and off): more than f_hid's
# 4 requests, one in flight, the rest queued
TOGGLES=12
# the gadget reads each report with a few programs, slow on debug under
# load (a 5 s bound once expired after 6 reports there)
IO_MS=5000
! lab_checked_kernel || IO_MS=20000
HID_DRV=/sys/bus/hid/drivers/hid-generic
USBHID_DRV=/sys/bus/usb/drivers/usbhid

# the hid device under the keyboard's interface (0003:VVVV:PPPP.NNNN)
hid_dev() {
	for _h in "$SYS_USB/$intf"/0003:*; do
		[ -e "$_h" ] && basename "$_h" && return 0
	done
	return 1
}

hid_bound() {
	_h=$(hid_dev) && [ -e "$SYS_USB/$intf/$_h/driver" ] && lab_host_evdev >/dev/null
}

lab_up --functions hid || fail "gadget up"
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "keep $LAB_DEV awake"
intf=$LAB_DEV:1.0
exec 4<>"$(lab_gadget_field hid_dev)" || fail "open the gadget's hidg node"

round=1
while [ $round -le $ROUNDS ]; do
	ev=$(lab_host_evdev) || fail "round $round: no evdev node for the keyboard"
	exec 3<>"$ev" || fail "round $round: open $ev"
	i=0
	while [ $i -lt $TOGGLES ]; do
		# shellcheck disable=SC2059 # the record is the format
		printf "$(lab_evdev_record 17 1 $(((i + 1) % 2)))" >&3 ||
			fail "round $round: CapsLock $(((i + 1) % 2)), written to $ev"
		# one report each: hid-input's LED worker runs before the next
		usleep 20000
		i=$((i + 1))
	done
	exec 3>&-
	hd=$(hid_dev) || fail "round $round: no hid device under $intf"
	if [ $((round % 2)) = 1 ]; then
		how="hid-generic unbound from $hd"
		echo "$hd" >"$HID_DRV/unbind" || fail "round $round: unbind $hd from hid-generic"
		echo "$hd" >"$HID_DRV/bind" || fail "round $round: bind $hd to hid-generic"
	else
		how="usbhid unbound from $intf"
		echo "$intf" >"$USBHID_DRV/unbind" || fail "round $round: unbind $intf from usbhid"
		echo "$intf" >"$USBHID_DRV/bind" || fail "round $round: bind $intf to usbhid"
	fi
	lab_wait_cmd 5000 hid_bound ||
		fail "round $round: $how: no keyboard evdev node 5 s after the bind"
	# the gadget still holds the round's stale reports: the reader skips
	# them up to ScrollLock's (LED bit 2)
	ev=$(lab_host_evdev)
	exec 3<>"$ev" || fail "round $round: open $ev"
	lab_hid_led_reader 4 "$IO_MS" /tmp/led
	reader=$!
	# shellcheck disable=SC2059 # the record is the format
	printf "$(lab_evdev_record 17 2 1)" >&3 || fail "round $round: ScrollLock on"
	lab_wait_pid $reader "$IO_MS" ||
		fail "round $round: $how: no LED report 4 at the gadget within $IO_MS ms (got: $(tr '\n' ' ' </tmp/led))"
	lab_hid_led_reader 0 "$IO_MS" /tmp/led
	reader=$!
	# shellcheck disable=SC2059 # the record is the format
	printf "$(lab_evdev_record 17 2 0)" >&3 || fail "round $round: ScrollLock off"
	lab_wait_pid $reader "$IO_MS" ||
		fail "round $round: $how: no LED report 0 at the gadget within $IO_MS ms (got: $(tr '\n' ' ' </tmp/led))"
	exec 3>&-
	echo "round $round: $TOGGLES LED reports, $how with reports in flight, bound again: ScrollLock reached the gadget"
	round=$((round + 1))
done
exec 4>&-
lab_down >/dev/null 2>&1 || fail "gadget down"
