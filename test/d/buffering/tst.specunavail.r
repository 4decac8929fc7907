1 0

-- @@stderr --
dtrace: [DTRACEDROP_SPECUNAVAIL] 1 failed speculation (no speculative buffer available)
