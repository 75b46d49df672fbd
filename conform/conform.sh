# shellcheck shell=sh
# Sourced by every conformance rule: the checks (fail, skip, waits:
# guest-image/scenario/checks.sh), the profiles of the gadget's
# functions, and what the rules share. A rule exits 0 (pass), 1 (fail)
# or 4 (n/a, its last line says why), like a test case; its last
# "evidence:" line goes on its KTAP result line, and from there to the
# scorecard.
. /lab/checks.sh

CONFORM=/lab/conform
# a transfer's round trip under TCG is well under this; a bound on hangs
# shellcheck disable=SC2034 # for the profiles
CONFORM_IO_MS=5000
# the functions under test, from the runner: "acm ecm"
FUNCTIONS=${CONFORM_FUNCTIONS:?the runner sets CONFORM_FUNCTIONS}

# A profile of a shared kind (net.sh, tty.sh): NAME_HOOK() for each
# hook, calling KIND_HOOK; every such kind has device-initiated input.
# profile_hooks NAME KIND
profile_hooks() {
	eval "${1}_has_input() { echo yes; }"
	for _h in up rebound down reset open close io io_start input; do
		eval "${1}_$_h() { ${2}_$_h; }"
	done
	# the optional one, if the kind has it
	! command -v "${2}_drain" >/dev/null 2>&1 || eval "${1}_drain() { ${2}_drain; }"
}

for _f in $FUNCTIONS; do
	# shellcheck disable=SC1090 # one profile per function (profiles/)
	. "$CONFORM/profiles/$_f.sh"
done

# Host-to-device data through the nodes on fd 3 (the host's) and fd 4
# (the gadget's): BYTES random bytes written, read back intact within
# CONFORM_IO_MS; prints one line of evidence.
# conform_write_out NAME BYTES HOST-NODE GADGET-NODE (for the messages)
conform_write_out() {
	head -c "$2" /dev/urandom >/tmp/conform-out
	head -c "$2" <&4 >/tmp/conform-got &
	_r=$!
	cat /tmp/conform-out >&3 || fail "$1: write to $3"
	lab_wait_pid $_r "$CONFORM_IO_MS" ||
		fail "$1: $(wc -c </tmp/conform-got) of $2 bytes reached $4"
	cmp -s /tmp/conform-got /tmp/conform-out ||
		fail "$1: the bytes that reached $4 differ: $(cmp /tmp/conform-got /tmp/conform-out 2>&1 | head -n 1)"
	echo "$1: $2 bytes written to $3 reached $4 intact"
}

# conform_sync NAME HOST-NODE GADGET-NODE: a host write that a fault
# interrupted (rule 10's io_start) reaches the gadget's end (fd 4) late,
# or never: a marker written on the host's end (fd 3) drops whatever
# came before it, so that the next I/O reads its own bytes. Fails when
# the marker does not arrive.
conform_sync() {
	printf 'autopm-lab sync\n' >/tmp/conform-sync
	# one read at a time (a raw tty's read returns what is there):
	# nothing comes after the marker until this returns
	: >/tmp/conform-seen
	(
		until tail -c 16 /tmp/conform-seen | cmp -s - /tmp/conform-sync; do
			[ "$(wc -c </tmp/conform-seen)" -lt 8192 ] || exit 1
			dd bs=4096 count=1 <&4 >>/tmp/conform-seen 2>/dev/null || exit 1
		done
	) &
	_r=$!
	cat /tmp/conform-sync >&3 || fail "$1: write to $2"
	lab_wait_pid $_r "$CONFORM_IO_MS" ||
		fail "$1: a marker written to $2 did not reach $3 ($(wc -c </tmp/conform-seen) bytes came:$(od -An -c /tmp/conform-seen | head -n 2 | tr -s ' \n' ' '))"
	echo "$1: $(($(wc -c </tmp/conform-seen) - 16)) bytes before the marker dropped"
}

# Each function's node opened, host-to-device I/O through it, closed:
# io_round PREFIX WHEN (for the messages: "PREFIXF: open WHEN"); sets
# IO_OUT to the I/O's evidence, each line followed by "; "
io_round() {
	IO_OUT=""
	for _f in $FUNCTIONS; do
		hook "$_f" open || fail "$1$_f: open $2"
		IO_OUT="$IO_OUT$(hook "$_f" io); "
		hook "$_f" close
	done
}

evidence() {
	echo "evidence: $*"
}

# a hook of function F's profile: hook F NAME ARGS... (acm_open ...)
hook() {
	_fn=$1 _name=$2
	shift 2
	"${_fn}_$_name" "$@"
}

# functions whose class has device-initiated input
input_functions() {
	for _f in $FUNCTIONS; do
		[ "$(hook "$_f" has_input)" = yes ] && echo "$_f"
	done
	return 0
}

# a profile's optional hook, when it has one: hook_opt F NAME ARGS...
hook_opt() {
	_fn=$1 _name=$2
	shift 2
	command -v "${_fn}_$_name" >/dev/null 2>&1 || return 0
	"${_fn}_$_name" "$@"
}

# what autopm-gadget up needs besides the functions (ids a driver's
# table knows), from each profile's up_args
conform_up_args() {
	for _f in $FUNCTIONS; do
		hook_opt "$_f" up_args
	done
}

# once per boot, before the first gadget: what the host's drivers need
# to know the device (a new_id), from each profile's prepare
conform_prepare() {
	for _f in $FUNCTIONS; do
		hook_opt "$_f" prepare || return 1
	done
}

# A driver without supports_autosuspend leaves its interface's runtime
# PM disabled ("unsupported"), and the device can never autosuspend:
# rules 1-8 and 10 are then n/a, by the driver's design, with the
# kernel's own reason.
conform_require_autosuspend() {
	for _i in $(interfaces); do
		[ "$(lab_status "$_i")" = unsupported ] || continue
		_d=$(basename "$(readlink "$SYS_USB/$_i/driver")")
		skip "n/a: by design: $_d does not support autosuspend (no supports_autosuspend; $_i runtime PM unsupported); $(why_awake)"
	done
}

# gadget up with the functions under test (and ARGS for autopm-gadget
# up), the device autosuspending after DELAY_MS
conform_up() {
	# shellcheck disable=SC2046 # up_args are words
	case_up --functions "$(echo "$FUNCTIONS" | tr ' ' ',')" $(conform_up_args) "$@"
	conform_require_autosuspend
	for _f in $FUNCTIONS; do
		hook "$_f" up || fail "$_f: the host side is not ready"
	done
}

conform_down() {
	for _f in $FUNCTIONS; do
		hook "$_f" down
	done
	lab_down || fail "gadget down"
}

# Wait until the device autosuspends, or fail saying why it did not:
# conform_wait_suspended WHY [MS]. Within SETTLE_MS by default: most
# waits only prepare a rule, and the debug kernel beside other guests
# once took over a second (case.sh); rule 1 alone times the suspend.
conform_wait_suspended() {
	_ms=${2:-$SETTLE_MS}
	lab_wait_state "$LAB_DEV" suspended "$_ms" >/dev/null ||
		fail "$LAB_DEV did not suspend within $_ms ms ($1); $(why_awake)"
}

# the device's remote wakeups as the patched USB core counts them, or
# "" on stock
wakeups() {
	cat "$SYS_USB/$LAB_DEV/power/remote_wakeup_count" 2>/dev/null
	return 0
}

# the loadable modules that drive the device's interfaces, one each
# (a built-in driver has no refcnt to read)
driver_modules() {
	for _i in $(interfaces); do
		_m=$(basename "$(readlink "$SYS_USB/$_i/driver/module" 2>/dev/null)")
		[ -r "/sys/module/$_m/refcnt" ] && echo "$_m"
	done | sort -u
}

# "name=refcnt ..." of MODULES, which outlive the device
module_refs() {
	for _m in "$@"; do
		printf '%s=%s ' "$_m" "$(cat "/sys/module/$_m/refcnt")"
	done
	echo
}

# MODULES' references read REFS (module_refs): refs_are "MODULES" REFS
refs_are() {
	# shellcheck disable=SC2086 # module names, one word each
	[ "$(module_refs $1)" = "$2" ]
}
