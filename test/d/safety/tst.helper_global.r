sites:
uid 65534: hold: ok
uid 65534: hold: ENOSPC
uid 65533: hold: ok
uid 65532: hold: ENOSPC
probes:
uid 65534: hold: ok
uid 65534: hold: ok
uid 65534: hold: ok
uid 65534: hold: ok
uid 65534: hold: ENOSPC
usdt_app: dtrace: failed to register the USDT probes of usdt_app: this process, its user or all processes together registered as many providers, probes or sites as allowed
uid 65533: hold: ok
uid 65533: hold: ok
uid 65533: hold: ok
uid 65533: hold: ok
uid 65533: hold: ENOSPC
uid 65532: hold: ENOSPC
listed: 65536
again:
uid 65534: hold: ok
