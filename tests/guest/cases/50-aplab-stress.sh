# The seed commit's claim: async get/put need no lock, since the usage
# count is atomic. The debugfs knob runs APLAB_STRESS_PAIRS (default
# 100000) get/put pairs on every CPU at once; then the count is back at
# its baseline, nothing underflowed, and the device still autosuspends.
. /lab/tests/aplab.sh

PAIRS=${APLAB_STRESS_PAIRS:-100000}
CPUS=$(grep -c '^processor' /proc/cpuinfo)
aplab_up
wait_suspended "$LAB_DEV"
base=$(stat usage_count)
rt=$SYS_USB/$APLAB_INTF/power/runtime_usage
[ -e "$rt" ] && rt_base=$(cat "$rt")
echo "$PAIRS" >"$APLAB_DEBUG/stress" || fail "stress run"
set -- $(cat "$APLAB_DEBUG/stress")
echo "stress: $*"
expect_eq "CPUs that ran" "$2" "$CPUS"
expect_eq "pairs per CPU" "$4" "$PAIRS"
expect_eq "failed gets" "$6" 0
echo "ops/s: ${10} (one op = one get or one put; $CPUS CPUs x $PAIRS pairs)"
expect_eq "interface usage count after" "$(stat usage_count)" "$base"
[ -e "$rt" ] && expect_eq "power/runtime_usage after" "$(cat "$rt")" "$rt_base"
expect_eq "usage count underflow warnings" "$(dmesg | grep -c 'usage count underflow')" 0
wait_suspended "$LAB_DEV"
echo "$LAB_DEV autosuspended after the run"
expect_balanced "$base"
