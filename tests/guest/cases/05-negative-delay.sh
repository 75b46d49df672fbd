# A negative autosuspend_delay_ms disables autosuspend.
. /lab/tests/case.sh

case_up
wait_suspended "$LAB_DEV"
echo -1 >"$SYS_USB/$LAB_DEV/power/autosuspend_delay_ms" || fail "cannot write -1"
expect_eq "status after delay -1" "$(lab_status "$LAB_DEV")" active
expect_steady "$LAB_DEV" active "autosuspend_delay_ms=-1"
echo "$DELAY_MS" >"$SYS_USB/$LAB_DEV/power/autosuspend_delay_ms"
wait_suspended "$LAB_DEV"
echo "with the delay back at $DELAY_MS ms, $LAB_DEV suspended"
