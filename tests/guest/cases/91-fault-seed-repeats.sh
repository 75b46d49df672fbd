# dummy_hcd's fault knobs (dummy-hcd-faults): at a probability, the
# decisions come from a sequence that writing the seed restarts, so a
# run repeats. suspend_fail at 50% with seed 7, over 8 autosuspend
# attempts (each after a new idle notification), fails some attempts
# (F) and lets the others suspend the device (S); the same seed written
# again gives the same pattern, which must hold both, and the fault's
# fired count grows by the F's. Bad input is refused and changes
# nothing: a probability over 100, a negative count.
. /lab/tests/case.sh

ROUNDS=8 SEED=7
require_fault suspend_fail
knob=$LAB_FAULTS/suspend_fail
case_up
dev=$LAB_DEV
require_core "$dev"
wait_suspended "$dev"

# an autosuspend attempt has ended since the counts were $1 (failed) and $2 (done)
attempted() {
	core_count_above "$dev" autosuspend_refused_failed "$1" ||
		core_count_above "$dev" autosuspend_count "$2"
}

# one attempt after a new idle notification: prints F (failed) or S
attempt() {
	_n=$(core_count "$dev" autosuspend_refused_failed)
	_a=$(core_count "$dev" autosuspend_count)
	echo on >"$SYS_USB/$dev/power/control" || fail "power/control on"
	lab_wait_state "$dev" active "$SETTLE_MS" >/dev/null || fail "$dev did not resume for power/control on"
	echo auto >"$SYS_USB/$dev/power/control" || fail "power/control auto"
	lab_wait_cmd "$SETTLE_MS" attempted "$_n" "$_a" ||
		fail "no autosuspend attempt in $SETTLE_MS ms: $(why_awake)"
	if core_count_above "$dev" autosuspend_refused_failed "$_n"; then echo F; else echo S; fi
}

pattern() {
	echo "$SEED" >"$knob/seed" || fail "write seed $SEED"
	_p='' _i=0
	while [ $_i -lt $ROUNDS ]; do
		_i=$((_i + 1))
		_p=$_p$(attempt)
	done
	echo "$_p"
}

echo 50 >"$knob/probability" || fail "probability 50"
f0=$(fault_fired suspend_fail)
p1=$(pattern)
p2=$(pattern)
echo 0 >"$knob/probability" || fail "probability 0"
echo "seed $SEED: $p1, then $p2"
expect_eq "the pattern with the same seed again" "$p2" "$p1"
case $p1 in *F*S* | *S*F*) ;; *) fail "seed $SEED gave $p1: a pattern of one kind shows no sequence" ;; esac
fs=$(echo "$p1" | tr -cd F | wc -c)
expect_eq "faults fired, the F's of both runs" $(($(fault_fired suspend_fail) - f0)) $((2 * fs))
! echo 101 >"$knob/probability" 2>/dev/null || fail "probability 101 was accepted"
! echo -1 >"$knob/times" 2>/dev/null || fail "times -1 was accepted"
expect_eq "probability after the bad write" "$(cat "$knob/probability")" 0
expect_eq "times after the bad write" "$(cat "$knob/times")" 0
# the last attempt may have failed, and nothing tries again by itself
[ "$(attempt)" = S ] || fail "an autosuspend attempt failed with the fault off"
wait_suspended "$dev"
