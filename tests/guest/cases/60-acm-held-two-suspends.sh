# Bytes written to ttyGS0 in two suspends, with bytes written while awake
# queued between them, are counted exactly: "while_suspended" counts the
# bytes of both suspends, "sent_after_resume" only those of them that the
# host received, though the port dropped the second suspend's bytes and
# the awake bytes before them were sent.
. /lab/tests/case.sh

A=3000 C=5000 B=2000
case_up
preset_host_acm_raw
exec 4<>"$(lab_gadget_tty)" || fail "open the gadget tty"
stty raw -echo -iexten -ixon -ixoff <&4
# the host's tty stays closed: nothing reads, so written data waits
wait_suspended "$LAB_DEV"
h0=$(acm_held while_suspended) s0=$(acm_held sent_after_resume)
head -c $A /dev/zero | tr '\0' a >&4 || fail "write A"
echo on >"$SYS_USB/$LAB_DEV/power/control"
lab_wait_state "$LAB_DEV" active 2000 >/dev/null || fail "$LAB_DEV did not resume"
head -c $C /dev/zero | tr '\0' c >&4 || fail "write C"
echo auto >"$SYS_USB/$LAB_DEV/power/control"
wait_suspended "$LAB_DEV"
head -c $B /dev/zero | tr '\0' b >&4 || fail "write B"
expect_eq "bytes held in the two suspends" $(($(acm_held while_suspended) - h0)) $((A + B))
# closing waits (up to 15 s) for the port to drain, then drops the rest
exec 4>&-
lab_open_host_acm_raw || fail "open the host tty"
head -c $((A + C)) <&3 >/tmp/got &
r=$!
lab_wait_pid $r 10000 || fail "only $(wc -c </tmp/got) of $((A + C)) bytes arrived"
timeout 1 cat <&3 >>/tmp/got 2>/dev/null
na=$(tr -cd a </tmp/got | wc -c) nc=$(tr -cd c </tmp/got | wc -c) nb=$(tr -cd b </tmp/got | wc -c)
echo "received: $na a, $nc c, $nb b"
expect_eq "A bytes received" "$na" $A
expect_eq "C bytes received" "$nc" $C
expect_eq "held bytes sent after resume" $(($(acm_held sent_after_resume) - s0)) $((A + nb))
exec 3>&-
# the second suspend's bytes are gone for good: the device's held and
# sent counts differ on purpose, so take the gadget down here
lab_down || fail "down"
