
fbt:null_blk:null_queue_rq:entry bytes 1
fbt:null_blk:null_queue_rq:return status 0
