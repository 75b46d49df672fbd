# Gadget down while frames are deferred: the gadget goes while its port is
# suspended, so the host keeps the device until a resume fails. Frames
# the timer queues meanwhile are deferred; disconnect() drops them and gives back
# their references (debug: kmemleak in 99, KASAN and lockdep via --strict).
. /lab/tests/aplab.sh

aplab_up
wait_suspended "$LAB_DEV"
autopm-gadget down >/dev/null || fail "down"
# the timer sends without an open, which would try to resume at once
echo 64 >"$APLAB_DEBUG/timer_send" || fail "start the timer"
lab_wait_cmd 5000 test ! -e "$SYS_USB/$LAB_DEV" || fail "the host kept $LAB_DEV"
line=$(dmesg | grep 'autopm-lab disconnected' | tail -n 1)
echo "${line#*] }"
set -- $(echo "$line" | sed -n 's/.*dropped \([0-9]*\) deferred.*left \([0-9-]*\)$/\1 \2/p')
[ "${1:-0}" -ge 1 ] || fail "no deferred frame was dropped: $line"
expect_eq "usage count references left at disconnect" "$2" 0
