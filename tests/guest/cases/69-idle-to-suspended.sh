# Idle to suspended: after each remote wakeup, the PM core begins the
# device's autosuspend no sooner than the delay after the resume ended,
# and no later than the delay, its quarter of timer slack,
# IDLE_MARGIN_MS (the timer's interrupt, pm_wq and TCG) and the latest a
# timer woke a sleeper beside the periods (labtool jitter: the host's
# load at that time, which the PM core's timer met too): every sample of
# 50 periods at the tests' 100 ms delay and of 5 at 2000 ms, timed from
# the rpm trace events (labtool idle; the resume's end is a lower bound
# of last_busy, idle.h). scripts/idle-hist draws the same figures for 50
# periods at each delay.
# Shown failing (a scratch case, patched, on one run's trace of 21
# periods): labtool told the delay is 150 ms while the kernel's is 100,
# "resume 0: suspend began after 122.8 ms, before the 150 ms delay" (all
# 21); with the margin at 0 and no lateness term, "resume 10: suspend
# began after 126.9 ms, over the bound 125.0 ms (delay + 25% + 0)" (4 of
# 21). Beside a make check and its guests, the timers ran up to 30 ms
# late at 100 ms (bound 205 ms, periods up to 155.1) and 128 ms at 2000.
. /lab/tests/case.sh

case_up
lab_idle_periods "$DELAY_MS" 50 "$IDLE_MARGIN_MS" || fail "idle to suspended at $DELAY_MS ms"
lab_idle_periods 2000 5 "$IDLE_MARGIN_MS" || fail "idle to suspended at 2000 ms"
