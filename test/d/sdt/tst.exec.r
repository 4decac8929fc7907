sdt:sched::sched_process_exec true

