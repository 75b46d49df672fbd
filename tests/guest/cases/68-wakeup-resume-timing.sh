# Remote wakeup at the speed USB 2.0 allows, and no faster. Over N
# wakeup requests (srp) from a suspended bus, dummy_hcd's trace events
# (dummy-hcd-tracepoints) show, in every round, at least 20 ms of resume signalling
# (TDRSMDN: dummy_hcd_resume_start to dummy_hcd_resume_end) and at least
# 10 ms of resume recovery (TRSMRCY: the link going active to the
# device's next SETUP), USB 2.0 7.1.7.7. Recovery is measured short of
# the truth (the link goes active after the signalling ended), so a pass
# is a pass. And every one of the N wakeups, from the srp write to the
# device's resume returning (by the trace), takes at most
# RESUME_BOUND_MS, and their median less than MEDIAN_BOUND_MS; each bound
# plus what the host's load made the guest's timers late meanwhile
# (labtool jitter beside the rounds): the latest wakeup for every
# sample, 3 times the median lateness (a wakeup waits on two timers and
# a worker) for the median.
#
# A bound on every sample that fails a regression of 10 ms is not
# possible here: with hub-trsmrcy-once, hub-trsmrcy-usleep and
# dummy-hcd-resume-hrtimer the medians were 32.3-34.8 ms in 15
# runs, but under load (another engineer's guests, and in 10 of the runs
# a niced kernel build of ours beside them; load average 5-8) single
# wakeups took up to 115.9 ms, the hrtimer that ends the signalling once
# running 83 ms late. RESUME_BOUND_MS is the
# tightest bound above what was seen. What fails a 10 ms regression is
# the median bound: the 12-16 ms that hub-trsmrcy-once took out, coming back,
# fails it (below).
#
# Fails on stock: its dummy_hcd has no trace events (and it takes
# 60-70 ms). On the debug kernel (KASAN, lockdep) the floors are checked
# the same, the bound does not apply (its wakeups take twice as long).
#
# Shown failing (scratch builds, not in the series, patched, load 4-5):
# - usb_port_resume() waiting usleep_range(5000, 6000) for TRSMRCY and
#   dummy_hcd's DUMMY_RESUME_NSECS at 15 ms: "round 0: signalling
#   17.36 ms, under TDRSMDN's 20 ms", "round 0: recovery 7.34 ms, under
#   TRSMRCY's 10 ms" (signalling 15.06-23.65, recovery 5.78-11.08);
# - hub-trsmrcy-once reverted (hub_handle_remote_wakeup()'s msleep(10) back):
#   "median wakeup 54 ms, bound 40 ms" (every sample 50.4-57.7 ms;
#   with the lateness term, 54 ms still fails unless the timers ran 5 ms
#   late at their median).
# - the per-sample bound set to the run's median (scratch edit of this
#   case): "round 0: took 38.46 ms, bound 33 ms".
. /lab/tests/case.sh

N=20
# every sample: the worst seen under load (115.9 ms) and some room, or 6
# times the run's median if more (as in case 36): beside a kernel build
# and a debug suite one round's hrtimer ended the signalling 160 ms late
# (179.8 ms of signalling, 195.8 in all, median 36.2); the median: the
# floors' 30 ms, the 2-5 ms the lab's software adds, and 5 ms
RESUME_BOUND_MS=150
MEDIAN_BOUND_MS=40
case_up
[ -d "$TRACEFS/events/dummy_hcd/dummy_hcd_resume_end" ] ||
	fail "no dummy_hcd trace events: this kernel lacks the lab's dummy-hcd-tracepoints"
lab_jitter_start
lab_latency wake $N --breakdown --suspend-timeout-ms "$SETTLE_MS" --format=kv >/tmp/rt ||
	fail "breakdown: $(lab_kv error </tmp/rt)"
lab_jitter_stop || fail "no timer lateness measured beside the wakeups"
MEDIAN_BOUND_MS=$((MEDIAN_BOUND_MS + 3 * LAB_LATE_MEDIAN))
RESUME_BOUND_MS=$((RESUME_BOUND_MS + LAB_LATE_MAX))
echo "timers late meanwhile: median $LAB_LATE_MEDIAN ms, at most $LAB_LATE_MAX ms"
grep '^breakdown_' /tmp/rt
expect_eq "rounds with the bus's events" \
	"$(grep -c '^breakdown_spec_round_[0-9]*_signalling_ms=' /tmp/rt)" "$N"
# every round, both floors (labtool's key=value lines, in ms)
awk -F= '/^breakdown_spec_round_[0-9]+_/ {
	split($1, k, "_")
	if (k[5] == "signalling" && $2 + 0 < 20) { print "round " k[4] ": signalling " $2 " ms, under TDRSMDN'"'"'s 20 ms"; bad = 1 }
	if (k[5] == "recovery" && $2 + 0 < 10) { print "round " k[4] ": recovery " $2 " ms, under TRSMRCY'"'"'s 10 ms"; bad = 1 }
} END { exit bad }' /tmp/rt >/tmp/rt.bad || fail "$(head -n 3 /tmp/rt.bad)"
echo "every round: signalling >= 20 ms, recovery >= 10 ms"
lab_checked_kernel && exit 0
median=$(kv_ms /tmp/rt breakdown_total_median_ms)
[ -n "$median" ] && [ "$median" -lt "$MEDIAN_BOUND_MS" ] ||
	fail "median wakeup ${median:-?} ms, bound $MEDIAN_BOUND_MS ms"
[ $((median * 6 + LAB_LATE_MAX)) -gt "$RESUME_BOUND_MS" ] && RESUME_BOUND_MS=$((median * 6 + LAB_LATE_MAX))
# every sample, by the trace (the srp write to the device's resume
# returning; the polled runtime_status adds the poller's own delays)
awk -F= -v b="$RESUME_BOUND_MS" '/^breakdown_round_[0-9]+_total_ms=/ && $2 + 0 > b {
	split($1, k, "_")
	print "round " k[3] ": took " $2 " ms, bound " b " ms"; bad = 1
} END { exit bad }' /tmp/rt >/tmp/rt.bad || fail "$(head -n 3 /tmp/rt.bad)"
echo "every one of $N wakeups within $RESUME_BOUND_MS ms, median under $MEDIAN_BOUND_MS ms"
