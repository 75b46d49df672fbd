# Without remote wakeup armed, data written to ttyGS0 while suspended
# does not wake the host: it waits, and arrives when the host resumes
# the device itself (here by opening ttyACM0).
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
stty raw -echo <&4
wait_suspended "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
echo "waiting for the host" >&4
expect_steady "$LAB_DEV" suspended "data pending on the gadget, wakeup not armed"
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the host tty"
stty raw -echo <&3
head -n 1 <&3 >/tmp/got &
lab_wait_pid $! 3000 || fail "the line did not arrive after the host resumed"
expect_eq "line" "$(cat /tmp/got)" "waiting for the host"
expect_eq "remote wakeups" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 0
exec 3>&- 4>&-
