write: calls 6, largest 4096, time measured
read: at least 6 calls yes, time measured

