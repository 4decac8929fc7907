/*
 * io.d: the io provider's argument views. io:::start and io:::done pass
 * the kernel's struct request (blk-mq) for all three arguments; these
 * translators make DTrace's bufinfo_t (the transfer), devinfo_t (the
 * device) and fileinfo_t (the file) of it. Fields read are those of
 * 6.1 and later kernels (struct request, block_device, gendisk).
 * Member names are DTrace's; members Linux cannot fill are left out of
 * the translators (D_XLATE_NOCONV when used).
 */

/* b_flags bits (DTrace's values). */
inline int B_BUSY = 0x0001;
inline int B_DONE = 0x0002;
inline int B_ERROR = 0x0004;
inline int B_PAGEIO = 0x0010;
inline int B_PHYS = 0x0020;
inline int B_READ = 0x0040;
inline int B_WRITE = 0x0100;
inline int B_ASYNC = 0x0400;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE (B_PHYS: not a read/write) */
	size_t b_bcount;	/* bytes to transfer */
	caddr_t b_addr;		/* not filled */
	uint64_t b_lblkno;	/* first 512-byte sector */
	uint64_t b_blkno;	/* first 512-byte sector */
	size_t b_resid;		/* not filled */
	size_t b_bufsize;	/* bytes to transfer */
	caddr_t b_iodone;	/* not filled */
	int b_error;		/* not filled */
	dev_t b_edev;		/* the device (the kernel's dev_t) */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* the disk's first minor number */
	char dev_name[64];	/* driver (module) name, else the disk's name */
	char dev_statname[48];	/* disk name plus partition number: nullb0, sda1 */
	char dev_pathname[64];	/* /dev/ + dev_statname */
} devinfo_t;

typedef struct fileinfo {
	char fi_name[16];	/* "<none>": 6.1 ties no file to a request */
	char fi_dirname[16];	/* "<none>" */
	char fi_pathname[16];	/* "<none>" */
	int64_t fi_offset;	/* -1 */
	char fi_fs[16];		/* "<none>" */
	char fi_mount[16];	/* "<none>" */
	int fi_oflags;		/* 0 */
} fileinfo_t;

/* REQ_OP_READ is 0 and REQ_OP_WRITE 1 in cmd_flags' low 8 bits. */
translator bufinfo_t < struct request *R > {
	b_flags = (R->cmd_flags & 0xff) == 0 ? B_READ :
	    (R->cmd_flags & 0xff) == 1 ? B_WRITE : B_PHYS;
	b_bcount = R->__data_len;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_bufsize = R->__data_len;
	b_edev = R->part ? R->part->bd_dev :
	    (R->q->disk->major << 20) | R->q->disk->first_minor;
};

/*
 * The partition (R->part) when the request has one, else the whole disk
 * of its queue. The partition number is the minor's offset from the
 * disk's first minor (dev_t: major << 20 | minor).
 */
translator devinfo_t < struct request *R > {
	dev_major = R->part ? R->part->bd_dev >> 20 : R->q->disk->major;
	dev_minor = R->part ? R->part->bd_dev & 0xfffff : R->q->disk->first_minor;
	dev_instance = R->q->disk->first_minor;
	dev_name = R->q->disk->fops->owner ? stringof(R->q->disk->fops->owner->name) :
	    stringof(R->q->disk->disk_name);
	dev_statname = R->part &&
	    (R->part->bd_dev & 0xfffff) != R->q->disk->first_minor ?
	    strjoin(R->q->disk->disk_name, lltostr((R->part->bd_dev & 0xfffff) -
	    R->q->disk->first_minor)) : stringof(R->q->disk->disk_name);
	dev_pathname = strjoin("/dev/", R->part &&
	    (R->part->bd_dev & 0xfffff) != R->q->disk->first_minor ?
	    strjoin(R->q->disk->disk_name, lltostr((R->part->bd_dev & 0xfffff) -
	    R->q->disk->first_minor)) : stringof(R->q->disk->disk_name));
};

translator fileinfo_t < struct request *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = -1;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};
