# Bytes written while the bus is up but not yet read by the host are
# still queued when the bus suspends: the device asks for one remote
# wakeup (the host's ECM netdev is up, so it is armed), not one per
# suspend while the host does not read, and no byte is lost.
# Shown failing: with gserial_suspend()'s request taken out (scratch
# build), "no remote wakeup for the 4000 bytes queued at suspend".
. /lab/tests/case.sh

N=4000
case_up
preset_host_acm_raw
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
stty raw -echo -iexten -ixon -ixoff <&4
# cdc_ether's open interface asks for remote wakeup; ttyACM stays closed
ip link set "$(lab_host_netdev)" up || fail "host netdev up"
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_state "$LAB_DEV" active 2000 >/dev/null || fail "$LAB_DEV did not resume"
q0=$(udc_count wakeup_request_count) d0=$(udc_count wakeup_delivered_count)
w0=$(core_count "$LAB_DEV" remote_wakeup_count)
head -c $N /dev/zero | tr '\0' p >&4 || fail "write"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_cmd 3000 udc_count_above wakeup_delivered_count "$d0" ||
	fail "no remote wakeup for the $N bytes queued at suspend"
# the gadget counts the wakeup at its resume, before the host has seen
# it: wait for the host's, or the suspend below may be the old one
wait_remote_wakeup "$LAB_DEV" "$w0" 2000 >/dev/null ||
	fail "the host did not take the remote wakeup"
wait_suspended "$LAB_DEV"
expect_steady "$LAB_DEV" suspended "nobody reads: no second wakeup"
expect_eq "device: wakeup requests" $(($(udc_count wakeup_request_count) - q0)) 1
expect_eq "device: wakeups delivered" $(($(udc_count wakeup_delivered_count) - d0)) 1
lab_open_host_acm_raw || fail "open the host tty"
head -c $N <&3 >/tmp/got &
r=$!
lab_wait_pid $r 10000 || fail "only $(wc -c </tmp/got) of $N bytes arrived"
expect_eq "bytes received" "$(tr -cd p </tmp/got | wc -c)" $N
exec 3>&- 4>&-
ip link set "$(lab_host_netdev)" down
