page fault in true

