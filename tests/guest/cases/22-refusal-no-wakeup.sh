# With ttyACM0 held open on a gadget without remote wakeup, the refusal
# names remote wakeup, the ACM interface and its driver.
. /lab/tests/case.sh

case_up --no-wakeup
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
n0=$(core_count "$LAB_DEV" autosuspend_refused_no_wakeup)
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
expect_steady "$LAB_DEV" active "ttyACM open, no remote wakeup"
expect_eq "autosuspend_refusal" "$(refusal "$LAB_DEV")" \
	"remote wakeup needed by $LAB_DEV:1.0 (cdc_acm) but not available"
n1=$(core_count "$LAB_DEV" autosuspend_refused_no_wakeup)
[ "$n1" -gt "$n0" ] || fail "autosuspend_refused_no_wakeup did not rise ($n0 -> $n1)"
echo "autosuspend_refused_no_wakeup: $n0 -> $n1"
exec 3>&-
