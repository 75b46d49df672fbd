# u-serial-data-wakeup and u-ether-data-wakeup ask the UDC for a remote
# wakeup from a work item, which calls usb_gadget_wakeup() after dropping
# the port's lock. The function's unbind must wait for that call: once
# the unbind returns, the UDC core may release the UDC (removing the UDC
# unbinds the gadget driver first, then frees it). dummy_hcd's lab-only
# wakeup_sleep_us (dummy-hcd-wakeup-sleep-us) holds the work inside the
# UDC's wakeup() for SLEEP_MS, which makes the race certain: while the
# work sleeps there, the case unbinds the gadget (echo "" > UDC). Once
# for a frame sent on the ECM netdev, once for data written to ttyGS
# (ACM). The workqueue trace events and trace_marker lines around the
# unbind give the order: the work must have started before the unbind
# began and ended before the unbind returned.
# With LAB_79_REMOVE_UDC=1 the ACM round also unbinds the UDC itself
# (dummy_udc's platform device) while the work sleeps, and binds it
# again. Not by default: the lab cannot recover from that for ECM. The
# gadget's unbind moves the ECM netdev off the gadget device
# (gether_detach_gadget()'s device_move()), which leaves the driver
# core's "net" glue directory under the gadget behind; dummy_udc binds
# the gadget again at the same address, get_device_parent() finds the
# stale directory, and every later ECM bind fails ("kobject_add_internal
# failed for usb0 (error: -2 parent: net)", measured on 6.12 patched).
# So the ECM round runs first.
# Shown failing without the fix in the series (6.12 patched and 6.1
# debug, --strict, LAB_79_REMOVE_UDC=1): "ecm: the gadget's unbind
# returned while eth_wakeup_work was still running", the same for acm
# and gs_wakeup_work, then "FAIL: the unbind did not wait for the
# wakeup work: ecm acm". KASAN on 6.1 debug reported nothing in that
# run: the order, not a use after free, is the witness.
. /lab/tests/case.sh

P=/sys/module/dummy_hcd/parameters/wakeup_sleep_us
[ -w "$P" ] || fail "dummy_hcd has no writable wakeup_sleep_us: the lab's dummy-hcd-wakeup-sleep-us is missing"
UDC_FILE=/sys/kernel/config/usb_gadget/autopm-lab/UDC
PDRV=/sys/bus/platform/drivers/dummy_udc
WQ=$TRACEFS/events/workqueue
SLEEP_MS=3000

# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	echo 0 >"$P"
	echo 0 >"$WQ/workqueue_execute_start/enable"
	echo 0 >"$WQ/workqueue_execute_end/enable"
	[ -z "${UDC:-}" ] || [ -e "/sys/class/udc/$UDC" ] || echo "$UDC" >"$PDRV/bind"
}
trap cleanup EXIT

# the trace's lines of EVENT (start, end) for work function FN
work_lines() {
	grep "workqueue_execute_$1: .*function $2\$" "$TRACEFS/trace"
}

work_ended() {
	[ -n "$(work_lines end "$1")" ]
}

# the trace line number of the first line matching PATTERN (0: none)
trace_line() {
	grep -n -m 1 -e "$1" "$TRACEFS/trace" | cut -d: -f1 | grep . || echo 0
}

# race NAME FN REMOVE_UDC: the wakeup work FN is due and held in wakeup();
# unbind the gadget (and with REMOVE_UDC=1 the UDC, bound again after),
# judge the order
race() {
	lab_wait_cmd 2000 test -n "$(work_lines start "$2")" ||
		fail "$1: $2 did not start within 2 s"
	work_ended "$2" && fail "$1: $2 ended before the unbind: it made no request"
	echo "case79: unbind begins" >"$TRACEFS/trace_marker"
	echo "" >"$UDC_FILE" || fail "$1: unbind the gadget"
	echo "case79: unbind returned" >"$TRACEFS/trace_marker"
	[ "$3" = 0 ] || echo "$UDC" >"$PDRV/unbind" || fail "$1: unbind $UDC"
	lab_wait_cmd $((SLEEP_MS + 5000)) work_ended "$2" ||
		fail "$1: $2 did not end within $((SLEEP_MS + 5000)) ms"
	echo 0 >"$TRACEFS/tracing_on"
	echo 0 >"$P"
	if [ "$3" = 1 ]; then
		echo "$UDC" >"$PDRV/bind" || fail "$1: bind $UDC again"
		lab_wait_cmd 5000 test -e "/sys/class/udc/$UDC" || fail "$1: $UDC did not come back"
	fi
	start=$(trace_line "workqueue_execute_start: .*function $2\$")
	begins=$(trace_line "case79: unbind begins")
	end=$(trace_line "workqueue_execute_end: .*function $2\$")
	returned=$(trace_line "case79: unbind returned")
	[ "$start" -gt 0 ] && [ "$start" -lt "$begins" ] ||
		fail "$1: $2 had not started when the unbind began"
	[ "$end" -gt "$begins" ] || fail "$1: $2 ended before the unbind began"
	# judged at the end, so that the ACM round (and its UDC) runs too
	if [ "$end" -gt "$returned" ]; then
		echo "$1: the gadget's unbind returned while $2 was still running"
		BAD="$BAD $1"
		return 0
	fi
	echo "$1: the gadget's unbind waited for $2 (held $SLEEP_MS ms in wakeup())"
	[ "$3" = 0 ] || echo "$1: $UDC unbound under the work and bound again"
}

# trace from here on: the work's start and end, and the case's markers
trace_work() {
	echo 0 >"$TRACEFS/tracing_on"
	echo 4096 >"$TRACEFS/buffer_size_kb"
	echo >"$TRACEFS/trace"
	echo 1 >"$WQ/workqueue_execute_start/enable"
	echo 1 >"$WQ/workqueue_execute_end/enable"
	echo 1 >"$TRACEFS/tracing_on"
}

UDC=
BAD=
case_up
UDC=$(lab_udc)
[ -n "$UDC" ] && [ -e "$PDRV/$UDC" ] || fail "the UDC '$UDC' is not dummy_udc's"

# ECM: one frame from the gadget's netdev while the device is suspended
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
wait_suspended "$LAB_DEV"
echo $((SLEEP_MS * 1000)) >"$P"
trace_work
lab_in_ns autopm-gadget send-ecm --count 1 --size 200 || fail "ecm: send-ecm"
race ecm eth_wakeup_work 0
lab_netns_down
lab_down >/dev/null 2>&1

# ACM: bytes written to ttyGS while the host has the device suspended
case_up
open_acm_raw
wait_suspended "$LAB_DEV"
echo $((SLEEP_MS * 1000)) >"$P"
trace_work
printf 'x' >&4
race acm gs_wakeup_work "${LAB_79_REMOVE_UDC:-0}"
exec 3>&- 4>&-
lab_down >/dev/null 2>&1
dmesg | grep -q "KASAN" && fail "KASAN reported during the case"
[ -z "$BAD" ] || fail "the unbind did not wait for the wakeup work:$BAD"
exit 0
