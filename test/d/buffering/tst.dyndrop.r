1 2 0

-- @@stderr --
dtrace: [DTRACEDROP_DYNAMIC] 1 dynamic variable drop
