# With the reset-resume quirk (usbcore.quirks=VID:PID:b) and ttyACM open,
# cdc-acm needs remote wakeup, which a reset-resume cannot deliver: the
# refusal is reset_resume, naming the interface and driver, and the one
# refused attempt is counted once.
. /lab/tests/case.sh

Q=/sys/module/usbcore/parameters/quirks
case_up
require_core "$LAB_DEV"
ids=$(cat "$SYS_USB/$LAB_DEV/idVendor"):$(cat "$SYS_USB/$LAB_DEV/idProduct")
lab_down || fail "down"
echo "$ids:b" >"$Q" || fail "set usbcore quirks"
trap 'echo "" >"$Q"' EXIT
case_up
wait_suspended "$LAB_DEV"
n0=$(core_count "$LAB_DEV" autosuspend_refused_reset_resume)
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
expect_steady "$LAB_DEV" active "ttyACM open, reset-resume quirk"
expect_refusal "$LAB_DEV" reset_resume "interface=$LAB_DEV:1.0 driver=cdc_acm"
expect_eq "refused attempts (reset_resume)" $(($(core_count "$LAB_DEV" autosuspend_refused_reset_resume) - n0)) 1
exec 3>&-
