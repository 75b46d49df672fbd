# K remote wakeups raise remote_wakeup_count by exactly K, on the device
# and on its root hub, and autoresume_count by at least K.
. /lab/tests/case.sh

K=4
case_up
require_core "$LAB_DEV"
exec 3<>"/dev/$(lab_acm_tty)" || fail "open the ACM tty"
wait_suspended "$LAB_DEV"
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
r0=$(core_count "$LAB_DEV" autoresume_count)
h0=$(core_count "$LAB_HUB" remote_wakeup_count)
i=1
while [ $i -le $K ]; do
	wait_suspended "$LAB_DEV"
	wake "wakeup $i" >/dev/null
	i=$((i + 1))
done
wait_suspended "$LAB_DEV"
exec 3>&-
expect_eq "remote_wakeup_count of $LAB_DEV" $(($(core_count "$LAB_DEV" remote_wakeup_count) - w0)) $K
expect_eq "remote_wakeup_count of $LAB_HUB" $(($(core_count "$LAB_HUB" remote_wakeup_count) - h0)) $K
resumes=$(($(core_count "$LAB_DEV" autoresume_count) - r0))
[ "$resumes" -ge $K ] || fail "autoresume_count rose by $resumes, want at least $K"
echo "autoresume_count of $LAB_DEV: +$resumes"
