# shellcheck shell=sh
# The assertions, waits and readings that the guest test cases
# (tests/guest/case.sh) and the conformance rules (conform/conform.sh)
# share. Its assertions end the sourcing script with the kselftest exit
# codes (0 pass, 1 fail, 4 skip).
. /lab/lab.sh

# the tests use a short delay so the suite stays fast
DELAY_MS=100
# a suspend is due DELAY_MS after last use; the PM core's timer may add a
# quarter of the delay as slack, and TCG scheduling adds the rest (docs/measurements.md)
SUSPEND_BOUND_MS=$((DELAY_MS + DELAY_MS / 4 + 400))
# the debug kernel (KASAN, lockdep) took over 525 ms to suspend in case 36
# while builds shared the two cores
lab_checked_kernel && SUSPEND_BOUND_MS=$((DELAY_MS + DELAY_MS / 4 + 1000))
# a wait for a precondition that measures nothing (the idle period before
# a timed wakeup: case 69 bounds those): on debug, beside a kernel build
# and another guest, case 36's device once took over 1125 ms to suspend
# shellcheck disable=SC2034 # for the cases
SETTLE_MS=10000
# what the PM core's timer interrupt, pm_wq and TCG may add to an idle
# period beyond the delay and its quarter of slack (case 69): measured
# up to 29 ms on patched beside another guest; on debug beside a kernel
# build and another guest, 59 ms at a 100 ms delay and 164 at 2000
IDLE_MARGIN_MS=50
# shellcheck disable=SC2034 # for the cases
lab_checked_kernel && IDLE_MARGIN_MS=300
# remote wakeup to "active": 20 ms resume signalling plus 10 ms recovery
# on the wire; measured 31-35 ms (median) here under TCG on patched, with
# single wakeups up to 116 ms under load (case 68), 60-72 ms on stock. The debug kernel (KASAN,
# lockdep) takes about twice as long, and its p95 reached 325 ms while the
# host's two cores were busy with other builds.
WAKE_BOUND_MS=300
# shellcheck disable=SC2034 # for the cases
lab_checked_kernel && WAKE_BOUND_MS=600

# fail may run in a subshell: in "$(core_count ...)" or a pipeline its
# exit would end only that subshell, and the case would go on with an
# empty value. So it writes to the case's own output (fd 9, opened here)
# and signals the case's shell, which exits 1 on USR1, ending the case
# with this diagnostic first: once that shell's current command is done
# (ash runs the trap after a $(...) has read to its end, so nothing
# started in the background inside one may keep its pipe open).
CASE_PID=$$
exec 9>&1
trap 'exit 1' USR1

# the kernel's last words help more than anything a case can add
fail() {
	{
		echo "FAIL: $*"
		# a sourcing file may say more about the state it left (aplab.sh)
		command -v fail_state >/dev/null 2>&1 && fail_state
		dmesg | tail -n 15 | sed 's/^/dmesg: /'
	} >&9
	kill -USR1 "$CASE_PID"
	exit 1
}

skip() {
	echo "$*"
	exit 4
}

expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
	echo "$1: $2"
}

# up, with the test delay; sets LAB_DEV and LAB_HUB
case_up() {
	lab_up "$@" || fail "gadget up $*"
	lab_autosuspend "$LAB_DEV" "$DELAY_MS" || fail "cannot enable autosuspend on $LAB_DEV"
}

# A precondition: DEV suspended, however long a loaded host takes (up to
# SETTLE_MS). A case that claims a bound on the suspend times it itself
# (lab_wait_state with SUSPEND_BOUND_MS, as cases 03 and 71 do).
wait_suspended() {
	lab_wait_state "$1" suspended "$SETTLE_MS" >/dev/null ||
		fail "$1 did not suspend within $SETTLE_MS ms"
}

# DEV's runtime_status must stay VALUE for a whole autosuspend period
# plus its bound: the time in which it would otherwise have suspended
expect_steady() {
	labtool steady "$SYS_USB/$1/power/runtime_status" "$2" "$SUSPEND_BOUND_MS" ||
		fail "$1 did not stay $2: $3"
	echo "$1 stayed $2 for $SUSPEND_BOUND_MS ms ($3)"
}

# expect_awake_while WHAT DEV A0 PRED...: while PRED holds, DEV reads
# active and its autosuspend_count stays A0, sampled every 20 ms; a
# sample counts only if PRED still held after it was read. Sets
# AWAKE_SAMPLES and AWAKE_SPAN_MS (the first sample to the last).
expect_awake_while() {
	_what=$1 _dev=$2 _a0=$3
	shift 3
	# shellcheck disable=SC2034 # for the cases
	AWAKE_SAMPLES=0 AWAKE_SPAN_MS=0
	_t0=$(labtool now-ms)
	while "$@"; do
		_st=$(lab_status "$_dev")
		_a=$(core_count "$_dev" autosuspend_count)
		"$@" || break
		[ "$_st" = active ] || fail "$_dev was $_st while $_what"
		[ "$_a" = "$_a0" ] || fail "$_dev autosuspended ($_a, was $_a0) while $_what"
		AWAKE_SAMPLES=$((AWAKE_SAMPLES + 1))
		# shellcheck disable=SC2034 # for the cases
		AWAKE_SPAN_MS=$(($(labtool now-ms) - _t0))
		usleep 20000
	done
}

# require_fault NAME...: dummy_hcd has each of these faults (lab.sh)
require_fault() {
	for _f; do
		[ -w "$LAB_FAULTS/$_f/times" ] && [ -r "$LAB_FAULTS/$_f/fired" ] ||
			fail "dummy_hcd has no fault $_f (the lab's dummy-hcd-faults patches)"
	done
}

# how often fault NAME fired since boot
fault_fired() {
	cat "$LAB_FAULTS/$1/fired" || fail "no fault $1"
}

# fault_arm NAME N: NAME fires at each of its next N occurrences
fault_arm() {
	echo "$2" >"$LAB_FAULTS/$1/times" || fail "cannot arm fault $1"
}

# fault_wait NAME COUNT MS: until NAME has fired COUNT times since boot
fault_wait() {
	labtool wait "$LAB_FAULTS/$1/fired" "$2" "$3" >/dev/null ||
		fail "fault $1 fired $(fault_fired "$1") times in all after $3 ms, wanted $2"
}

# the occurrences NAME is still armed for
fault_armed() {
	cat "$LAB_FAULTS/$1/times" || fail "no fault $1"
}

# the patched kernel's power/ counters must be there (in this shell, so
# that a stock kernel fails the case at once, saying why)
require_core() {
	[ -e "$SYS_USB/$1/power/autosuspend_count" ] ||
		fail "$1 has no USB core counters in power/: this kernel lacks the lab's patches"
}

# a USB core counter of the patched kernel (power/NAME), or fail
core_count() {
	cat "$SYS_USB/$1/power/$2" 2>/dev/null || fail "$1 has no power/$2 (a stock kernel?)"
}

refusal() {
	cat "$SYS_USB/$1/power/autosuspend_refusal" 2>/dev/null ||
		fail "$1 has no power/autosuspend_refusal (a stock kernel?)"
}

refusal_detail() {
	cat "$SYS_USB/$1/power/autosuspend_refusal_detail" 2>/dev/null ||
		fail "$1 has no power/autosuspend_refusal_detail (a stock kernel?)"
}

# expect_refusal DEV REASON DETAIL: the refusal files read exactly that
expect_refusal() {
	expect_eq "$1 autosuspend_refusal" "$(refusal "$1")" "$2"
	expect_eq "$1 autosuspend_refusal_detail" "$(refusal_detail "$1")" "$3"
}

# the sum of DEV's refused-attempt counters, by reason
refused_total() {
	_t=0
	for _r in busy no_wakeup hcd_wakeup reset_resume driver failed; do
		_t=$((_t + $(core_count "$1" "autosuspend_refused_$_r")))
	done
	echo "$_t"
}

# a counter of the patched UDC class (/sys/class/udc/UDC/NAME), or fail
udc_count() {
	cat "/sys/class/udc/$(lab_udc)/$1" 2>/dev/null ||
		fail "the UDC has no $1 (a kernel without the lab's gadget patches?)"
}

# for lab_wait_cmd, which runs its command again at each try (a "$(...)"
# in its arguments would be read once, before the wait)
udc_count_above() {
	[ "$(udc_count "$1")" -gt "$2" ]
}

udc_state_is() {
	[ "$(cat "/sys/class/udc/$(lab_udc)/state")" = "$1" ]
}

# the monotonic clock (labtool now-ms) has reached MS
clock_past() {
	[ "$(labtool now-ms)" -ge "$1" ]
}

# the device's interfaces, one sysfs name each
interfaces() {
	for _i in "$SYS_USB/$LAB_DEV":*; do
		[ -e "$_i" ] && basename "$_i"
	done
	return 0
}

# the PM core's usage count of DEV (device or interface), or fail
usage_of() {
	cat "$SYS_USB/$1/power/runtime_usage" 2>/dev/null ||
		fail "$1 has no power/runtime_usage (CONFIG_PM_ADVANCED_DEBUG is off)"
}

# "DEV=N" for the device and each interface, on one line
usage_counts() {
	for _d in "$LAB_DEV" $(interfaces); do
		printf '%s=%s ' "$_d" "$(usage_of "$_d")"
	done
	echo
}

# why the device is awake: the patched kernel says; stock cannot. The
# interfaces' states too: all suspended with no refusal means nothing
# asked the device to try again
why_awake() {
	if [ -r "$SYS_USB/$LAB_DEV/power/autosuspend_refusal" ]; then
		_r=$(cat "$SYS_USB/$LAB_DEV/power/autosuspend_refusal")
		_rd=$(cat "$SYS_USB/$LAB_DEV/power/autosuspend_refusal_detail")
		printf 'refusal: %s; ' "$_r${_rd:+ $_rd}"
	else
		printf 'no refusal reporting in this kernel; '
	fi
	echo "usage counts: $(usage_counts | sed 's/ $//'); interfaces: $(for _i in $(interfaces); do
		printf '%s=%s ' "$_i" "$(lab_status "$_i")"
	done | sed 's/ $//')"
}

# the same for DEV's usbcore counter NAME: core_count_above DEV NAME N
core_count_above() {
	[ "$(core_count "$1" "$2")" -gt "$3" ]
}

# Wait up to MS for DEV's remote_wakeup_count to pass N (the wakeups the
# device signalled, as the USB core counts them); prints the ms waited:
# One remote wakeup from the gadget (srp), waited for up to SETTLE_MS:
# a wait, not a bound. Prints "wakeup delivered: ... after N ms" as
# autopm-gadget wake does; fails the case when none is delivered.
wake() {
	autopm-gadget wake --timeout-ms "$SETTLE_MS" || fail "$1: no wakeup delivered in $SETTLE_MS ms"
}

# The bound on wakeup latencies, from the samples themselves (as case
# 36's): their median at most half of WAKE_BOUND_MS (a wakeup slow every
# time fails), and every one of them within WAKE_BOUND_MS or 6 times the
# median if more (a host loaded by other guests moves it: a single
# 605 ms wakeup was seen on debug at a 600 ms bound). Reads
# expect_wakes_bounded WHAT MS... and prints what it found.
expect_wakes_bounded() {
	_what=$1
	shift
	[ $# -gt 0 ] || fail "$_what: no wakeup times"
	_med=$(printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	_max=$(printf '%s\n' "$@" | sort -n | tail -n 1)
	[ "$_med" -le $((WAKE_BOUND_MS / 2)) ] ||
		fail "$_what: median wakeup $_med ms, bound $((WAKE_BOUND_MS / 2)) ms ($*)"
	_b=$((6 * _med > WAKE_BOUND_MS ? 6 * _med : WAKE_BOUND_MS))
	[ "$_max" -le "$_b" ] || fail "$_what: a wakeup took $_max ms, bound $_b ms (median $_med; $*)"
	echo "$_what: $# wakeups, median $_med ms, at most $_max, bound $_b"
}

# the ms in a "wakeup delivered: ... active after N ms" line
wake_ms() {
	echo "$1" | sed -n 's/.* active after \([0-9]*\) ms$/\1/p'
}

# wait_remote_wakeup DEV N MS. Unlike "active", a count cannot be missed:
# on a loaded debug guest a sender can outlast the wakeup, the resume and
# the next autosuspend before a waiter starts to look (case 35).
wait_remote_wakeup() {
	_ws=$(labtool now-ms)
	lab_wait_cmd "$3" core_count_above "$1" remote_wakeup_count "$2" || return 1
	echo $(($(labtool now-ms) - _ws))
}

# The bound of a data-driven wakeup: a bare remote wakeup of the same
# device, timed now (the device suspended, its wakeup armed) under the
# same load, times 3 (as rule 4's; 6 on debug, where the data's own path
# took 5 times a bare wakeup: 934 ms after 186), never under
# WAKE_BOUND_MS; the device suspended again after it. Prints the bound.
wakeup_bound_ms() {
	_wo=$(autopm-gadget wake --timeout-ms "$SETTLE_MS" 2>&1) ||
		fail "the reference wakeup was not delivered: $_wo"
	_ref=$(echo "$_wo" | sed -n 's/.* active after \([0-9]*\) ms$/\1/p')
	[ -n "$_ref" ] || fail "no time in the reference wakeup's report: $_wo"
	wait_suspended "$LAB_DEV"
	_k=3
	! lab_checked_kernel || _k=6
	echo $((_k * _ref > WAKE_BOUND_MS ? _k * _ref : WAKE_BOUND_MS))
}

# expect_within WHAT MS BOUND: a wakeup or resume that took MS, within
# BOUND plus the time the guest could not run meanwhile (the lateness of
# labtool jitter's sleeps summed, from lab_jitter_start, stopped here):
# a wakeup is a chain of steps (the UDC, hub_wq, the resume's signalling
# and recovery timers), each of which waits as long as the guest is not
# scheduled. On debug beside a build and two guests a wakeup took 683 ms
# while the latest single timer was only 66 ms late. The wait before it
# waits on state, with SETTLE_MS.
expect_within() {
	lab_jitter_stop || fail "$1: no timer lateness measured"
	_b=$(($3 + LAB_LATE_SUM))
	[ "$2" -le "$_b" ] ||
		fail "$1 took $2 ms, bound $_b ms ($3, and $LAB_LATE_SUM ms the guest ran late; at most $LAB_LATE_MAX at once)"
	echo "$1 took $2 ms (bound $_b ms: $3, and $LAB_LATE_SUM ms the guest ran late; at most $LAB_LATE_MAX at once)"
}
