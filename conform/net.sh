# shellcheck shell=sh
# The profiles of the Ethernet functions (profiles/ecm.sh, ncm.sh, ...),
# all u_ether underneath: the host's netdev, the gadget's in a namespace
# of its own (lab_netns_up), so that traffic crosses dummy_hcd. "Open"
# is link up. A profile says: net_profile NAME TYPE WAKE, NAME its
# function's, TYPE status's name for it (ecm, geth, ncm, ...), WAKE
# "data" when the patched gadget function itself wakes the host for a
# frame sent while suspended (f_ecm), else "signal": the gadget signals
# a remote wakeup first, as a device without that support would.

# The host's carrier may follow a connection notification the gadget
# sends when its netdev opens (ECM, NCM); the device stays awake
# (control on) from before the gadget's netdev opens until the host has
# carrier, so that the notification is read at once; the rules then run
# with control auto.
net_hold_awake() {
	echo on >"$SYS_USB/$LAB_DEV/power/control"
}

net_release() {
	_rc=$?
	echo auto >"$SYS_USB/$LAB_DEV/power/control"
	return $_rc
}

# 5 of about 60 ECM set-ups here once ended with the gadget's link up
# (LOWER_UP) and the host's without carrier: usbnet had dropped the "on"
# that followed an "off" (`net-usbnet-carrier-on-kept`, case 76; stock still does, and
# lab_netns_up reopens there). Cycling the gadget's netdev, a cable
# plugged in again, makes the function send it again.
net_wait_carrier() {
	lab_wait_cmd 2000 lab_host_carrier && return 0
	echo "$NET_NAME: no carrier after 2 s; the gadget's netdev goes down and up again"
	lab_in_ns ip link set "$(lab_gadget_netdev "$NET_TYPE")" down &&
		lab_in_ns ip link set "$(lab_gadget_netdev "$NET_TYPE")" up &&
		lab_wait_cmd "$CONFORM_IO_MS" lab_host_carrier
}

net_up() {
	net_hold_awake
	if ! lab_netns_up "$NET_TYPE"; then
		echo "$NET_NAME: no namespace for the gadget's netdev"
		net_release
		return 1
	fi
	NET_HOST=$(lab_host_netdev)
	NET_IFINDEX=$(cat "/sys/class/net/$NET_HOST/ifindex")
	net_wait_carrier && ip link set "$NET_HOST" down
	net_release && return 0
	echo "$NET_NAME: no carrier on $NET_HOST: $(ip -o link show "$NET_HOST" 2>&1);" \
		"gadget: $(lab_in_ns ip -o link show 2>&1 | grep -v ' lo:' | tr '\n' ' ')"
	return 1
}

# a rebound usbnet driver makes a new netdev, without address or carrier
net_rebound() {
	net_hold_awake
	NET_HOST=$(lab_host_netdev) && NET_IFINDEX=$(cat "/sys/class/net/$NET_HOST/ifindex") &&
		ip addr add "$LAB_HOST_IP/24" dev "$NET_HOST" &&
		ip link set "$NET_HOST" up && net_wait_carrier && ip link set "$NET_HOST" down
	net_release && return 0
	echo "$NET_NAME: no carrier on ${NET_HOST:-its netdev} after the rebind"
	return 1
}

net_down() {
	lab_netns_down
}

# the link stays up across a reset-resume, but a driver without
# reset_resume() (cdc_subset) is unbound and bound again after the
# reset, before user space runs again: a new netdev (maybe of the same
# name), without address or carrier; open again, as the rule expects
net_reset() {
	[ "$(cat "/sys/class/net/$NET_HOST/ifindex" 2>/dev/null)" = "$NET_IFINDEX" ] && return 0
	lab_wait_cmd "$CONFORM_IO_MS" lab_host_netdev >/dev/null && net_rebound && net_open
}

# the carrier stays on across a close and an open (usbnet turns it off
# only at probe)
net_open() {
	ip link set "$NET_HOST" up && lab_host_carrier
}

net_close() {
	ip link set "$NET_HOST" down
}

# a ping, which makes the host resume the device, in the background
# (rule 6)
net_io_start() {
	ping -c 1 -W 1 "$LAB_GADGET_IP" >/dev/null 2>&1 &
}

# every echo reply came back: each ICMP checksum covers the payload
net_io() {
	_out=$(ping -c 3 -s 1000 -W 3 "$LAB_GADGET_IP" 2>&1)
	echo "$_out" | grep -q '^3 packets transmitted, 3 packets received' ||
		fail "$NET_NAME: ping $LAB_GADGET_IP over $NET_HOST: $(echo "$_out" | tail -n 2 | tr '\n' ' ')"
	echo "$NET_NAME: 3 pings of 1000 bytes over $NET_HOST answered"
}

# one lab frame from the gadget, received on the host's netdev; the
# time counts from the gadget's first step (its wakeup, or the frame)
net_input() {
	rm -f /tmp/net-ready
	labtool recv-ecm "$NET_HOST" 1 $((WAKE_BOUND_MS + CONFORM_IO_MS)) /tmp/net-ready >/tmp/net-recv 2>&1 &
	_r=$!
	lab_wait_cmd 2000 test -e /tmp/net-ready || fail "$NET_NAME: the receiver did not start"
	# a device without data wakeup signals one for the frame it holds:
	# queued first, as the device would have it (signalled first, the
	# host could suspend again before a slow sender had queued it)
	lab_in_ns autopm-gadget send-ecm --count 1 --size 200 >/dev/null || fail "$NET_NAME: send-ecm"
	_t0=$(labtool now-ms)
	if [ "$NET_WAKE" = signal ]; then
		_wake_ms=$(lab_signal_wakeup) || fail "$NET_NAME: the gadget's remote wakeup"
		_how="a 200-byte frame queued, then a remote wakeup"
	else
		_how="a 200-byte frame"
	fi
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS + 1000)) || fail "$NET_NAME: $(cat /tmp/net-recv)"
	if [ "$NET_WAKE" = signal ]; then
		# the frame waited for the host, which polled once awake: the
		# latency is the wakeup's (a debug kernel's slow programs would
		# only add their own time)
		echo "$NET_NAME: $_how from the gadget, received on $NET_HOST; the host had it active after $_wake_ms ms"
	else
		echo "$NET_NAME: $_how sent by the gadget, received on $NET_HOST after $(($(labtool now-ms) - _t0)) ms"
	fi
}

# this profile's names, and its hooks (conform.sh's profile_hooks)
net_profile() {
	NET_NAME=$1 NET_TYPE=$2 NET_WAKE=$3
	profile_hooks "$1" net
}
