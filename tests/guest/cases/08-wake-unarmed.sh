# No interface needs remote wakeup, so the host suspends the device with
# wakeup disarmed: "wake" must fail, say so, and the device stay asleep.
. /lab/tests/case.sh

case_up
wait_suspended "$LAB_DEV"
if autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS" >/tmp/out 2>&1; then
	cat /tmp/out
	fail "wake reported success with wakeup disarmed"
fi
cat /tmp/out
grep -Eq "not delivered|refused" /tmp/out || fail "wake did not say why no wakeup came"
expect_eq "status after the refused wake" "$(lab_status "$LAB_DEV")" suspended
