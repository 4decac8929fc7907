ok: 0
cycle: 1
dtrace: Invalid library dependency in DIR/missing/m.d: absent.d
missing: 1
