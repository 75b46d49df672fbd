# Rule 1: idle, the device autosuspends within the delay and its bound
# (case.sh: the delay, its quarter of timer slack, and what TCG adds);
# if it does not, the kernel's own refusal says why (patched kernels).
# Not before the delay either: from the rpm trace, the PM core's
# autosuspend began no sooner than the delay after the resume that
# started the idle period ended (labtool idle, as case 69: rpm_resume()
# marks the device busy as it ends, and the delay runs from then).
# Shown to fail: labtool told a delay of 1000 ms while the device's is
# 100 (autopm_lab, patched): "resume 0: suspend began after 124.6 ms,
# before the 1000 ms delay", rule 1 alone.
# Shown to fail: fixtures/probe-get (probe() ends with
# usb_autopm_get_interface_no_resume() and never puts): "1-1 did not
# suspend within 10000 ms of idleness after its enumeration; refusal:
# interface_busy interface=1-1:1.0 driver=autopm_lab".
. /lab/conform/conform.sh

conform_up
# suspended first (after enumeration, its driver's probe, anything), so
# that "control on" is a real resume, which the trace shows
lab_wait_state "$LAB_DEV" suspended "$SETTLE_MS" >/dev/null ||
	fail "$LAB_DEV did not suspend within $SETTLE_MS ms of idleness after its enumeration; $(why_awake)"
# the rules' trace runs throughout (conform/run): this rule's part of
# it begins at a marker
echo "autopm-lab rule 1 idle period" >"$TRACEFS/trace_marker" || fail "trace_marker"
# one whole idle period, timed from its start: awake (control on), then
# left to the PM core
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
lab_wait_state "$LAB_DEV" active "$CONFORM_IO_MS" >/dev/null || fail "$LAB_DEV did not resume for control on"
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
ms=$(lab_wait_state "$LAB_DEV" suspended "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV did not suspend within $SUSPEND_BOUND_MS ms of idleness; $(why_awake)"
sed -n '/autopm-lab rule 1 idle period/,$p' "$TRACEFS/trace" >/tmp/trace
for i in $(interfaces); do
	expect_eq "$i runtime status" "$(lab_status "$i")" suspended
done
# the upper bound is the wait's above; labtool's (the delay, its slack
# and this margin) only keeps the trace's sample in range
idle=$(labtool idle /tmp/trace "$LAB_DEV" "$DELAY_MS" "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV's autosuspend, from the trace: $(echo "$idle" | grep -v '^idle hist' | tr '\n' ' ')"
n=$(echo "$idle" | sed -n 's/^idle: n=\([0-9]*\) .*/\1/p')
expect_eq "idle periods in the trace" "$n" 1 >/dev/null
after=$(echo "$idle" | sed -n 's/^idle: .* min=\([0-9.]*\) .*/\1/p')
evidence "suspended $ms ms after it was left idle, $after ms after the resume that began it (delay $DELAY_MS ms, bound $SUSPEND_BOUND_MS)"
