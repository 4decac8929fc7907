/*
 * ASSERTION: kernel symbols have no types yet.
 */
BEGIN { trace(vmlinux`jiffies); }
