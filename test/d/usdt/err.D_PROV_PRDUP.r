-- @@stderr --
dtrace: failed to compile script dup.d: [D_PROV_PRDUP] line 3: probe dup:fire redeclared
