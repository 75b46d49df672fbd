# The sleeping write path: get (resuming the device) before each submit,
# put in the completion. The writes go through a descriptor opened
# earlier, while the device sleeps (an open would resume it first): each
# write() resumes the device itself, exactly one autoresume and one
# resume() per write, submits without deferring, and the device sleeps
# again. Then 100 writes in a row all arrive, in order, balanced.
# Shown to fail: with aplab_send_wait() taking its reference with
# usb_autopm_get_interface_no_resume() (no resume), the first write's
# frame was deferred and never sent: "peer rx_frames is 0, wanted 1".
. /lab/tests/aplab.sh

ROUNDS=3 N=100
aplab_up
require_core "$LAB_DEV"
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
i=0
while [ $i -lt $ROUNDS ]; do
	i=$((i + 1))
	wait_suspended "$LAB_DEV"
	a0=$(core_count "$LAB_DEV" autoresume_count)
	r0=$(drv_count resumes)
	aplab write fd:3 1 >/dev/null || fail "write $i"
	wait_peer rx_frames $i
	expect_eq "write $i: autoresumes" $(($(core_count "$LAB_DEV" autoresume_count) - a0)) 1
	expect_eq "write $i: driver resumes" $(($(drv_count resumes) - r0)) 1
	expect_eq "write $i: frames deferred (the get resumed first)" "$(drv_count deferred)" 0
	expect_eq "write $i: frames completed" "$(drv_count tx_done)" $i
done
wait_suspended "$LAB_DEV"
aplab write fd:3 "$N" >/dev/null || fail "blocking writes"
wait_peer rx_frames $((ROUNDS + N))
expect_peer_clean
expect_eq "peer: last sequence number" "$(peer rx_last_seq)" $((ROUNDS + N - 1))
exec 3>&-
wait_suspended "$LAB_DEV"
expect_eq "writes" "$(drv_count writes)" $((ROUNDS + N))
expect_eq "frames completed" "$(drv_count tx_done)" $((ROUNDS + N))
expect_eq "frames deferred" "$(drv_count deferred)" 0
expect_balanced 0
