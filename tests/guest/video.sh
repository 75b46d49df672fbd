# shellcheck shell=sh
# Sourced by the video cases: the lab's gadget with a USB Video Class
# function (autopm-gadget up --functions uvc: YUYV at 15, 5 or 2 frames
# per second through an isochronous endpoint of 1024 bytes a millisecond,
# room for 160x120 at 15), which uvcvideo binds to on the host, and its peer,
# which feeds one frame of the lab's pattern each frame interval while
# the host streams (counts in /run/autopm-lab/uvc/stats).

VID_STATS=/run/autopm-lab/uvc/stats

# the gadget up (with autopm-gadget up's ARGS) and uvcvideo's node made,
# the device left to autosuspend after DELAY_MS; sets VID_DEV and VID_NODE
vid_up() {
	case_up --functions uvc "$@"
	VID_DEV=$LAB_DEV
	lab_wait_cmd 10000 lab_host_video_node >/dev/null || fail "uvcvideo made no video node for $VID_DEV"
	VID_NODE=$(lab_host_video_node)
	lab_log "$VID_DEV: host node $VID_NODE, gadget node $(lab_gadget_field uvc_dev)"
}

# one count of the gadget's peer (VID_STATS)
vid_stat() {
	_v=$(lab_kv "$1" <"$VID_STATS")
	[ -n "$_v" ] || fail "the UVC peer's stats have no $1: $(cat "$VID_STATS" 2>&1)"
	echo "$_v"
}

# fewer than N samples taken so far (expect_awake_while's AWAKE_SAMPLES)
vid_fewer_samples() {
	[ "$AWAKE_SAMPLES" -lt "$1" ]
}

# what the peer logged, for fail() (checks.sh)
fail_state() {
	tail -n 20 /run/autopm-lab/uvc/peer.log 2>/dev/null
}
