# Bad input to the char device gets a clean errno each, never an oops
# (--strict fails the run on any BUG or WARNING), and a file used after
# the gadget went away gets -ENODEV.
. /lab/tests/aplab.sh

aplab_up
# one frame waiting, so the unmapped read reaches copy_to_user(); an
# open file arms remote wakeup, in case the device suspended already
exec 3<>"$APLAB_DEV" || fail "open $APLAB_DEV"
autopm-gadget vendor event || fail "vendor event"
wait_stat spontaneous 1 3000
aplab bad "$APLAB_DEV" >/tmp/bad.out || fail "aplab bad"
cat >/tmp/bad.want <<WANT
oversized write: EMSGSIZE
huge write: EMSGSIZE
unmapped write: EFAULT
unknown ioctl: ENOTTY
foreign ioctl: ENOTTY
stay-awake 2: EINVAL
short read: EINVAL
unmapped read: EFAULT
empty read: EAGAIN
WANT
diff /tmp/bad.want /tmp/bad.out || fail "errnos differ (above)"
echo "9 bad inputs, 9 clean errnos"
exec 3>&-
aplab write "$APLAB_DEV" 2>/dev/null
expect_eq "aplab usage error" $? 2
aplab orphan "$APLAB_DEV" >/tmp/orphan.out &
opid=$!
wait_line /tmp/orphan.out open
lab_down || fail "down"
lab_wait_pid "$opid" 2000 || fail "the open file did not notice the disconnect"
expect_eq "after disconnect" "$(sed 1d /tmp/orphan.out | tr '\n' ' ')" \
	"read: ENODEV write: ENODEV ioctl: ENODEV poll: POLLHUP close: ok 0 "
