# shellcheck shell=bash
# Shared helpers for the autopm-lab scripts. Source it; it runs nothing.

LAB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LAB_CACHE=${AUTOPM_LAB_CACHE:-$HOME/.cache/autopm-lab}
LAB_VARIANTS="patched stock debug"
# Kernel trees and builds are shared by every checkout (under lab_lock);
# what is built from this checkout's own files (programs, module, image,
# unit tests) and each run's results live in a folder of this checkout.
# shellcheck disable=SC2034 # for the scripts that source this one
LAB_STATE=$LAB_CACHE/checkout/$(printf '%s' "$LAB_ROOT" | sha256sum | cut -c1-12)

# shellcheck disable=SC2034 # for the scripts that source this one
readonly EXIT_OK=0 EXIT_FAIL=1 EXIT_USAGE=2

die() {
	echo "Error: $*" >&2
	exit "$EXIT_FAIL"
}

usage_error() {
	echo "Error: $*" >&2
	echo "Try '$(basename "$0") --help'." >&2
	exit "$EXIT_USAGE"
}

info() {
	echo "[$(basename "$0")] $*" >&2
}

check_variant() {
	case " $LAB_VARIANTS " in
	*" $1 "*) ;;
	*) usage_error "unknown variant '$1' (choose one of: $LAB_VARIANTS)" ;;
	esac
}

# The lock of a variant's source tree: stock builds the pristine tree,
# patched and debug share the patched one (whose lock file is plain
# build.lock, the one lock of older checkouts).
variant_lock() {
	if [ "$1" = stock ]; then echo stock; else echo patched; fi
}

lock_file() {
	if [ "$1" = patched ]; then
		echo "$LAB_CACHE/build.lock"
	else
		echo "$LAB_CACHE/build-$1.lock"
	fi
}

# Hold the lock NAME (fd 9) until lab_unlock or exit: a kernel tree, its
# builds and what is built against them change only under it. Children
# inherit the lock, so they do not take it again.
lab_lock() {
	local file
	file=$(lock_file "$1")
	case ${LAB_LOCK_HELD:-} in
	"$1":*) return 0 ;;
	?*) die "internal: lock $1 wanted while ${LAB_LOCK_HELD%%:*} is held" ;;
	esac
	mkdir -p "$LAB_CACHE"
	exec 9>"$file"
	if ! flock -n 9; then
		info "waiting for another run's build ($file)"
		flock 9
	fi
	export LAB_LOCK_HELD=$1:$$
}

# Let go of the lock before a long step that needs no build (a boot):
# only the process that took it can.
lab_unlock() {
	[ "${LAB_LOCK_HELD#*:}" = "$$" ] || return 0
	exec 9>&-
	unset LAB_LOCK_HELD
}

# The source tree a variant builds from: stock builds the pristine tree.
variant_src() {
	if [ "$1" = stock ]; then
		echo "$LAB_CACHE/linux"
	else
		echo "$LAB_CACHE/linux-patched"
	fi
}

variant_build() {
	echo "$LAB_CACHE/build/$1"
}

variant_kernel() {
	echo "$(variant_build "$1")/arch/x86/boot/bzImage"
}

# Run "$@" with its output in LOG, printing one progress line with the
# elapsed time instead of the full output. Returns the command's status.
run_with_progress() {
	local label=$1 log=$2 start pid rc next=30
	shift 2
	start=$(date +%s)
	"$@" >"$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		local now el line
		now=$(date +%s)
		el=$((now - start))
		line=$(tail -n 1 "$log" 2>/dev/null | cut -c1-60)
		if [ -t 2 ]; then
			printf '\r\033[K[%s] %dm%02ds %s' "$label" $((el / 60)) $((el % 60)) "$line" >&2
		elif [ "$el" -ge "$next" ]; then
			printf '[%s] %dm%02ds %s\n' "$label" $((el / 60)) $((el % 60)) "$line" >&2
			next=$((next + 30))
		fi
	done
	# (under set -e a bare "wait" would end the caller before it says why)
	rc=0
	wait "$pid" || rc=$?
	[ -t 2 ] && printf '\r\033[K' >&2
	printf '[%s] %s after %ds (log: %s)\n' "$label" \
		"$([ "$rc" -eq 0 ] && echo "done" || echo FAILED)" $(($(date +%s) - start)) "$log" >&2
	return $rc
}
