page fault in true
