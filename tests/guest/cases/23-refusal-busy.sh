# With an interface's usage count held, the device stays awake and the
# reason is interface_busy, naming the interface, its driver and count.
# cdc-acm holds its control interface from a write until the write
# completes, and a write cannot complete while nobody on the gadget has
# ttyGS0 open. The PM core keeps the device awake without an attempt,
# so no refused attempt is counted.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
TTY=/dev/$(lab_acm_tty)
exec 3<>"$TTY" || fail "open $TTY"
stty raw -echo <&3
wait_suspended "$LAB_DEV"
t0=$(refused_total "$LAB_DEV")
printf 'held' >&3
lab_wait_state "$LAB_DEV" active "$SETTLE_MS" >/dev/null || fail "the write did not resume $LAB_DEV"
expect_steady "$LAB_DEV" active "a write pending on $TTY"
expect_refusal "$LAB_DEV" interface_busy "interface=$LAB_DEV:1.0 driver=cdc_acm count=1"
expect_eq "refused attempts counted" $(($(refused_total "$LAB_DEV") - t0)) 0
# let the write complete, then the device may sleep again
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
exec 3>&- 4>&-
