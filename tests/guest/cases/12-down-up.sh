# down removes everything from configfs and the host; up works again.
. /lab/tests/case.sh

GADGETS=/sys/kernel/config/usb_gadget
case_up
first=$LAB_DEV
lab_down || fail "down"
expect_eq "configfs after down" "$(ls $GADGETS)" ""
lab_wait_cmd 5000 test ! -e "$SYS_USB/$first" || fail "$first still on the host after down"
case_up
echo "up again: the host enumerated $LAB_DEV"
wait_suspended "$LAB_DEV"
lab_down || fail "second down"
expect_eq "configfs after the second down" "$(ls $GADGETS)" ""
