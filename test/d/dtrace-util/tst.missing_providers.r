rmmod: 0
insmod: 0
cpc: left out (skip_providers)
pid: left out (skip_providers)

   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match cpc:::: No probe matches description (provider cpc is missing: left out (skip_providers))
list cpc: 0
dtrace: invalid probe specifier cpc:::cpu_clock-1000 { exit(0); }: probe description cpc:::cpu_clock-1000 does not match any probes (provider cpc is missing: left out (skip_providers))
enable cpc: 1
dtrace: invalid probe specifier cp*:::cpu_clock-1000 { exit(0); }: probe description cp*:::cpu_clock-1000 does not match any probes (provider cpc is missing: left out (skip_providers))
enable cp*: 1
dtrace: provider cpc is missing: left out (skip_providers); provider pid is missing: left out (skip_providers)
list all: 0
dtrace works

begin: 0
insmod again: 0
[]
