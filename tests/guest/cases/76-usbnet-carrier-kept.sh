# A link the device reports up right after reporting it down gives the
# host carrier (net-usbnet-carrier-on-kept). Each try closes the host's
# netdev, takes the gadget's link down and up (the "off" notification
# pending, the "on" to follow it), and opens the host's netdev: the
# status URB reads both within a millisecond, and usbnet's kevent
# worker, busy with the "off", used to drop the "on". Every try must
# show the "off" (carrier_down_count rises) and end with carrier.
# The bound only matters on failure: the bug's carrier never comes.
# Shown failing: in a scratch build of 6.1 patched with net-usbnet-carrier-on-kept
# reverted, 2 runs of 2: "try 4: no carrier on usb1 10000 ms after the
# open", and "no carrier on usb1 after the first open"; that sequence
# lost the carrier in 9 of 200 tries, in each of two runs (so 150 tries
# fail with a probability of about 0.999). Stock 6.1 failed 5 runs of 5.
. /lab/tests/case.sh

TRIES=150 BOUND_MS=$SETTLE_MS
# 150 tries took 148 s on debug beside builds, on the suite's critical
# path; there the case checks the path under lockdep and KASAN, and
# patched shows the race
[ "$LAB_VARIANT" = debug ] && TRIES=50

downs() {
	cat "/sys/class/net/$HNET/carrier_down_count"
}

case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
GNET=$(lab_gadget_netdev) HNET=$(lab_host_netdev)
# the device stays active: the notifications are read at the open
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_cmd "$BOUND_MS" lab_host_carrier || fail "no carrier on $HNET after the first open"
i=0
while [ "$i" -lt "$TRIES" ]; do
	i=$((i + 1))
	d0=$(downs)
	ip link set "$HNET" down
	lab_in_ns sh -c "ip link set $GNET down && ip link set $GNET up" ||
		fail "try $i: cannot take $GNET down and up"
	ip link set "$HNET" up
	lab_wait_cmd "$BOUND_MS" lab_host_carrier || fail "try $i: no carrier on $HNET $BOUND_MS ms after the open"
	[ "$(downs)" -gt "$d0" ] || fail "try $i: the host never saw the link go down"
done
echo "carrier after each of $TRIES opens, each after a link-down"
lab_netns_down
