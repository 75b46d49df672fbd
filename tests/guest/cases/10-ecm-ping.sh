# Ping the gadget's ECM netdev, alone in its own network namespace: the
# only way there is across the bus.
. /lab/tests/case.sh

rx_packets() {
	lab_in_ns cat /proc/net/dev | sed -n "s/^ *$1: *[0-9]* *\([0-9]*\).*/\1/p"
}

case_up
gnet=$(lab_gadget_netdev)
lab_netns_up || fail "could not set up the ECM link"
ip link show "$gnet" >/dev/null 2>&1 && fail "$gnet is still in the host's namespace"
rx0=$(rx_packets "$gnet")
ping -c 3 -W 2 "$LAB_GADGET_IP" >/tmp/ping
rc=$?
cat /tmp/ping
rx1=$(rx_packets "$gnet")
lab_netns_down
[ $rc -eq 0 ] || fail "ping failed"
grep -q "3 packets transmitted, 3 packets received" /tmp/ping || fail "replies missing"
[ $((rx1 - rx0)) -ge 3 ] || fail "the gadget's $gnet received $((rx1 - rx0)) packets, want >= 3"
echo "the gadget's $gnet received $((rx1 - rx0)) packets (3 echo requests, plus ARP)"
