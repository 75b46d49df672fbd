# shellcheck shell=sh
# CDC-NCM (cdc_ncm): f_ncm does not wake the host for data (the
# patches taught only f_ecm), so the gadget signals a remote wakeup for
# its frame.
. /lab/conform/net.sh
net_profile ncm ncm signal
