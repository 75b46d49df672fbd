# On the debug kernel: after everything above, kmemleak finds no leak.
. /lab/tests/case.sh

KMEMLEAK=/sys/kernel/debug/kmemleak
if [ ! -e $KMEMLEAK ]; then
	# the debug kernel has kmemleak: tests/guest/expected-skips allows
	# this skip on patched only
	skip "kmemleak is not in this kernel (debug variant only)"
fi
# two scans: an object seen once may only be in flight
echo scan >$KMEMLEAK || fail "kmemleak scan"
echo scan >$KMEMLEAK || fail "kmemleak scan"
cat $KMEMLEAK >/tmp/leaks
if [ -s /tmp/leaks ]; then
	# to the console too, where run-guest --strict catches it
	cat /tmp/leaks >/dev/console
	fail "kmemleak reports $(grep -c '^unreferenced' /tmp/leaks) suspected leak(s)"
fi
echo "no leaks"
