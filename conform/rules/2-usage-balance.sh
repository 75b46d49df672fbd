# Rule 2: the PM core's usage counts (power/runtime_usage of the device
# and of each interface, not the driver's own tally) are back at their
# idle baseline after an open and close, and after I/O. The I/O runs
# with the device held awake (power/control on): I/O from suspend, and
# its balance, are rule 3's, so that a driver that cannot resume for a
# write fails there alone, whatever a loaded host's timing.
# Shown to fail: fixtures/missing-put (a get in open() with no put in
# release()) leaves its interface's count one higher after the close.
. /lab/conform/conform.sh

conform_up
conform_wait_suspended "idle, before the baseline"
base=$(usage_counts)
echo "baseline: $base"
for f in $FUNCTIONS; do
	hook "$f" open || fail "$f: open"
	hook "$f" close
done
lab_wait_state "$LAB_DEV" suspended "$SETTLE_MS" >/dev/null
expect_eq "usage counts after open and close" "$(usage_counts)" "$base"
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
for f in $FUNCTIONS; do
	hook "$f" open || fail "$f: open"
	hook "$f" io
	hook "$f" close
done
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
lab_wait_state "$LAB_DEV" suspended "$SETTLE_MS" >/dev/null
expect_eq "usage counts after I/O" "$(usage_counts)" "$base"
conform_wait_suspended "after I/O"
evidence "usage counts $base after open/close and after I/O"
