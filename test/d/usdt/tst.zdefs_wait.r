still tracing


status 0
dtrace: description 'nosuch*:::' matched 0 probes
