# At SuperSpeed (run-guest --speed super) a Linux host arms wakeup per
# function (SET_FEATURE(FUNCTION_SUSPEND)), not with DEVICE_REMOTE_WAKEUP,
# and dummy_hcd (like this series) has no function remote wakeup: the
# data's wakeup request is refused, visibly (wakeup_refused_count), the
# host stays suspended, and the data waits, intact, for the host's own
# resume.
. /lab/tests/case.sh

[ "${LAB_SPEED:-high}" = super ] || skip "SuperSpeed only (run-guest --speed super)"
case_up
expect_eq "gadget speed" "$(cat "/sys/class/udc/$(lab_udc)/current_speed")" super-speed
require_core "$LAB_DEV"
open_acm_raw
wait_suspended "$LAB_DEV"
f0=$(udc_count wakeup_refused_count) d0=$(udc_count wakeup_delivered_count)
head -c 100 <&3 >/tmp/got &
r=$!
head -c 100 /dev/zero >&4
lab_wait_cmd 2000 test "$(udc_count wakeup_refused_count)" -gt "$f0" ||
	fail "no refused wakeup request for the data"
expect_steady "$LAB_DEV" suspended "SuperSpeed: no function remote wakeup"
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 0
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_pid $r 5000 || fail "only $(wc -c </tmp/got) of 100 bytes after the host's resume"
echo "100 bytes arrived after the host resumed by itself"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
exec 3>&- 4>&-
