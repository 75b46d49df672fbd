# The configuration advertises remote wakeup (0xa0), or not (0x80), and
# the host-side device offers power/wakeup.
. /lab/tests/case.sh

case_up
expect_eq "bmAttributes with --wakeup" "$(cat "$SYS_USB/$LAB_DEV/bmAttributes")" a0
[ -f "$SYS_USB/$LAB_DEV/power/wakeup" ] || fail "$LAB_DEV has no power/wakeup"
expect_eq "power/wakeup" "$(cat "$SYS_USB/$LAB_DEV/power/wakeup")" enabled
lab_down
case_up --no-wakeup
expect_eq "bmAttributes with --no-wakeup" "$(cat "$SYS_USB/$LAB_DEV/bmAttributes")" 80
expect_eq "power/wakeup" "$(cat "$SYS_USB/$LAB_DEV/power/wakeup")" disabled
