# hid-usbhid-stop-free-out-queue: a keyboard unplugged with an output report still
# queued leaks nothing. CapsLock set while the keyboard is suspended
# queues its LED report and starts a resume
# (hid-usbhid-queued-report-resume); the gadget
# leaves the bus while the host's device reads "resuming", so the resume
# fails and the report is still queued when usbhid stops. Stock 6.1's
# usbhid_stop() frees only the control queue's reports: kmemleak then
# finds a 16-byte object from usbhid_submit_report() (case 99, on the
# debug kernel, as CONFORMANCE.md's usbhid rule 9 found it). Here: the
# host resumed for the report, lost the device mid-resume, dropped it.
. /lab/tests/case.sh

GADGET_UDC=/sys/kernel/config/usb_gadget/autopm-lab/UDC

# one attempt: 0 when the gadget left while the host was resuming
unplug_mid_resume() {
	case_up --functions hid
	dev=$LAB_DEV
	ev=$(lab_host_evdev) || fail "no evdev node for the keyboard"
	exec 3<>"$ev" || fail "open $ev"
	wait_suspended "$dev"
	# shellcheck disable=SC2059 # the record is the format
	printf "$(lab_evdev_record 17 1 1)" >&3 || fail "CapsLock on, written to $ev"
	if labtool wait "$SYS_USB/$dev/power/runtime_status" resuming 3000 >/dev/null; then
		st=resuming
	else
		st=$(lab_status "$dev")
	fi
	echo "" >"$GADGET_UDC" || fail "unbind the UDC"
	lab_wait_cmd 10000 test ! -e "$SYS_USB/$dev" || fail "the host kept $dev 10 s after the gadget left"
	exec 3>&-
	lab_down >/dev/null 2>&1
	[ "$st" = resuming ]
}

tries=1
until unplug_mid_resume; do
	[ "$st" != suspended ] || fail "the LED report started no resume"
	[ "$tries" -lt 5 ] || fail "the resume ended before the gadget could leave, $tries times"
	tries=$((tries + 1))
done
echo "LED report queued, the gadget gone mid-resume (attempt $tries): $dev dropped"
