registered
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match testapp<pid>:::: No probe matches description
exit 0
