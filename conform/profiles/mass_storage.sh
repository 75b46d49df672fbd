# shellcheck shell=sh
# Mass storage (f_mass_storage, one fixed disk in a file of the guest's
# tmpfs) under usb-storage, SCSI and sd: the host's /dev/sdX (fd 6). A
# disk has no device-initiated input. Up and rebound let the disk
# runtime-suspend (lab_scsi_disk_up says why that takes a user's
# step); the rules then judge usb-storage itself.
MS_BLOCK=4096
# where the rules' data go on the 4 MiB disk (blocks of MS_BLOCK)
MS_READ_AT=256 MS_WRITE_AT=512 MS_START_AT=768

mass_storage_has_input() {
	echo no
}

mass_storage_up() {
	MS_FILE=$(lab_gadget_field mass_storage_file) && [ -f "$MS_FILE" ] &&
		MS_HOST=$(lab_scsi_disk_up)
}

mass_storage_rebound() {
	MS_HOST=$(lab_scsi_disk_up)
}

mass_storage_down() {
	exec 6>&-
}

mass_storage_reset() {
	return 0
}

mass_storage_open() {
	command exec 6<>"$MS_HOST"
}

mass_storage_close() {
	exec 6>&-
}

# a write to the disk, synced, which makes the host resume the device,
# in the background (rule 6)
mass_storage_io_start() {
	dd if=/dev/urandom of="$MS_HOST" bs=$MS_BLOCK seek=$MS_START_AT count=1 conv=fsync 2>/dev/null &
}

# A block the gadget's file holds, read on the host past its cache, and
# a block the host writes and syncs, found in the gadget's file: both
# ways intact.
mass_storage_io() {
	head -c $MS_BLOCK /dev/urandom >/tmp/ms-in
	dd if=/tmp/ms-in of="$MS_FILE" bs=$MS_BLOCK seek=$MS_READ_AT conv=notrunc 2>/dev/null ||
		fail "mass_storage: block written into $MS_FILE"
	blockdev --flushbufs "$MS_HOST" || fail "mass_storage: flush $MS_HOST's cache"
	dd if="$MS_HOST" of=/tmp/ms-read bs=$MS_BLOCK skip=$MS_READ_AT count=1 2>/dev/null ||
		fail "mass_storage: read from $MS_HOST"
	cmp -s /tmp/ms-read /tmp/ms-in ||
		fail "mass_storage: the block read from $MS_HOST differs: $(cmp /tmp/ms-read /tmp/ms-in 2>&1 | head -n 1)"
	head -c $MS_BLOCK /dev/urandom >/tmp/ms-out
	dd if=/tmp/ms-out of="$MS_HOST" bs=$MS_BLOCK seek=$MS_WRITE_AT count=1 conv=fsync 2>/dev/null ||
		fail "mass_storage: write to $MS_HOST"
	dd if="$MS_FILE" of=/tmp/ms-got bs=$MS_BLOCK skip=$MS_WRITE_AT count=1 2>/dev/null
	cmp -s /tmp/ms-got /tmp/ms-out ||
		fail "mass_storage: the block written to $MS_HOST differs in $MS_FILE: $(cmp /tmp/ms-got /tmp/ms-out 2>&1 | head -n 1)"
	echo "mass_storage: a $MS_BLOCK-byte block read from $MS_HOST and one written to it (synced) intact"
}

# f_mass_storage completes SET_CONFIGURATION from its own thread, which
# is freezable: with both ends in one kernel, a system sleep freezes the
# device's thread until after the host's resume, whose reset-resume
# then times out ("can't restore configuration #1 (error=-110)") and
# drops the device. A real disk is not frozen with its host.
mass_storage_system_sleep_na() {
	echo "the lab cannot judge it: f_mass_storage answers the host's SET_CONFIGURATION from a freezable thread, frozen by the same system sleep in this one kernel (the reset-resume timed out, -110)"
}

mass_storage_input() {
	return 1
}
