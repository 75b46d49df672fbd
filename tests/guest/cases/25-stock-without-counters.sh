# On the stock kernel the counters are absent, and the report copes: it
# says so and counts from the trace events instead.
. /lab/tests/case.sh

! lab_has_counters || skip "only on a kernel without the lab's counters"
case_up
[ -e "$SYS_USB/$LAB_DEV/power/autosuspend_count" ] && fail "stock has power/autosuspend_count"
# held awake until the trace and the first snapshot are there: under load
# the device once suspended before them, and the report rightly counted 0
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_state "$LAB_DEV" active 2000 >/dev/null || fail "$LAB_DEV did not resume"
lab_trace_start
labtool snapshot "$LAB_DEV" "$LAB_HUB" >/tmp/before || fail "snapshot"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
wait_suspended "$LAB_DEV"
lab_trace_stop /tmp
labtool snapshot "$LAB_DEV" "$LAB_HUB" >/tmp/after || fail "snapshot"
labtool report stock /tmp/before /tmp/after /tmp/trace /tmp/dmesg >/tmp/report || fail "report"
cat /tmp/report
grep -q "this kernel has no USB core counters" /tmp/report || fail "the report does not say the counters are absent"
expect_eq "suspends of $LAB_DEV in the report" "$(awk -v d="$LAB_DEV" '$1 == d { print $3 }' /tmp/report)" 1
