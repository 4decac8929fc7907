exit 1
started
dtrace: processing aborted: Abort due to systemic unresponsiveness
1
