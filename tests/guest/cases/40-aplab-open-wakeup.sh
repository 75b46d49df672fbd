# autopm_lab declares autosuspend support, so the device sleeps while
# bound and closed. open() arms remote wakeup (needs_remote_wakeup) and
# release() disarms it: a gadget wakeup is refused while closed, and
# delivered, exactly once, while open.
. /lab/tests/aplab.sh

# the device must pass through "active" for its wakeup setting to change
resuspend() {
	echo on >"$SYS_USB/$LAB_DEV/power/control"
	lab_wait_state "$LAB_DEV" active "$WAKE_BOUND_MS" >/dev/null || fail "$LAB_DEV did not resume"
	echo auto >"$SYS_USB/$LAB_DEV/power/control"
	wait_suspended "$LAB_DEV"
}

aplab_up
require_core "$LAB_DEV"
expect_eq "supports_autosuspend" "$(cat "$SYS_USB/$APLAB_INTF/supports_autosuspend")" 1
wait_suspended "$LAB_DEV"
autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS" 2>/dev/null && fail "a wakeup was delivered with nothing open"
echo "closed: wakeup refused"
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
expect_eq "opens" "$(stat opens)" 1
resuspend
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS" || fail "no wakeup delivered while open"
expect_eq "remote wakeups while open" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
wait_suspended "$LAB_DEV"
exec 3>&-
resuspend
autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS" 2>/dev/null && fail "a wakeup was delivered after close"
echo "closed again: wakeup refused"
expect_balanced 0
