# A sender in atomic context: a timer queues 300 frames through the
# sleepless path, starting while the device is suspended. All arrive in
# order; those queued before the resume were flushed by it.
. /lab/tests/aplab.sh

N=300
aplab_up
wait_suspended "$LAB_DEV"
echo $N >"$APLAB_DEBUG/timer_send" || fail "start the timer"
labtool wait "$APLAB_DEBUG/timer_send" 0 20000 >/dev/null || fail "the timer did not finish"
wait_peer rx_frames $N
expect_peer_clean
expect_eq "frames sent from the timer" "$(drv_count timer_sent)" $N
d=$(drv_count deferred)
[ "$d" -ge 1 ] || fail "no frame deferred though the device was suspended"
expect_eq "deferred frames flushed in resume()" "$(drv_count flushed)" "$d"
wait_suspended "$LAB_DEV"
expect_balanced 0
