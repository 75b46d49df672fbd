# The sleepless path: 10 bursts of 1000 O_NONBLOCK writes, each burst
# started on a suspended device. The first frames of a burst are deferred
# and flushed by resume(); all 10000 reach the peer in order, intact.
. /lab/tests/aplab.sh

BURSTS=10 PER=1000
aplab_up
require_core "$LAB_DEV"
s0=$(core_count "$LAB_DEV" autosuspend_count)
# one open for all bursts: an open resumes the device
aplab bursts "$APLAB_DEV" $BURSTS $PER "$SYS_USB/$LAB_DEV/power/runtime_status" ||
	fail "bursts"
wait_peer rx_frames $((BURSTS * PER))
expect_peer_clean
expect_eq "peer: last sequence number" "$(peer rx_last_seq)" $((BURSTS * PER - 1))
wait_suspended "$LAB_DEV"
d=$(drv_count deferred)
[ "$d" -ge $BURSTS ] || fail "$d frames deferred, want at least one per burst"
expect_eq "deferred frames flushed in resume()" "$(drv_count flushed)" "$d"
expect_eq "frames completed" "$(drv_count tx_done)" $((BURSTS * PER))
expect_eq "submit errors" "$(drv_count submit_errors)" 0
s=$(($(core_count "$LAB_DEV" autosuspend_count) - s0))
[ "$s" -ge $BURSTS ] || fail "$LAB_DEV suspended $s times, want at least $BURSTS"
echo "deferred $d, autosuspends $s"
expect_balanced 0
