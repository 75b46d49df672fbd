# Error paths balance the usage count. debugfs fail_submit makes the Nth
# URB submit from now fail with -EIO. Each path that took a reference for
# its URB must give it back when the submit fails: the interface's usage
# count, read from the PM core (core_usage: power/runtime_usage on debug,
# else the driver's usage_count, which reads intf->dev.power.usage_count)
# is back at its baseline after each, and the device autosuspends.
#   1. blocking write (aplab_send_wait), 2. O_NONBLOCK write
#   (aplab_send_nowait), 3. FETCH (aplab_fetch), with the device held
#   awake (baseline 1); 4. a deferred frame whose submit in resume()
#   fails (aplab_flush_deferred_locked), from a suspended device.
# Shown to fail: without aplab_put() in aplab_send_wait()'s error path,
# step 1 read a usage count of 2, want 1; without aplab_put_async() in
# aplab_flush_deferred_locked()'s, the device did not suspend after the
# close in step 4 (the leaked reference held it awake).
. /lab/tests/aplab.sh

inject() {
	echo "$1" >"$APLAB_DEBUG/fail_submit" || fail "fail_submit $1"
}

aplab_up
require_core "$LAB_DEV"
aplab hold "$APLAB_DEV" >/tmp/hold.out &
hpid=$!
wait_line /tmp/hold.out held
base=$(core_usage)
expect_eq "usage count, held by one file" "$base" 1

inject 1
expect_exit 1 aplab write "$APLAB_DEV" 1
grep -q "Input/output error" /tmp/err || fail "blocking write: $(cat /tmp/err)"
expect_eq "1. usage count after a failed blocking write" "$(core_usage)" "$base"

inject 1
expect_exit 1 aplab write "$APLAB_DEV" 1 --nonblock
grep -q "Input/output error" /tmp/err || fail "O_NONBLOCK write: $(cat /tmp/err)"
expect_eq "2. usage count after a failed O_NONBLOCK write" "$(core_usage)" "$base"

inject 1
expect_exit 1 aplab fetch "$APLAB_DEV" 1000
grep -q "FETCH: Input/output error" /tmp/err || fail "fetch: $(cat /tmp/err)"
expect_eq "3. usage count after a failed fetch" "$(core_usage)" "$base"
# the failed fetch is not left pending: the next one gets its reply
aplab fetch "$APLAB_DEV" "$APLAB_IO_MS" >/tmp/fetch.out &
fpid=$!
wait_line /tmp/fetch.out fetching
autopm-gadget vendor reply || fail "vendor reply"
lab_wait_pid "$fpid" "$APLAB_IO_MS" || fail "the fetch after the failed one got no reply"
expect_eq "reply after the failed fetch" "$(sed -n 2p /tmp/fetch.out)" "reply 0 reply 0"
expect_eq "injected faults" "$(drv_count injected_faults)" 3
expect_eq "submit errors" "$(drv_count submit_errors)" 3
expect_eq "peer: frames (none of the failed ones)" "$(peer rx_frames)" 0
kill "$hpid"
lab_wait_pid "$hpid" 2000 || fail "aplab hold did not exit"
wait_suspended "$LAB_DEV"
expect_eq "usage count once the holder closed" "$(core_usage)" 0

# 4: three O_NONBLOCK frames through a file opened earlier, the device
# suspended: the first is deferred for sure. resume() submits the
# interrupt URB (1st submit), then the deferred frames: the 2nd fails.
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
wait_suspended "$LAB_DEV"
d0=$(drv_count deferred) f0=$(drv_count flushed)
inject 2
aplab write fd:3 3 --nonblock >/dev/null || fail "O_NONBLOCK writes"
wait_peer rx_frames 2
d=$(($(drv_count deferred) - d0))
echo "deferred $d of 3"
expect_eq "injected faults" "$(drv_count injected_faults)" 4
expect_eq "4. deferred frames flushed (one failed)" $(($(drv_count flushed) - f0)) $((d - 1))
expect_eq "peer: frames out of order" "$(peer rx_bad_seq)" 0
expect_eq "peer: last sequence number (0 was lost)" "$(peer rx_last_seq)" 2
exec 3>&-
wait_suspended "$LAB_DEV"
expect_eq "fail_submit left" "$(cat "$APLAB_DEBUG/fail_submit")" 0
expect_eq "4. usage count after the failed flush" "$(core_usage)" 0
expect_balanced 0
