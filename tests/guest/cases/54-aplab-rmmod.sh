# rmmod under load and after a disconnect. With the timer sender queueing
# frames, rmmod unbinds the driver (disconnect: the timer, the URBs and
# the deferred frames stopped, every reference given back, read from the
# PM core) and unloads it; insmod binds again to the same device, whose
# frames then restart at sequence 0. After the gadget is gone, rmmod
# unloads the module with no device. --strict fails the run on any
# KASAN, lockdep or WARNING line. On debug, kmemleak (cleared at the
# start, so the boot's own reports do not count) finds nothing left by
# this case once its objects are old enough to be reported (5 s).
# Shown to fail: without del_timer_sync() in aplab_disconnect(), the
# timer fired after rmmod (patched: an oops in run_timer_softirq, and
# --strict failed the run).
. /lab/tests/aplab.sh

KMEMLEAK=/sys/kernel/debug/kmemleak
[ -e $KMEMLEAK ] && { echo clear >$KMEMLEAK || fail "kmemleak clear"; }
aplab_up
wait_suspended "$LAB_DEV"
echo 1000000 >"$APLAB_DEBUG/timer_send" || fail "start the timer"
# a precondition, the sender running: on debug beside a build and two
# other guests it sent 210 frames in just over 5 s, so the wait for 200
# within APLAB_IO_MS failed once
wait_stat timer_sent 20 "$SETTLE_MS"
rmmod autopm_lab || fail "rmmod under load"
grep -q '^autopm_lab ' /proc/modules && fail "autopm_lab still loaded"
[ -e "$SYS_USB/$APLAB_INTF/driver" ] && fail "$APLAB_INTF still bound"
line=$(dmesg | grep 'autopm-lab disconnected' | tail -n 1)
echo "${line#*] }"
expect_eq "references left at rmmod" "$(echo "$line" | sed -n 's/.*references left \([0-9-]*\),.*/\1/p')" 0
expect_eq "PM core usage count at rmmod" "${line##* }" 0
rt=$SYS_USB/$APLAB_INTF/power/runtime_usage
[ -e "$rt" ] && expect_eq "power/runtime_usage after rmmod" "$(cat "$rt")" 0
echo "unloaded under load"

aplab_load
aplab_find_intf || fail "autopm_lab did not bind again"
aplab_paths
p0=$(peer rx_frames)
aplab write "$APLAB_DEV" 5 >/dev/null || fail "writes after insmod"
wait_peer rx_frames $((p0 + 5))
expect_eq "peer: sequence restarts" "$(peer rx_restarts)" 1
expect_peer_clean
wait_suspended "$LAB_DEV"
expect_balanced 0

lab_down || fail "down"
rmmod autopm_lab || fail "rmmod after disconnect"
grep -q '^autopm_lab ' /proc/modules && fail "autopm_lab still loaded"
echo "unloaded after disconnect"
[ -e $KMEMLEAK ] || exit 0
# kmemleak reports only objects older than 5 s: wait for the last
# allocation of the module (before this rmmod) to reach that age
t=$(labtool now-ms)
lab_wait_cmd 6000 clock_past $((t + 5100)) || fail "the clock did not reach +5.1 s in 6 s"
# two scans: an object seen once may only be in flight
echo scan >"$KMEMLEAK" && echo scan >"$KMEMLEAK" || fail "kmemleak scan"
cat $KMEMLEAK >/tmp/leaks
if [ -s /tmp/leaks ]; then
	cat /tmp/leaks >/dev/console
	fail "kmemleak reports $(grep -c '^unreferenced' /tmp/leaks) suspected leak(s) after rmmod"
fi
echo "kmemleak: no leak"
