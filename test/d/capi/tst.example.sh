# ASSERTION: a C program built on libdtrace's C API (test/capi) compiles
# and runs a D program, receives its trace output through the consume
# callback, walks the aggregations entry by entry, prints them in
# dtrace(1)'s layout and reads exit()'s status; a compile error comes
# back through dtc_errmsg() with a non-zero exit.
example="$(dirname "$1")/dtrace_capi_example"
"$example"
echo "rc=$?"
"$example" 'BEGIN { @[1] = nosuchfunc(); }'
echo "rc=$?"
