# 64 KiB of random bytes each way over ACM arrive intact, with the device
# suspended and resumed between the two directions.
. /lab/tests/case.sh

SIZE=65536
case_up
open_acm_raw

head -c $SIZE /dev/urandom >/tmp/h2g
head -c $SIZE <&4 >/tmp/got-g &
r=$!
cat /tmp/h2g >&3
lab_wait_pid $r 30000 || fail "host -> gadget: only $(wc -c </tmp/got-g) of $SIZE bytes"
expect_eq "host -> gadget md5" "$(md5sum </tmp/got-g)" "$(md5sum </tmp/h2g)"

wait_suspended "$LAB_DEV"
echo "$LAB_DEV suspended between the two directions"

# a stock gadget does not wake the host for data: wake it whenever the
# host sleeps with bytes still to come
head -c $SIZE /dev/urandom >/tmp/g2h
expect_eq "status before the gadget writes" "$(lab_status "$LAB_DEV")" suspended
head -c $SIZE <&3 >/tmp/got-h &
r=$!
cat /tmp/g2h >&4 &
w=$!
wakes=0
end=$(($(labtool now-ms) + 30000))
while kill -0 $r 2>/dev/null && [ "$(labtool now-ms)" -lt "$end" ]; do
	if [ "$(lab_status "$LAB_DEV")" = suspended ] && autopm-gadget wake >/dev/null 2>&1; then
		wakes=$((wakes + 1))
	fi
	usleep 5000
done
lab_wait_pid $r 1 || fail "gadget -> host: only $(wc -c </tmp/got-h) of $SIZE bytes"
lab_wait_pid $w 5000 || fail "the gadget writer did not finish"
# the patched gadget wakes the host for its data by itself (case 32)
echo "gadget -> host: $wakes remote wakeup(s) asked for by hand"
expect_eq "gadget -> host md5" "$(md5sum </tmp/got-h)" "$(md5sum </tmp/g2h)"
