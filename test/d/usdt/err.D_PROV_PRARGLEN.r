-- @@stderr --
dtrace: failed to compile script wide.d: [D_PROV_PRARGLEN] line 2: probe wide:fire has 13 arguments; a USDT probe has at most 12
