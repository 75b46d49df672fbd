# Eight Ethernet frames sent from the gadget's network namespace while the
# bus is suspended wake the host by themselves and all arrive, in order
# and intact; the burst costs exactly one remote wakeup, and the device
# counts eight packets held and eight sent after the resume. On 6.12 it
# counts one: there u_ether stops its queue at the first frame sent while
# suspended, and the rest wait in the qdisc, which a function driver
# cannot see (kernel-patches/README.md, f-ecm-held-frames).
# The wakeup is waited for by its count: on a loaded debug guest the
# sender outlasted the wakeup, the resume and the next autosuspend, so a
# wait for "active" missed it. Shown failing: with the host's netdev
# taken down before the suspend (nothing arms remote wakeup), "the
# frames did not wake 1-1".
. /lab/tests/case.sh

N=8
HELD=$N
[ "$LAB_KERNEL" = 6.12 ] && HELD=1
case_up
lab_netns_up || fail "cannot move the gadget netdev into its own namespace"
wait_suspended "$LAB_DEV"
require_core "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
h0=$(ecm_held while_suspended) s0=$(ecm_held sent_after_resume) d0=$(udc_count wakeup_delivered_count)
rm -f /tmp/ready
labtool recv-ecm "$(lab_host_netdev)" $N 5000 /tmp/ready >/tmp/recv &
r=$!
lab_wait_cmd 2000 test -e /tmp/ready || fail "the receiver did not start"
t0=$(labtool now-ms)
lab_in_ns autopm-gadget send-ecm --count $N --size 1000 || fail "send-ecm"
ms=$(wait_remote_wakeup "$LAB_DEV" "$w0" "$WAKE_BOUND_MS") || fail "the frames did not wake $LAB_DEV"
echo "$LAB_DEV woke $(($(labtool now-ms) - t0)) ms after the send began (wait saw it after $ms ms)"
lab_wait_pid $r 6000 || fail "$(cat /tmp/recv)"
cat /tmp/recv
expect_eq "remote wakeups for the burst" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) 1
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 1
expect_eq "device: packets held while suspended" $(($(ecm_held while_suspended) - h0)) $HELD
expect_eq "device: held packets sent after resume" $(($(ecm_held sent_after_resume) - s0)) $HELD
lab_netns_down
