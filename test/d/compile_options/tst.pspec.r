== decl.d 
parse tree after parse:
  declaration int p  (line 1)
exit 0
== clause.d 
dtrace: failed to compile script clause.d: line 1: syntax error near "{"
exit 1
== decl.d -x pspec
dtrace: failed to compile script decl.d: line 1: expected predicate and/or actions following probe description
exit 1
== clause.d -x pspec
parse tree after parse:
  clause int*p  (line 1)
    block  (line 1)
exit 0
== -n int*p
parse tree after parse:
  clause int*p  (line 1)
exit 0
