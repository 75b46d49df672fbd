# With ttyACM0 open, each remote wakeup from the gadget resumes the
# suspended device within the bound (expect_wakes_bounded: from the
# samples' median, as case 36). hub.c logs exactly K device-initiated
# resumes, and the rpm trace shows exactly K resumes: nothing else woke it.
# Shown failing: with WAKE_BOUND_MS at 40 (a scratch copy), "wakeups:
# median wakeup 37 ms, bound 20 ms (34 49 37)".
. /lab/tests/case.sh

K=3
case_up
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
wait_suspended "$LAB_DEV"
lab_trace_start
i=1 ms=""
while [ $i -le $K ]; do
	wait_suspended "$LAB_DEV"
	out=$(wake "wakeup $i")
	echo "wakeup $i: $out"
	ms="$ms $(wake_ms "$out")"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # one number each
expect_wakes_bounded wakeups $ms
wait_suspended "$LAB_DEV"
lab_trace_stop /tmp
exec 3>&-
counts=$(labtool count "$LAB_DEV" /tmp/trace /tmp/dmesg)
expect_eq "remote wakeups of $LAB_DEV (hub.c)" "$(pair_field wakeups "$counts")" "$K"
expect_eq "resumes of $LAB_DEV (rpm trace)" "$(pair_field resumes "$counts")" "$K"
expect_eq "trace overrun" "$(pair_field overrun "$counts")" 0
