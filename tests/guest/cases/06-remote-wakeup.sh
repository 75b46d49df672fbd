# With ttyACM0 open, each remote wakeup from the gadget resumes the
# suspended device within the bound. hub.c logs exactly K device-initiated
# resumes, and the rpm trace shows exactly K resumes: nothing else woke it.
. /lab/tests/case.sh

K=3
case_up
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
wait_suspended "$LAB_DEV"
lab_trace_start
i=1
while [ $i -le $K ]; do
	wait_suspended "$LAB_DEV"
	out=$(autopm-gadget wake --timeout-ms "$WAKE_BOUND_MS") || fail "wakeup $i not delivered"
	echo "wakeup $i: $out"
	i=$((i + 1))
done
wait_suspended "$LAB_DEV"
lab_trace_stop /tmp
exec 3>&-
counts=$(labtool count "$LAB_DEV" /tmp/trace /tmp/dmesg)
expect_eq "remote wakeups of $LAB_DEV (hub.c)" "$(pair_field wakeups "$counts")" "$K"
expect_eq "resumes of $LAB_DEV (rpm trace)" "$(pair_field resumes "$counts")" "$K"
expect_eq "trace overrun" "$(pair_field overrun "$counts")" 0
