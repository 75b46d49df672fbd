# A negative autosuspend delay is the refusal while it lasts, with the
# delay as its detail; no attempt is made, none is counted.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
t0=$(refused_total "$LAB_DEV")
echo -1 >"$SYS_USB/$LAB_DEV/power/autosuspend_delay_ms" || fail "cannot write -1"
expect_steady "$LAB_DEV" active "autosuspend_delay_ms=-1"
expect_refusal "$LAB_DEV" negative_delay "delay_ms=-1"
expect_eq "refused attempts counted" $(($(refused_total "$LAB_DEV") - t0)) 0
echo "$DELAY_MS" >"$SYS_USB/$LAB_DEV/power/autosuspend_delay_ms"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
