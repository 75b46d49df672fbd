# Bad writes to the power attributes are refused and change nothing.
. /lab/tests/case.sh

case_up
P=$SYS_USB/$LAB_DEV/power
delay=$(cat "$P/autosuspend_delay_ms")
control=$(cat "$P/control")
for v in abc 12x 0x10 "" 99999999999999999999; do
	if echo "$v" >"$P/autosuspend_delay_ms" 2>/dev/null; then
		fail "autosuspend_delay_ms accepted '$v'"
	fi
done
expect_eq "autosuspend_delay_ms after bad writes" "$(cat "$P/autosuspend_delay_ms")" "$delay"
for v in sometimes ON off "" auto2; do
	if echo "$v" >"$P/control" 2>/dev/null; then
		fail "control accepted '$v'"
	fi
done
expect_eq "control after bad writes" "$(cat "$P/control")" "$control"
wait_suspended "$LAB_DEV"
echo "and $LAB_DEV still autosuspends"
