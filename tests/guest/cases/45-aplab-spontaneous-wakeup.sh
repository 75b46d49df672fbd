# Spontaneous input: with the device open and suspended, the peer's
# interrupt-IN frame wakes the host (one remote wakeup) and is read.
# Then 8 frames 200 ms apart with a 1000 ms delay (room for the debug
# kernel on a loaded host): each restarts the idle timer (usb_mark_last_busy), so the
# device does not suspend between them.
. /lab/tests/aplab.sh

# wakeup plus interrupt polling: about 100 ms here; debug (KASAN,
# lockdep) is several times slower
READ_BOUND_MS=1000
[ "$LAB_VARIANT" = debug ] && READ_BOUND_MS=3000
aplab_up
require_core "$LAB_DEV"
aplab read "$APLAB_DEV" 5000 >/tmp/ev.out &
rpid=$!
wait_stat opens 1 2000
wait_suspended "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
autopm-gadget vendor event || fail "vendor event"
lab_wait_pid "$rpid" "$READ_BOUND_MS" || fail "no frame read within $READ_BOUND_MS ms"
expect_eq "frame read" "$(cat /tmp/ev.out)" "event 0 event 0"
expect_eq "remote wakeups of $LAB_DEV" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
expect_eq "peer: wakeups signalled" "$(peer wakeups)" 1

LONG_MS=1000
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
lab_autosuspend "$LAB_DEV" $LONG_MS || fail "delay $LONG_MS ms"
lab_wait_state "$LAB_DEV" suspended $((LONG_MS * 2 + 400)) >/dev/null || fail "$LAB_DEV did not suspend"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
s0=$(stat suspends)
autopm-gadget vendor event --count 8 --interval-ms $((LONG_MS / 5)) || fail "vendor event"
wait_stat spontaneous 9 $((LONG_MS * 4))
expect_eq "suspends while the frames came" $(($(stat suspends) - s0)) 0
expect_eq "remote wakeups for the 8 frames" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
ms=$(lab_wait_state "$LAB_DEV" suspended $((LONG_MS * 2 + 400))) || fail "$LAB_DEV did not suspend after the frames"
echo "suspended $ms ms after the last frame was counted"
exec 3>&-
expect_balanced 0
