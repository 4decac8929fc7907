profile profile-997
exit 0
profile tick-1000
exit 0
profile profile-1234us
exit 0
profile tick-3s
exit 0
profile profile-2ms
exit 0
profile tick-1min
exit 0
profile tick-5hz
exit 0
profile tick-1d
exit 0
dtrace: failed to match profile:::profile-100us: No probe matches description
exit 0
dtrace: failed to match profile:::tick-0: No probe matches description
exit 0
dtrace: failed to match profile:::tick-1x: No probe matches description
exit 0
dtrace: failed to match profile:::profile-: No probe matches description
exit 0
13
