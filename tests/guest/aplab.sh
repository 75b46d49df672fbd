# shellcheck shell=sh
# Sourced by the host-driver cases (40-59): case.sh, plus the module, the
# gadget's vendor function and its peer's counters.
. /lab/tests/case.sh

APLAB_KO=/lab/modules/autopm_lab.ko
PEER=/run/autopm-lab/vendor
# a frame's round trip under TCG is well under this
APLAB_IO_MS=5000

aplab_load() {
	grep -q '^autopm_lab ' /proc/modules && return 0
	insmod "$APLAB_KO" || fail "insmod $APLAB_KO"
}

# the interface autopm_lab is bound to, e.g. 1-1:1.0
# LAB_DEV is lab_up's (lab.sh)
# shellcheck disable=SC2153
aplab_find_intf() {
	for _i in "$SYS_USB/$LAB_DEV":*; do
		[ "$(basename "$(readlink "$_i/driver")")" = autopm_lab ] &&
			APLAB_INTF=$(basename "$_i") && return 0
	done
	return 1
}

# up with only the vendor function (ARGS go to up); sets APLAB_INTF,
# APLAB_DEV (/dev/autopm-labN), APLAB_STATS and APLAB_DEBUG
aplab_up() {
	aplab_load
	case_up --functions vendor "$@"
	aplab_find_intf || fail "autopm_lab did not bind to $LAB_DEV"
	aplab_paths
}

aplab_paths() {
	APLAB_STATS=$SYS_USB/$APLAB_INTF/aplab
	APLAB_DEV=/dev/$(ls "$SYS_USB/$APLAB_INTF/usbmisc")
	# shellcheck disable=SC2034 # for the cases
	APLAB_DEBUG=/sys/kernel/debug/autopm_lab/$APLAB_INTF
	[ -c "$APLAB_DEV" ] || fail "no char device for $APLAB_INTF"
}

# called by fail(): both ends' counters and states, one line each
fail_state() {
	for _f in "$SYS_USB/$LAB_DEV/power/runtime_status" \
		"$SYS_USB/${APLAB_INTF:-none}/power/runtime_status" \
		/sys/class/udc/*/state "$PEER/state"; do
		[ -r "$_f" ] && echo "state: $_f: $(cat "$_f")"
	done
	for _d in "${APLAB_STATS:-/none}" "$PEER"; do
		[ -d "$_d" ] || continue
		echo "counters: $_d:$(for _f in "$_d"/*; do
			[ -f "$_f" ] && printf ' %s=%s' "$(basename "$_f")" "$(head -n 1 "$_f" 2>/dev/null)"
		done)"
	done
}

# a driver counter (sysfs) and a peer counter (drv_count, not stat: that
# name would hide busybox stat from every case)
drv_count() {
	cat "$APLAB_STATS/$1" || fail "no driver counter $1"
}

peer() {
	cat "$PEER/$1" || fail "no peer counter $1"
}

# wait until the peer counter NAME reads VALUE
wait_peer() {
	labtool wait "$PEER/$1" "$2" "$APLAB_IO_MS" >/dev/null ||
		fail "peer $1 is $(peer "$1"), wanted $2"
}

# every frame the peer got was whole and in order
expect_peer_clean() {
	expect_eq "peer: frames with a bad checksum" "$(peer rx_bad_csum)" 0
	expect_eq "peer: frames out of order" "$(peer rx_bad_seq)" 0
	expect_eq "peer: malformed frames" "$(peer rx_bad_frame)" 0
}

# the driver holds no usage count reference, and the interface's count
# is back at BASELINE
expect_balanced() {
	expect_eq "references the driver holds" "$(drv_count pm_refs)" 0
	expect_eq "interface usage count" "$(drv_count usage_count)" "$1"
}

# wait for the output file of a background command to hold LINE
wait_line() {
	lab_wait_cmd "$APLAB_IO_MS" grep -qx "$2" "$1" || fail "no '$2' in $1: $(cat "$1")"
}

stat_at_least() {
	[ "$(cat "$APLAB_STATS/$1" 2>/dev/null)" -ge "$2" ] 2>/dev/null
}

# wait until the driver counter NAME reaches at least MIN
wait_stat() {
	lab_wait_cmd "$3" stat_at_least "$1" "$2" ||
		fail "driver counter $1 is $(drv_count "$1") after $3 ms, wanted at least $2"
}

# a command to the vendor peer (its FIFO): "event N MS", "reply", "halt-int"
peer_cmd() {
	echo "$1" >"$PEER/ctl" || fail "peer command $1"
}

# the interface's usage count as the PM core keeps it: power/runtime_usage
# (PM_ADVANCED_DEBUG: the debug kernel), else the driver's usage_count,
# which reads the same intf->dev.power.usage_count
core_usage() {
	if [ -e "$SYS_USB/$APLAB_INTF/power/runtime_usage" ]; then
		cat "$SYS_USB/$APLAB_INTF/power/runtime_usage"
	else
		drv_count usage_count
	fi
}
