# scsi-sd-remove-dead-disk (scsi: sd): sd unbound from a disk whose
# runtime resume failed, while the SCSI device stays, leaves its queue
# usable: sd binds again within BIND_S and a block of the gadget's file
# reads back intact through the new node. sd_remove() marks a disk dead
# only when its resume failed AND the SCSI device is being removed.
# The resume is made to fail the way a drive that rejects START STOP
# UNIT does: manage_runtime_start_stop set while the disk is runtime
# suspended (the USB device kept awake, the gadget's LUN not removable,
# so f_mass_storage answers START STOP UNIT with "invalid command"), and
# power/control "on" asks for the resume. That leaves the SCSI device
# in runtime PM "error" (suspended); "on" also holds the usage count
# that sd_probe()'s unchecked get and put would otherwise underflow.
# Shown failing on 6.1 debug with scsi-sd-remove-dead-disk without its
# SCSI-device-state check (a scratch build): "sd did not bind 0:0:0:0 again
# within 30 s (the bind is still running)": blk_mark_disk_dead() and
# del_gendisk() start two freezes of the scsi_device's queue and end
# one, and sd_probe()'s first command
# waits in blk_queue_enter() for good. Case 75 covers the removal, where
# the disk must still be marked dead.
. /lab/tests/case.sh

BIND_S=30
lab_checked_kernel || BIND_S=10
SD_DRV=/sys/bus/scsi/drivers/sd
BLOCK=4096 AT=300

lab_up --functions mass_storage || fail "gadget up"
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "keep $LAB_DEV awake"
disk=$(lab_scsi_disk_up) || fail "usb-storage's disk"
sd=$(lab_scsi_disk_dir)
sdev=$(basename "$sd")
expect_eq "$disk removable" "$(cat "$sd/block/${disk#/dev/}/removable")" 0
labtool wait "$sd/power/runtime_status" suspended 10000 >/dev/null ||
	fail "$sdev did not runtime-suspend within 10 s; it is $(cat "$sd/power/runtime_status")"
echo 1 >"$sd/scsi_disk/$sdev/manage_runtime_start_stop" || fail "set manage_runtime_start_stop"
echo on >"$sd/power/control" || fail "power/control on for $sdev"
expect_eq "$sdev after its resume" "$(cat "$sd/power/runtime_status")" error
echo "$sdev" >"$SD_DRV/unbind" || fail "unbind sd from $sdev"
[ ! -e "$sd/block" ] || fail "$sdev still has a block device after the unbind"
echo "unbound sd from $sdev, whose resume failed"

# the block to read back, written into the gadget's file meanwhile
ms_file=$(lab_gadget_field mass_storage_file)
head -c $BLOCK /dev/urandom >/tmp/blk-in
dd if=/tmp/blk-in of="$ms_file" bs=$BLOCK seek=$AT conv=notrunc 2>/dev/null ||
	fail "block written into $ms_file"

t0=$(labtool now-ms)
echo "$sdev" >"$SD_DRV/bind" &
bind=$!
lab_wait_cmd $((BIND_S * 1000)) test -d "$sd/block" ||
	fail "sd did not bind $sdev again within $BIND_S s (the bind $(lab_pid_gone $bind && echo returned || echo is still running))"
lab_wait_pid $bind $((BIND_S * 1000)) || fail "the bind of $sdev failed or did not return"
node=/dev/$(ls "$sd/block")
lab_wait_cmd 5000 test -b "$node" || fail "no $node 5 s after the bind"
timeout "$BIND_S" dd if="$node" of=/tmp/blk-out bs=$BLOCK skip=$AT count=1 2>/dev/null ||
	fail "read block $AT from $node (exit $?)"
cmp -s /tmp/blk-in /tmp/blk-out ||
	fail "block $AT read from $node differs: $(cmp /tmp/blk-in /tmp/blk-out 2>&1 | head -n 1)"
echo "sd bound $sdev again: $node read block $AT intact, $(($(labtool now-ms) - t0)) ms after the bind"
lab_down >/dev/null 2>&1 || fail "gadget down"
