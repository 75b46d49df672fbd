# autopm-gadget send-acm, send-ecm and events: 4 KiB from a file, written
# while the bus is suspended, arrives intact on ttyACM0 and the device
# counts 4096 bytes held and 4096 sent; bad input exits 2 (usage) or 1
# (cannot do it) with a message, and sends nothing.
. /lab/tests/case.sh

SIZE=4096
expect_exit 1 autopm-gadget send-acm hello
case_up
expect_exit 2 autopm-gadget send-acm
expect_exit 2 autopm-gadget send-acm a --file /tmp/x
expect_exit 2 autopm-gadget send-acm ""
expect_exit 1 autopm-gadget send-acm --file /no/such/file
: >/tmp/empty
expect_exit 1 autopm-gadget send-acm --file /tmp/empty
expect_exit 2 autopm-gadget send-ecm --size 1401
expect_exit 2 autopm-gadget events --wake --period-ms 10
expect_exit 2 autopm-gadget events --acm --wake --period-ms 10 --count 1
expect_exit 2 autopm-gadget events --wake --period-ms 10 --seed 3 --count 1
# the ECM netdev is in this namespace but down: a clear refusal
expect_exit 1 autopm-gadget send-ecm
expect_eq "bytes held after the refusals" "$(acm_held while_suspended)" 0

lab_open_host_acm_raw || fail "open the ACM tty"
head -c $SIZE /dev/urandom >/tmp/g2h
head -c $SIZE <&3 >/tmp/got &
r=$!
wait_suspended "$LAB_DEV"
autopm-gadget send-acm --file /tmp/g2h || fail "send-acm --file"
lab_wait_pid $r 5000 || fail "only $(wc -c </tmp/got) of $SIZE bytes arrived"
expect_eq "md5" "$(md5sum </tmp/got)" "$(md5sum </tmp/g2h)"
expect_eq "device: bytes held while suspended" "$(acm_held while_suspended)" $SIZE
expect_eq "device: held bytes sent after resume" "$(acm_held sent_after_resume)" $SIZE
exec 3>&-
