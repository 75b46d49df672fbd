# Rule 6: the gadget leaves the bus while the host has the device open,
# once with the device suspended and once in the middle of a resume (the
# host's I/O starts it; the UDC is unbound once the device reads
# "resuming", and the attempt is made again, up to 5 times, when the
# resume ended first). The host drops the device, the open file can
# still be closed, and each module driving it is back at its reference
# count from before the open (n/a for built-in drivers; leaked memory is
# kmemleak's, rule 9 on debug). Splats are the console's to judge (the
# scorecard fails a rule whose section of the console has one).
# Shown to fail: fixtures/module-ref-after-disconnect, whose release()
# after a disconnect leaves a module reference ("module references
# after the close"); fixtures/get-no-resume, whose write starts no
# resume; fixtures/missing-put, whose device never suspends once opened.
. /lab/conform/conform.sh

GADGET_UDC=/sys/kernel/config/usb_gadget/autopm-lab/UDC
# host-to-device I/O that makes the host resume the device (the
# profile's io_start; the write itself may return at once): started in
# the background so that the UDC can go while the resume is under way
start_io() {
	hook "$1" io_start
	IO_PIDS="$IO_PIDS $!"
}

left_suspended() {
	[ "$(lab_status "$1")" != suspended ]
}

# one attempt: \$1 is "suspended" or "resuming"
disconnect_open() {
	conform_up
	mods=$(driver_modules)
	# shellcheck disable=SC2086 # module names, one word each
	refs0=$(module_refs $mods)
	dev=$LAB_DEV
	for f in $FUNCTIONS; do
		hook "$f" open || fail "$f: open"
	done
	conform_wait_suspended "open and idle, before the disconnect"
	IO_PIDS=""
	if [ "$1" = resuming ]; then
		for f in $FUNCTIONS; do start_io "$f"; done
		# the gadget goes as soon as the resume has begun: labtool polls
		# in C (a shell loop on debug missed the 30 ms of "resuming" 5
		# times in 5); when it misses them too, the attempt is made again
		if labtool wait "$SYS_USB/$dev/power/runtime_status" resuming 3000 >/dev/null; then
			st=resuming
		else
			# a debug guest beside other guests can start it late (the
			# I/O took over 3 s once); no attempt again for a driver
			# whose I/O wakes nothing
			lab_wait_cmd 10000 left_suspended "$dev" ||
				fail "$1: the host's I/O started no resume in 13 s ($FUNCTIONS)"
			st=$(lab_status "$dev")
		fi
		echo "" >"$GADGET_UDC" || fail "unbind the UDC"
	else
		st=$(lab_status "$dev")
		echo "" >"$GADGET_UDC" || fail "unbind the UDC"
	fi
	t0=$(labtool now-ms)
	echo "$1: the gadget left the bus, the host had $dev $st"
	# a resume under way first fails (the hub's retries take seconds)
	lab_wait_cmd 10000 test ! -e "$SYS_USB/$dev" || fail "$1: the host kept $dev 10 s after the disconnect"
	ms=$(($(labtool now-ms) - t0))
	echo "$1: the host dropped $dev after $ms ms"
	for f in $FUNCTIONS; do
		hook "$f" close
	done
	echo "$1: closed"
	# the I/O ends with the device (ecm's namespace holder never does)
	for p in $IO_PIDS; do
		lab_wait_cmd 10000 lab_pid_gone "$p" || fail "$1: the I/O under way did not end with the device"
		wait "$p"
	done
	# a release that runs after close() returns (a work item) has a moment
	lab_wait_cmd 2000 refs_are "$mods" "$refs0"
	# shellcheck disable=SC2086 # module names, one word each
	expect_eq "$1: module references after the close" "$(module_refs $mods)" "$refs0"
	conform_down >/dev/null 2>&1
	LAST="$1 (host: $st): host dropped $dev after $ms ms, closed, module refs ${refs0:-n/a (built in)}"
	echo "$LAST"
	# a resume that ended before the gadget went: not what was asked
	[ "$1" != resuming ] || [ "$st" = resuming ]
}

# in this shell, not a pipeline: a namespace holder (ecm) keeps a pipe
# open after the attempt, and a failing one would hang
disconnect_open suspended
a=$LAST
tries=1
until disconnect_open resuming; do
	[ "$tries" -lt 5 ] || fail "the resume ended before the gadget could leave, $tries times"
	tries=$((tries + 1))
done
evidence "$a; $LAST (attempt $tries)"
