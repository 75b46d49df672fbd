# The host binds cdc_acm and cdc_ether to the gadget: a tty and a netdev.
. /lab/tests/case.sh

case_up
tty=$(lab_acm_tty) || fail "no ACM tty under $LAB_DEV"
[ -c "/dev/$tty" ] || fail "/dev/$tty is not a character device"
net=$(lab_host_netdev) || fail "no ECM netdev under $LAB_DEV"
[ -d "/sys/class/net/$net" ] || fail "$net is not a network interface"
expect_eq "driver of $LAB_DEV:1.0" "$(basename "$(readlink "$SYS_USB/$LAB_DEV:1.0/driver")")" cdc_acm
expect_eq "driver of $LAB_DEV:1.2" "$(basename "$(readlink "$SYS_USB/$LAB_DEV:1.2/driver")")" cdc_ether
expect_eq "ids" "$(cat "$SYS_USB/$LAB_DEV/idVendor"):$(cat "$SYS_USB/$LAB_DEV/idProduct")" 1d6b:0104
echo "host sees /dev/$tty and $net"
