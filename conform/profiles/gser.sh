# shellcheck shell=sh
# Generic serial (f_serial, a vendor-class interface) under usbserial's
# "generic" driver, which binds only ids it is given (new_id): the
# host's ttyUSB.
. /lab/conform/tty.sh
tty_profile gser gser_host_tty
# the ids of g_serial, the serial gadget, which no host driver claims
GSER_VID=0525 GSER_PID=a4a6

gser_up_args() {
	echo "--vid 0x$GSER_VID --pid 0x$GSER_PID"
}

gser_prepare() {
	echo "$GSER_VID $GSER_PID" >/sys/bus/usb-serial/drivers/generic/new_id ||
		{ echo "gser: usbserial's generic driver took no new_id" >&2; return 1; }
}

gser_host_tty() {
	for _t in "$SYS_USB/$LAB_DEV":*/ttyUSB*; do
		[ -e "$_t" ] && echo "/dev/$(basename "$_t")" && return 0
	done
	return 1
}
