# shellcheck shell=sh
# Sourced by every guest test case: the checks it shares with the
# conformance rules (guest-image/scenario/checks.sh), and the helpers
# only the cases use.
. /lab/checks.sh

# Hold the host's ttyACM open on fd 3, so that cdc-acm needs remote
# wakeup; HUPCL off, since a DTR drop at the close would resume the device
hold_acm_tty() {
	exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
	stty -hupcl <&3 || fail "stty -hupcl"
}

# set the host's ttyACM raw and close it again: cdc-acm keeps the setting,
# so a later open reads data that was waiting raw from its first byte (a
# canonical-mode open would keep only the first 4096 bytes of a line)
preset_host_acm_raw() {
	lab_open_host_acm_raw || fail "open the host tty"
	exec 3>&-
}

open_acm_raw() {
	lab_open_acm_raw || fail "cannot open the ACM link raw"
}

# expect_exit WANT CMD...: CMD exits WANT and says something on stderr
expect_exit() {
	_want=$1
	shift
	"$@" >/tmp/out 2>/tmp/err
	_rc=$?
	[ "$_rc" -eq "$_want" ] || fail "'$*' exited $_rc, want $_want"
	if [ "$_want" -ne 0 ]; then
		[ "$(wc -l </tmp/err)" -ge 1 ] || fail "'$*' failed without a message"
		echo "'$*' -> $_rc: $(head -n 1 /tmp/err)"
	fi
}

# the held/sent counters of the gadget's ACM tty and ECM function
acm_held() {
	cat "/sys/class/tty/$(basename "$(lab_gadget_tty)")/tx_bytes_$1" 2>/dev/null ||
		fail "ttyGS has no tx_bytes_$1 (a kernel without the lab's gadget patches?)"
}

ecm_held() {
	cat /sys/kernel/config/usb_gadget/autopm-lab/functions/ecm.*/tx_packets_"$1" 2>/dev/null ||
		fail "the ECM function has no tx_packets_$1 (a kernel without the lab's gadget patches?)"
}

# the value after NAME in a line of "name value" pairs (labtool count,
# the driver's stress result): cases read results by name, not position
pair_field() {
	echo "$2" | awk -v k="$1" '{ for (i = 1; i < NF; i += 2) if ($i == k) { print $(i + 1); exit } }'
}

# KEY's figure in FILE of "key=value" lines (labtool latency
# --format=kv), in whole ms: kv_ms FILE KEY
kv_ms() {
	_v=$(lab_kv "$2" <"$1")
	echo "${_v%%.*}"
}
