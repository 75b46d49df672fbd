# snd-usb-audio's low-latency playback (the mode an application gets
# with ALSA's default stop threshold) sends the packets in the order it
# fills them: 12 short streams (4800 frames, 0.1 s, of pcmstream's
# counting signal) from the host reach f_uac2's capture with every
# frame that arrives in order, 4800 frames each. Frames the bus lost
# (a debug guest that fell behind real time) are counted and allowed;
# a frame that comes after a later one is not. Early in a stream, an
# URB's completion and the PCM's ack can both fill and submit URBs, and
# without alsa-usb-audio-output-order the later data could reach the
# bus first. Shown failing without that patch, on 6.1 debug: "stream 3:
# out of order: frames=672 lead=0 missing=48 xruns=0 error=mismatch
# frame=672 channel=0 got=0x8120 want=0x82a0" (frames 288-335, one
# 48-frame packet, came after frame 671).
. /lab/tests/case.sh
. /lab/tests/audio.sh

au_up

STREAMS=12
FRAMES=4800

n=0
lost=0
while [ "$n" -lt "$STREAMS" ]; do
	n=$((n + 1))
	au_short_stream "stream $n"
	lab_wait_pid "$AU_CAP" 30000 || fail "stream $n: out of order: $(cat /tmp/au-short)"
	out=$(cat /tmp/au-short)
	expect_eq "stream $n: frames" "$(lab_kv_field "$out" frames)" "$FRAMES"
	lost=$((lost + $(lab_kv_field "$out" missing)))
	lab_log "stream $n: $out"
done
echo "$STREAMS streams of $FRAMES frames, every frame that arrived in order ($lost lost on the bus)"
