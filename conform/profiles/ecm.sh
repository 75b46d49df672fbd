# shellcheck shell=sh
# CDC-ECM (cdc_ether): the patched f_ecm wakes the host for a frame.
. /lab/conform/net.sh
net_profile ecm ecm data
