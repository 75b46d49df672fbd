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
# by the count, which a loaded host cannot miss as it can a short
# "active" between two polls
ms=$(wait_remote_wakeup "$LAB_DEV" "${w0:-0}" "$SETTLE_MS") ||
	fail "the write did not wake $LAB_DEV (no remote wakeup counted in $SETTLE_MS ms)"
echo "$LAB_DEV woke $(($(labtool now-ms) - t0)) ms after the write began (the count rose after $ms ms)"
lab_wait_pid $r 30000 || fail "only $(wc -c </tmp/got) of $SIZE bytes arrived"
echo "all $SIZE bytes after $(($(labtool now-ms) - t0)) ms"
lab_wait_pid $w 5000 || fail "the gadget writer did not finish"
expect_eq "md5" "$(md5sum </tmp/got)" "$(md5sum </tmp/g2h)"
require_core "$LAB_DEV"
# settled: suspended again, so a second wakeup after the data would count
wait_suspended "$LAB_DEV"
expect_eq "remote wakeups for the burst" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
exec 3>&- 4>&-
