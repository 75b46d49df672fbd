# A UDC's wakeup() may sleep. With dummy_hcd's lab-only wakeup_sleep_us
# set, every path that asks for a remote wakeup (srp, a ttyGS write, an
# ECM frame) must call it from process context: on the debug kernel
# (DEBUG_ATOMIC_SLEEP), a call under a spinlock or from ndo_start_xmit
# prints "BUG: sleeping function called from invalid context", which
# fails the run (--strict).
. /lab/tests/case.sh

P=/sys/module/dummy_hcd/parameters/wakeup_sleep_us
[ -w "$P" ] || fail "dummy_hcd has no writable wakeup_sleep_us: the lab's dummy-hcd-wakeup-sleep-us is missing"
echo 2000 >"$P"
trap 'echo 0 >"$P"' EXIT
case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
open_acm_raw
wait_suspended "$LAB_DEV"
autopm-gadget wake --timeout-ms 3000 >/dev/null || fail "srp wake"
echo "srp: woke $LAB_DEV"
wait_suspended "$LAB_DEV"
head -c 100 <&3 >/tmp/got &
r=$!
head -c 100 /dev/zero >&4
lab_wait_pid $r 5000 || fail "ttyGS write: only $(wc -c </tmp/got) of 100 bytes"
echo "ttyGS write: woke $LAB_DEV, 100 bytes"
wait_suspended "$LAB_DEV"
rm -f /tmp/ready
labtool recv-ecm "$(lab_host_netdev)" 2 5000 /tmp/ready >/tmp/recv &
r=$!
lab_wait_cmd 2000 test -e /tmp/ready || fail "the receiver did not start"
lab_in_ns autopm-gadget send-ecm --count 2 --size 500 || fail "send-ecm"
lab_wait_pid $r 6000 || fail "$(cat /tmp/recv)"
echo "ECM frames: $(cat /tmp/recv)"
dmesg | grep -q 'sleeping function called from invalid context' && fail "wakeup() called in atomic context"
exec 3>&- 4>&-
lab_netns_down
