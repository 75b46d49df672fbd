# An interface bound to a driver without autosuspend support keeps its
# device awake through the PM core (the interface stays active): the
# refusal names the interface and driver. usbtest is such a driver; it
# takes no new_id (no_dynamic_id), so the gadget, with only the vendor
# interface, is given gadget zero's ids (0525:a4a0), which usbtest
# matches, through configfs: autopm-gadget refuses other ids for the
# vendor function, whose own driver would not bind. No attempt is made,
# so none is counted.
# Shown to fail on stock: no power/autosuspend_refusal (require_core).
. /lab/tests/case.sh

UT=/sys/bus/usb/drivers/usbtest
G=/sys/kernel/config/usb_gadget/autopm-lab
[ -d "$UT" ] || fail "no usbtest driver: CONFIG_USB_TEST is off"
autopm-gadget up --functions vendor >/dev/null || fail "gadget up with the vendor function"
udc=$(cat "$G/UDC")
[ -n "$udc" ] || fail "the gadget is not bound to a UDC"
echo "" >"$G/UDC" || fail "unbind the gadget"
echo 0x0525 >"$G/idVendor" && echo 0xa4a0 >"$G/idProduct" || fail "gadget zero's ids"
echo "$udc" >"$G/UDC" || fail "bind the gadget again"
# shellcheck disable=SC2016 # expanded by the inner shell, at each try
lab_wait_cmd 5000 sh -c '. /lab/lab.sh; d=$(lab_gadget_field host_device); [ -e "$SYS_USB/$d:1.0" ]' ||
	fail "the host did not enumerate the gadget"
LAB_DEV=$(lab_gadget_field host_device)
require_core "$LAB_DEV"
IF=$LAB_DEV:1.0
lab_wait_cmd 3000 test -e "$SYS_USB/$IF/driver" || fail "usbtest did not bind to $IF"
lab_autosuspend "$LAB_DEV" "$DELAY_MS" || fail "cannot enable autosuspend on $LAB_DEV"
t0=$(refused_total "$LAB_DEV")
expect_steady "$LAB_DEV" active "$IF bound to usbtest"
expect_refusal "$LAB_DEV" no_autosuspend_driver "interface=$IF driver=usbtest"
expect_eq "refused attempts counted" $(($(refused_total "$LAB_DEV") - t0)) 0
echo "$IF" >"$UT/unbind" || fail "unbind usbtest"
wait_suspended "$LAB_DEV"
expect_refusal "$LAB_DEV" none ""
