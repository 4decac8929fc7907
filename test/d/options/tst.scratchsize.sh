# ASSERTION: -x scratchsize sizes alloca()'s space: 4 KB does not fit in
# the default (256 bytes plus room for string results) and faults; with
# -x scratchsize=8k it fits and the clause runs to its end.
# @@timeout: 60
dtrace=$1
for opt in "" "-x scratchsize=8k"; do
	"$dtrace" -q $opt -n 'BEGIN { this->p = alloca(4096); printf("alloca ok %d\n", this->p != 0); }
		BEGIN { exit(0); }' 2>&1 | sed 's/ at DIF offset [0-9]*//'
	echo "${opt:-default}: exit ${PIPESTATUS[0]}"
done
