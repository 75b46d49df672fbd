# Refusing autosuspend: while a fetch (bulk IN, no usage count held) is
# in flight, suspend() returns -EBUSY for an automatic suspend, and the
# core retries one delay later. Once the peer replies, the device sleeps.
. /lab/tests/aplab.sh

aplab_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
d0=$(core_count "$LAB_DEV" autosuspend_refused_driver)
aplab fetch "$APLAB_DEV" 20000 >/tmp/fetch.out &
fpid=$!
wait_line /tmp/fetch.out fetching
wait_stat refused_busy 1 "$SUSPEND_BOUND_MS"
t1=$(labtool now-ms)
r1=$(stat refused_busy)
wait_stat refused_busy $((r1 + 1)) "$SUSPEND_BOUND_MS"
gap=$(($(labtool now-ms) - t1))
echo "retried $gap ms after a refusal (delay $DELAY_MS ms)"
[ "$gap" -ge $((DELAY_MS * 3 / 4)) ] || fail "retried after $gap ms, before the delay"
expect_eq "runtime status while refusing" "$(lab_status "$LAB_DEV")" active
d=$(($(core_count "$LAB_DEV" autosuspend_refused_driver) - d0))
[ "$d" -ge 2 ] || fail "the core counted $d driver refusals, want at least 2"
autopm-gadget vendor reply || fail "vendor reply"
lab_wait_pid "$fpid" 2000 || fail "the fetch got no reply"
expect_eq "reply read" "$(sed -n 2p /tmp/fetch.out)" "reply 0 reply 0"
wait_suspended "$LAB_DEV"
expect_eq "replies" "$(stat replies)" 1
expect_balanced 0
