# The configuration advertises remote wakeup (0xa0), or not (0x80); the
# host makes the device wakeup-capable, with power/wakeup, only for 0xa0.
. /lab/tests/case.sh

case_up
expect_eq "bmAttributes with --wakeup" "$(cat "$SYS_USB/$LAB_DEV/bmAttributes")" a0
[ -f "$SYS_USB/$LAB_DEV/power/wakeup" ] || fail "$LAB_DEV has no power/wakeup"
echo "power/wakeup: $(cat "$SYS_USB/$LAB_DEV/power/wakeup")"
lab_down
case_up --no-wakeup
expect_eq "bmAttributes with --no-wakeup" "$(cat "$SYS_USB/$LAB_DEV/bmAttributes")" 80
[ -e "$SYS_USB/$LAB_DEV/power/wakeup" ] && fail "power/wakeup on a device without remote wakeup"
echo "no power/wakeup without remote wakeup"
