# usbfs holds the device's own usage count while its node is open: the
# refusal is device_busy with that count; no attempt, none counted.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
NODE=/dev/bus/usb/$(printf '%03d/%03d' "$(cat "$SYS_USB/$LAB_DEV/busnum")" "$(cat "$SYS_USB/$LAB_DEV/devnum")")
[ -e "$NODE" ] || fail "no usbfs node $NODE"
t0=$(refused_total "$LAB_DEV")
exec 5<>"$NODE" || fail "open $NODE"
expect_steady "$LAB_DEV" active "$NODE open"
expect_refusal "$LAB_DEV" device_busy "count=1"
expect_eq "refused attempts counted" $(($(refused_total "$LAB_DEV") - t0)) 0
exec 5>&-
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
