# dummy_hcd's suspend_disconnect fault (dummy-hcd-port-faults): the
# device leaves as the host suspends its port. The port suspend fails,
# the hub driver drops the device, and the gadget driver is told of the
# disconnect. Connected again, the gadget is a new device, which
# enumerates and autosuspends as any does.
# Shown failing with dummy_unplug()'s work item (the UDC core's
# disconnect) left out in a scratch build: "the gadget, connected again,
# was not enumerated in 5 s" (soft_connect found it still connected).
. /lab/tests/case.sh

require_fault suspend_disconnect
case_up
dev=$LAB_DEV
wait_suspended "$dev"
echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
lab_wait_state "$dev" active "$SETTLE_MS" >/dev/null || fail "$dev did not resume for power/control on"
devnum=$(cat "$SYS_USB/$dev/devnum")
f0=$(fault_fired suspend_disconnect)
fault_arm suspend_disconnect 1
echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
fault_wait suspend_disconnect $((f0 + 1)) "$SETTLE_MS"
lab_wait_cmd 10000 test ! -e "$SYS_USB/$dev" || fail "the host kept $dev 10 s after it left mid-suspend"
lab_wait_cmd 5000 udc_state_is "not attached" ||
	fail "the gadget is $(cat "/sys/class/udc/$(lab_udc)/state"), not told of the disconnect"
expect_eq "faults fired" $(($(fault_fired suspend_disconnect) - f0)) 1
expect_eq "faults left armed" "$(fault_armed suspend_disconnect)" 0
echo connect >"/sys/class/udc/$(lab_udc)/soft_connect" || fail "soft_connect"
lab_wait_cmd 5000 lab_enumerated || fail "the gadget, connected again, was not enumerated in 5 s"
[ "$(cat "$SYS_USB/$LAB_DEV/devnum")" != "$devnum" ] ||
	fail "$LAB_DEV kept device number $devnum: not enumerated anew"
lab_autosuspend "$LAB_DEV" "$DELAY_MS" || fail "autosuspend on $LAB_DEV"
wait_suspended "$LAB_DEV"
echo "$dev left as its port suspended: dropped; connected again as $LAB_DEV (device $(cat "$SYS_USB/$LAB_DEV/devnum")), suspended"
# a new device: the gadget's counts since boot are not the host's
lab_down >/dev/null 2>&1
