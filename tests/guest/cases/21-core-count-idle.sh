# N separate idle periods raise autosuspend_count by exactly N, on the
# device and on its root hub, which suspends after it each time; the
# usb_autopm:usb_autosuspend tracepoint fires once per autosuspend.
. /lab/tests/case.sh

N=5
EVENT=$TRACEFS/events/usb_autopm/usb_autosuspend
case_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
[ -d "$EVENT" ] || fail "no usb_autopm:usb_autosuspend tracepoint"
s0=$(core_count "$LAB_DEV" autosuspend_count)
h0=$(core_count "$LAB_HUB" autosuspend_count)
echo 0 >"$TRACEFS/tracing_on"
echo >"$TRACEFS/trace"
echo 1 >"$EVENT/enable"
echo 1 >"$TRACEFS/tracing_on"
i=1
while [ $i -le $N ]; do
	# a host-side resume ends each idle period
	echo on >"$SYS_USB/$LAB_DEV/power/control"
	echo auto >"$SYS_USB/$LAB_DEV/power/control"
	labtool order "$LAB_DEV" "$LAB_HUB" "$SUSPEND_BOUND_MS" >/dev/null ||
		fail "idle period $i: $LAB_DEV and $LAB_HUB did not suspend in order"
	i=$((i + 1))
done
echo 0 >"$TRACEFS/tracing_on"
echo 0 >"$EVENT/enable"
expect_eq "autosuspend_count of $LAB_DEV" $(($(core_count "$LAB_DEV" autosuspend_count) - s0)) $N
expect_eq "autosuspend_count of $LAB_HUB" $(($(core_count "$LAB_HUB" autosuspend_count) - h0)) $N
expect_eq "usb_autosuspend events for $LAB_DEV" "$(grep -c "usb_autosuspend: $LAB_DEV\$" "$TRACEFS/trace")" $N
