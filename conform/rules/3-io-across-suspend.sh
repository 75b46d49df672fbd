# Rule 3: I/O issued while the device is suspended resumes it and
# completes, the data intact: each function's node opened, the device
# left to autosuspend with it open, then host-to-device data.
# Shown to fail: fixtures/missing-put keeps the device awake once opened
# ("did not suspend within 525 ms (open and idle); refusal:
# interface_busy").
. /lab/conform/conform.sh

conform_up
for f in $FUNCTIONS; do
	hook "$f" open || fail "$f: open"
done
conform_wait_suspended "open and idle"
r0=$(cat "$SYS_USB/$LAB_DEV/power/runtime_active_time")
out=""
for f in $FUNCTIONS; do
	[ "$(lab_status "$LAB_DEV")" = suspended ] || conform_wait_suspended "before $f's I/O"
	out="$out$(hook "$f" io); "
done
[ "$(cat "$SYS_USB/$LAB_DEV/power/runtime_active_time")" -gt "$r0" ] ||
	fail "the device never became active for the I/O"
evidence "issued while suspended: $out"
