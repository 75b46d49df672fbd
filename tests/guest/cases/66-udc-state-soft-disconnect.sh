# A gadget pulled off a suspended bus is not attached, not suspended; the
# reconnect's bus reset is then neither a resume nor a delivered wakeup.
. /lab/tests/case.sh

case_up
UDC=$(lab_udc)
wait_suspended "$LAB_DEV"
expect_eq "state while suspended" "$(cat /sys/class/udc/$UDC/state)" suspended
r0=$(udc_count resume_count) d0=$(udc_count wakeup_delivered_count)
echo disconnect >"/sys/class/udc/$UDC/soft_connect" || fail "soft disconnect"
lab_wait_cmd 2000 test "$(cat /sys/class/udc/$UDC/state)" = "not attached" ||
	fail "state after a soft disconnect: $(cat /sys/class/udc/$UDC/state)"
echo "state after the soft disconnect: not attached"
echo connect >"/sys/class/udc/$UDC/soft_connect" || fail "soft connect"
lab_wait_cmd 5000 test "$(cat /sys/class/udc/$UDC/state)" = configured ||
	fail "state after reconnect: $(cat /sys/class/udc/$UDC/state)"
expect_eq "device: resumes counted for the reconnect" $(($(udc_count resume_count) - r0)) 0
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 0
