# All three senders at once: two blocking writers (each write resumes
# the device and sleeps), two O_NONBLOCK writers (deferred while the
# device sleeps, flushed by resume()) and the timer sender (atomic
# context), through files opened before the device went to sleep. A frame
# gets its sequence number under dev->lock, the lock that also orders
# deferral, submission and the flush in resume(), so every frame reaches
# the peer whole and in sequence order, none lost, and the count balances.
# Shown to fail: with a blocking write's sequence number given when its
# frame is allocated (before io_mutex, the get and dev->lock), the peer
# counted 20 frames out of order.
. /lab/tests/aplab.sh

N=300
aplab_up
exec 3<>"$APLAB_DEV" 4<>"$APLAB_DEV" 5<>"$APLAB_DEV" 6<>"$APLAB_DEV" || fail "open $APLAB_DEV"
wait_suspended "$LAB_DEV"
aplab write fd:3 $N >/tmp/w3.out 2>&1 &
p3=$!
aplab write fd:4 $N >/tmp/w4.out 2>&1 &
p4=$!
aplab write fd:5 $N --nonblock >/tmp/w5.out 2>&1 &
p5=$!
aplab write fd:6 $N --nonblock >/tmp/w6.out 2>&1 &
p6=$!
echo $N >"$APLAB_DEBUG/timer_send" || fail "start the timer"
for p in $p3 $p4 $p5 $p6; do
	lab_wait_pid "$p" 60000 || fail "writer $p: $(cat /tmp/w*.out)"
done
labtool wait "$APLAB_DEBUG/timer_send" 0 60000 >/dev/null || fail "the timer did not finish"
TOTAL=$((5 * N))
wait_peer rx_frames $TOTAL
expect_peer_clean
expect_eq "peer: sequence restarts" "$(peer rx_restarts)" 0
expect_eq "peer: last sequence number" "$(peer rx_last_seq)" $((TOTAL - 1))
expect_eq "writes" "$(drv_count writes)" $((4 * N))
expect_eq "frames sent from the timer" "$(drv_count timer_sent)" $N
expect_eq "frames completed" "$(drv_count tx_done)" $TOTAL
expect_eq "submit errors" "$(drv_count submit_errors)" 0
d=$(drv_count deferred)
expect_eq "deferred frames flushed in resume()" "$(drv_count flushed)" "$d"
echo "deferred $d of $TOTAL"
exec 3>&- 4>&- 5>&- 6>&-
wait_suspended "$LAB_DEV"
expect_balanced 0
