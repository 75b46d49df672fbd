# 64 KiB written to ttyGS0 while the bus is suspended wakes the host by
# itself (no "wake" here) and arrives intact on ttyACM0; the whole burst
# costs exactly one remote wakeup.
. /lab/tests/case.sh

SIZE=65536
case_up
open_acm_raw
wait_suspended "$LAB_DEV"
# read quietly here: on a stock kernel the case should fail on the wakeup
w0=$(cat "$SYS_USB/$LAB_DEV/power/remote_wakeup_count" 2>/dev/null)
head -c $SIZE /dev/urandom >/tmp/g2h
head -c $SIZE <&3 >/tmp/got &
r=$!
t0=$(labtool now-ms)
cat /tmp/g2h >&4 &
w=$!
ms=$(lab_wait_state "$LAB_DEV" active "$WAKE_BOUND_MS") || fail "the write did not wake $LAB_DEV"
echo "$LAB_DEV active $(($(labtool now-ms) - t0)) ms after the write began (wait saw it after $ms ms)"
lab_wait_pid $r 30000 || fail "only $(wc -c </tmp/got) of $SIZE bytes arrived"
echo "all $SIZE bytes after $(($(labtool now-ms) - t0)) ms"
lab_wait_pid $w 5000 || fail "the gadget writer did not finish"
expect_eq "md5" "$(md5sum </tmp/got)" "$(md5sum </tmp/g2h)"
require_core "$LAB_DEV"
expect_eq "remote wakeups for the burst" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
exec 3>&- 4>&-
