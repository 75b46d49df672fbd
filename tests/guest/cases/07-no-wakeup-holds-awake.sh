# The guide's rule: a driver that needs remote wakeup (cdc-acm while its
# tty is open) keeps a device that cannot do it from autosuspending.
#
# Stock 6.1 does not retry by itself once the tty closes: the refused
# attempt left no timer, and the interface's put finds it already
# suspended, so nothing tells the device it is idle. Rewriting the delay
# asks for a new attempt, which must now succeed.
. /lab/tests/case.sh

case_up --no-wakeup
wait_suspended "$LAB_DEV"
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
expect_eq "status with the tty open" "$(lab_status "$LAB_DEV")" active
expect_steady "$LAB_DEV" active "ttyACM open, no remote wakeup"
exec 3>&-
echo "$DELAY_MS" >"$SYS_USB/$LAB_DEV/power/autosuspend_delay_ms"
wait_suspended "$LAB_DEV"
echo "tty closed: $LAB_DEV suspended at the next attempt"
