compiled

