profile profile-997
profile tick-1000
profile profile-1234us
profile tick-3s
profile profile-2ms
profile tick-1min
profile tick-5hz
profile tick-1d
dtrace: failed to match profile:::profile-100us: No probe matches description
dtrace: failed to match profile:::tick-0: No probe matches description
dtrace: failed to match profile:::tick-1x: No probe matches description
dtrace: failed to match profile:::profile-: No probe matches description
13
