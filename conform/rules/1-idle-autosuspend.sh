# Rule 1: idle, the device autosuspends within the delay and its bound
# (case.sh: the delay, its quarter of timer slack, and what TCG adds);
# if it does not, the kernel's own refusal says why (patched kernels).
# Shown to fail: fixtures/probe-get (probe() ends with
# usb_autopm_get_interface_no_resume() and never puts): "1-1 did not
# suspend within 525 ms of idleness; refusal: interface_busy
# interface=1-1:1.0 driver=autopm_lab".
. /lab/conform/conform.sh

conform_up
# one whole idle period, timed from its start: awake (control on), then
# left to the PM core
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
lab_wait_state "$LAB_DEV" active "$CONFORM_IO_MS" >/dev/null || fail "$LAB_DEV did not resume for control on"
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
ms=$(lab_wait_state "$LAB_DEV" suspended "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV did not suspend within $SUSPEND_BOUND_MS ms of idleness; $(why_awake)"
for i in $(interfaces); do
	expect_eq "$i runtime status" "$(lab_status "$i")" suspended
done
evidence "suspended $ms ms after it was left idle (delay $DELAY_MS ms, bound $SUSPEND_BOUND_MS)"
