# With ttyACM0 held open on a gadget without remote wakeup, the refusal
# is no_wakeup, naming the ACM interface and its driver, and the one
# refused attempt (the autosuspend timer's) is counted exactly once.
. /lab/tests/case.sh

case_up --no-wakeup
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
n0=$(core_count "$LAB_DEV" autosuspend_refused_no_wakeup)
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
expect_steady "$LAB_DEV" active "ttyACM open, no remote wakeup"
expect_refusal "$LAB_DEV" no_wakeup "interface=$LAB_DEV:1.0 driver=cdc_acm"
expect_eq "refused attempts (no_wakeup)" $(($(core_count "$LAB_DEV" autosuspend_refused_no_wakeup) - n0)) 1
exec 3>&-
