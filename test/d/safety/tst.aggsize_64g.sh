# ASSERTION: issue 13's first reproducer, -x aggsize=64g with an
# aggregation, once locked a CPU in GO (the 32-bit hash slot count
# doubled to 0); now the aggregation size is lowered to what fits, the
# count is printed and dtrace exits 0.
# @@timeout: 300
"$1" -x aggsize=64g -n 'BEGIN { @ = count(); exit(0); }' 2>&1 |
	sed 's/ lowered to .*/ lowered/; s/^ *[0-9]*\( *1 *:BEGIN\)/  C\1/'
echo "exit ${PIPESTATUS[0]}"
