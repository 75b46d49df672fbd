# A stream that snd-usb-audio is playing ends in the middle, three ways.
# Its player is killed: the player is gone within SETTLE_MS (no task
# left hanging in the driver), the host's playback is closed, the device
# suspends with the PM core's usage counts of the device and of each
# interface at their idle baseline, and a stream afterwards reaches the
# gadget, after which the counts are at the baseline again.
# snd-usb-audio is unbound from every interface, then bound again: the
# player ends within SETTLE_MS, the card comes back, the device suspends
# with the counts at the baseline, and a stream afterwards reaches the
# gadget. Without alsa-usb-audio-disconnect-pm-refs the open stream's
# reference was kept: "unbound: 1-1 did not suspend within 10000 ms;
# refusal: interface_busy interface=1-1:1.0 driver=snd-usb-audio count=1;
# usage counts: 1-1=0 1-1:1.0=1 ..." (6.1 patched, the series without
# the usb-audio topic).
# The gadget is removed while the player runs: the host drops the device
# and the player ends within SETTLE_MS; on debug, case 99's kmemleak
# scan then finds none of the requests u_audio had queued (without
# usb-gadget-u-audio-stop-free-requests it found four on 6.1 debug: both
# data requests, the feedback request and its buffer, after "277 Error!"
# twice and "311 Error!" in the log).
# The run's --strict console check (make check) fails on any kernel
# complaint on the way.
# Shown failing: with the kill left out (a scratch line), "killed: the
# player still runs 10000 ms on".
. /lab/tests/case.sh
. /lab/tests/audio.sh

# A short stream from the host reaches the gadget: the driver works
# again. (That each frame arrives once and in order is case 82's and
# 95's.)
au_play_checked() {
	au_short_stream "$1: the stream afterwards"
	lab_wait_cmd "$SETTLE_MS" lab_pid_gone "$AU_CAP" || fail "$1: the gadget's capture still runs"
	wait "$AU_CAP"
	_got=$(lab_kv_field "$(cat /tmp/au-short)" frames)
	[ "${_got:-0}" -gt 0 ] && ! grep -q error=timeout /tmp/au-short ||
		fail "$1: nothing of a stream afterwards reached the gadget: $(cat /tmp/au-short)"
	echo "$1: a stream afterwards reached the gadget: $(cat /tmp/au-short)"
}

# a 60 s stream from the host, running; sets PLAYER
au_start_player() {
	pcmstream play "/dev/snd/pcmC${AU_HOST}D0p" $((60 * AU_RATE)) --lossy >/tmp/au-long 2>&1 &
	PLAYER=$!
	lab_wait_cmd "$SETTLE_MS" au_host_playing || fail "$1: the host's stream did not start: $(cat /tmp/au-long)"
}

# NAME: the player ends within SETTLE_MS, whatever its status (killed,
# or failing as its stream went)
au_player_gone() {
	lab_wait_cmd "$SETTLE_MS" lab_pid_gone "$PLAYER" || fail "$1: the player still runs $SETTLE_MS ms on"
	wait "$PLAYER"
	echo "$1: the player ended: $(head -c 200 /tmp/au-long | tr '\n' ' ')"
}

# NAME: the device suspended within SETTLE_MS (or why not), with the
# usage counts at the baseline
au_idle() {
	lab_wait_state "$LAB_DEV" suspended "$SETTLE_MS" >/dev/null ||
		fail "$1: $LAB_DEV did not suspend within $SETTLE_MS ms; $(why_awake)"
	expect_eq "$1: usage counts" "$(usage_counts)" "$BASE"
}

au_up
wait_suspended "$LAB_DEV"
BASE=$(usage_counts)
echo "baseline: $BASE"

au_start_player "killed"
kill -KILL "$PLAYER"
au_player_gone "killed"
au_idle "killed"
expect_eq "killed: the host's playback" "$(lab_pcm_state "$AU_HOST" p)" closed
au_play_checked "killed"
au_idle "killed, then played"

# NAME: every interface of the device unbound from snd-usb-audio, then
# bound again; AU_HOST set to the card made again
au_rebind() {
	_ifs=$(interfaces)
	for _i in $_ifs; do
		echo "$_i" >/sys/bus/usb/drivers/snd-usb-audio/unbind ||
			fail "$1: cannot unbind $_i"
	done
	au_player_gone "$1"
	# the first binding claims the streaming interfaces as well
	for _i in $_ifs; do
		[ -e "$SYS_USB/$_i/driver" ] ||
			echo "$_i" >/sys/bus/usb/drivers/snd-usb-audio/bind ||
			fail "$1: cannot bind $_i again"
	done
	lab_wait_cmd "$SETTLE_MS" lab_host_sound_card >/dev/null ||
		fail "$1: snd-usb-audio made no card again"
	AU_HOST=$(lab_host_sound_card)
}

au_start_player "unbound"
au_rebind "unbound"
au_idle "unbound"
au_play_checked "unbound"
au_idle "unbound, then played"

au_start_player "gadget removed"
lab_down || fail "gadget removed: the host kept $LAB_DEV"
au_player_gone "gadget removed"
