# shellcheck shell=sh
# CDC Ethernet subset (cdc_subset), which knows the function only by
# the ids of its "Linux Ethernet/RNDIS gadget" entry. f_subset does not
# wake the host for data, so the gadget signals a remote wakeup for its
# frame.
. /lab/conform/net.sh
net_profile subset geth signal

subset_up_args() {
	echo --vid 0x0525 --pid 0xa4a2
}
