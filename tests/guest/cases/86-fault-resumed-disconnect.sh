# dummy_hcd's resumed_disconnect fault (dummy-hcd-port-faults): the
# device leaves as its resume signalling ends, before the hub driver
# reads the port's status. Once after a remote wakeup the device
# signalled, once after a resume the host started: each time the hub
# driver drops the device, the gadget driver is told of the disconnect,
# and the gadget, connected again, is enumerated anew.
. /lab/tests/case.sh

require_fault resumed_disconnect

# leave DEV as the resume that "$@" starts ends
resumed_away() {
	_dev=$1
	shift
	_f0=$(fault_fired resumed_disconnect)
	fault_arm resumed_disconnect 1
	"$@" || fail "$* failed"
	fault_wait resumed_disconnect $((_f0 + 1)) "$SETTLE_MS"
	lab_wait_cmd 10000 test ! -e "$SYS_USB/$_dev" || fail "the host kept $_dev 10 s after it left as its resume ended"
	lab_wait_cmd 5000 udc_state_is "not attached" ||
		fail "the gadget is $(cat "/sys/class/udc/$(lab_udc)/state"), not told of the disconnect"
	expect_eq "faults fired" $(($(fault_fired resumed_disconnect) - _f0)) 1
	echo connect >"/sys/class/udc/$(lab_udc)/soft_connect" || fail "soft_connect"
	lab_wait_cmd 5000 lab_enumerated || fail "the gadget, connected again, was not enumerated in 5 s"
	lab_autosuspend "$LAB_DEV" "$DELAY_MS" || fail "autosuspend on $LAB_DEV"
	wait_suspended "$LAB_DEV"
	echo "$_dev left as its resume ended ($*): dropped; connected again as $LAB_DEV, suspended"
}

signal_wakeup() {
	echo 1 >"/sys/class/udc/$(lab_udc)/srp"
}

host_resume() {
	echo on >"$SYS_USB/$LAB_DEV/power/control"
}

case_up
# the host arms remote wakeup only while a driver needs it
hold_acm_tty
wait_suspended "$LAB_DEV"
w0=$(udc_count wakeup_request_count)
resumed_away "$LAB_DEV" signal_wakeup
exec 3>&-
expect_eq "wakeup requests at the gadget" $(($(udc_count wakeup_request_count) - w0)) 1
resumed_away "$LAB_DEV" host_resume
expect_eq "faults left armed" "$(fault_armed resumed_disconnect)" 0
# new devices: the gadget's counts since boot are not the host's
lab_down >/dev/null 2>&1
