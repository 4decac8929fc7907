dtrace: Linux D 1.0
