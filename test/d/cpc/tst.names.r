 cpc page-faults-all-100
 cpc instructions-user-20000
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match cpc:::no-such-all-1000: No probe matches description
exit 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match cpc:::page-faults-both-10: No probe matches description
exit 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match cpc:::cpu-clock-all-10: No probe matches description
exit 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match cpc:::page-faults-all: No probe matches description
exit 0
