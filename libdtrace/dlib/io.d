/*
 * io.d: the io provider's argument views. io:::start and io:::done pass
 * the kernel's struct request (blk-mq) and a file's page; these
 * translators make DTrace's bufinfo_t (the transfer) and devinfo_t (the
 * device) of the request, and fileinfo_t (the file) of the page. The
 * same fileinfo_t is made of an open file (struct file), and fds[fd] is
 * that of the current process's file descriptor fd. Fields read are
 * those of 6.1 (struct request, block_device, gendisk, page, file,
 * files_struct). Member names are DTrace's; members Linux cannot fill
 * are left out of the translators (D_XLATE_NOCONV when used).
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
	string fi_name;		/* file name (its first dentry alias) */
	string fi_dirname;	/* "<unknown>": see the translator */
	string fi_pathname;	/* "<unknown>" */
	int64_t fi_offset;	/* byte offset of the request in the file */
	string fi_fs;		/* file system type, e.g. "ext4" */
	string fi_mount;	/* "<unknown>" */
	int fi_oflags;		/* open flags (Linux O_*); 0: no open file */
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

/*
 * The file of a request, from the page cache page of its first bytes
 * (the io provider passes it only for a named file's page, else NULL):
 * the page's mapping is the file's address_space, whose host inode gives
 * the file system and whose first dentry alias the name (the alias is
 * the first member of union d_u); the page index gives the offset
 * (PAGE_SHIFT 12). The index is the word after mapping, read by address:
 * 6.1 calls it index, 6.16 and later __folio_index. Direct, swap, raw-device and metadata I/O: "<none>",
 * offset -1. The directory, the full path and the mount point need the
 * vfsmount, which a request does not lead to: "<unknown>".
 */
translator fileinfo_t < struct page *P > {
	fi_name = P == 0 ? "<none>" :
	    stringof(((struct dentry *)((char *)P->mapping->host->i_dentry.first -
	    offsetof(struct dentry, d_u)))->d_name.name);
	fi_dirname = P == 0 ? "<none>" : "<unknown>";
	fi_pathname = P == 0 ? "<none>" : "<unknown>";
	fi_offset = P == 0 ? -1 :
	    (int64_t)*(unsigned long *)((uintptr_t)&P->mapping + sizeof(P->mapping)) << 12;
	fi_fs = P == 0 ? "<none>" :
	    stringof(P->mapping->host->i_sb->s_type->name);
	fi_mount = P == 0 ? "<none>" : "<unknown>";
	fi_oflags = 0;
};

/*
 * The file of an open file description: its name is its dentry's, its
 * path d_path() of its struct path (from the current task's root), the
 * directory that path's dirname(), the offset the file position, the
 * flags those given to open(2) (Linux O_* values, O_LARGEFILE
 * included). A file without a name (pipes, sockets: their dentry name
 * is empty) has "<unknown>" name, directory and path. The mount point
 * needs a walk D cannot make: "<unknown>". NULL (no such file):
 * "<none>", offset -1.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : F->f_path.dentry->d_name.len == 0 ?
	    "<unknown>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : F->f_path.dentry->d_name.len == 0 ?
	    "<unknown>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : F->f_path.dentry->d_name.len == 0 ?
	    "<unknown>" : d_path(&F->f_path);
	fi_offset = F == NULL ? -1 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_inode->i_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/*
 * fds[fd]: the file behind the current process's descriptor fd, from
 * its file table (files->fdt->fd[], max_fds entries); a closed or
 * out-of-range descriptor, or a task without files (a kernel thread),
 * gives NULL's view.
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
	fd >= 0 && curthread->files != NULL &&
	fd < curthread->files->fdt->max_fds ?
	curthread->files->fdt->fd[fd] : (struct file *)NULL);
