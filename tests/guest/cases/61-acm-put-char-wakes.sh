# A tab written to ttyGS0 with output processing on reaches u_serial
# through put_char() and flush_chars(), not write() (n_tty's only write
# is an empty one, before the tab): written while the bus is suspended,
# it too wakes the host, and arrives. The wakeup is waited for by its
# count (case 35 says why). Shown failing (scratch): waiting for one
# more wakeup than the tab makes, "the tab did not wake 1-1".
# Its latency is bounded by 3 (debug: 6) times a bare remote wakeup timed just
# before (at least WAKE_BOUND_MS) plus the timers' lateness: on debug
# beside make check's other lane the tab took 833 ms, over a fixed
# 600 ms bound.
. /lab/tests/case.sh

case_up
lab_open_host_acm_raw || fail "open the host tty"
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
stty sane -echo <&4
wait_suspended "$LAB_DEV"
require_core "$LAB_DEV"
bound=$(wakeup_bound_ms)
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
d0=$(udc_count wakeup_delivered_count)
head -c 1 <&3 >/tmp/got &
r=$!
lab_jitter_start
printf '\t' >&4
ms=$(wait_remote_wakeup "$LAB_DEV" "$w0" "$SETTLE_MS") || fail "the tab did not wake $LAB_DEV"
expect_within "the tab's wakeup" "$ms" "$bound"
lab_wait_pid $r 5000 || fail "the tab did not arrive"
expect_eq "bytes received" "$(od -An -c </tmp/got | tr -d ' ')" '\t'
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 1
exec 3>&- 4>&-
