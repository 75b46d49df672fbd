# Refusing autosuspend: while a fetch (bulk IN, no usage count held) is
# in flight, suspend() returns -EBUSY for an automatic suspend, and the
# core retries one delay later. Once the peer replies, the device sleeps.
#
# The other half: a system sleep is never refused. In a system sleep
# dummy_hcd suspends the UDC before the host device, which looks like a
# disconnect to the host's transfers: a pending fetch fails (-EPROTO)
# before suspend() runs, so no real transfer can still be in flight then.
# debugfs hold_busy makes suspend() see one, as a fetch would. With it
# set, autosuspends are refused; pm_test=devices and freeze then suspend
# every device: the system suspend proceeds, and suspend() is called
# once, with PMSG_IS_AUTO false, and does not refuse; afterwards
# autosuspends are refused again until hold_busy is cleared. pm_test needs
# CONFIG_PM_DEBUG, which every variant has (lab.config).
# The USB core ignores an interface's suspend error in a system sleep
# (usb_suspend_both), so the sleep proceeds either way: what shows that
# suspend() did not refuse is system_suspends, counted only past the
# busy check, where the in-flight URBs are stopped.
# Shown to fail: with suspend() refusing whenever busy, PMSG_IS_AUTO or
# not, the system suspend still proceeded but "suspend() calls for the
# system sleep" was 0, want 1 (debug, scratch run).
# The gap check, shown to fail: with the kernel retrying sooner than the
# check expects (its delay set to 40 ms after wait_suspended, the check
# still wanting 100), "retried 62 ms after a refusal, before the delay"
# (patched, scratch run).
. /lab/tests/aplab.sh

aplab_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
d0=$(core_count "$LAB_DEV" autosuspend_refused_driver)
# the refusals' own times, from the tracepoint: a poll of the counter
# saw the first one late under load and measured a 59 ms gap
REFUSED=$TRACEFS/events/usb_autopm/usb_autosuspend_refused
[ -d "$REFUSED" ] || fail "no usb_autopm:usb_autosuspend_refused tracepoint"
echo 0 >"$TRACEFS/tracing_on"
echo >"$TRACEFS/trace"
echo 1 >"$REFUSED/enable"
echo 1 >"$TRACEFS/tracing_on"
aplab fetch "$APLAB_DEV" 20000 >/tmp/fetch.out &
fpid=$!
wait_line /tmp/fetch.out fetching
wait_stat refused_busy 3 "$SETTLE_MS"
echo 0 >"$TRACEFS/tracing_on"
echo 0 >"$REFUSED/enable"
# the PM core retries one delay after the refusal marked the device busy
# (usb_runtime_suspend), which comes after the event: no gap is shorter
# than the delay; 1 ms allows for the trace clock's skew between CPUs
gaps=$(awk -v ev="usb_autosuspend_refused: $LAB_DEV reason=driver" '
	index($0, ev) {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = $i + 0; break }
		if (n++) printf "%d ", (t - p) * 1000
		p = t
	}' "$TRACEFS/trace")
echo "gaps between refusals: $gaps(ms; delay $DELAY_MS ms)"
[ -n "$gaps" ] || fail "fewer than two refusals traced"
for g in $gaps; do
	[ "$g" -ge $((DELAY_MS - 1)) ] || fail "retried $g ms after a refusal, before the delay"
done
expect_eq "runtime status while refusing" "$(lab_status "$LAB_DEV")" active
d=$(($(core_count "$LAB_DEV" autosuspend_refused_driver) - d0))
[ "$d" -ge 2 ] || fail "the core counted $d driver refusals, want at least 2"
autopm-gadget vendor reply || fail "vendor reply"
lab_wait_pid "$fpid" 2000 || fail "the fetch got no reply"
expect_eq "reply read" "$(sed -n 2p /tmp/fetch.out)" "reply 0 reply 0"
wait_suspended "$LAB_DEV"
expect_eq "replies" "$(drv_count replies)" 1
expect_balanced 0

PM_TEST=/sys/power/pm_test
[ -e "$PM_TEST" ] || fail "no $PM_TEST: CONFIG_PM_DEBUG is off"
echo 1 >"$APLAB_DEBUG/hold_busy" || fail "hold_busy"
aplab write "$APLAB_DEV" 1 >/dev/null || fail "write"
r1=$(drv_count refused_busy)
wait_stat refused_busy $((r1 + 1)) "$SETTLE_MS"
ss0=$(drv_count system_suspends) s0=$(drv_count suspends)
echo devices >"$PM_TEST" || fail "pm_test devices"
echo 1 >/sys/module/suspend/parameters/pm_test_delay 2>/dev/null
rc=0
echo freeze >/sys/power/state || rc=1
echo none >"$PM_TEST"
[ "$rc" -eq 0 ] || fail "the system suspend failed ($rc) while autosuspends were refused"
echo "system suspend (pm_test devices, freeze) proceeded while autosuspends were refused"
expect_eq "suspend() calls for the system sleep (PMSG_IS_AUTO false)" $(($(drv_count system_suspends) - ss0)) 1
expect_eq "suspend() calls in all (autosuspends still refused)" $(($(drv_count suspends) - s0)) 1
expect_eq "runtime status after the system resume (still busy)" "$(lab_status "$LAB_DEV")" active
echo 0 >"$APLAB_DEBUG/hold_busy" || fail "hold_busy"
wait_suspended "$LAB_DEV"
expect_balanced 0
