# bash completion for dtrace(8): flags, -x options and their values,
# scripts, pids, and provider and probe names (from dtrace -l, which
# needs the module and root; nothing is offered when it fails).

# The option names dtrace accepts (test/install/completion_options.sh
# keeps this list equal to dtrace's own tables).
_dtrace_options="aggpercpu aggrate aggsize aggsortkey aggsortkeypos aggsortpos
aggsortrev agghist aggpack aggzoom amin argref backend bufpolicy bufresize bufsize
cleanrate core coreexe cpp cpphdrs cpppath cpu ctypes debug defaultargs define
destructive droptags dtypes dynvarsize empty encoding errtags evaltime flowindent
grabanon incdir iregs jstackframes jstackstrsize kdefs knodefs late lazyload
ldpath libdir linkmode linktype nodemangle nolibs noresolve nspec oformat pgmax
pspec quiet quietresize rawbytes scratchsize setenv specsize stackframes
stackindent statusrate stdc strip strsize switchrate syslibdir temporal tree
tregs udefs undef unodefs unsetenv ustackbytes ustackframes verbose version
zdefs zone"

# The probes of dtrace -l as provider:module:function:name, read once
# per shell session (listing every probe takes a while).
_dtrace_probes() {
	if [[ -z ${_dtrace_probe_cache+set} ]]; then
		# Rows are "%5u %10s %17s %33s %s": an empty module or function
		# is told by its blank column.
		_dtrace_probe_cache=$(dtrace -l 2>/dev/null | awk 'NR > 1 {
			if (NF >= 5) print $2 ":" $3 ":" $4 ":" $5;
			else if (NF == 3) print $2 ":::" $3;
			else if (substr($0, 18, 17) ~ /^ *$/) print $2 "::" $3 ":" $4;
			else print $2 ":" $3 "::" $4 }')
	fi
	printf '%s\n' "$_dtrace_probe_cache"
}

_dtrace() {
	# bash splits words at ':' and '=' (COMP_WORDBREAKS): read the words
	# from the line itself, and answer with what follows the last break.
	local line=${COMP_LINE:0:COMP_POINT} words cur prev
	read -ra words <<< "$line"
	if [[ $line == *[[:space:]] || ${#words[@]} -lt 2 ]]; then
		cur="" prev=${words[${#words[@]}-1]}
	else
		cur=${words[${#words[@]}-1]} prev=${words[${#words[@]}-2]}
	fi
	_dtrace_complete "$cur" "$prev"
	local brk=${cur%"${cur##*[:=]}"}
	if [[ -n $brk && $COMP_WORDBREAKS == *"${brk: -1}"* ]]; then
		COMPREPLY=("${COMPREPLY[@]#"$brk"}")
	fi
}

# _dtrace_complete CUR PREV: COMPREPLY for the word CUR after PREV.
_dtrace_complete() {
	local cur=$1 prev=$2
	case $prev in
	-s) COMPREPLY=($(compgen -f -X '!*.d' -- "$cur") $(compgen -d -- "$cur"))
		compopt -o filenames 2>/dev/null; return ;;
	-o|-L|-I) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
	-c) COMPREPLY=($(compgen -c -- "$cur")); return ;;
	-p) COMPREPLY=($(compgen -W "$(ps -e -o pid= 2>/dev/null)" -- "$cur")); return ;;
	-X) COMPREPLY=($(compgen -W "a c s t" -- "$cur")); return ;;
	-P) COMPREPLY=($(compgen -W "$(_dtrace_probes | cut -d: -f1 | sort -u)" -- "$cur")); return ;;
	-m) COMPREPLY=($(compgen -W "$(_dtrace_probes | cut -d: -f2 | sort -u)" -- "$cur")); return ;;
	-f) COMPREPLY=($(compgen -W "$(_dtrace_probes | cut -d: -f3 | sort -u)" -- "$cur")); return ;;
	-n|-i)
		# A description grows a field at a time: provider:, then module:...
		local fields=${cur//[^:]/} words
		words=$(_dtrace_probes | awk -F: -v n=${#fields} '{
			s = $1; for (i = 2; i <= n + 1; i++) s = s ":" $i;
			print s (n < 3 ? ":" : "") }' | sort -u)
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		compopt -o nospace 2>/dev/null
		return ;;
	-x)
		case $cur in
		bufpolicy=*) COMPREPLY=($(compgen -P bufpolicy= -W "switch fill ring" -- "${cur#*=}")) ;;
		bufresize=*) COMPREPLY=($(compgen -P bufresize= -W "auto manual" -- "${cur#*=}")) ;;
		oformat=*) COMPREPLY=($(compgen -P oformat= -W "none json" -- "${cur#*=}")) ;;
		evaltime=*) COMPREPLY=($(compgen -P evaltime= -W "exec preinit postinit main" -- "${cur#*=}")) ;;
		encoding=*) COMPREPLY=($(compgen -P encoding= -W "ascii utf8" -- "${cur#*=}")) ;;
		linkmode=*) COMPREPLY=($(compgen -P linkmode= -W "kernel dynamic static" -- "${cur#*=}")) ;;
		*=*) COMPREPLY=() ;;
		*) COMPREPLY=($(compgen -W "$_dtrace_options" -- "$cur")) ;;
		esac
		return ;;
	-b|-D|-U) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "-32 -64 -a -A -b -B -c -C -D -e -f -F -G -h -H -i -I -l -L -m -n -o
			-p -P -q -s -S -U -v -V -w -x -X -Z --help --version" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
	compopt -o filenames 2>/dev/null
}
complete -F _dtrace dtrace
