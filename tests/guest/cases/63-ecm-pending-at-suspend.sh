# Frames the gadget queued while the bus was up, but which the host has
# not read (its ECM netdev is down), are still queued when the bus
# suspends: the device asks for one remote wakeup (ttyACM is open, so
# the host armed it), and every frame arrives once the host reads.
# 40 frames are more than u_ether's 10 IN requests at high speed (qmult
# 5 x 2): 30 wait in the qdisc with the queue stopped, so no later
# transmit asks for the wakeup; only the suspend callback can.
# Shown failing: with gether_suspend()'s request taken out (scratch
# build), "no remote wakeup for the 4 frames queued at suspend" (N was
# 4 then).
. /lab/tests/case.sh

# what fail() adds: both ends' packet counts (each netns has its own
# /proc/net/dev) and the bus's last events
fail_state() {
	echo "host: $(grep "$HNET:" /proc/net/dev)"
	echo "host: carrier $(cat "/sys/class/net/$HNET/carrier"), $(cat "/sys/class/net/$HNET/operstate")"
	echo "gadget: $(lab_in_ns grep "$GNET:" /proc/net/dev)"
	grep . /sys/kernel/config/usb_gadget/autopm-lab/functions/ecm.*/tx_packets_* | sed 's|.*/||'
	echo "$LAB_DEV $(lab_status "$LAB_DEV")"
	echo "trace: $(grep -c giveback_request "$TRACEFS/trace") gadget requests given back"
	grep -v '^#' "$TRACEFS/trace" | grep -v 'rpm_idle\|rpm_return_int\|rpm_usage' | tail -n 80 | sed 's/^/trace: /'
}

N=40
case_up
GNET=$(lab_gadget_netdev) HNET=$(lab_host_netdev)
lab_trace_start_timeline
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
# without carrier the host never reads (what net-usbnet-carrier-on-kept fixed, case 76)
lab_wait_cmd "$SETTLE_MS" lab_host_carrier || fail "no carrier on $HNET after the first open"
ip link set "$HNET" down
lab_open_host_acm_raw || fail "open the host tty"
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_state "$LAB_DEV" active 2000 >/dev/null || fail "$LAB_DEV did not resume"
q0=$(udc_count wakeup_request_count) d0=$(udc_count wakeup_delivered_count)
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
rm -f /tmp/ready
labtool recv-ecm "$HNET" $N 15000 /tmp/ready >/tmp/recv &
r=$!
lab_wait_cmd 2000 test -e /tmp/ready || fail "the receiver did not start"
lab_in_ns autopm-gadget send-ecm --count $N --size 1000 || fail "send-ecm ($GNET)"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
if ! lab_wait_cmd 3000 udc_count_above wakeup_delivered_count "$d0"; then
	echo "requests $(udc_count wakeup_request_count), refused $(udc_count wakeup_refused_count)"
	fail "no remote wakeup for the $N frames queued at suspend"
fi
# the gadget counts the wakeup at its resume, before the host has seen
# it: wait for the host's, or the suspend below may be the old one
wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null ||
	fail "the host did not take the remote wakeup"
wait_suspended "$LAB_DEV"
expect_steady "$LAB_DEV" suspended "nobody reads: no second wakeup"
expect_eq "device: wakeup requests" $(($(udc_count wakeup_request_count) - q0)) 1
ip link set "$HNET" up
if ! lab_wait_pid $r 16000; then
	fail "$(cat /tmp/recv)"
fi
cat /tmp/recv
exec 3>&-
lab_netns_down
