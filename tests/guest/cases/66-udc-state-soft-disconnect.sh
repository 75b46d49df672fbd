# A gadget pulled off a suspended bus (soft disconnect) is not attached,
# not suspended, and its leaving is not counted as a resume or as a
# delivered wakeup. (Reconnecting with soft_connect is not tried: on 6.1,
# "connect" restarts dummy_hcd without re-enabling its callbacks, so the
# host cannot enumerate it again; stock behaviour, left alone.)
. /lab/tests/case.sh

case_up
UDC=$(lab_udc)
wait_suspended "$LAB_DEV"
expect_eq "state while suspended" "$(cat /sys/class/udc/"$UDC"/state)" suspended
r0=$(udc_count resume_count) d0=$(udc_count wakeup_delivered_count)
echo disconnect >"/sys/class/udc/$UDC/soft_connect" || fail "soft disconnect"
lab_wait_cmd 2000 udc_state_is "not attached" ||
	fail "state after a soft disconnect: $(cat /sys/class/udc/"$UDC"/state)"
echo "state after the soft disconnect: not attached"
expect_eq "device: resumes counted for the disconnect" $(($(udc_count resume_count) - r0)) 0
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 0
lab_down || fail "down"
