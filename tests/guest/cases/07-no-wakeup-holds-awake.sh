# The guide's rule: a driver that needs remote wakeup (cdc-acm while its
# tty is open) keeps a device that cannot do it from autosuspending.
. /lab/tests/case.sh

case_up --no-wakeup
wait_suspended "$LAB_DEV"
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
expect_eq "status with the tty open" "$(lab_status "$LAB_DEV")" active
expect_steady "$LAB_DEV" active "ttyACM open, no remote wakeup"
exec 3>&-
wait_suspended "$LAB_DEV"
echo "tty closed: $LAB_DEV suspended"
