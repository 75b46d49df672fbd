# shellcheck shell=sh
# CDC-EEM (cdc_eem): f_eem does not wake the host for data (the
# patches taught only f_ecm), so the gadget signals a remote wakeup for
# its frame.
. /lab/conform/net.sh
net_profile eem eem signal
