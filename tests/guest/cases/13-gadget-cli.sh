# autopm-gadget: bad arguments exit 2 with one line; failures exit 1 and
# leave configfs as they found it; status tells the truth.
. /lab/tests/case.sh

GADGETS=/sys/kernel/config/usb_gadget

expect_exit 2 autopm-gadget
expect_exit 2 autopm-gadget frobnicate
expect_exit 2 autopm-gadget up --functions acm,foo
expect_exit 2 autopm-gadget up --vid 0x10000
expect_exit 2 autopm-gadget up --pid
expect_exit 2 autopm-gadget up stray
expect_exit 2 autopm-gadget wake --timeout-ms 0
expect_exit 2 autopm-gadget down --force
expect_exit 0 autopm-gadget up --help
expect_exit 1 autopm-gadget up --udc no_such_udc
expect_eq "configfs after a failed up" "$(ls $GADGETS)" ""
expect_exit 1 autopm-gadget down
expect_exit 1 autopm-gadget wake
expect_exit 1 autopm-gadget status

case_up --functions acm --vid 0x1234 --pid 0x5678
# keep the bus awake, so that the state below is "configured"
echo on >"$SYS_USB/$LAB_DEV/power/control"
expect_exit 1 autopm-gadget up
expect_eq "gadgets after a second up" "$(ls $GADGETS)" autopm-lab
autopm-gadget status >/tmp/status || fail "status"
cat /tmp/status
expect_eq "status id" "$(sed -n 's/^id: //p' /tmp/status)" 1234:5678
expect_eq "status udc" "$(sed -n 's/^udc: //p' /tmp/status)" dummy_udc.0
expect_eq "status state" "$(sed -n 's/^state: //p' /tmp/status)" configured
expect_eq "status functions" "$(sed -n 's/^function: //p' /tmp/status)" "acm.usb0 tty /dev/ttyGS0"
# shellcheck disable=SC2012 # sysfs names have no newlines
expect_eq "host interfaces (ACM only)" "$(ls -d "$SYS_USB/$LAB_DEV":* | wc -l)" 2
