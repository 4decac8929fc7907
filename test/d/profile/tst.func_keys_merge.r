exit 0
func keys once each: 1
mod keys once each: 1
a function sampled at several pcs: 1
