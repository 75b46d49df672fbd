# The open/close pattern: a file with STAY_AWAKE holds a usage count
# reference from its ioctl to its close, and the device stays active for
# exactly that long.
. /lab/tests/aplab.sh

aplab_up
wait_suspended "$LAB_DEV"
aplab hold "$APLAB_DEV" >/tmp/hold.out &
pid=$!
wait_line /tmp/hold.out held
expect_eq "runtime status while held" "$(lab_status "$LAB_DEV")" active
expect_eq "interface usage count while held" "$(drv_count usage_count)" 1
expect_steady "$LAB_DEV" active "a file holds it"
kill "$pid"
lab_wait_pid "$pid" 2000 || fail "aplab hold did not exit"
wait_suspended "$LAB_DEV"
echo "released: $LAB_DEV suspended"
expect_balanced 0
