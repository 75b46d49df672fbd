# An idle device suspends no sooner than its delay and within the bound;
# its root hub suspends after it, never while it is awake.
. /lab/tests/case.sh

case_up
wait_suspended "$LAB_DEV"
# "on" resumes the device synchronously (50-70 ms) and marks it busy as
# the resume ends, so its last use is just before t_after: no further
# before it than one labtool run takes (its exec, measured here as
# exec_ms). The suspend is due no sooner than last use + delay and no
# later than last use + bound. (A clock started before the resume would
# hide a suspend up to 70 ms early.) Shown failing: with the
# kernel's delay set to 40 ms after case_up (the check still wanting
# 100), it says "suspended 28 ms after its last use, before the 100 ms
# delay"; with the start time taken before the resume, which adds its
# 50-70 ms, it passed.
t_a=$(labtool now-ms)
t_b=$(labtool now-ms)
exec_ms=$((t_b - t_a))
echo on >"$SYS_USB/$LAB_DEV/power/control"
t_after=$(labtool now-ms)
echo auto >"$SYS_USB/$LAB_DEV/power/control"
times=$(labtool order "$LAB_DEV" "$LAB_HUB" "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV and $LAB_HUB did not both suspend in order"
read -r dev_at hub_at <<EOF
$times
EOF
dev_ms=$((dev_at - t_after))
echo "$LAB_DEV suspended $dev_ms ms after the resume ended (+ up to $exec_ms ms of exec; delay $DELAY_MS, bound $SUSPEND_BOUND_MS); $LAB_HUB $((hub_at - dev_at)) ms after it"
[ $((dev_ms + exec_ms)) -ge "$DELAY_MS" ] || fail "suspended $dev_ms ms after its last use, before the $DELAY_MS ms delay"
[ "$dev_ms" -le "$SUSPEND_BOUND_MS" ] || fail "suspended $dev_ms ms after its last use, over the bound"
[ "$hub_at" -ge "$dev_at" ] || fail "$LAB_HUB suspended before $LAB_DEV"
