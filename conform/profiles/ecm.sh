# shellcheck shell=sh
# CDC-ECM: the host's netdev; the gadget's in a namespace of its own
# (lab_netns_up), so that traffic crosses dummy_hcd. "Open" is link up.

ecm_has_input() {
	echo yes
}

# The host's carrier follows the gadget's connection notification, sent
# when the gadget's netdev opens; a suspend while it is on its way (the
# status URB killed) loses it, and f_ecm never sends it again. So the
# device stays awake (control on) from before the gadget's netdev opens
# until the host has carrier; the rules then run with control auto.
ecm_hold_awake() {
	echo on >"$SYS_USB/$LAB_DEV/power/control"
}

ecm_release() {
	_rc=$?
	echo auto >"$SYS_USB/$LAB_DEV/power/control"
	return $_rc
}

# 5 of about 60 set-ups here never saw the notification arrive, the
# gadget's link up (LOWER_UP) and the host's without carrier; cycling the
# gadget's netdev, a cable plugged in again, makes f_ecm send it again.
ecm_wait_carrier() {
	lab_wait_cmd 2000 ecm_carrier && return 0
	echo "ecm: no carrier after 2 s; the gadget's netdev goes down and up again"
	lab_in_ns ip link set "$(lab_gadget_netdev)" down &&
		lab_in_ns ip link set "$(lab_gadget_netdev)" up &&
		lab_wait_cmd "$CONFORM_IO_MS" ecm_carrier
}

ecm_up() {
	ecm_hold_awake
	if ! lab_netns_up; then
		echo "ecm: no namespace for the gadget's netdev"
		ecm_release
		return 1
	fi
	ECM_HOST=$(lab_host_netdev)
	ecm_wait_carrier && ip link set "$ECM_HOST" down
	ecm_release && return 0
	echo "ecm: no carrier on $ECM_HOST: $(ip -o link show "$ECM_HOST" 2>&1);" \
		"gadget: $(lab_in_ns ip -o link show 2>&1 | grep -v ' lo:' | tr '\n' ' ')"
	return 1
}

# a rebound cdc_ether makes a new netdev, without address or carrier
ecm_rebound() {
	ecm_hold_awake
	ECM_HOST=$(lab_host_netdev) && ip addr add "$LAB_HOST_IP/24" dev "$ECM_HOST" &&
		ip link set "$ECM_HOST" up && ecm_wait_carrier && ip link set "$ECM_HOST" down
	ecm_release && return 0
	echo "ecm: no carrier on ${ECM_HOST:-its netdev} after the rebind"
	return 1
}

ecm_down() {
	lab_netns_down
}

# the link stays up across a reset-resume: nothing to open again
ecm_reset() {
	return 0
}

ecm_carrier() {
	[ "$(cat "/sys/class/net/$ECM_HOST/carrier" 2>/dev/null)" = 1 ]
}

# the carrier stays on across a close and an open (usbnet turns it off
# only at probe)
ecm_open() {
	ip link set "$ECM_HOST" up && ecm_carrier
}

ecm_close() {
	ip link set "$ECM_HOST" down
}

# every echo reply came back: each ICMP checksum covers the payload
ecm_io() {
	_out=$(ping -c 3 -s 1000 -W 3 "$LAB_GADGET_IP" 2>&1)
	echo "$_out" | grep -q '^3 packets transmitted, 3 packets received' ||
		fail "ecm: ping $LAB_GADGET_IP over $ECM_HOST: $(echo "$_out" | tail -n 2 | tr '\n' ' ')"
	echo "ecm: 3 pings of 1000 bytes over $ECM_HOST answered"
}

ecm_input() {
	rm -f /tmp/ecm-ready
	labtool recv-ecm "$ECM_HOST" 1 $((WAKE_BOUND_MS + CONFORM_IO_MS)) /tmp/ecm-ready >/tmp/ecm-recv 2>&1 &
	_r=$!
	lab_wait_cmd 2000 test -e /tmp/ecm-ready || fail "ecm: the receiver did not start"
	lab_in_ns autopm-gadget send-ecm --count 1 --size 200 >/dev/null || fail "ecm: send-ecm"
	_t0=$(labtool now-ms)
	lab_wait_pid $_r $((WAKE_BOUND_MS + CONFORM_IO_MS + 1000)) || fail "ecm: $(cat /tmp/ecm-recv)"
	INPUT_MS=$(($(labtool now-ms) - _t0))
	echo "ecm: a 200-byte frame sent by the gadget received on $ECM_HOST after $INPUT_MS ms"
}
