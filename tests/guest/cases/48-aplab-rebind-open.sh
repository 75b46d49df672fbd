# Unbind and rebind the driver while a file is open and holds the device
# awake: the file gets -ENODEV and a hangup, the reference it held is
# given back, and the rebound driver starts balanced, its frames in order.
# The balance at unbind is read from the PM core: the count disconnect()
# logs, and on debug the interface's power/runtime_usage afterwards.
. /lab/tests/aplab.sh

DRV=/sys/bus/usb/drivers/autopm_lab
aplab_up
aplab write "$APLAB_DEV" 5 >/dev/null || fail "writes before unbind"
wait_peer rx_frames 5
aplab orphan "$APLAB_DEV" >/tmp/orphan.out &
opid=$!
wait_line /tmp/orphan.out open
expect_eq "interface usage count while held" "$(drv_count usage_count)" 1
echo "$APLAB_INTF" >$DRV/unbind || fail "unbind"
lab_wait_pid "$opid" 2000 || fail "the open file did not notice the unbind"
expect_eq "after unbind" "$(sed 1d /tmp/orphan.out | tr '\n' ' ')" \
	"read: ENODEV write: ENODEV ioctl: ENODEV poll: POLLHUP close: ok 0 "
line=$(dmesg | grep 'autopm-lab disconnected' | tail -n 1)
expect_eq "references left at unbind" "$(echo "$line" | sed -n 's/.*references left \([0-9-]*\),.*/\1/p')" 0
expect_eq "PM core usage count at the end of disconnect" "${line##* }" 0
# the interface outlives the unbind: the PM core's count, read from it
# (power/runtime_usage: PM_ADVANCED_DEBUG, in kernel-patches/config/lab.config)
rt=$SYS_USB/$APLAB_INTF/power/runtime_usage
[ -e "$rt" ] || fail "no $rt: PM_ADVANCED_DEBUG is off"
expect_eq "power/runtime_usage after unbind" "$(cat "$rt")" 0
echo "$APLAB_INTF" >$DRV/bind || fail "bind"
aplab_paths
aplab write "$APLAB_DEV" 5 >/dev/null || fail "writes after rebind"
wait_peer rx_frames 10
expect_eq "peer: sequence restarts" "$(peer rx_restarts)" 1
expect_peer_clean
wait_suspended "$LAB_DEV"
expect_balanced 0
