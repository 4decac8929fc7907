worst-case firing: max N ns, avg N ns

