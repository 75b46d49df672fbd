# hid-usbhid-stop-free-out-queue: a keyboard unplugged with an output report still
# queued leaks nothing. CapsLock set while the keyboard is suspended
# queues its LED report and starts a resume
# (hid-usbhid-queued-report-resume); dummy_hcd's resume_disconnect fault
# (dummy-hcd-faults) takes the device off the bus as
# that resume starts, so the resume fails and the report is still queued
# when usbhid stops. Stock 6.1's usbhid_stop() frees only the control
# queue's reports: kmemleak then finds a 16-byte object from
# usbhid_submit_report() (case 99, on the debug kernel, as
# CONFORMANCE.md's usbhid rule 9 found it). Here: the fault fired once,
# for the report's resume, and the host dropped the device.
. /lab/tests/case.sh

require_fault resume_disconnect
case_up --functions hid
dev=$LAB_DEV
ev=$(lab_host_evdev) || fail "no evdev node for the keyboard"
exec 3<>"$ev" || fail "open $ev"
wait_suspended "$dev"
f0=$(fault_fired resume_disconnect)
fault_arm resume_disconnect 1
# shellcheck disable=SC2059 # the record is the format
printf "$(lab_evdev_record 17 1 1)" >&3 || fail "CapsLock on, written to $ev"
labtool wait "$LAB_FAULTS/resume_disconnect/fired" $((f0 + 1)) 5000 >/dev/null ||
	fail "the LED report started no resume of $dev in 5 s (the fault did not fire)"
lab_wait_cmd 10000 test ! -e "$SYS_USB/$dev" || fail "the host kept $dev 10 s after it left mid-resume"
exec 3>&-
lab_down >/dev/null 2>&1
expect_eq "faults fired" $(($(fault_fired resume_disconnect) - f0)) 1
expect_eq "faults left armed" "$(fault_armed resume_disconnect)" 0
echo "LED report queued, the device gone as its resume started: $dev dropped"
