# The guide: a failed autoresume makes usb_autopm_get_interface() return
# an error, and the driver passes it on. A file of autopm_lab is open and
# the device suspended; dummy_hcd's resume_disconnect fault
# (dummy-hcd-faults) takes the device off the bus as the resume that a
# blocking write starts begins. The device's runtime resume fails (its
# first rpm_return_int of rpm_resume is negative: -ENODEV, measured), so
# the interface's does (-EBUSY, measured: the PM core's answer for a
# parent that did not resume), and write(2) fails with that same errno:
# aplab_send_wait() returns aplab_get()'s error as it came.
# Shown to fail: with aplab_send_wait() turning that error into -EIO,
# "write(2)'s errno: got '5', want '16'".
. /lab/tests/aplab.sh

require_fault resume_disconnect
aplab_up
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
wait_suspended "$LAB_DEV"
lab_trace_start
f0=$(fault_fired resume_disconnect)
fault_arm resume_disconnect 1
expect_exit 1 aplab write fd:3 1
fault_wait resume_disconnect $((f0 + 1)) "$SETTLE_MS"
lab_wait_cmd 10000 test ! -e "$SYS_USB/$LAB_DEV" ||
	fail "the host kept $LAB_DEV 10 s after it left as its resume began"
echo 0 >"$TRACEFS/tracing_on"
exec 3>&-
# the first runtime resume of DEV in the trace: its return
resume_ret() {
	sed -n "s/.*rpm_return_int: rpm_resume+[^ ]*:$1 ret=\(-*[0-9]*\)$/\1/p" "$TRACEFS/trace" | head -n 1
}
dret=$(resume_ret "$LAB_DEV")
ret=$(resume_ret "$APLAB_INTF")
[ -n "$dret" ] && [ -n "$ret" ] || fail "no runtime resume of $LAB_DEV and $APLAB_INTF in the trace"
[ "$dret" -lt 0 ] || fail "$LAB_DEV's first runtime resume returned $dret: the write's resume did not fail"
[ "$ret" -lt 0 ] || fail "$APLAB_INTF's first runtime resume returned $ret, though $LAB_DEV's failed"
errno=$(sed -n 's/.*(errno \([0-9]*\))$/\1/p' /tmp/err)
expect_eq "write(2)'s errno" "$errno" $((-ret))
expect_eq "faults fired" $(($(fault_fired resume_disconnect) - f0)) 1
lab_down >/dev/null 2>&1
echo "$LAB_DEV's resume returned $dret, $APLAB_INTF's autoresume $ret; the write failed with errno $errno: $(cat /tmp/err)"
