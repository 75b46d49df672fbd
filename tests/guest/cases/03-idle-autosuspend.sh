# An idle device suspends no sooner than its delay and within the bound;
# its root hub suspends after it, never while it is awake.
. /lab/tests/case.sh

case_up
wait_suspended "$LAB_DEV"
# resume at a known time: "on" resumes and marks the device busy now
t0=$(labtool now-ms)
echo on >"$SYS_USB/$LAB_DEV/power/control"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
times=$(labtool order "$LAB_DEV" "$LAB_HUB" "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV and $LAB_HUB did not both suspend in order"
set -- $times
dev_ms=$(($1 - t0))
echo "$LAB_DEV suspended $dev_ms ms after its last use (delay $DELAY_MS, bound $SUSPEND_BOUND_MS); $LAB_HUB $(($2 - $1)) ms after it"
[ "$dev_ms" -ge "$DELAY_MS" ] || fail "suspended after $dev_ms ms, before the $DELAY_MS ms delay"
[ "$dev_ms" -le "$SUSPEND_BOUND_MS" ] || fail "suspended after $dev_ms ms, over the bound"
[ "$2" -ge "$1" ] || fail "$LAB_HUB suspended before $LAB_DEV"
