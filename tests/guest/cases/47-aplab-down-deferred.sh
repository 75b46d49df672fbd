# The gadget goes while frames are deferred: the timer queues frames on
# the suspended device, the first one's resume starts (20 ms and more of
# resume signalling on the wire), and the gadget leaves the bus meanwhile
# (its UDC unbound in the same shell line). The resume fails, so the
# frames stay deferred until the host drops the device; disconnect()
# drops them and gives back their references (debug: kmemleak in 54 and
# 99, KASAN and lockdep via --strict).
#
# The balance is read from the PM core, not only from the driver's own
# tally (pm_refs): disconnect() logs the interface's power.usage_count
# after it dropped the frames. The driver core gave back its own
# reference before calling the driver (__device_release_driver), so a
# balanced driver leaves it at 0.
#
# The timer runs before the gadget stops: stopping the gadget first
# races the host, which often drops the device first (the debug kernel
# always does). So the host cannot drop the device before the timer
# runs; only a resume that completes before the UDC is unbound (the shell slower
# than the resume signalling) leaves nothing deferred, and then the
# attempt is run again, at most 5 times.
# Shown to fail: without usb_autopm_put_interface_no_suspend() in
# aplab_drop_deferred(), the logged PM core count was the number of
# frames dropped, while pm_refs still read 0.
. /lab/tests/aplab.sh

ATTEMPTS=5
GADGET_UDC=/sys/kernel/config/usb_gadget/autopm-lab/UDC

# one attempt: 0 when frames were deferred at the disconnect, 2 when the
# resume won (try again), or fail
attempt() {
	aplab_up
	wait_suspended "$LAB_DEV"
	expect_eq "interface usage count before" "$(drv_count usage_count)" 0
	# the timer sends without an open, which would resume at once
	{ echo 64 >"$APLAB_DEBUG/timer_send" && echo "" >"$GADGET_UDC"; } ||
		fail "start the timer, unbind the UDC"
	# a wait, not a bound: the resume under way fails first (the hub's
	# retries), which took over 5 s on debug beside two other guests
	lab_wait_cmd "$SETTLE_MS" test ! -e "$SYS_USB/$LAB_DEV" ||
		fail "the host kept $LAB_DEV $SETTLE_MS ms after the gadget left"
	line=$(dmesg | grep 'autopm-lab disconnected' | tail -n 1)
	echo "${line#*] }"
	autopm-gadget down >/dev/null || fail "down"
	read -r dropped refs usage <<-EOF
	$(echo "$line" |
		sed -n 's/.*dropped \([0-9]*\) deferred.*left \([0-9-]*\), PM core usage count \([0-9-]*\)$/\1 \2 \3/p')
	EOF
	[ -n "$usage" ] || fail "no disconnect line: $line"
	if [ "$dropped" -eq 0 ]; then
		echo "the resume completed before the gadget left: nothing deferred"
		return 2
	fi
	expect_eq "references the driver held at disconnect" "$refs" 0
	expect_eq "PM core usage count at the end of disconnect" "$usage" 0
	return 0
}

n=0
while [ $n -lt $ATTEMPTS ]; do
	n=$((n + 1))
	attempt
	rc=$?
	[ "$rc" -eq 0 ] && break
	[ "$rc" -eq 2 ] || fail "attempt $n"
done
[ "$rc" -eq 0 ] || fail "no frame was ever deferred at disconnect in $ATTEMPTS attempts"
echo "frames deferred at disconnect on attempt $n of $ATTEMPTS"
