# The check that runs after every case can fail: "autopm-gadget counters"
# fed a wrong host count (a file bind-mounted over the sysfs counter)
# says MISMATCH and exits 1, a missing counter says MISSING and exits 1,
# and the runner reports a case that passes but leaves disagreeing
# counts as failed. Shown failing: with run-tests' counts_agree()
# returning 0 at once, the nested suite below reports "ok" and this case
# fails; with verdict.c's pair() passing a missing counter, the MISSING
# half fails.
. /lab/tests/case.sh

# counters prints its verdict on stdout: it must exit exactly 1
counters_exit_1() {
	autopm-gadget counters >/tmp/out 2>&1
	_rc=$?
	cat /tmp/out
	[ "$_rc" -eq 1 ] || fail "autopm-gadget counters exited $_rc, want 1"
}

lab_has_counters || fail "this kernel has none of the lab's counters (usb-core-autopm-counters)"
case_up
wait_suspended "$LAB_DEV"
autopm-gadget counters >/tmp/c.ok || fail "counters disagree before anything was changed: $(cat /tmp/c.ok)"
grep -qx "counters: agree" /tmp/c.ok || fail "counters did not say agree: $(cat /tmp/c.ok)"

POWER=$SYS_USB/$LAB_DEV/power
# one more remote wakeup on the host than the device delivered
echo $(($(core_count "$LAB_DEV" remote_wakeup_count) + 1)) >/tmp/fake-count
mount --bind /tmp/fake-count "$POWER/remote_wakeup_count" || fail "cannot bind-mount over the counter"
counters_exit_1
grep -q "^remote-wakeups .* MISMATCH$" /tmp/out || fail "no MISMATCH line for remote-wakeups"
grep -qx "counters: MISMATCH" /tmp/out || fail "no 'counters: MISMATCH' line"

# the runner itself: a case that passes, with the wrong count still there
mkdir -p /tmp/selftest-cases
echo 'exit 0' >/tmp/selftest-cases/01-passes.sh
LAB_CASES=/tmp/selftest-cases LAB_RESULTS=/dev/null /lab/tests/run-tests 01-passes >/tmp/nested
_rc=$?
# the nested runner took the gadget down, and the mount went with the
# sysfs file it covered
grep -q " $POWER/remote_wakeup_count " /proc/mounts && fail "the bind mount outlived the device"
sed 's/^/nested: /' /tmp/nested
[ "$_rc" -ne 0 ] || fail "the nested suite passed with disagreeing counts"
grep -q "^not ok 1 01-passes" /tmp/nested || fail "the nested suite did not fail the case"
grep -q "host and device counts disagree" /tmp/nested || fail "the nested suite did not say why"
# (the nested runner took the gadget down: bring it back for the rest)
case_up
wait_suspended "$LAB_DEV"

# a counter file missing while the others exist: a power/ folder without it
POWER=$SYS_USB/$LAB_DEV/power
mkdir -p /tmp/fake-power
for f in "$POWER"/*; do
	[ -f "$f" ] && [ "$(basename "$f")" != autosuspend_count ] && cat "$f" >"/tmp/fake-power/$(basename "$f")" 2>/dev/null
done
mount --bind /tmp/fake-power "$POWER" || fail "cannot bind-mount over power/"
autopm-gadget counters >/tmp/out 2>&1
_rc=$?
umount "$POWER" || fail "umount power/"
cat /tmp/out
[ "$_rc" -eq 1 ] || fail "autopm-gadget counters exited $_rc with a counter missing, want 1"
grep -q "^suspends .*MISSING: no host counter" /tmp/out || fail "no MISSING line for suspends"
autopm-gadget counters >/tmp/c.ok || fail "counters disagree after the bind mounts went: $(cat /tmp/c.ok)"
