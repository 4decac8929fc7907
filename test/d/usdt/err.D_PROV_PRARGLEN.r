-- @@stderr --
dtrace: failed to compile script wide.d: [D_PROV_PRARGLEN] line 2: probe wide:fire has 7 arguments; a USDT probe site passes at most 6
