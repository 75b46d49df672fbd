# Rule 7: the driver is unbound while the host has the device open, then
# bound again. The open file can be closed; the interfaces' PM usage
# counts (which outlive the unbind) are 0; the device can suspend with
# no driver; after the rebind it autosuspends when idle, its counts at
# the first baseline, and I/O works.
# Shown to fail: fixtures/unbind-get (disconnect() of an open device
# resumes it and never puts): "usage count after the unbind: got '1',
# want '0'"; fixtures/missing-put (no put for open()'s get), the same.
. /lab/conform/conform.sh

conform_up
conform_wait_suspended "idle, before the baseline"
base=$(usage_counts)
for f in $FUNCTIONS; do
	hook "$f" open || fail "$f: open"
done
# interface=driver, for the rebind
bound=$(for i in $(interfaces); do
	d=$(readlink "$SYS_USB/$i/driver") && echo "$i=$(basename "$d")"
done)
# a driver that claims a second interface (cdc-acm, cdc_ether) lets go
# of it when the first is unbound, and claims it again at the rebind
for b in $bound; do
	[ -e "$SYS_USB/${b%%=*}/driver" ] || continue
	echo "${b%%=*}" >"/sys/bus/usb/drivers/${b#*=}/unbind" || fail "unbind $b"
done
for f in $FUNCTIONS; do
	hook "$f" close
done
for b in $bound; do
	expect_eq "${b%%=*}: usage count after the unbind" "$(usage_of "${b%%=*}")" 0
done
conform_wait_suspended "no driver bound"
for b in $bound; do
	[ -e "$SYS_USB/${b%%=*}/driver" ] && continue
	echo "${b%%=*}" >"/sys/bus/usb/drivers/${b#*=}/bind" || fail "bind $b"
done
for b in $bound; do
	expect_eq "${b%%=*}: driver after the rebind" \
		"$(basename "$(readlink "$SYS_USB/${b%%=*}/driver")")" "${b#*=}"
done
for f in $FUNCTIONS; do
	hook "$f" rebound || fail "$f: the host side did not come back after the rebind"
done
conform_wait_suspended "idle after the rebind"
expect_eq "usage counts after the rebind" "$(usage_counts)" "$base"
# held awake: I/O from suspend is rule 3's
echo on >"$SYS_USB/$LAB_DEV/power/control" || fail "control on"
io_round "" "after the rebind"
out=$IO_OUT
echo auto >"$SYS_USB/$LAB_DEV/power/control" || fail "control auto"
conform_wait_suspended "after I/O, rebound"
expect_eq "usage counts after I/O, rebound" "$(usage_counts)" "$base"
evidence "unbound while open ($(echo "$bound" | tr '\n' ' ')): counts 0, suspended unbound; rebound: $out counts $base"
