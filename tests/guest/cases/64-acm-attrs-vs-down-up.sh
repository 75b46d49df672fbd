# Reading the ttyGS attributes while the function comes and goes must
# never touch a freed port: readers race five down/up cycles. On the
# debug kernel, KASAN would report a use-after-free (run-guest --strict).
. /lab/tests/case.sh

case_up
reader() {
	while :; do
		cat /sys/class/tty/ttyGS*/tx_bytes_while_suspended \
			/sys/class/tty/ttyGS*/tx_bytes_sent_after_resume >/dev/null 2>&1
	done
}
reader &
r1=$!
reader &
r2=$!
for i in 1 2 3 4 5; do
	lab_down || fail "down $i"
	lab_up || fail "up $i"
done
kill $r1 $r2
wait $r1 $r2 2>/dev/null
echo "5 down/up cycles under concurrent attribute reads"
dmesg | grep -q 'KASAN' && fail "KASAN report"
true
