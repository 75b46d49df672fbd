# shellcheck shell=bash
# Shared helpers for the autopm-lab scripts. Source it; it runs nothing.

LAB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LAB_CACHE=${AUTOPM_LAB_CACHE:-$HOME/.cache/autopm-lab}
LAB_VARIANTS="patched stock debug"
# Kernel generations: Debian's linux-source-K, each with its own series
# (kernel-patches/K/) and its own trees, builds and locks ($LAB_CACHE/K/).
LAB_KERNELS="6.1 6.12"
# the default: the newest generation, Debian's current release's
LAB_KERNEL=${AUTOPM_LAB_KERNEL:-6.12}
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

# Choose the kernel generation for this script and every script it runs.
set_kernel() {
	case " $LAB_KERNELS " in
	*" $1 "*) ;;
	*) usage_error "unknown kernel '$1' (choose one of: $LAB_KERNELS)" ;;
	esac
	LAB_KERNEL=$1
	export AUTOPM_LAB_KERNEL=$1
}

# this generation's trees, builds and locks
kernel_cache() {
	echo "$LAB_CACHE/$LAB_KERNEL"
}

# this generation's series, Kconfig fragments and checkpatch exceptions
kernel_patches() {
	echo "$LAB_ROOT/kernel-patches/$LAB_KERNEL"
}

# kernel-patches/K/series without comments: one "TOPIC SLUG" a line, in
# the order the patched and debug kernels apply them
series_entries() {
	local f
	f=$(kernel_patches)/series
	[ -f "$f" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$f"
}

# a slug's file: the generation's own copy where its code differs, else
# the shared one
slug_patch() {
	if [ -f "$(kernel_patches)/$1.patch" ]; then
		echo "$(kernel_patches)/$1.patch"
	else
		echo "$LAB_ROOT/kernel-patches/patches/$1.patch"
	fi
}

# the slugs listed before TOPIC's first patch (a "Base: series" topic's base)
series_slugs_before() {
	local topic slug
	series_entries | while read -r topic slug; do
		[ "$topic" = "$1" ] && break
		echo "$slug"
	done
}

check_variant() {
	case " $LAB_VARIANTS " in
	*" $1 "*) ;;
	*) usage_error "unknown variant '$1' (choose one of: $LAB_VARIANTS)" ;;
	esac
}

# Each variant of a generation has its own source tree, build and lock;
# only the pristine unpack is shared (under unpack.lock).
lock_file() {
	echo "$(kernel_cache)/build-$1.lock"
}

# Hold the lock NAME (fd 9) until lab_unlock or exit: a kernel tree, its
# builds and what is built against them change only under it. Children
# inherit the lock, so they do not take it again.
lab_lock() {
	local file name=$LAB_KERNEL/$1
	file=$(lock_file "$1")
	case ${LAB_LOCK_HELD:-} in
	"$name":*) return 0 ;;
	?*) die "internal: lock $name wanted while ${LAB_LOCK_HELD%%:*} is held" ;;
	esac
	mkdir -p "$(kernel_cache)"
	exec 9>"$file"
	if ! flock -n 9; then
		info "waiting for another run's build ($file)"
		flock 9
	fi
	export LAB_LOCK_HELD=$name:$$
}

# Let go of the lock before a long step that needs no build (a boot):
# only the process that took it can.
lab_unlock() {
	[ "${LAB_LOCK_HELD#*:}" = "$$" ] || return 0
	exec 9>&-
	unset LAB_LOCK_HELD
}

# The source tree a variant builds from: stock builds the pristine tree,
# patched and debug a worktree of it each, with the series applied.
variant_src() {
	if [ "$1" = stock ]; then
		echo "$(kernel_cache)/linux"
	else
		echo "$(kernel_cache)/linux-$1"
	fi
}

# Make DIR a worktree of the pristine tree, at its tag. The repository's
# list of worktrees is shared by every variant: one change at a time.
add_worktree() {
	local repo
	repo=$(variant_src stock)
	rm -rf "$1"
	(
		flock 8
		git -C "$repo" worktree prune
		git -c advice.detachedHead=false -C "$repo" worktree add -q --detach "$1" pristine
	) 8>"$(kernel_cache)/unpack.lock"
}

# A build folder directly inside its source tree, so that kbuild names
# every source file relative to it (srctree is ".."): two variants of
# the same config then run the same commands, and one's objects can seed
# the other's build (scripts/build-kernel).
variant_build() {
	echo "$(variant_src "$1")/build-$1"
}

variant_kernel() {
	echo "$(variant_build "$1")/arch/x86/boot/bzImage"
}

# FILE as a gen_init_cpio list names it: the list is split at blanks, so
# the lab's own folders are written \${LAB_ROOT} and \${LAB_CACHE}, which
# gen_init_cpio expands (run it with both in its environment).
cpio_location() {
	case $1 in
	"$LAB_ROOT"/*) echo "\${LAB_ROOT}/${1#"$LAB_ROOT"/}" ;;
	"$LAB_CACHE"/*) echo "\${LAB_CACHE}/${1#"$LAB_CACHE"/}" ;;
	*) echo "$1" ;;
	esac
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
