# Rule 3: I/O issued while the device is suspended resumes it and
# completes, the data intact: each function's node opened, the device
# left to autosuspend with it open, then host-to-device data. Closed
# again, the usage counts are back at their idle baseline.
# Shown to fail: fixtures/get-no-resume (a write that takes its
# reference without resuming: "vendor: the peer got 0 of 8 frames");
# fixtures/missing-put keeps the device awake once opened ("did not
# suspend within 525 ms (open and idle); refusal: interface_busy").
. /lab/conform/conform.sh

conform_up
conform_wait_suspended "idle, before the baseline"
base=$(usage_counts)
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
for f in $FUNCTIONS; do
	hook "$f" close
done
conform_wait_suspended "closed after the I/O"
expect_eq "usage counts after the I/O from suspend" "$(usage_counts)" "$base"
evidence "issued while suspended: $out usage counts back at $base"
