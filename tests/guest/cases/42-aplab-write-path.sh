# The sleeping write path: get (resuming the device) before each submit,
# put in the completion. 100 writes to a suspended device all arrive, none
# was deferred, and the device sleeps again with the count balanced.
. /lab/tests/aplab.sh

N=100
aplab_up
wait_suspended "$LAB_DEV"
aplab write "$APLAB_DEV" "$N" >/dev/null || fail "blocking writes"
wait_peer rx_frames "$N"
expect_peer_clean
wait_suspended "$LAB_DEV"
expect_eq "writes" "$(stat writes)" "$N"
expect_eq "frames completed" "$(stat tx_done)" "$N"
expect_eq "frames deferred (the get resumed first)" "$(stat deferred)" 0
expect_balanced 0
