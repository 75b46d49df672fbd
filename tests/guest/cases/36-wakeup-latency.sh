# Twenty device-initiated wakeups of each kind (a wakeup request, a write
# on ttyGS0, an ECM frame), each from a suspended bus: every one is a
# remote wakeup (the host's and the device's counts both move by exactly
# 60), and the latency of every one of them to the host device being
# active and to the data being readable on the host is at least USB 2.0's
# 20 ms of resume signalling and at most a bound that follows the run.
# The bound: each kind's median is at most half of WAKE_BOUND_MS, and
# every sample at most 6 times that median, or WAKE_BOUND_MS if more. A
# busy host slows all the samples (on debug, beside builds, medians rose
# from about 120 to 265 ms and one sample reached 605 ms, 5.0 times its
# median, the most in 75 sets of 20); a wakeup lost and ended by
# something else, or a slower path, does not move the median alike.
# Both bounds add what the host's load made the guest's timers late
# meanwhile (labtool jitter beside the rounds, as case 68): 3 times the
# median lateness to the median's, the latest to every sample's (inside
# make check, beside other debug guests, a median of 313 ms had failed
# the bound of 300). On debug the medians follow the host's load, not
# the timers' lateness (inside make check, beside two patched guests
# streaming isochronous data, ecm to-active's median was 363 ms while
# the timers ran a median of 4 ms late): there only the floor and the
# bound on every sample from its own median apply.
# Shown failing (patched, no lateness term): with WAKE_BOUND_MS at 60, "wake to-active:
# median 68 ms, bound 30 ms"; with every sample bound at 1 times the
# median, "wake to-active: a wakeup took 77 ms, bound 65 ms (median 65)".
. /lab/tests/case.sh

N=20
case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
require_core "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
d0=$(udc_count wakeup_delivered_count)
lab_jitter_start
for mode in wake acm ecm; do
	# each round starts from a suspended device; how soon it suspends is 69's
	lab_latency $mode $N --suspend-timeout-ms "$SETTLE_MS" --format=kv >/tmp/lat.$mode ||
		fail "$mode: $(lab_kv error </tmp/lat.$mode)"
	sed -n "s/^to_/$mode to_/p" /tmp/lat.$mode
	expect_eq "$mode: rounds timed" "$(grep -c '^round_[0-9]*_to_active_ms=' /tmp/lat.$mode)" "$N"
done
lab_jitter_stop || fail "no timer lateness measured beside the rounds"
echo "timers late meanwhile: median $LAB_LATE_MEDIAN ms, at most $LAB_LATE_MAX ms"
MEDIAN_BOUND_MS=$((WAKE_BOUND_MS / 2 + 3 * LAB_LATE_MEDIAN))
for what in "wake to-active" "acm to-active" "acm to-tty-data" "ecm to-active" "ecm to-packet"; do
	read -r mode kind <<EOF
$what
EOF
	key=$(echo "$kind" | tr - _)
	lo=$(kv_ms "/tmp/lat.$mode" "${key}_min_ms")
	med=$(kv_ms "/tmp/lat.$mode" "${key}_median_ms")
	hi=$(kv_ms "/tmp/lat.$mode" "${key}_max_ms")
	[ -n "$lo" ] && [ -n "$med" ] && [ -n "$hi" ] || fail "no min, median or max for $what"
	[ "$lo" -ge 20 ] || fail "$what: a wakeup in $lo ms, under USB 2.0's 20 ms of resume signalling"
	lab_checked_kernel || [ "$med" -le "$MEDIAN_BOUND_MS" ] ||
		fail "$what: median $med ms, bound $MEDIAN_BOUND_MS ms"
	bound=$((6 * med > WAKE_BOUND_MS ? 6 * med : WAKE_BOUND_MS))
	bound=$((bound + LAB_LATE_MAX))
	[ "$hi" -le "$bound" ] || fail "$what: a wakeup took $hi ms, bound $bound ms (median $med)"
	echo "$what: every one of $N in $lo..$hi ms, median $med, bound $bound"
done
expect_eq "host: remote wakeups" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) $((3 * N))
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) $((3 * N))
lab_netns_down
