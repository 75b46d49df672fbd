# At SuperSpeed (run-guest --speed super) a Linux host arms wakeup per
# function, with SET_FEATURE(FUNCTION_SUSPEND), which neither f_acm and
# f_ecm nor dummy_hcd (nor this series) implement: the request stalls,
# the device's suspend fails, and it never autosuspends. The refusal
# says so, with the error, and each failed attempt is counted; there is
# then no suspended bus for a data wakeup to end.
. /lab/tests/case.sh

# the bus's own speed decides, not what the runner was told
_ss=/sys/module/dummy_hcd/parameters/is_super_speed
[ -r "$_ss" ] || fail "no $_ss: cannot tell the bus's speed"
[ "$(cat "$_ss")" = Y ] || skip "SuperSpeed only (run-guest --speed super)"
case_up
expect_eq "gadget speed" "$(cat "/sys/class/udc/$(lab_udc)/current_speed")" super-speed
require_core "$LAB_DEV"
# The attempt fails; while it runs runtime_status reads "suspending" (a
# poll for "active" once caught that), so wait for the failed attempt,
# then for the device to stay active, with no autosuspend since it was
# enumerated (the counters start there).
lab_wait_cmd "$SETTLE_MS" core_count_above "$LAB_DEV" autosuspend_refused_failed 0 ||
	fail "no failed suspend attempt in $SETTLE_MS ms"
expect_steady "$LAB_DEV" active "SuperSpeed: no function remote wakeup"
expect_eq "autosuspends at SuperSpeed" "$(core_count "$LAB_DEV" autosuspend_count)" 0
expect_refusal "$LAB_DEV" suspend_failed "error=-32"
echo "failed suspend attempts: $(core_count "$LAB_DEV" autosuspend_refused_failed)"
# The report names the failed attempts made between its snapshots. The
# first attempt comes before any snapshot can be taken, so power/control
# on then auto asks for another (shown failing with
# autosuspend_refused_failed taken out of lib/hostside.c's table: "no
# 'refused: 2-1: failed' line in the report").
n0=$(core_count "$LAB_DEV" autosuspend_refused_failed)
lab_trace_start
labtool snapshot "$LAB_DEV" "$LAB_HUB" >/tmp/before || fail "snapshot"
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "power/control on"
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "power/control auto"
lab_wait_cmd "$SETTLE_MS" core_count_above "$LAB_DEV" autosuspend_refused_failed "$n0" ||
	fail "no second failed attempt in $SETTLE_MS ms after power/control auto"
expect_steady "$LAB_DEV" active "SuperSpeed: no function remote wakeup"
n1=$(core_count "$LAB_DEV" autosuspend_refused_failed)
lab_trace_stop /tmp
labtool snapshot "$LAB_DEV" "$LAB_HUB" >/tmp/after || fail "snapshot"
labtool report "$LAB_VARIANT" /tmp/before /tmp/after /tmp/trace /tmp/dmesg >/tmp/report || fail "report"
_line=$(grep "^refused: $LAB_DEV: failed " /tmp/report) || { cat /tmp/report; fail "no 'refused: $LAB_DEV: failed' line in the report"; }
expect_eq "failed attempts in the report" "${_line##* }" $((n1 - n0))
