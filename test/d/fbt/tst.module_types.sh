# ASSERTION: a module's own struct types come from its BTF: null_blk's
# struct nullb_queue (the hardware context's driver data) and its
# struct nullb_device are read through casts in D.
# @@timeout: 120
. "$(dirname "$0")/../io/nullb.sh"
"$1" -q -n '
fbt:null_blk:null_queue_rq:entry
{
	this->q = (struct nullb_queue *)args[0]->driver_data;
	printf("device set: %d, block size: %d, sizeof > 0: %d\n",
	    this->q->dev != NULL, this->q->dev->blocksize,
	    sizeof (struct nullb_device) > 0);
	exit(0);
}' &
dt=$!
nullb_until_exit "$dt"
wait "$dt"
