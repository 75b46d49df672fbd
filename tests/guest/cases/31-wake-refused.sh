# With remote wakeup disarmed by the host, the UDC's refusal reaches the
# gadget at once through srp: wake exits 1 naming the reason, without
# waiting for a resume that cannot come.
. /lab/tests/case.sh

# "at once": in well under the wake's own timeout, which a wake that
# ignored the refusal would wait out. Not under a fixed second: on debug
# beside a kernel build, starting wake and its refusal took 1021 ms once.
TIMEOUT_MS=30000
case_up
wait_suspended "$LAB_DEV"
t0=$(labtool now-ms)
if autopm-gadget wake --timeout-ms $TIMEOUT_MS >/tmp/out 2>&1; then
	cat /tmp/out
	fail "wake reported success with wakeup disarmed"
fi
ms=$(($(labtool now-ms) - t0))
cat /tmp/out
grep -q "wakeup refused by dummy_udc.0: Invalid argument (the host has not enabled remote wakeup)" /tmp/out ||
	fail "wake did not pass on the UDC's refusal"
[ "$ms" -lt $((TIMEOUT_MS / 3)) ] ||
	fail "wake took $ms ms to give up (timeout $TIMEOUT_MS ms); the refusal should be immediate"
echo "refused after $ms ms"
expect_eq "status after the refused wake" "$(lab_status "$LAB_DEV")" suspended
