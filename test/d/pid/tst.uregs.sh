# ASSERTION: uregs[] is indexed by DTrace's register names: at a pid
# entry probe uregs[R_PC] is the function's first instruction (uaddr
# names it with no offset), uregs[R_SP] points at the return address
# (into the caller), the user CS and SS selectors read 0x33 and 0x2b,
# the i386 names alias the 64-bit ones, and the registers past pt_regs
# (R_DS .. R_GS, R_TRAPNO) read without a fault.
# @@timeout: 60
. "$(dirname "$0")/pid_lib.sh"
"$dtrace" -q -c "$trig/pid-calls" -n '
pid$target:a.out:leaf:entry {
	uaddr(uregs[R_PC]);
	ufunc(*(uint64_t *)copyin(uregs[R_SP], 8));
	printf("\ncs %x ss %x alias %d %d %d\n", uregs[R_CS], uregs[R_SS],
	    uregs[R_EIP] == uregs[R_PC], uregs[R_ESP] == uregs[R_SP],
	    uregs[R_FP] == uregs[R_RBP]);
	printf("segs %d\n", uregs[R_DS] + uregs[R_ES] + uregs[R_FS] +
	    uregs[R_GS] + uregs[R_TRAPNO] >= 0);
}' > /tmp/pidt.$$.out 2> /tmp/pidt.$$.err
echo "exit $?"
# uaddr and ufunc pad their names: one space between fields.
sed -E 's/ +/ /g; s/^ //; s/ $//' /tmp/pidt.$$.out
sed 's/pid [0-9]* has/pid PID has/' /tmp/pidt.$$.err
