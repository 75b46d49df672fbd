# uvcvideo over f_uvc: the device autosuspends while the video node is
# closed; opening it resumes the device exactly once, it stays active
# (no autosuspend) for five samples while the node is open, and it
# suspends again within SUSPEND_BOUND_MS of the close. On debug, case
# 99's leak scan then covers the UVC function's teardown (the f_uvc fix
# usb-gadget-uvc-free-frame-intervals).
# The stream itself (frames bit-exact and on time) is not judged here:
# beside a cold make check and two more guests, one run of five on 6.12
# patched lost a whole frame, and the rate's bound, derived from the
# guest's timer lateness (210 ms), let a peer at 14 frames per second
# pass (docs/known-issues.md). /lab/throughput runs it by hand.
# Shown failing: with the node held open by a scratch line: "1-1 did
# not suspend within 525 ms of the close"; on 6.1 debug without the
# f_uvc fix, the run's kmemleak scan: two objects allocated by
# uvcg_frame_dw_frame_interval_store().
. /lab/tests/case.sh
. /lab/tests/video.sh

vid_up
require_core "$VID_DEV"

wait_suspended "$VID_DEV"
A0=$(core_count "$VID_DEV" autosuspend_count)
R0=$(core_count "$VID_DEV" autoresume_count)
S0=$(vid_stat streams)
command exec 3<"$VID_NODE" || fail "cannot open $VID_NODE"
lab_wait_cmd "$SETTLE_MS" core_count_above "$VID_DEV" autoresume_count "$R0" ||
	fail "opening $VID_NODE did not resume $VID_DEV"
expect_awake_while "$VID_NODE was open" "$VID_DEV" "$A0" vid_fewer_samples 5
exec 3<&-
MS=$(lab_wait_state "$VID_DEV" suspended "$SUSPEND_BOUND_MS") ||
	fail "$VID_DEV did not suspend within $SUSPEND_BOUND_MS ms of the close"
expect_eq "samples while open" "$AWAKE_SAMPLES" 5
expect_eq "autoresumes" "$(core_count "$VID_DEV" autoresume_count)" $((R0 + 1))
expect_eq "autosuspends" "$(core_count "$VID_DEV" autosuspend_count)" $((A0 + 1))
expect_eq "the peer's streams" "$(vid_stat streams)" "$S0"
echo "$VID_NODE open $AWAKE_SPAN_MS ms, active at $AWAKE_SAMPLES samples; suspended $MS ms after the close"
