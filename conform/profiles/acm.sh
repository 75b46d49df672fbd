# shellcheck shell=sh
# CDC-ACM (cdc_acm): the host's ttyACM.
. /lab/conform/tty.sh
tty_profile acm acm_host_tty

acm_host_tty() {
	echo "/dev/$(lab_acm_tty)"
}
