# ASSERTION: DTRACEIOC_USERPROBE refuses a process or path that does not
# exist (ENOENT), an offset past the end of the file, an unknown kind and
# malformed argument specs (EINVAL), a kernel provider's name (EEXIST);
# DTRACEHIOC_ADDPROG refuses a bad program, a site that is not mapped or
# not executable, an OFFSETS slice out of range (EINVAL), an oversized
# program (E2BIG) and probes that already exist (EEXIST); REMOVE refuses
# an unknown generation (EINVAL).
# @@timeout: 60
. "$(dirname "$0")/upk_lib.sh"
upk_target t
"$upk" errors "$t"
