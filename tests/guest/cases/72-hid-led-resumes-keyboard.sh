# hid-usbhid-queued-report-resume: an output report queued while a keyboard is
# autosuspended resumes it. CapsLock set through the keyboard's evdev
# node (the configfs HID function, a boot keyboard) while the device is
# suspended: the device resumes within the wakeup bound plus a transfer
# and the LED report reaches the gadget, through exactly one autoresume
# and no remote wakeup (the host asked, not the device). The report is
# waited for up to IO_MS: the gadget's reader is a shell pipeline per
# byte, which on debug beside a build once missed an 800 ms bound with
# the device already active.
# Stock 6.1 fails here: usbhid's queue restart returns early while the
# device is suspended, so nothing asks for the resume and no report
# arrives (measured as "no LED report 2 at the gadget within 500 ms
# (got: 0 ); 1-1 is suspended", the 0 hid-input's report at the start;
# now "1-1 did not resume within ... ms of the report").
. /lab/tests/case.sh

BOUND_MS=$((WAKE_BOUND_MS + 200))
IO_MS=5000

case_up --functions hid
ev=$(lab_host_evdev) || fail "no evdev node for the keyboard"
exec 3<>"$ev" || fail "open $ev"
exec 4<>"$(lab_gadget_field hid_dev)" || fail "open the gadget's hidg node"
wait_suspended "$LAB_DEV"
# read before the report; checked after it, so that stock (without the
# counters) fails on the report itself
r0=$(cat "$SYS_USB/$LAB_DEV/power/autoresume_count" 2>/dev/null)
w0=$(cat "$SYS_USB/$LAB_DEV/power/remote_wakeup_count" 2>/dev/null)
lab_hid_led_reader 2 "$IO_MS" /tmp/led
reader=$!
expect_eq "$LAB_DEV before the report" "$(lab_status "$LAB_DEV")" suspended
lab_jitter_start
t0=$(labtool now-ms)
# shellcheck disable=SC2059 # the record is the format
printf "$(lab_evdev_record 17 1 1)" >&3 || fail "CapsLock on, written to $ev"
ms=$(lab_wait_state "$LAB_DEV" active "$SETTLE_MS") ||
	fail "$LAB_DEV did not resume within $SETTLE_MS ms of the report; it is $(lab_status "$LAB_DEV")"
expect_within "the resume for the report" "$ms" "$BOUND_MS"
lab_wait_pid $reader "$IO_MS" ||
	fail "no LED report 2 at the gadget within $IO_MS ms (got: $(tr '\n' ' ' </tmp/led)); $LAB_DEV is $(lab_status "$LAB_DEV")"
io_ms=$(($(labtool now-ms) - t0))
expect_eq "autoresumes for the report" $(($(core_count "$LAB_DEV" autoresume_count) - ${r0:-0})) 1
expect_eq "remote wakeups" $(($(core_count "$LAB_DEV" remote_wakeup_count) - ${w0:-0})) 0
echo "CapsLock on while suspended: $LAB_DEV active after $ms ms, LED report at the gadget after $io_ms ms, 1 autoresume"
# off again: usbhid keeps a keyboard with a lit LED awake (by design)
lab_hid_led_reader 0 "$IO_MS" /tmp/led
reader=$!
# shellcheck disable=SC2059 # the record is the format
printf "$(lab_evdev_record 17 1 0)" >&3 || fail "CapsLock off"
lab_wait_pid $reader "$IO_MS" || fail "no LED report 0 at the gadget"
wait_suspended "$LAB_DEV"
