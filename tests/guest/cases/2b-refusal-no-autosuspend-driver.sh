# An interface bound to a driver without autosuspend support keeps its
# device awake through the PM core (the interface stays active): the
# refusal names the interface and driver. usbtest, bound to the gadget's
# vendor interface with new_id, is such a driver. No attempt is made,
# so none is counted.
. /lab/tests/case.sh

UT=/sys/bus/usb/drivers/usbtest
[ -d "$UT" ] || fail "no usbtest driver: CONFIG_USB_TEST is off"
autopm-gadget up --functions vendor >/dev/null || fail "gadget up with the vendor function"
lab_wait_cmd 5000 sh -c '. /lab/lab.sh; d=$(lab_gadget_field host-device); [ -e "$SYS_USB/$d:1.0" ]' ||
	fail "the host did not enumerate the gadget"
LAB_DEV=$(lab_gadget_field host-device)
require_core "$LAB_DEV"
IF=$LAB_DEV:1.0
ids="$(cat "$SYS_USB/$LAB_DEV/idVendor") $(cat "$SYS_USB/$LAB_DEV/idProduct")"
# the vendor interface (class ff), with gadget zero's settings
echo "$ids ff 0525 a4a0" >"$UT/new_id" || fail "usbtest new_id"
trap 'echo "$ids ff" >"$UT/remove_id" 2>/dev/null' EXIT
lab_wait_cmd 3000 test -e "$SYS_USB/$IF/driver" || fail "usbtest did not bind to $IF"
lab_autosuspend "$LAB_DEV" "$DELAY_MS" || fail "cannot enable autosuspend on $LAB_DEV"
t0=$(refused_total "$LAB_DEV")
expect_steady "$LAB_DEV" active "$IF bound to usbtest"
expect_refusal "$LAB_DEV" no_autosuspend_driver "interface=$IF driver=usbtest"
expect_eq "refused attempts counted" $(($(refused_total "$LAB_DEV") - t0)) 0
echo "$IF" >"$UT/unbind" || fail "unbind usbtest"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
