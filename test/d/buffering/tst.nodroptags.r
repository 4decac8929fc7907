
-- @@stderr --
dtrace: 1 dynamic variable drop
