registered
dtrace: failed to match testapp<pid>:::: No probe matches description
