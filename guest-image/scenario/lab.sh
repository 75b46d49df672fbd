# shellcheck shell=sh
# Shell helpers for the guest's demo and tests. Source it; it runs nothing.
# All waits poll state with a timeout; none sleeps for a fixed time.

SYS_USB=/sys/bus/usb/devices
TRACEFS=/sys/kernel/tracing
DYNDBG=/sys/kernel/debug/dynamic_debug/control
# dummy_hcd's faults at power transitions (the dummy-hcd-faults patch):
# FAULT/times, probability, seed and fired
LAB_FAULTS=/sys/kernel/debug/usb/dummy_hcd
# hcd.c's dev_dbg when a root hub's bus suspend raced with a wakeup,
# counted for autopm-gadget counters --raced (gadget/README.md says why)
LAB_RACED="suspend raced with wakeup event"
# the ECM link's two ends (lab_netns_up): the gadget's, in its namespace,
# and the host's
LAB_GADGET_IP=169.254.77.1
LAB_HOST_IP=169.254.77.2
LAB_DELAY_MS=${LAB_DELAY_MS:-200}
# how long after the delay a suspend may take, measured under TCG (docs/measurements.md)
LAB_SUSPEND_SLACK_MS=${LAB_SUSPEND_SLACK_MS:-1000}

lab_log() {
	echo "# $*"
}

# What this kernel can do, read from the kernel, never from the boot's
# variant name. The lab's usbcore counters (usb-core-autopm-counters):
lab_has_counters() {
	for _f in "$SYS_USB"/usb*/power/autosuspend_count; do
		[ -e "$_f" ] && return 0
	done
	return 1
}

# lockdep runs (with KASAN and kmemleak: the debug kernel), which makes
# every lock, allocation and timer several times slower under TCG
lab_checked_kernel() {
	[ -e /proc/lockdep ]
}

# Poll "$@" every 5 ms until it succeeds or TIMEOUT_MS passes.
lab_wait_cmd() {
	_t=$1
	shift
	_end=$(($(labtool now-ms) + _t))
	until "$@"; do
		[ "$(labtool now-ms)" -ge "$_end" ] && return 1
		usleep 5000
	done
	return 0
}

# Wait for DEV's runtime_status to read STATE; prints the ms waited.
lab_wait_state() {
	labtool wait "$SYS_USB/$1/power/runtime_status" "$2" "$3"
}

lab_status() {
	cat "$SYS_USB/$1/power/runtime_status"
}

# KEY's value in the "key=value" lines on stdin, one line each time it
# is there (autopm-gadget status and labtool latency --format=kv): lab_kv KEY
lab_kv() {
	sed -n "s/^$1=//p"
}

# One value of "autopm-gadget status --format=kv", by key (the keys are
# in gadget/README.md): host_device, udc, acm_tty, ecm_netdev...
lab_gadget_field() {
	autopm-gadget status --format=kv 2>/dev/null | lab_kv "$1"
}

# interfaces of the host device are bound once their tty/net exist
lab_enumerated() {
	LAB_DEV=$(lab_gadget_field host_device)
	[ -n "$LAB_DEV" ] && [ "$LAB_DEV" != none ] || return 1
	for _i in "$SYS_USB/$LAB_DEV":*; do
		[ -e "$_i/driver" ] || return 1
	done
}

# Bring the gadget up with ARGS and wait until the host has bound it.
# Sets LAB_DEV (e.g. 1-1) and LAB_HUB (its root hub, e.g. usb1).
lab_up() {
	autopm-gadget up "$@" >/dev/null || return 1
	if ! lab_wait_cmd 5000 lab_enumerated; then
		lab_log "the host did not enumerate the gadget within 5 s"
		return 1
	fi
	# shellcheck disable=SC2034 # for the scripts that source this one
	LAB_HUB=usb${LAB_DEV%%-*}
}

# Remove the gadget and wait until the host has dropped its device: a
# disconnect on a suspended port is noticed only when the root hub wakes.
lab_down() {
	_old=$(lab_gadget_field host_device)
	autopm-gadget down >/dev/null || return 1
	[ -n "$_old" ] && [ "$_old" != none ] || return 0
	lab_wait_cmd 5000 test ! -e "$SYS_USB/$_old" || {
		lab_log "the host still has $_old 5 s after down"
		return 1
	}
}

# Disarm every dummy_hcd fault, so that none outlives the case that armed it.
lab_faults_off() {
	for _f in "$LAB_FAULTS"/*/times; do
		[ -e "$_f" ] || continue
		echo 0 >"$_f" && echo 0 >"${_f%times}probability" || return 1
	done
}

# Let DEV autosuspend after MS of idleness.
lab_autosuspend() {
	echo "$2" >"$SYS_USB/$1/power/autosuspend_delay_ms" &&
		echo auto >"$SYS_USB/$1/power/control"
}

# the first entry of CLASS (tty, net) under the host device's interfaces
lab_host_class() {
	for _c in "$SYS_USB/$LAB_DEV":*/"$1"/*; do
		[ -e "$_c" ] && basename "$_c" && return 0
	done
	return 1
}

lab_acm_tty() {
	lab_host_class tty
}

# KEY's value in a line of key=value words (pcmstream's): lab_kv_field LINE KEY
lab_kv_field() {
	echo "$1" | tr ' ' '\n' | lab_kv "$2"
}

# the number of the ALSA card snd-usb-audio made for the host device
lab_host_sound_card() {
	_c=$(lab_host_class sound) && echo "${_c#card}"
}

# the host device's video capture node: uvcvideo's index-0 node (the
# other is its metadata node)
lab_host_video_node() {
	for _v in "$SYS_USB/$LAB_DEV":*/video4linux/video*; do
		[ -e "$_v" ] && [ "$(cat "$_v/index")" = 0 ] && echo "/dev/${_v##*/}" && return 0
	done
	return 1
}

# the number of the ALSA card no USB interface owns: the one a gadget
# function (f_uac2) made on the device's side
lab_gadget_sound_card() {
	for _c in /sys/class/sound/card*; do
		[ -e "$_c" ] || continue
		case $(readlink -f "$_c/device") in
		*/usb[0-9]*) ;;
		*) echo "${_c##*/card}" && return 0 ;;
		esac
	done
	return 1
}

# CARD's substream DIR (p or c) of PCM 0 reads STATE (RUNNING, ...) in
# ALSA's proc status, or "closed"
lab_pcm_state() {
	sed -n -e 's/^closed/closed/p' -e 's/^state: //p' "/proc/asound/card$1/pcm0$2/sub0/status"
}

lab_host_netdev() {
	lab_host_class net
}

# the evdev node (/dev/input/eventN) of the host device's first input
# device (a HID interface's)
lab_host_evdev() {
	for _e in "$SYS_USB/$LAB_DEV":*/*/input/input*/event*; do
		[ -e "$_e" ] && echo "/dev/input/$(basename "$_e")" && return 0
	done
	return 1
}

# the SCSI disk (usb-storage's, over a mass_storage function) under the
# host device: its sysfs directory
lab_scsi_disk_dir() {
	for _b in "$SYS_USB/$LAB_DEV":*/host*/target*/*/block; do
		[ -d "$_b" ] && dirname "$_b" && return 0
	done
	return 1
}

# Wait up to 5 s for that disk (usb-storage scans a second after probe)
# and let it runtime-suspend 50 ms after its last I/O, as a user's power
# tool does: SCSI forbids its runtime PM (scsi_sysfs_add_sdev()) and the
# block layer starts its autosuspend delay at -1, so the interface
# under it could never suspend. Not 0: a suspend that finds I/O pending
# (the resume's own) fails with -EBUSY, which the PM core tries again
# only while the delay runs, and the disk stayed awake for good. Prints
# the disk's node (/dev/sdX).
lab_scsi_disk_up() {
	lab_wait_cmd 5000 lab_scsi_disk_dir >/dev/null || {
		echo "no SCSI disk under $LAB_DEV within 5 s" >&2
		return 1
	}
	_sd=$(lab_scsi_disk_dir)
	echo auto >"$_sd/power/control" && echo 50 >"$_sd/power/autosuspend_delay_ms" ||
		return 1
	_node=/dev/$(ls "$_sd/block")
	lab_wait_cmd 5000 test -b "$_node" && echo "$_node"
}

# Open both ends of the ACM link for binary data: fd 3 the host's
# ttyACM, fd 4 the gadget's ttyGS (open first: u_serial drops what
# arrives while it is closed), both raw.
lab_open_acm_raw() {
	lab_open_host_acm_raw && exec 4<>"$(lab_gadget_tty)" &&
		stty raw -echo -iexten -ixon -ixoff <&4
}

# fd 3 alone: the host's ttyACM, raw (cdc-acm then needs remote wakeup)
lab_open_host_acm_raw() {
	exec 3<>"/dev/$(lab_acm_tty)" && stty raw -echo -iexten -ixon -ixoff <&3
}

lab_gadget_tty() {
	lab_gadget_field acm_tty
}

# the gadget's netdev of its ECM function, or of TYPE's (status's type
# name: geth, ncm, eem, rndis): lab_gadget_netdev [TYPE]
lab_gadget_netdev() {
	lab_gadget_field "${1:-ecm}_netdev"
}

lab_udc() {
	lab_gadget_field udc
}

# Time COUNT device-initiated wakeups of MODE (wake, acm, ecm) with
# labtool latency; ecm needs lab_netns_up first. Extra ARGS follow
# (--format=kv for lines to read with lab_kv).
lab_latency() {
	_mode=$1 _count=$2
	shift 2
	set -- --mode "$_mode" --count "$_count" --device "$LAB_DEV" --udc "$(lab_udc)" \
		--host-tty "/dev/$(lab_acm_tty)" "$@"
	case $_mode in
	acm) set -- "$@" --gadget-tty "$(lab_gadget_tty)" ;;
	ecm) set -- "$@" --host-if "$(lab_host_netdev)" --gadget-if "$(lab_gadget_netdev)" \
		--netns "$LAB_NS_PID" ;;
	esac
	labtool latency "$@"
}

# Idle to suspended: NUM idle periods of the host device at an autosuspend
# delay of DELAY ms, each begun by a remote wakeup (labtool latency's
# rounds), timed from the trace by labtool idle, which checks every
# sample against DELAY and DELAY * 5/4 + MARGIN ms, plus the latest a
# timer woke a sleeper meanwhile (labtool jitter beside: the host's load
# in that stretch); fails too when fewer than NUM periods were timed:
# lab_idle_periods DELAY NUM MARGIN. The host's ttyACM stays open
# throughout (it arms remote wakeup), so no close marks the device busy
# within a period.
lab_idle_periods() {
	_d=$1 _n=$2 _rc=0
	lab_autosuspend "$LAB_DEV" "$_d" || return 1
	lab_open_host_acm_raw || return 1
	lab_jitter_start
	lab_trace_start
	lab_latency wake "$_n" --suspend-timeout-ms $((_d * 2 + 3000)) >/dev/null || _rc=1
	lab_wait_state "$LAB_DEV" suspended $((_d * 2 + 3000)) >/dev/null || _rc=1
	lab_trace_stop /tmp
	lab_jitter_stop || _rc=1
	exec 3>&-
	[ $_rc = 0 ] || { echo "idle: $_n wakeups at a $_d ms delay did not all complete"; return 1; }
	echo "idle: margin $3 ms + $LAB_LATE_MAX ms, the latest timer wakeup beside the periods"
	_out=$(labtool idle /tmp/trace "$LAB_DEV" "$_d" $(($3 + LAB_LATE_MAX))) || _rc=1
	echo "$_out"
	_got=$(echo "$_out" | sed -n 's/^idle: n=\([0-9]*\) .*/\1/p')
	[ "${_got:-0}" -ge "$_n" ] || { echo "idle: ${_got:-0} periods timed, wanted $_n"; return 1; }
	return $_rc
}

# How late the guest's timers run while something is timed: labtool
# jitter in the background from lab_jitter_start to lab_jitter_stop,
# which sets LAB_LATE_MEDIAN, LAB_LATE_MAX and LAB_LATE_SUM (whole ms,
# rounded up) and fails when nothing was measured.
lab_jitter_start() {
	labtool jitter 10 >/tmp/jitter &
	LAB_JITTER_PID=$!
}

lab_jitter_stop() {
	kill -TERM "$LAB_JITTER_PID"
	wait "$LAB_JITTER_PID" || { echo "jitter: $(cat /tmp/jitter)"; return 1; }
	LAB_LATE_MEDIAN=$(sed -n 's/^jitter: .* median_late_ms=\([0-9]*\)\..*/\1/p' /tmp/jitter)
	LAB_LATE_MAX=$(sed -n 's/^jitter: .* max_late_ms=\([0-9]*\)\..*/\1/p' /tmp/jitter)
	LAB_LATE_SUM=$(sed -n 's/^jitter: .* sum_late_ms=\([0-9]*\)\..*/\1/p' /tmp/jitter)
	[ -n "$LAB_LATE_MEDIAN" ] && [ -n "$LAB_LATE_MAX" ] && [ -n "$LAB_LATE_SUM" ] ||
		{ echo "jitter: cannot read $(cat /tmp/jitter)"; return 1; }
	LAB_LATE_MEDIAN=$((LAB_LATE_MEDIAN + 1)) LAB_LATE_MAX=$((LAB_LATE_MAX + 1))
	LAB_LATE_SUM=$((LAB_LATE_SUM + 1))
}

# Wait for PID to exit within TIMEOUT_MS; kill it if it does not.
lab_wait_pid() {
	if lab_wait_cmd "$2" lab_pid_gone "$1"; then
		wait "$1"
		return $?
	fi
	kill "$1" 2>/dev/null
	return 1
}

lab_pid_gone() {
	! kill -0 "$1" 2>/dev/null
}

# One evdev record (struct input_event, 24 bytes on x86-64) as printf
# escapes, for printf "$(...)" >&FD: 16 bytes of time (the kernel stamps
# it), then TYPE and CODE (16 bits each) and VALUE (32, under 256 here).
lab_evdev_record() {
	printf '\\0%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
	printf '\\%03o\\0\\%03o\\0\\%03o\\0\\0\\0' "$1" "$2" "$3"
}

# A device without data wakeup signals one: autopm-gadget wake, which
# returns once the host has the device active; prints how long that took
# from the request, as the gadget saw it (the time to start the program
# on a debug kernel is not the wakeup's)
lab_signal_wakeup() {
	autopm-gadget wake | sed -n 's/^wakeup delivered: .* active after \([0-9]*\) ms$/\1/p' | grep .
}

# The gadget's HID LED reports (f_hid's /dev/hidgN, open on fd 4), one
# per line into FILE, until one reads REPORT, for at most MS:
# lab_hid_led_reader REPORT MS FILE, in the background ($! is it). A shell of its own under timeout, each read under one too: it
# ends by itself, and holds none of its caller's descriptors (a shell
# function in the background keeps the pipe of a $(...) around its
# caller open, and a reader that never got its report hung the caller).
# shellcheck disable=SC2016 # expanded by that shell
LAB_HID_LED_READER='while b=$(timeout "$2" dd bs=1 count=1 2>/dev/null | od -An -tu1 | tr -d " ") &&
	[ -n "$b" ]; do echo "$b"; [ "$b" = "$1" ] && exit 0; done; exit 1'
lab_hid_led_reader() {
	_s=$(($2 / 1000 + 1))
	timeout $((_s + 1)) sh -c "$LAB_HID_LED_READER" sh "$1" "$_s" <&4 >"$3" &
}

# Move the gadget's netdev into a network namespace of its own, so
# host-to-gadget traffic really crosses dummy_hcd. Sets LAB_NS_PID.
# lab_netns_up [TYPE]: the ECM function's netdev, or TYPE's (above).
lab_netns_up() {
	_gnet=$(lab_gadget_netdev "$@")
	unshare -n sleep 100000 &
	LAB_NS_PID=$!
	# the file exists before unshare() has run: wait for the new namespace
	lab_wait_cmd 2000 lab_own_netns "$LAB_NS_PID" &&
		ip link set "$_gnet" netns "$LAB_NS_PID" &&
		lab_in_ns ip addr add "$LAB_GADGET_IP/24" dev "$_gnet" &&
		lab_in_ns ip link set "$_gnet" up &&
		ip addr add "$LAB_HOST_IP/24" dev "$(lab_host_netdev)" &&
		ip link set "$(lab_host_netdev)" up || return 1
	# no file shows whether usbnet has net-usbnet-carrier-on-kept: the
	# boot's variant is the one witness
	[ "$LAB_VARIANT" != stock ] || lab_stock_carrier "$_gnet"
}

# Stock usbnet can drop the link-up notification that follows the
# link-down one at an open (net-usbnet-carrier-on-kept, case 76). On
# stock only: while the host has no carrier 2 s after the open, close
# the host's netdev, take the gadget's link down and up, and open it
# again (up to 3 times; the open resumes the device, which may have
# autosuspended, so that the notifications are read), so the stock cases
# test what they are for.
lab_stock_carrier() {
	_try=0
	until lab_wait_cmd 2000 lab_host_carrier; do
		_try=$((_try + 1))
		[ "$_try" -le 3 ] || return 1
		lab_log "stock usbnet lost the link-up notification: sending it again"
		ip link set "$(lab_host_netdev)" down &&
			lab_in_ns ip link set "$1" down && lab_in_ns ip link set "$1" up &&
			ip link set "$(lab_host_netdev)" up || return 1
	done
}

lab_host_carrier() {
	[ "$(cat "/sys/class/net/$(lab_host_netdev)/carrier" 2>/dev/null)" = 1 ]
}

lab_own_netns() {
	_ns=$(readlink "/proc/$1/ns/net") && [ "$_ns" != "$(readlink /proc/self/ns/net)" ]
}

# (wait reports the SIGTERM; that is not the caller's failure)
lab_netns_down() {
	ip link set "$(lab_host_netdev)" down 2>/dev/null
	kill "$LAB_NS_PID" 2>/dev/null
	wait "$LAB_NS_PID" 2>/dev/null
	return 0
}

lab_in_ns() {
	nsenter -t "$LAB_NS_PID" -n "$@"
}

# What a timeline shows besides the rpm events, where the kernel has
# them: the series' refusals and remote wakeups, the UDC's wakeup requests
# and transfers, dummy_hcd's link (the gadget's view of the bus).
LAB_TIMELINE_EVENTS="usb_autopm gadget/usb_gadget_wakeup gadget/usb_gadget_giveback_request
dummy_hcd/dummy_hcd_link dummy_hcd/dummy_hcd_resume_start"

# lab_trace_start, and the events above
lab_trace_start_timeline() {
	for _e in $LAB_TIMELINE_EVENTS; do
		[ ! -w "$TRACEFS/events/$_e/enable" ] || echo 1 >"$TRACEFS/events/$_e/enable"
	done
	lab_trace_start
}

# Record the rpm trace events and hub.c's remote-wakeup debug lines.
lab_trace_start() {
	echo 0 >"$TRACEFS/tracing_on"
	echo 4096 >"$TRACEFS/buffer_size_kb"
	echo >"$TRACEFS/trace"
	echo 1 >"$TRACEFS/events/rpm/enable"
	echo 'func usb_remote_wakeup +p' >"$DYNDBG"
	lab_log_races
	dmesg -c >/dev/null
	echo 1 >"$TRACEFS/tracing_on"
}

# Have hcd.c log each bus suspend that raced with a wakeup.
lab_log_races() {
	echo "format \"$LAB_RACED\" +p" >"$DYNDBG" 2>/dev/null
}

# Stop recording; leave trace and dmesg in DIR.
lab_trace_stop() {
	echo 0 >"$TRACEFS/tracing_on"
	cat "$TRACEFS/trace" >"$1/trace"
	dmesg >"$1/dmesg"
}

# Send FILE to the host on the results port, as KTAP diagnostic lines
# between markers; run-guest saves it (--files).
lab_carry_out() {
	{
		echo "# autopm-lab file ${1##*/} begin"
		sed 's/^/# /' "$1"
		echo "# autopm-lab file ${1##*/} end"
	} >"${LAB_RESULTS:-/dev/ttyS2}"
}

# Draw TRACE's timeline (labtool timeline) as SVG, named NAME on the
# host, and carry it out: lab_timeline TRACE NAME TITLE
lab_timeline() {
	labtool timeline "$1" "/tmp/$2" "$3" && lab_carry_out "/tmp/$2" &&
		echo "timeline: carried out as $2 (run-guest says where it is)"
}
