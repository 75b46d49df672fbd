# Rule 1: idle, the device autosuspends no sooner than the delay (from
# the rpm trace) and within the delay and its bound (case.sh: the delay,
# its quarter of timer slack, and what TCG adds); if it does not, the
# kernel's own refusal says why (patched kernels).
# Shown to fail: a scratch autopm_lab whose probe() ends with
# usb_autopm_get_interface_no_resume() and never puts: "1-1 did not
# suspend within 525 ms of idleness; refusal: interface_busy
# interface=1-1:1.0 driver=autopm_lab".
. /lab/conform/conform.sh

conform_up
# one whole idle period, timed from its start: awake (control on), then
# left to the PM core; traced, for the suspend's start
lab_trace_start
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
lab_wait_state "$LAB_DEV" active "$CONFORM_IO_MS" >/dev/null || fail "$LAB_DEV did not resume for control on"
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
ms=$(lab_wait_state "$LAB_DEV" suspended "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV did not suspend within $SUSPEND_BOUND_MS ms of idleness; $(why_awake)"
mkdir -p /tmp/rule1
lab_trace_stop /tmp/rule1
# not before the delay either: from the resume's end to the PM core's
# autosuspend, by the trace (labtool idle, as case 69; the upper bound
# is the wait's above, so its margin here is out of the way)
idle=$(labtool idle /tmp/rule1/trace "$LAB_DEV" "$DELAY_MS" 100000) ||
	fail "$(echo "$idle" | grep '^idle: resume' | head -n 3 | tr '\n' ' ')"
idle_ms=$(echo "$idle" | sed -n 's/^idle: n=[1-9][0-9]* .* min=\([0-9]*\)\..*/\1/p')
[ -n "$idle_ms" ] || fail "the trace timed no idle period: $(echo "$idle" | tail -n 2 | tr '\n' ' ')"
for i in $(interfaces); do
	expect_eq "$i runtime status" "$(lab_status "$i")" suspended
done
evidence "suspended $ms ms after it was left idle, $idle_ms ms after the resume ended by the trace (delay $DELAY_MS ms, bound $SUSPEND_BOUND_MS)"
