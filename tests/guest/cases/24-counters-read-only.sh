# The new power/ files are read-only: a write fails with a clear error
# and changes nothing.
. /lab/tests/case.sh

case_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
for f in autosuspend_count autoresume_count remote_wakeup_count \
	autosuspend_refused_busy autosuspend_refused_no_wakeup \
	autosuspend_refused_hcd_wakeup autosuspend_refused_reset_resume \
	autosuspend_refused_driver autosuspend_refused_failed \
	autosuspend_refusal autosuspend_refusal_detail; do
	p=$SYS_USB/$LAB_DEV/power/$f
	[ -e "$p" ] || fail "no power/$f"
	before=$(cat "$p")
	if (echo 7 >"$p") 2>/tmp/err; then
		fail "writing power/$f succeeded"
	fi
	grep -q "Permission denied" /tmp/err || fail "power/$f: unexpected error: $(cat /tmp/err)"
	expect_eq "power/$f after a write" "$(cat "$p")" "$before"
done
