# ASSERTION: a hooked function that a hooked function tail-calls (a
# jump: it returns through its caller's return address) fires its return
# probe too, before its caller's, with the same value: on Linux 6.12 and
# later vfs_fstatat() ends in a jump to vfs_fstat() for fstat(), so each
# of the two has as many returns (of 0) as entries, and every vfs_fstat
# return is followed by a vfs_fstatat return in the same thread. (On
# 6.1, fstat() does not call vfs_fstat(): the counts still hold.)
# @@timeout: 60
. "$(dirname "$0")/../lib/need_provider.sh"
need_provider fbt
out=$("$1" -q -n '
fbt::vfs_fstatat:entry, fbt::vfs_fstat:entry
/pid == $target/
{
	@n[probefunc, "entry"] = count();
}

fbt::vfs_fstatat:return, fbt::vfs_fstat:return
/pid == $target/
{
	@n[probefunc, arg1 == 0 ? "return 0" : "return other"] = count();
}

fbt::vfs_fstat:return
/pid == $target/
{
	self->tail = 1;
}

fbt::vfs_fstatat:return
/self->tail/
{
	@n["vfs_fstat", "then vfs_fstatat"] = count();
	self->tail = 0;
}

END
{
	printa("%s %s %@d\n", @n);
}' -c 'cat /etc/hostname' 2>&1) || { echo "dtrace failed: $out"; exit 1; }
echo "$out" | awk '
$2 == "entry" { e[$1] = $3 }
$2 == "return" && $3 == "0" { r[$1] = $4 }
$2 == "return" && $3 == "other" { other[$1] = $4 }
$2 == "then" { then = $4 }
END {
	if (e["vfs_fstatat"] > 0 && e["vfs_fstatat"] == r["vfs_fstatat"] && !other["vfs_fstatat"])
		print "vfs_fstatat: every entry returned 0"
	else
		print "vfs_fstatat: " e["vfs_fstatat"] + 0 " entries, " r["vfs_fstatat"] + 0 " returns of 0, " other["vfs_fstatat"] + 0 " others"
	if (e["vfs_fstat"] == r["vfs_fstat"] && e["vfs_fstat"] == then + 0 && !other["vfs_fstat"])
		print "vfs_fstat: every entry returned 0, then its caller"
	else
		print "vfs_fstat: " e["vfs_fstat"] + 0 " entries, " r["vfs_fstat"] + 0 " returns of 0, " other["vfs_fstat"] + 0 " others, " then + 0 " then vfs_fstatat"
}'
