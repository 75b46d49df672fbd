# power/control=on is the refusal while it lasts; the root hub above the
# awake device names it as its active child. No attempt is made, so no
# refused attempt is counted. A suspended device reads none.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
lab_wait_state "$LAB_HUB" suspended "$SETTLE_MS" >/dev/null || fail "$LAB_HUB did not suspend within $SETTLE_MS ms"
expect_refusal "$LAB_DEV" none ""
expect_refusal "$LAB_HUB" none ""
t0=$(refused_total "$LAB_DEV") h0=$(refused_total "$LAB_HUB")
echo on >"$SYS_USB/$LAB_DEV/power/control"
expect_steady "$LAB_DEV" active "power/control=on"
expect_refusal "$LAB_DEV" control_on ""
expect_refusal "$LAB_HUB" active_child "child=$LAB_DEV"
expect_eq "refused attempts counted ($LAB_DEV)" $(($(refused_total "$LAB_DEV") - t0)) 0
expect_eq "refused attempts counted ($LAB_HUB)" $(($(refused_total "$LAB_HUB") - h0)) 0
echo auto >"$SYS_USB/$LAB_DEV/power/control"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
