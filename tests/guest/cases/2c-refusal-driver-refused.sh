# An interface driver whose suspend() refuses an autosuspend with -EBUSY
# (autopm_lab while a fetch is in flight) is the refusal at each attempt:
# driver_refused, naming the interface, driver and error; each refused
# attempt counts once. Once the device suspends, the reason is gone.
. /lab/tests/aplab.sh

aplab_up
require_core "$LAB_DEV"
wait_suspended "$LAB_DEV"
d0=$(core_count "$LAB_DEV" autosuspend_refused_driver)
aplab fetch "$APLAB_DEV" 20000 >/tmp/fetch.out &
fpid=$!
wait_line /tmp/fetch.out fetching
wait_stat refused_busy 2 "$SETTLE_MS"
expect_refusal "$LAB_DEV" driver_refused "interface=$APLAB_INTF driver=autopm_lab error=-16"
# every refusal the driver made is one refused attempt, counted once
autopm-gadget vendor reply || fail "vendor reply"
lab_wait_pid "$fpid" 2000 || fail "the fetch got no reply"
wait_suspended "$LAB_DEV"
expect_eq "refused attempts (driver) = the driver's refusals" \
	$(($(core_count "$LAB_DEV" autosuspend_refused_driver) - d0)) "$(drv_count refused_busy)"
expect_refusal "$LAB_DEV" none ""
