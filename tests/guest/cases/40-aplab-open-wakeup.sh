# autopm_lab declares autosuspend support, so the device sleeps while
# bound and closed. open() arms remote wakeup (needs_remote_wakeup) and
# release() disarms it: a gadget wakeup is refused while closed, and
# delivered, exactly once, while open.
#
# The last close happens while the device is suspended and armed. The
# core reads needs_remote_wakeup only when it suspends, so release() must
# resume the device to disarm it (the guide's manage_power: get, clear,
# put): exactly one autoresume and one autosuspend follow the close, then
# the UDC refuses a wakeup request and the host counts no remote wakeup.
# Shown to fail: with release() clearing the flag without the get/put
# (a scratch build), the close left the device suspended and armed, this
# case failed at "no autosuspend after the close", and without that wait
# the wakeup after the close was delivered.
. /lab/tests/aplab.sh

# the device must pass through "active" for its wakeup setting to change
resuspend() {
	echo on >"$SYS_USB/$LAB_DEV/power/control"
	lab_wait_state "$LAB_DEV" active "$SETTLE_MS" >/dev/null || fail "$LAB_DEV did not resume"
	echo auto >"$SYS_USB/$LAB_DEV/power/control"
	wait_suspended "$LAB_DEV"
}

aplab_up
require_core "$LAB_DEV"
expect_eq "supports_autosuspend" "$(cat "$SYS_USB/$APLAB_INTF/supports_autosuspend")" 1
wait_suspended "$LAB_DEV"
# refused by the UDC for the reason under test, not for any failure
refused_unarmed() {
	autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS" >/tmp/wake 2>&1 && fail "$1: a wakeup was delivered"
	grep -q "wakeup refused by .*(the host has not enabled remote wakeup)" /tmp/wake ||
		fail "$1: the wakeup failed otherwise: $(cat /tmp/wake)"
}

refused_unarmed "closed"
echo "closed: wakeup refused: $(cat /tmp/wake)"
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
expect_eq "opens" "$(drv_count opens)" 1
resuspend
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
wake "while open"
expect_eq "remote wakeups while open" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
wait_suspended "$LAB_DEV"
r0=$(core_count "$LAB_DEV" autoresume_count)
s0=$(core_count "$LAB_DEV" autosuspend_count)
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
refused0=$(udc_count wakeup_refused_count)
# the last close, with the device suspended and remote wakeup armed
exec 3>&-
labtool wait "$SYS_USB/$LAB_DEV/power/autosuspend_count" $((s0 + 1)) "$SETTLE_MS" >/dev/null ||
	fail "no autosuspend after the close (autoresumes $(($(core_count "$LAB_DEV" autoresume_count) - r0)))"
expect_eq "autoresumes for the close (disarm)" $(($(core_count "$LAB_DEV" autoresume_count) - r0)) 1
expect_eq "runtime status after the close" "$(lab_status "$LAB_DEV")" suspended
refused_unarmed "after the close"
expect_eq "UDC: wakeup requests refused after the close" $(($(udc_count wakeup_refused_count) - refused0)) 1
expect_eq "remote wakeups after the close" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 0
expect_eq "runtime status after the refused wakeup" "$(lab_status "$LAB_DEV")" suspended
expect_balanced 0
