# scsi-sd-remove-dead-disk: a runtime-suspended USB disk whose device leaves
# the bus while a synced write is resuming it is removed, and the write
# ends with an I/O error. The UDC is unbound once the device reads
# "resuming"; a try counts only when the SCSI disk's own runtime resume
# failed (an rpm_return_int of rpm_resume with a negative return: its
# bio then had to wait for a resume that could not come). When the
# resume won the race, the try is made again, up to 5 times.
# Stock 6.1 fails here, as scripts/conform found (CONFORMANCE.md,
# usb-storage rule 6): the bio waits in __bio_queue_enter(), sd_remove()'s
# del_gendisk() waits for its writeback, and hub_wq never drops the
# device ("try 1: the host kept 1-1 10 s after the disconnect"),
# measured; the hung task detector names both 120 s on. Without the
# check on the disk's resume, a try where the write merely failed after
# a won resume would pass on stock too.
. /lab/tests/case.sh

UDC_FILE=/sys/kernel/config/usb_gadget/autopm-lab/UDC

for try in 1 2 3 4 5; do
	case_up --functions mass_storage
	disk=$(lab_scsi_disk_up) || fail "usb-storage's disk"
	sdev=$(basename "$(lab_scsi_disk_dir)")
	wait_suspended "$LAB_DEV"
	lab_trace_start
	dd if=/dev/urandom of="$disk" bs=4096 seek=100 count=1 conv=fsync 2>/dev/null &
	io=$!
	labtool wait "$SYS_USB/$LAB_DEV/power/runtime_status" resuming 3000 >/dev/null ||
		fail "try $try: the write started no resume of $LAB_DEV in 3 s"
	echo "" >"$UDC_FILE" || fail "unbind the UDC"
	lab_wait_cmd 10000 test ! -e "$SYS_USB/$LAB_DEV" ||
		fail "try $try: the host kept $LAB_DEV 10 s after the disconnect"
	lab_wait_cmd 10000 lab_pid_gone $io || fail "try $try: the write did not end in 10 s"
	rc=0
	wait $io || rc=$?
	failed=$(grep -c "rpm_return_int: rpm_resume+[^ ]*:$sdev ret=-" "$TRACEFS/trace")
	echo 0 >"$TRACEFS/tracing_on"
	lab_down >/dev/null 2>&1
	if [ "$failed" -gt 0 ]; then
		[ "$rc" -ne 0 ] || fail "try $try: the write succeeded though $sdev could not resume"
		echo "try $try: $sdev's resume failed ($failed times) with $LAB_DEV gone mid-resume: dropped, the write failed (exit $rc)"
		exit 0
	fi
	echo "try $try: $sdev resumed before the device left (write exit $rc); again"
done
fail "$sdev resumed in all 5 tries: the disconnect never came before its resume"
