# usb-cdc-acm-close-suspend: a device that cannot wake the host, kept awake
# while its ttyACM is open (the guide's rule; the interfaces suspend,
# the device refuses), suspends once the tty closes, with nothing else
# asking it to: within the delay and its bound of the close.
# Stock 6.1 fails here, as scripts/conform found (CONFORMANCE.md,
# cdc_acm rule 5): the close's put meets a suspended control interface,
# and the device stays awake for good ("1-1 did not suspend within 525
# ms of the close"), measured.
# Case 07 shows the same on both, with a rewritten delay to unstick it.
. /lab/tests/case.sh

case_up --no-wakeup
wait_suspended "$LAB_DEV"
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
# without HUPCL no DTR drop at the close: its get and put would ask the
# device's idle check again from pm_wq, and stock would pass by timing
stty -hupcl <&3 || fail "stty -hupcl"
expect_steady "$LAB_DEV" active "ttyACM open, no remote wakeup"
# the state the bug needs: only the device refused, not the interface
expect_eq "ACM control interface while open" "$(lab_status "$LAB_DEV:1.0")" suspended
exec 3>&-
ms=$(lab_wait_state "$LAB_DEV" suspended "$SUSPEND_BOUND_MS") ||
	fail "$LAB_DEV did not suspend within $SUSPEND_BOUND_MS ms of the close; usage counts: $(cat "$SYS_USB/$LAB_DEV/power/runtime_usage" "$SYS_USB/$LAB_DEV:1.0/power/runtime_usage" | tr '\n' ' ')"
echo "tty closed: $LAB_DEV suspended after $ms ms, nothing else asked"
