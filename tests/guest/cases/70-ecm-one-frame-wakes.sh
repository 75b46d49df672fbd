# One Ethernet frame, sent from the gadget's namespace while the host has
# the device suspended and followed by nothing, wakes the host and
# reaches it within one wakeup's bound, in each of ROUNDS rounds.
# This is the reproducer of the 6.12 ECM wakeup bug (the fix
# usb-gadget-u-ether-send-held-frame, kernel-patches/README.md): stock 6.12 wakes the host, but the
# frame stays in the gadget netdev's qdisc until some later transmit.
# It runs on stock too (no core counters there: only the frame is
# checked). Shown failing: on stock 6.12, "round 1: received 0 of 1
# frames"; on stock 6.1 nothing wakes the host for a frame at all.
# Stock 6.12 with that fix alone passes (frames 135-152 ms after the
# sender began), so it is the whole fix.
. /lab/tests/case.sh

ROUNDS=5
# from the sender's return to the frame at the host: what is left of one
# remote wakeup then, plus the receiver's scheduling (the whole latency
# is scripts/bench's "ecm to-packet"). Not from the sender's start:
# starting it in the namespace took about 600 ms on debug, and its
# frames then arrived 637-739 ms after that start, too near a bound of
# 800. What the case is for, stock 6.12's frame never arriving, fails
# either way. The bound adds the latest a timer woke a sleeper beside
# the rounds (labtool jitter, as case 68) twice, since the frame waits
# on two timers (the resume signalling's hrtimer and the recovery
# sleep): inside make check, beside other debug guests, a frame took
# 876 ms at a bound of 800, and one 1432 ms at 800 plus once the
# latest lateness seen (498 ms).
BOUND_MS=$((WAKE_BOUND_MS + 200))
case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
HNET=$(lab_host_netdev)
counted=0
! lab_has_counters || counted=1
[ "$counted" = 0 ] || require_core "$LAB_DEV"
i=1 took=""
lab_jitter_start
while [ "$i" -le "$ROUNDS" ]; do
	wait_suspended "$LAB_DEV"
	[ "$counted" = 0 ] || w0=$(core_count "$LAB_DEV" remote_wakeup_count)
	rm -f /tmp/ready
	labtool recv-ecm "$HNET" 1 $((BOUND_MS + 3000)) /tmp/ready >/tmp/recv &
	r=$!
	lab_wait_cmd 2000 test -e /tmp/ready || fail "round $i: the receiver did not start"
	[ "$(lab_status "$LAB_DEV")" = suspended ] || fail "round $i: $LAB_DEV woke before the send"
	lab_in_ns autopm-gadget send-ecm --count 1 --size 200 || fail "round $i: send-ecm"
	t0=$(labtool now-ms)
	lab_wait_pid $r $((BOUND_MS + 4000)) || fail "round $i: $(cat /tmp/recv)"
	ms=$(($(labtool now-ms) - t0))
	took="$took $ms"
	echo "round $i: the frame arrived $ms ms after the sender returned"
	# the host counts the wakeup once its resume is done, which may be
	# after usbnet delivered the frame: wait for the count, then take it
	if [ "$counted" = 1 ]; then
		wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null || fail "round $i: no remote wakeup counted"
		expect_eq "round $i: remote wakeups" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
	fi
	i=$((i + 1))
done
lab_jitter_stop || fail "no timer lateness measured beside the rounds"
BOUND_MS=$((BOUND_MS + 2 * LAB_LATE_MAX))
i=0
for ms in $took; do
	i=$((i + 1))
	[ "$ms" -le "$BOUND_MS" ] ||
		fail "round $i: the frame took $ms ms, bound $BOUND_MS ms (timers up to $LAB_LATE_MAX ms late)"
done
echo "every frame within $BOUND_MS ms (timers up to $LAB_LATE_MAX ms late meanwhile)"
lab_netns_down
