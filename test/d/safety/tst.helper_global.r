sites:
hold: ok
hold: ok
hold: ENOSPC
probes:
hold: ok
hold: ok
hold: ok
hold: ok
hold: ok
hold: ok
hold: ok
hold: ok
hold: ENOSPC
listed: 65536
again:
hold: ok
