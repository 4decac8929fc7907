
-- @@stderr --
dtrace: [DTRACEDROP_PRINCIPAL] 2 drops on CPU #
