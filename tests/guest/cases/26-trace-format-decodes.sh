# The refused-autosuspend event decodes from its format file alone, as
# trace-cmd and perf read it: the reason's symbols print as numbers (no
# enum names left for user space to guess), and the event lives in a
# trace system of its own, not mainline's "usb" or "usbcore".
. /lab/tests/case.sh

EV=$(find "$TRACEFS/events" -maxdepth 2 -type d -name usb_autosuspend_refused | head -n 1)
[ -n "$EV" ] || fail "no usb_autosuspend_refused event (a stock kernel?)"
sys=$(basename "$(dirname "$EV")")
echo "trace system: $sys"
case $sys in
usb | usbcore) fail "trace system '$sys' collides with mainline's" ;;
esac
fmt=$(sed -n 's/^print fmt: //p' "$EV/format")
echo "print fmt: $fmt"
if echo "$fmt" | grep -q 'USB_AUTOPM_'; then
	fail "print fmt names enum constants user space cannot resolve"
fi
for r in busy no_wakeup hcd_wakeup reset_resume driver; do
	echo "$fmt" | grep -Eq "\{ [0-9]+, \"$r\" \}" || fail "reason $r does not map from a number"
done
grep -q 'field:int interface;' "$EV/format" || fail "no interface field (bInterfaceNumber)"
