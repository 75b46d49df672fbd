# labtool latency --breakdown finds, for every one of 10 remote wakeups,
# the gadget's request and the real resumes of the root hub and of the
# device in the trace, in that order, and its steps add up to the total.
# Shown failing: with the rpm events left disabled (trace_events[] in
# latency.c without "rpm"), every round says "events missing".
. /lab/tests/case.sh

N=10
case_up
lab_latency wake $N --breakdown --suspend-timeout-ms "$SETTLE_MS" >/tmp/bd ||
	fail "breakdown: $(tail -n 3 /tmp/bd)"
grep '^breakdown [a-z]' /tmp/bd
expect_eq "rounds with every event" "$(grep -c '^breakdown round [0-9]*: input-to-request=' /tmp/bd)" "$N"
# each round: the five steps add up to the total (to 0.01 ms of rounding each)
awk '/^breakdown round [0-9]+: input/ {
	sum = 0
	for (i = 4; i <= 8; i++) { split($i, kv, "="); sum += kv[2] }
	split($9, kv, "=")
	d = sum - kv[2]
	if (d > 0.06 || d < -0.06) { print "round " $3 " steps " sum " total " kv[2]; bad = 1 }
} END { exit bad }' /tmp/bd || fail "the steps do not add up to the total"
total_max=$(sed -n 's/^breakdown total: .* max=\([0-9]*\)\..*/\1/p' /tmp/bd)
[ -n "$total_max" ] && [ "$total_max" -le "$WAKE_BOUND_MS" ] ||
	fail "a wakeup took ${total_max:-?} ms by the trace, bound $WAKE_BOUND_MS ms"
