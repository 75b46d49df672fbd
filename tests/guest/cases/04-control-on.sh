# power/control=on keeps the device active; back to auto, it suspends.
. /lab/tests/case.sh

case_up
wait_suspended "$LAB_DEV"
echo on >"$SYS_USB/$LAB_DEV/power/control"
expect_eq "status after control=on" "$(lab_status "$LAB_DEV")" active
expect_steady "$LAB_DEV" active "power/control=on"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
wait_suspended "$LAB_DEV"
echo "with control=auto again, $LAB_DEV suspended"
