// SPDX-License-Identifier: GPL-2.0
/*
 * lab_faults: kernel problems on demand, so that the lab can show that
 * run-guest --strict really fails on each kind it claims to catch.
 * Only ever loaded in the lab's guest (make check's self-test).
 *
 * debugfs, lab_faults/: write 1 to
 *   warn         a WARN() with its backtrace (needs CONFIG_BUG)
 *   underflow    one pm_runtime_put() more than gets on a device of ours
 *   leak         a kmalloc() whose pointer is forgotten (kmemleak)
 *   lockdep_off  lockdep turns itself off, as after an internal error
 *   uaf          a read of a freed block (KASAN)
 *   sleep_atomic might_sleep() with preemption disabled
 *   abba         two mutexes taken in both orders, one after the other
 *                (lockdep: a possible deadlock, never a real one)
 *   null_work    a NULL-pointer write in a work item (an oops that kills
 *                the worker, not the writer)
 */
#include <linux/debug_locks.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

static struct dentry *faults_dir;
static struct device *faults_dev;

/* the one pointer to the leaked block, overwritten before it returns */
static void *faults_leak_ptr;

static int faults_warn(void)
{
	WARN(1, "lab_faults: a warning on request\n");
	return 0;
}

static int faults_underflow(void)
{
	/*
	 * Its count is 0: this put has no get to match. The PM core warns
	 * and puts the count back to 0, so a balance check alone would not
	 * notice. (pm_runtime_put_noidle() would stop silently at 0.)
	 */
	pm_runtime_put_sync(faults_dev);
	return 0;
}

static int faults_leak(void)
{
	/* real stores, which the compiler may not drop */
	WRITE_ONCE(faults_leak_ptr, kmalloc(128, GFP_KERNEL));
	if (!READ_ONCE(faults_leak_ptr))
		return -ENOMEM;
	pr_info("lab_faults: leaking 128 bytes on request\n");
	WRITE_ONCE(faults_leak_ptr, NULL);
	return 0;
}

static int faults_lockdep_off(void)
{
	if (!debug_locks)
		return -EALREADY;
	debug_locks_off();
	return 0;
}

static int faults_uaf(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	kfree(p);
	/* hide the pointer's history from the compiler's own warning */
	OPTIMIZER_HIDE_VAR(p);
	pr_info("lab_faults: read %d from a freed block\n", READ_ONCE(p[8]));
	return 0;
}

/* the check a sleep would make, without sleeping: the guest goes on */
static int faults_sleep_atomic(void)
{
	preempt_disable();
	might_sleep();
	preempt_enable();
	return 0;
}

static DEFINE_MUTEX(faults_lock_a);
static DEFINE_MUTEX(faults_lock_b);

static int faults_abba(void)
{
	mutex_lock(&faults_lock_a);
	mutex_lock(&faults_lock_b);
	mutex_unlock(&faults_lock_b);
	mutex_unlock(&faults_lock_a);

	mutex_lock(&faults_lock_b);
	mutex_lock(&faults_lock_a);
	mutex_unlock(&faults_lock_a);
	mutex_unlock(&faults_lock_b);
	return 0;
}

/* NULL, but the compiler cannot know it */
static int *faults_null_ptr;

static void faults_null_work_fn(struct work_struct *work)
{
	WRITE_ONCE(*READ_ONCE(faults_null_ptr), 1);
}

static DECLARE_WORK(faults_null_worker, faults_null_work_fn);

/*
 * The oops kills the worker in the middle of the item, so nothing may
 * wait for it: flush_work() would wait forever. The module stays pinned
 * (rmmod says busy) rather than have its exit wait for it too. The guest
 * waits for the oops on its console.
 */
static int faults_null_work(void)
{
	__module_get(THIS_MODULE);
	schedule_work(&faults_null_worker);
	return 0;
}

struct faults_knob {
	const char *name;
	int (*fire)(void);
};

static const struct faults_knob faults_knobs[] = {
	{ "warn", faults_warn },
	{ "underflow", faults_underflow },
	{ "leak", faults_leak },
	{ "lockdep_off", faults_lockdep_off },
	{ "uaf", faults_uaf },
	{ "sleep_atomic", faults_sleep_atomic },
	{ "abba", faults_abba },
	{ "null_work", faults_null_work },
};

static ssize_t faults_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	const struct faults_knob *knob = file->private_data;
	bool on;
	int ret;

	ret = kstrtobool_from_user(buf, count, &on);
	if (ret)
		return ret;
	if (!on)
		return -EINVAL;
	ret = knob->fire();
	return ret ? ret : count;
}

static const struct file_operations faults_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = faults_write,
	.llseek = noop_llseek,
};

static int __init faults_init(void)
{
	int i;

	faults_dev = root_device_register("lab_faults");
	if (IS_ERR(faults_dev))
		return PTR_ERR(faults_dev);
	pm_runtime_set_active(faults_dev);
	pm_runtime_enable(faults_dev);
	faults_dir = debugfs_create_dir("lab_faults", NULL);
	for (i = 0; i < ARRAY_SIZE(faults_knobs); i++)
		debugfs_create_file(faults_knobs[i].name, 0200, faults_dir,
				    (void *)&faults_knobs[i], &faults_fops);
	return 0;
}

static void __exit faults_exit(void)
{
	debugfs_remove_recursive(faults_dir);
	pm_runtime_disable(faults_dev);
	root_device_unregister(faults_dev);
}

module_init(faults_init);
module_exit(faults_exit);
MODULE_DESCRIPTION("autopm-lab: kernel problems on demand for the lab's self-test");
MODULE_LICENSE("GPL");
