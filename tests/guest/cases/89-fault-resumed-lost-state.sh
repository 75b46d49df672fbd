# dummy_hcd's resumed_lost_state fault (dummy-hcd-resumed-transfer-faults):
# the device comes back from suspend without its state and answers no
# request (-EPROTO). With USB persist on, the hub driver's GET_STATUS
# after the resume fails and it resets the device (reset-resume): the
# same device, reset once, autopm_lab's reset_resume() runs, and a
# frame written afterwards arrives. With persist off, the hub driver
# disconnects the device instead, and it is enumerated anew: autopm_lab
# is bound again, and its I/O works.
# Shown failing with lost_state never cleared (not even by the port
# reset) in a scratch build: "1-1 did not come back from its failed
# resume".
. /lab/tests/aplab.sh

require_fault resumed_lost_state
aplab_up
dev=$LAB_DEV
wait_suspended "$dev"
devnum=$(cat "$SYS_USB/$dev/devnum")
# gone, or there again under another number
renumbered() {
	[ "$(cat "$SYS_USB/$dev/devnum" 2>/dev/null)" != "$devnum" ]
}
resets() {
	dmesg | grep -c "usb $dev: reset high-speed USB device number $devnum "
}
x0=$(resets)
r0=$(drv_count resumes)
rx0=$(peer rx_frames)
f0=$(fault_fired resumed_lost_state)
fault_arm resumed_lost_state 1
echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
fault_wait resumed_lost_state $((f0 + 1)) "$SETTLE_MS"
lab_wait_state "$dev" active "$SETTLE_MS" >/dev/null || fail "$dev did not come back from its failed resume"
wait_stat resumes $((r0 + 1)) "$SETTLE_MS"
expect_eq "device number (the same device)" "$(cat "$SYS_USB/$dev/devnum")" "$devnum"
expect_eq "resets" $(($(resets) - x0)) 1
expect_eq "driver resumes" $(($(drv_count resumes) - r0)) 1
aplab write "$APLAB_DEV" 1 >/dev/null || fail "write after the reset-resume"
wait_peer rx_frames $((rx0 + 1))
expect_peer_clean
echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
wait_suspended "$dev"
echo "persist on: $dev reset once and resumed, a frame written afterwards arrived"

echo 0 >"$SYS_USB/$dev/power/persist" || fail "power/persist off"
fault_arm resumed_lost_state 1
echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
fault_wait resumed_lost_state $((f0 + 2)) "$SETTLE_MS"
lab_wait_cmd 10000 renumbered ||
	fail "persist off: $dev was not disconnected after its failed resume"
lab_wait_cmd 10000 lab_enumerated || fail "$dev was not enumerated again in 10 s"
[ "$(cat "$SYS_USB/$LAB_DEV/devnum")" != "$devnum" ] || fail "$LAB_DEV kept device number $devnum"
aplab_find_intf || fail "autopm_lab was not bound again to $LAB_DEV"
aplab_paths
rx1=$(peer rx_frames)
aplab write "$APLAB_DEV" 1 >/dev/null || fail "write after the new enumeration"
wait_peer rx_frames $((rx1 + 1))
expect_eq "faults fired" $(($(fault_fired resumed_lost_state) - f0)) 2
echo "persist off: $dev disconnected, enumerated again as device $(cat "$SYS_USB/$LAB_DEV/devnum"), a frame arrived"
# a new device: the gadget's counts since boot are not the host's
lab_down >/dev/null 2>&1
