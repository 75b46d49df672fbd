# With an interface's usage count held, the device stays awake and the
# reason is "busy", naming the interface and its count. cdc-acm holds
# its control interface from a write until the write completes, and a
# write cannot complete while nobody on the gadget has ttyGS0 open.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
TTY=/dev/$(lab_acm_tty)
exec 3<>"$TTY" || fail "open $TTY"
stty raw -echo <&3
wait_suspended "$LAB_DEV"
b0=$(core_count "$LAB_DEV" autosuspend_refused_busy)
printf 'held' >&3
lab_wait_state "$LAB_DEV" active "$WAKE_BOUND_MS" >/dev/null || fail "the write did not resume $LAB_DEV"
expect_steady "$LAB_DEV" active "a write pending on $TTY"
expect_eq "autosuspend_refusal" "$(refusal "$LAB_DEV")" "busy: $LAB_DEV:1.0 usage count 1"
echo "autosuspend_refused_busy: $b0 -> $(core_count "$LAB_DEV" autosuspend_refused_busy)"
# let the write complete, then the device may sleep again
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
wait_suspended "$LAB_DEV"
echo "write done: $LAB_DEV suspended; refusal now: $(refusal "$LAB_DEV")"
exec 3>&- 4>&-
