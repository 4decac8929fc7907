# ASSERTION: a D load from an address where ioremap() mapped device
# memory (a driver's registers, not ACPI's tables, which are memory
# mapped write-back) faults with "invalid address" and does not read the
# device, nor does a string walk there; a load from RAM mapped in the
# same range (a CPU's IRQ stack) still reads. The addresses come from
# /proc/vmallocinfo (kptr_restrict 1 shows them to root).
dtrace=$1
kr=$(cat /proc/sys/kernel/kptr_restrict)
echo 1 > /proc/sys/kernel/kptr_restrict
io=$(awk '/ ioremap$/ && !/acpi_os_map_iomem/ { split($1, a, "-");
    print a[1]; exit }' /proc/vmallocinfo)
ram=$(awk '/irq_init_percpu_irqstack.* vmap$/ { split($1, a, "-");
    print a[1]; exit }' /proc/vmallocinfo)
echo "$kr" > /proc/sys/kernel/kptr_restrict
case "$io,$ram" in
0x*,0x*) ;;
*) echo "no addresses in /proc/vmallocinfo: '$io' '$ram'"; exit 1 ;;
esac
"$dtrace" -q -n "BEGIN { trace(*(int *)$io); } BEGIN { exit(0); }" 2>&1 |
    sed -e "s/$io/IOADDR/" -e 's/probe ID [0-9]* /probe ID N /' \
    -e 's/DIF offset [0-9]*/DIF offset N/'
echo "exit ${PIPESTATUS[0]}"
"$dtrace" -q -n "BEGIN { trace(strlen(stringof((char *)$io))); } BEGIN { exit(0); }" 2>&1 |
    sed -e "s/$io/IOADDR/" -e 's/probe ID [0-9]* /probe ID N /' \
    -e 's/DIF offset [0-9]*/DIF offset N/' -e 's/action #[0-9]*/action #N/'
echo "exit ${PIPESTATUS[0]}"
"$dtrace" -q -n "BEGIN { x = *(long *)$ram; x = *(long *)($ram + 4000);
    printf(\"read\\n\"); exit(0); }"
echo "exit $?"
