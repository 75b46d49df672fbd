# shellcheck shell=sh
# RNDIS (rndis_host): f_rndis does not wake the host for data (the
# patches taught only f_ecm), so the gadget signals a remote wakeup for
# its frame.
. /lab/conform/net.sh
net_profile rndis rndis signal
