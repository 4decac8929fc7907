rc=0
fits
drop on CPU
firing first
