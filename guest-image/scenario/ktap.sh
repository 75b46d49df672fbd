# shellcheck shell=sh
# The KTAP runner that the guest test suite (tests/guest/run-tests) and
# the conformance run (conform/run) share: the plan, one script run
# under a timeout, its exit status read as kselftest's (0 pass, 4 skip,
# else fail), its output as diagnostic lines, the result line and the
# totals. Source it; it runs nothing.

# ktap_plan DESCRIPTION N
ktap_plan() {
	KTAP_PASS=0 KTAP_FAIL=0 KTAP_SKIP=0
	echo "KTAP version 1"
	echo "# $1"
	echo "1..$2"
}

# Run SCRIPT with ARGS in a shell of its own, killed after LIMIT seconds,
# its output in FILE; sets KTAP_RES to pass, skip, fail or timeout.
# ktap_run LIMIT FILE SCRIPT [ARG...]
# shellcheck disable=SC2034 # for the runner that sourced this file
ktap_run() {
	_kl=$1 _kf=$2
	shift 2
	timeout "$_kl" sh "$@" >"$_kf" 2>&1
	case $? in
	0) KTAP_RES=pass ;;
	4) KTAP_RES=skip ;;
	# timeout's own status, or TERM's when the shell got it first
	124 | 143) KTAP_RES=timeout ;;
	*) KTAP_RES=fail ;;
	esac
}

# FILE's lines as KTAP diagnostics
ktap_diag() {
	sed 's/^/# /' "$1"
}

# The result line of test N, NAME: ktap_result N NAME RESULT [NOTE].
# NOTE follows a "#": a skip's reason, a pass's or a failure's evidence;
# a timeout's note is "TIMEOUT" and the limit.
ktap_result() {
	case $3 in
	pass) echo "ok $1 $2${4:+ # $4}"; KTAP_PASS=$((KTAP_PASS + 1)) ;;
	skip) echo "ok $1 $2 # SKIP${4:+ $4}"; KTAP_SKIP=$((KTAP_SKIP + 1)) ;;
	timeout) echo "not ok $1 $2 # TIMEOUT $4"; KTAP_FAIL=$((KTAP_FAIL + 1)) ;;
	*) echo "not ok $1 $2${4:+ # $4}"; KTAP_FAIL=$((KTAP_FAIL + 1)) ;;
	esac
}

ktap_totals() {
	echo "# Totals: pass:$KTAP_PASS fail:$KTAP_FAIL xfail:0 xpass:0 skip:$KTAP_SKIP error:0"
}
