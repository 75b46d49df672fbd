# shellcheck shell=sh
# USB Video Class (f_uvc, with the gadget's peer feeding frames of the
# lab's pattern, gadget/uvc.h) under uvcvideo: the host's capture node
# (fd 3). Open is what a camera application does first; uvcvideo takes
# a PM reference for every open file (uvc_v4l2_open(): its status
# endpoint runs while the node is open), so an open node holds the
# device awake by design. Video is device-to-host only: the data checked
# is frames the host captures (vidcap), each bit-exact and in order. A
# camera has no device-initiated input that wakes the host here.
UVC_FRAMES=5

uvc_has_input() {
	echo no
}

uvc_up() {
	lab_wait_cmd "$SETTLE_MS" lab_host_video_node >/dev/null || return 1
	UVC_HOST=$(lab_host_video_node)
}

uvc_rebound() {
	uvc_up
}

uvc_down() {
	exec 3<&-
}

# uvcvideo's reset_resume() keeps its node and open files
uvc_reset() {
	:
}

uvc_open() {
	command exec 3<"$UVC_HOST"
}

uvc_close() {
	exec 3<&-
}

# a capture, which makes the host resume the device, in the background
# (rule 6)
uvc_io_start() {
	vidcap "$UVC_HOST" 1 >/dev/null 2>&1 &
}

uvc_io() {
	_out=$(vidcap "$UVC_HOST" $UVC_FRAMES --timeout-ms "$CONFORM_IO_MS") ||
		fail "uvc: the capture on $UVC_HOST failed: $_out"
	echo "uvc: $UVC_FRAMES frames captured on $UVC_HOST, each whole, bit-exact and in order"
}
