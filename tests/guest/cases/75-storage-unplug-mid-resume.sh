# scsi-sd-remove-dead-disk: a runtime-suspended USB disk whose device leaves
# the bus while a synced write is resuming it is removed, and the write
# ends with an I/O error. dummy_hcd's resume_disconnect fault
# (dummy-hcd-faults) takes the device off the bus as
# the write's resume starts; the SCSI disk's own runtime resume then
# fails (an rpm_return_int of rpm_resume with a negative return: its
# bio had to wait for a resume that could not come).
# Stock 6.1 fails here, as scripts/conform found (CONFORMANCE.md,
# usb-storage rule 6): the bio waits in __bio_queue_enter(), sd_remove()'s
# del_gendisk() waits for its writeback, and hub_wq never drops the
# device ("the host kept 1-1 10 s after the disconnect"), measured; the
# hung task detector names both 120 s on. Without the check on the
# disk's resume, a write that merely failed after a won resume would
# pass on stock too.
. /lab/tests/case.sh

require_fault resume_disconnect
case_up --functions mass_storage
disk=$(lab_scsi_disk_up) || fail "usb-storage's disk"
sdev=$(basename "$(lab_scsi_disk_dir)")
wait_suspended "$LAB_DEV"
lab_trace_start
f0=$(fault_fired resume_disconnect)
fault_arm resume_disconnect 1
dd if=/dev/urandom of="$disk" bs=4096 seek=100 count=1 conv=fsync 2>/dev/null &
io=$!
labtool wait "$LAB_FAULTS/resume_disconnect/fired" $((f0 + 1)) 10000 >/dev/null ||
	fail "the write started no resume of $LAB_DEV in 10 s (the fault did not fire)"
lab_wait_cmd 10000 test ! -e "$SYS_USB/$LAB_DEV" ||
	fail "the host kept $LAB_DEV 10 s after the disconnect"
lab_wait_cmd 10000 lab_pid_gone $io || fail "the write did not end in 10 s"
rc=0
wait $io || rc=$?
failed=$(grep -c "rpm_return_int: rpm_resume+[^ ]*:$sdev ret=-" "$TRACEFS/trace")
echo 0 >"$TRACEFS/tracing_on"
lab_down >/dev/null 2>&1
expect_eq "faults fired" $(($(fault_fired resume_disconnect) - f0)) 1
[ "$failed" -gt 0 ] || fail "$sdev's runtime resume never failed: the device left after it"
[ "$rc" -ne 0 ] || fail "the write succeeded though $sdev could not resume"
echo "$sdev's resume failed ($failed times) with $LAB_DEV gone as it started: dropped, the write failed (exit $rc)"
