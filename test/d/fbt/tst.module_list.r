 fbt null_blk null_queue_rq entry
 fbt null_blk null_queue_rq return
 fbt null_blk null_complete_rq entry
 fbt null_blk null_free_page return
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match fbt:vmlinux:null_queue_rq:entry: No probe matches description
null_blk functions: 1
		args[0]: struct blk_mq_hw_ctx *
		args[1]: struct blk_mq_queue_data *
		args[0]: int
		args[1]: blk_status_t
