// SPDX-License-Identifier: GPL-2.0
/*
 * autopm_lab: a reference USB driver for runtime power management.
 *
 * It drives the vendor interface of autopm-lab's gadget (bulk OUT, bulk
 * IN, interrupt IN) and shows every autosuspend pattern of the guide:
 * get/put around open and writes, remote wakeup while open, spontaneous
 * input that marks the device busy, writes that never sleep (queued while
 * the device is asleep, submitted in resume) and -EBUSY refusals.
 * host-driver/README.md maps each pattern to its function and its test.
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/usb.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "autopm_lab_proto.h"

#define APLAB_MINOR_BASE	240
#define APLAB_TX_MAX		64	/* frames queued or in flight */
#define APLAB_RXQ_LEN		32	/* received frames waiting for read() */
#define APLAB_STRESS_MAX	10000000UL	/* pairs per CPU */
#define APLAB_INT_RETRIES	8	/* failed interrupt-IN transfers in a row */

static const struct usb_device_id aplab_ids[] = {
	{ USB_DEVICE_AND_INTERFACE_INFO(APLAB_VID, APLAB_PID, APLAB_CLASS,
					APLAB_SUBCLASS, APLAB_PROTOCOL) },
	{ }
};
MODULE_DEVICE_TABLE(usb, aplab_ids);

/* the counters in sysfs (<interface>/aplab/), in aplab_stat_attrs order */
enum aplab_stat {
	APLAB_OPENS,		/* successful open() calls */
	APLAB_WRITES,		/* write() calls that queued a frame */
	APLAB_TIMER_SENT,	/* frames queued from the timer */
	APLAB_DEFERRED,		/* frames queued while the device slept */
	APLAB_FLUSHED,		/* deferred frames submitted in resume() */
	APLAB_TX_DONE,		/* bulk OUT frames completed */
	APLAB_TX_ERRORS,	/* bulk OUT failures, not unlinks */
	APLAB_SUBMIT_ERRORS,	/* URB submit failures, injected ones too */
	APLAB_REFUSED_BUSY,	/* autosuspends refused with -EBUSY */
	APLAB_SUSPENDS,
	APLAB_RESUMES,
	APLAB_SPONTANEOUS,	/* valid interrupt-IN frames */
	APLAB_REPLIES,		/* valid bulk-IN replies */
	APLAB_RX_BAD,		/* frames failing magic, length or checksum */
	APLAB_RX_DROPPED,	/* frames lost to a full read queue */
	APLAB_INJECTED,		/* submits failed on purpose (debugfs fail_submit) */
	APLAB_INT_ERRORS,	/* interrupt-IN transfers failed, not unlinks */
	APLAB_HALTS_CLEARED,	/* interrupt-IN halts cleared by int_work */
	APLAB_SYSTEM_SUSPENDS,	/* suspend() calls for system sleep (not auto) */
	APLAB_NSTATS
};

struct aplab_stress {
	struct aplab *dev;
	unsigned long pairs;	/* get/put pairs per CPU */
	atomic_t running;	/* threads not finished yet */
	atomic_long_t errors;	/* failed gets */
	atomic_long_t done_pairs;	/* pairs run, all CPUs */
	atomic_t max_usage;	/* highest usage count a thread saw after its get */
	unsigned long racy;	/* the negative control: a plain, racy counter */
	bool stop;		/* a signal to the writer: threads stop early */
	struct completion go;	/* all threads start together */
	struct completion done;
};

struct aplab {
	struct usb_device *udev;
	struct usb_interface *intf;	/* referenced until the last kref */
	struct kref kref;
	struct mutex io_mutex;		/* open, ioctl, blocking write vs disconnect */
	struct mutex read_mutex;	/* one read() at a time: peek, copy, dequeue */
	spinlock_t lock;		/* the fields below, up to rxq */
	bool asleep;			/* suspended: frames go to deferred */
	bool int_on;			/* int_urb may be resubmitted */
	bool disconnected;
	bool fetch_pending;		/* bulk-IN fetch URB in flight */
	u32 tx_seq;			/* next frame's sequence number */
	int tx_inflight;		/* bulk OUT URBs submitted */
	int tx_deferred;		/* bulk OUT URBs on the deferred anchor */
	struct aplab_frame rxq[APLAB_RXQ_LEN];
	u32 rx_first;			/* frames ever dequeued or dropped */
	unsigned int rx_count;
	struct usb_anchor tx_anchor;	/* submitted bulk OUT URBs */
	struct usb_anchor deferred;	/* bulk OUT URBs waiting for resume() */
	struct urb *int_urb;		/* spontaneous input */
	struct aplab_frame *int_buf;
	int int_retries;		/* int_urb failures in a row (its completion) */
	struct work_struct int_work;	/* clears a halt, restarts int_urb */
	struct urb *fetch_urb;		/* one bulk-IN reply */
	struct aplab_frame *fetch_buf;
	u8 ep_out;			/* bulk OUT endpoint number */
	wait_queue_head_t rx_wait;
	wait_queue_head_t tx_wait;
	int open_count;			/* under io_mutex */
	int stay_awake_files;		/* under io_mutex */
	atomic_t pm_refs;		/* usage count references we hold */
	atomic_t stats[APLAB_NSTATS];
	struct timer_list send_timer;	/* the atomic-context sender */
	atomic_t timer_left;
	atomic_t fail_submit;		/* the Nth submit from now fails; 0 off */
	bool hold_busy;			/* debugfs: suspend() sees a transfer in flight */
	struct mutex stress_mutex;	/* one stress run at a time */
	bool stress_abort;		/* disconnect: a stress run stops now */
	char stress_result[224];
	struct dentry *debugfs;
};

struct aplab_file {
	struct aplab *dev;
	bool stay_awake;		/* holds a usage count reference */
};

static struct usb_driver aplab_driver;
static struct dentry *aplab_debugfs_root;

static void aplab_delete(struct kref *kref)
{
	struct aplab *dev = container_of(kref, struct aplab, kref);

	/* every get must have met its put by now */
	WARN_ON(atomic_read(&dev->pm_refs));
	usb_free_urb(dev->int_urb);
	usb_free_urb(dev->fetch_urb);
	kfree(dev->int_buf);
	kfree(dev->fetch_buf);
	usb_put_intf(dev->intf);
	usb_put_dev(dev->udev);
	kfree(dev);
}

/* --- usage count helpers: pm_refs lets disconnect prove the balance --- */

static void aplab_put_async(struct aplab *dev)
{
	atomic_dec(&dev->pm_refs);
	usb_autopm_put_interface_async(dev->intf);
}

static void aplab_put(struct aplab *dev)
{
	atomic_dec(&dev->pm_refs);
	usb_autopm_put_interface(dev->intf);
}

static int aplab_get(struct aplab *dev)
{
	int rv = usb_autopm_get_interface(dev->intf);

	if (!rv)
		atomic_inc(&dev->pm_refs);
	return rv;
}

/*
 * Every URB goes out through here, so debugfs fail_submit can make the
 * Nth submit from now fail with -EIO and exercise each error path.
 */
static int aplab_submit(struct aplab *dev, struct urb *urb, gfp_t gfp)
{
	int rv;

	if (atomic_dec_if_positive(&dev->fail_submit) == 0) {
		atomic_inc(&dev->stats[APLAB_INJECTED]);
		rv = -EIO;
	} else {
		rv = usb_submit_urb(urb, gfp);
	}
	/* -EPERM: usb_kill_urb() in progress, not a failure */
	if (rv && rv != -EPERM)
		atomic_inc(&dev->stats[APLAB_SUBMIT_ERRORS]);
	return rv;
}

/* --- frames --- */

static bool aplab_frame_ok(const struct aplab_frame *f, unsigned int actual)
{
	if (actual < APLAB_HDR_LEN || le32_to_cpu(f->magic) != APLAB_MAGIC)
		return false;
	if (f->len > APLAB_MAX_PAYLOAD || actual < APLAB_HDR_LEN + f->len)
		return false;
	return le32_to_cpu(f->csum) == aplab_csum(f, f->len);
}

/* completion context: keep the frame for read(), restart the idle timer */
static void aplab_rx_frame(struct aplab *dev, const struct aplab_frame *f,
			   unsigned int actual, atomic_t *counter)
{
	unsigned long flags;
	unsigned int tail;

	usb_mark_last_busy(dev->udev);
	if (!aplab_frame_ok(f, actual)) {
		atomic_inc(&dev->stats[APLAB_RX_BAD]);
		return;
	}
	atomic_inc(counter);
	spin_lock_irqsave(&dev->lock, flags);
	if (dev->rx_count == APLAB_RXQ_LEN) {
		/* the oldest frame makes room for the newest */
		dev->rx_first++;
		dev->rx_count--;
		atomic_inc(&dev->stats[APLAB_RX_DROPPED]);
	}
	tail = (dev->rx_first + dev->rx_count) % APLAB_RXQ_LEN;
	memcpy(&dev->rxq[tail], f, APLAB_HDR_LEN + f->len);
	dev->rx_count++;
	spin_unlock_irqrestore(&dev->lock, flags);
	wake_up_interruptible(&dev->rx_wait);
}

/* a bulk OUT URB owning a sealed-later frame; GFP_ATOMIC or GFP_KERNEL */
static struct urb *aplab_alloc_tx(struct aplab *dev, const void *data,
				  size_t len, gfp_t gfp)
{
	struct aplab_frame *f;
	struct urb *urb;

	urb = usb_alloc_urb(0, gfp);
	if (!urb)
		return NULL;
	f = kzalloc(APLAB_HDR_LEN + len, gfp);
	if (!f) {
		usb_free_urb(urb);
		return NULL;
	}
	f->magic = cpu_to_le32(APLAB_MAGIC);
	f->type = APLAB_T_DATA;
	f->len = len;
	memcpy(f->payload, data, len);
	usb_fill_bulk_urb(urb, dev->udev,
			  usb_sndbulkpipe(dev->udev, dev->ep_out),
			  f, APLAB_HDR_LEN + len, NULL, dev);
	urb->transfer_flags |= URB_FREE_BUFFER;
	return urb;
}

/* --- URB callbacks --- */

static bool aplab_unlinked(int status)
{
	return status == -ENOENT || status == -ECONNRESET || status == -ESHUTDOWN;
}

static void aplab_tx_complete(struct urb *urb)
{
	struct aplab *dev = urb->context;
	unsigned long flags;

	if (!urb->status)
		atomic_inc(&dev->stats[APLAB_TX_DONE]);
	else if (!aplab_unlinked(urb->status))
		atomic_inc(&dev->stats[APLAB_TX_ERRORS]);
	spin_lock_irqsave(&dev->lock, flags);
	dev->tx_inflight--;
	spin_unlock_irqrestore(&dev->lock, flags);
	wake_up_interruptible(&dev->tx_wait);
	aplab_put_async(dev);
}

/* called with dev->lock held: the device is awake, so submit */
static int aplab_submit_tx_locked(struct aplab *dev, struct urb *urb)
{
	int rv;

	usb_anchor_urb(urb, &dev->tx_anchor);
	rv = aplab_submit(dev, urb, GFP_ATOMIC);
	if (rv) {
		usb_unanchor_urb(urb);
		dev_dbg(&dev->intf->dev, "bulk OUT submit: %d\n", rv);
		return rv;
	}
	dev->tx_inflight++;
	return 0;
}

/*
 * Called with dev->lock held and a usage count reference taken for URB.
 * The sequence number is given here, under the lock that also orders
 * deferral and the flush in resume(), so frames reach the wire in order.
 */
static int aplab_queue_tx_locked(struct aplab *dev, struct urb *urb)
{
	struct aplab_frame *f = urb->transfer_buffer;
	int rv = 0;

	urb->complete = aplab_tx_complete;
	f->seq = cpu_to_le32(dev->tx_seq);
	f->csum = cpu_to_le32(aplab_csum(f, f->len));
	if (dev->asleep) {
		usb_anchor_urb(urb, &dev->deferred);
		dev->tx_deferred++;
		atomic_inc(&dev->stats[APLAB_DEFERRED]);
	} else {
		rv = aplab_submit_tx_locked(dev, urb);
	}
	if (!rv)
		dev->tx_seq++;
	return rv;
}

/*
 * Resubmit the interrupt URB unless suspend() or disconnect() stopped it.
 * int_on, not !asleep: resume() submits the URB before it clears asleep
 * (which waits for the flush), and a frame already waiting completes it
 * at once; that completion must resubmit it too.
 */
static int aplab_restart_int(struct aplab *dev)
{
	unsigned long flags;
	int rv = 0;

	spin_lock_irqsave(&dev->lock, flags);
	if (dev->int_on && !dev->disconnected)
		rv = aplab_submit(dev, dev->int_urb, GFP_ATOMIC);
	spin_unlock_irqrestore(&dev->lock, flags);
	return rv;
}

/*
 * Spontaneous input. As in-tree class drivers do: a failed transfer
 * (-EPROTO, -EILSEQ, -ETIME, -EOVERFLOW) is resubmitted at once; a
 * stall (-EPIPE) needs usb_clear_halt(), which sleeps, so int_work does
 * it and resubmits; so it does after too many failures in a row.
 */
static void aplab_int_complete(struct urb *urb)
{
	struct aplab *dev = urb->context;
	int rv;

	switch (urb->status) {
	case 0:
		dev->int_retries = 0;
		aplab_rx_frame(dev, dev->int_buf, urb->actual_length,
			       &dev->stats[APLAB_SPONTANEOUS]);
		break;
	case -ENOENT:
	case -ECONNRESET:
	case -ESHUTDOWN:
		/* an unlink, or a device going away: resume() restarts it */
		return;
	case -EPIPE:
		atomic_inc(&dev->stats[APLAB_INT_ERRORS]);
		dev_dbg(&dev->intf->dev, "interrupt IN stalled\n");
		schedule_work(&dev->int_work);
		return;
	default:
		atomic_inc(&dev->stats[APLAB_INT_ERRORS]);
		dev_dbg(&dev->intf->dev, "interrupt IN: %d\n", urb->status);
		if (++dev->int_retries > APLAB_INT_RETRIES) {
			dev->int_retries = 0;
			schedule_work(&dev->int_work);
			return;
		}
		break;
	}
	rv = aplab_restart_int(dev);
	if (rv && rv != -EPERM && rv != -ENODEV)
		dev_err(&dev->intf->dev, "cannot resubmit interrupt IN: %d\n", rv);
}

/* process context: wake the device, clear the endpoint's halt, resubmit */
static void aplab_int_recover(struct work_struct *work)
{
	struct aplab *dev = container_of(work, struct aplab, int_work);
	int rv;

	if (aplab_get(dev))
		return;	/* asleep or gone: resume() restarts the URB */
	/* resume() may have resubmitted it: no URB may be queued for the clear */
	usb_kill_urb(dev->int_urb);
	rv = usb_clear_halt(dev->udev, dev->int_urb->pipe);
	if (rv) {
		dev_err(&dev->intf->dev, "cannot clear the interrupt-IN halt: %d\n", rv);
	} else {
		atomic_inc(&dev->stats[APLAB_HALTS_CLEARED]);
		rv = aplab_restart_int(dev);
		if (rv && rv != -ENODEV)
			dev_err(&dev->intf->dev, "cannot restart interrupt IN: %d\n", rv);
	}
	aplab_put(dev);
}

static void aplab_fetch_complete(struct urb *urb)
{
	struct aplab *dev = urb->context;
	unsigned long flags;

	if (!urb->status)
		aplab_rx_frame(dev, dev->fetch_buf, urb->actual_length,
			       &dev->stats[APLAB_REPLIES]);
	spin_lock_irqsave(&dev->lock, flags);
	dev->fetch_pending = false;
	spin_unlock_irqrestore(&dev->lock, flags);
}

/* --- the sleepless path: any context, never sleeps --- */

static int aplab_send_nowait(struct aplab *dev, const void *data, size_t len)
{
	unsigned long flags;
	struct urb *urb;
	int rv;

	urb = aplab_alloc_tx(dev, data, len, GFP_ATOMIC);
	if (!urb)
		return -ENOMEM;
	spin_lock_irqsave(&dev->lock, flags);
	if (dev->disconnected) {
		rv = -ENODEV;
		goto out_unlock;
	}
	if (dev->tx_inflight + dev->tx_deferred >= APLAB_TX_MAX) {
		rv = -EAGAIN;
		goto out_unlock;
	}
	/* only queues a resume; resume() then submits what we deferred */
	rv = usb_autopm_get_interface_async(dev->intf);
	if (rv)
		goto out_unlock;
	atomic_inc(&dev->pm_refs);
	rv = aplab_queue_tx_locked(dev, urb);
	if (rv)
		aplab_put_async(dev);
out_unlock:
	spin_unlock_irqrestore(&dev->lock, flags);
	/* the anchor holds its own reference while the URB is queued */
	usb_free_urb(urb);
	return rv;
}

static void aplab_timer_send(struct timer_list *t)
{
	struct aplab *dev = from_timer(dev, t, send_timer);
	char msg[APLAB_MAX_PAYLOAD];
	int left = atomic_read(&dev->timer_left);
	int len;

	if (left <= 0)
		return;
	len = scnprintf(msg, sizeof(msg), "timer %d", left);
	if (!aplab_send_nowait(dev, msg, len)) {
		atomic_inc(&dev->stats[APLAB_TIMER_SENT]);
		left = atomic_dec_return(&dev->timer_left);
	}
	/* -EAGAIN (queue full) retries on the next tick */
	if (left > 0 && !READ_ONCE(dev->disconnected))
		mod_timer(&dev->send_timer, jiffies + 1);
}

/* --- the sleeping path: get, submit, put in the completion --- */

static bool aplab_tx_room(struct aplab *dev)
{
	bool room;

	spin_lock_irq(&dev->lock);
	room = dev->disconnected ||
	       dev->tx_inflight + dev->tx_deferred < APLAB_TX_MAX;
	spin_unlock_irq(&dev->lock);
	return room;
}

static int aplab_send_wait(struct aplab *dev, const void *data, size_t len)
{
	struct urb *urb;
	int rv;

	rv = wait_event_interruptible(dev->tx_wait, aplab_tx_room(dev));
	if (rv)
		return rv;
	urb = aplab_alloc_tx(dev, data, len, GFP_KERNEL);
	if (!urb)
		return -ENOMEM;
	rv = mutex_lock_interruptible(&dev->io_mutex);
	if (rv)
		goto out_free_urb;
	if (dev->disconnected) {
		rv = -ENODEV;
		goto out_unlock;
	}
	/* resumes the device; resume() must not need io_mutex */
	rv = aplab_get(dev);
	if (rv)
		goto out_unlock;
	spin_lock_irq(&dev->lock);
	rv = aplab_queue_tx_locked(dev, urb);
	spin_unlock_irq(&dev->lock);
	if (rv)
		aplab_put(dev);
out_unlock:
	mutex_unlock(&dev->io_mutex);
out_free_urb:
	usb_free_urb(urb);
	return rv;
}

/* --- file operations --- */

static int aplab_open(struct inode *inode, struct file *file)
{
	struct usb_interface *intf;
	struct aplab_file *af;
	struct aplab *dev;
	int rv;

	intf = usb_find_interface(&aplab_driver, iminor(inode));
	if (!intf)
		return -ENODEV;
	dev = usb_get_intfdata(intf);
	if (!dev)
		return -ENODEV;
	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	mutex_lock(&dev->io_mutex);
	if (dev->disconnected) {
		rv = -ENODEV;
		goto out_unlock;
	}
	/* remote wakeup may only be requested while the device is active */
	rv = aplab_get(dev);
	if (rv) {
		dev_err(&intf->dev, "cannot resume for open: %d\n", rv);
		goto out_unlock;
	}
	dev->open_count++;
	intf->needs_remote_wakeup = 1;
	aplab_put(dev);
	kref_get(&dev->kref);
	af->dev = dev;
	file->private_data = af;
	atomic_inc(&dev->stats[APLAB_OPENS]);
	mutex_unlock(&dev->io_mutex);
	return 0;

out_unlock:
	mutex_unlock(&dev->io_mutex);
	kfree(af);
	return rv;
}

/*
 * The guide's manage_power(dev, 0): the core reads needs_remote_wakeup
 * only when it suspends the device, so a device that sleeps now would
 * stay armed. Get (resuming it), clear the flag, put: the next suspend
 * leaves remote wakeup off. If the resume fails, the flag still counts
 * at the next suspend.
 */
static void aplab_disarm_wakeup(struct aplab *dev)
{
	int rv = aplab_get(dev);

	dev->intf->needs_remote_wakeup = 0;
	if (!rv)
		aplab_put(dev);
}

static int aplab_release(struct inode *inode, struct file *file)
{
	struct aplab_file *af = file->private_data;
	struct aplab *dev = af->dev;

	mutex_lock(&dev->io_mutex);
	if (!dev->disconnected) {
		if (af->stay_awake) {
			dev->stay_awake_files--;
			aplab_put(dev);
		}
		if (!--dev->open_count)
			aplab_disarm_wakeup(dev);
	}
	mutex_unlock(&dev->io_mutex);
	kref_put(&dev->kref, aplab_delete);
	kfree(af);
	return 0;
}

static ssize_t aplab_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	struct aplab *dev = ((struct aplab_file *)file->private_data)->dev;
	char data[APLAB_MAX_PAYLOAD];
	int rv;

	if (count > APLAB_MAX_PAYLOAD)
		return -EMSGSIZE;
	if (!count)
		return 0;
	if (copy_from_user(data, ubuf, count))
		return -EFAULT;
	if (file->f_flags & O_NONBLOCK)
		rv = aplab_send_nowait(dev, data, count);
	else
		rv = aplab_send_wait(dev, data, count);
	if (rv)
		return rv;
	atomic_inc(&dev->stats[APLAB_WRITES]);
	return count;
}

/* copy the oldest frame; *FIRST says which one it was */
static bool aplab_rx_peek(struct aplab *dev, struct aplab_frame *f, u32 *first)
{
	bool got = false;

	spin_lock_irq(&dev->lock);
	if (dev->rx_count) {
		*f = dev->rxq[dev->rx_first % APLAB_RXQ_LEN];
		*first = dev->rx_first;
		got = true;
	}
	spin_unlock_irq(&dev->lock);
	return got;
}

/* dequeue frame FIRST, unless a full queue dropped it meanwhile */
static void aplab_rx_consume(struct aplab *dev, u32 first)
{
	spin_lock_irq(&dev->lock);
	if (dev->rx_count && dev->rx_first == first) {
		dev->rx_first++;
		dev->rx_count--;
	}
	spin_unlock_irq(&dev->lock);
}

static bool aplab_readable(struct aplab *dev)
{
	return READ_ONCE(dev->rx_count) || READ_ONCE(dev->disconnected);
}

/*
 * One whole frame per read(), header included. The frame leaves the
 * queue only once it is copied out: a bad buffer (-EFAULT) loses nothing.
 */
static ssize_t aplab_read(struct file *file, char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	struct aplab *dev = ((struct aplab_file *)file->private_data)->dev;
	struct aplab_frame f;
	u32 first;
	int rv;

	if (count < sizeof(f))
		return -EINVAL;
	rv = mutex_lock_interruptible(&dev->read_mutex);
	if (rv)
		return rv;
	for (;;) {
		if (READ_ONCE(dev->disconnected)) {
			rv = -ENODEV;
			goto out_unlock;
		}
		if (aplab_rx_peek(dev, &f, &first))
			break;
		if (file->f_flags & O_NONBLOCK) {
			rv = -EAGAIN;
			goto out_unlock;
		}
		rv = wait_event_interruptible(dev->rx_wait, aplab_readable(dev));
		if (rv)
			goto out_unlock;
	}
	if (copy_to_user(ubuf, &f, sizeof(f))) {
		rv = -EFAULT;
		goto out_unlock;
	}
	aplab_rx_consume(dev, first);
	rv = sizeof(f);
out_unlock:
	mutex_unlock(&dev->read_mutex);
	return rv;
}

static __poll_t aplab_poll(struct file *file, poll_table *wait)
{
	struct aplab *dev = ((struct aplab_file *)file->private_data)->dev;
	__poll_t mask = 0;

	poll_wait(file, &dev->rx_wait, wait);
	poll_wait(file, &dev->tx_wait, wait);
	if (READ_ONCE(dev->disconnected))
		return EPOLLHUP | EPOLLERR;
	if (READ_ONCE(dev->rx_count))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (aplab_tx_room(dev))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

/* the open/close pattern: this file keeps the device awake */
static int aplab_stay_awake(struct aplab *dev, struct aplab_file *af, bool on)
{
	int rv = 0;

	if (on == af->stay_awake)
		return 0;
	if (on) {
		rv = aplab_get(dev);
		if (rv)
			return rv;
		dev->stay_awake_files++;
	} else {
		dev->stay_awake_files--;
		aplab_put(dev);
	}
	af->stay_awake = on;
	return rv;
}

/*
 * The fetch URB holds no usage count reference: like a receive URB it may
 * wait long. suspend() refuses an autosuspend while it is in flight.
 */
static int aplab_fetch(struct aplab *dev)
{
	int rv;

	spin_lock_irq(&dev->lock);
	rv = dev->fetch_pending ? -EBUSY : 0;
	dev->fetch_pending = true;
	spin_unlock_irq(&dev->lock);
	if (rv)
		return rv;
	rv = aplab_get(dev);
	if (rv)
		goto out_clear;
	rv = aplab_submit(dev, dev->fetch_urb, GFP_KERNEL);
	aplab_put(dev);
	if (!rv)
		return 0;
	dev_err(&dev->intf->dev, "cannot submit the fetch: %d\n", rv);
out_clear:
	spin_lock_irq(&dev->lock);
	dev->fetch_pending = false;
	spin_unlock_irq(&dev->lock);
	return rv;
}

static long aplab_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct aplab_file *af = file->private_data;
	struct aplab *dev = af->dev;
	int on = 0;
	long rv;

	if (cmd != APLAB_IOC_STAY_AWAKE && cmd != APLAB_IOC_FETCH)
		return -ENOTTY;
	/* _IOW: ARG points to the int */
	if (cmd == APLAB_IOC_STAY_AWAKE) {
		if (get_user(on, (int __user *)arg))
			return -EFAULT;
		if (on != 0 && on != 1)
			return -EINVAL;
	}
	rv = mutex_lock_interruptible(&dev->io_mutex);
	if (rv)
		return rv;
	if (dev->disconnected)
		rv = -ENODEV;
	else if (cmd == APLAB_IOC_STAY_AWAKE)
		rv = aplab_stay_awake(dev, af, on);
	else
		rv = aplab_fetch(dev);
	mutex_unlock(&dev->io_mutex);
	return rv;
}

static const struct file_operations aplab_fops = {
	.owner = THIS_MODULE,
	.open = aplab_open,
	.release = aplab_release,
	.read = aplab_read,
	.write = aplab_write,
	.poll = aplab_poll,
	.unlocked_ioctl = aplab_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct usb_class_driver aplab_class = {
	.name = "autopm-lab%d",
	.fops = &aplab_fops,
	.minor_base = APLAB_MINOR_BASE,
};

/* --- sysfs statistics --- */

static struct aplab *aplab_from_dev(struct device *d)
{
	return usb_get_intfdata(to_usb_interface(d));
}

/* one show for all counters: the attribute's index is the counter's */
static ssize_t aplab_stat_show(struct device *d, struct device_attribute *attr,
			       char *buf);

static struct device_attribute aplab_stat_attrs[APLAB_NSTATS] = {
	__ATTR(opens, 0444, aplab_stat_show, NULL),
	__ATTR(writes, 0444, aplab_stat_show, NULL),
	__ATTR(timer_sent, 0444, aplab_stat_show, NULL),
	__ATTR(deferred, 0444, aplab_stat_show, NULL),
	__ATTR(flushed, 0444, aplab_stat_show, NULL),
	__ATTR(tx_done, 0444, aplab_stat_show, NULL),
	__ATTR(tx_errors, 0444, aplab_stat_show, NULL),
	__ATTR(submit_errors, 0444, aplab_stat_show, NULL),
	__ATTR(refused_busy, 0444, aplab_stat_show, NULL),
	__ATTR(suspends, 0444, aplab_stat_show, NULL),
	__ATTR(resumes, 0444, aplab_stat_show, NULL),
	__ATTR(spontaneous, 0444, aplab_stat_show, NULL),
	__ATTR(replies, 0444, aplab_stat_show, NULL),
	__ATTR(rx_bad, 0444, aplab_stat_show, NULL),
	__ATTR(rx_dropped, 0444, aplab_stat_show, NULL),
	__ATTR(injected_faults, 0444, aplab_stat_show, NULL),
	__ATTR(int_errors, 0444, aplab_stat_show, NULL),
	__ATTR(halts_cleared, 0444, aplab_stat_show, NULL),
	__ATTR(system_suspends, 0444, aplab_stat_show, NULL),
};

static ssize_t aplab_stat_show(struct device *d, struct device_attribute *attr,
			       char *buf)
{
	struct aplab *dev = aplab_from_dev(d);

	if (!dev)
		return -ENODEV;
	return sysfs_emit(buf, "%d\n",
			  atomic_read(&dev->stats[attr - aplab_stat_attrs]));
}

/* the interface's usage count, which power/ shows only with PM_ADVANCED_DEBUG */
static ssize_t usage_count_show(struct device *d, struct device_attribute *attr,
				char *buf)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&d->power.usage_count));
}
static DEVICE_ATTR_RO(usage_count);

static ssize_t pm_refs_show(struct device *d, struct device_attribute *attr,
			    char *buf)
{
	struct aplab *dev = aplab_from_dev(d);

	if (!dev)
		return -ENODEV;
	return sysfs_emit(buf, "%d\n", atomic_read(&dev->pm_refs));
}
static DEVICE_ATTR_RO(pm_refs);

/* the counters' attributes, filled in by aplab_init(), then these two */
static struct attribute *aplab_attrs[APLAB_NSTATS + 3] = {
	[APLAB_NSTATS] = &dev_attr_usage_count.attr,
	[APLAB_NSTATS + 1] = &dev_attr_pm_refs.attr,
};

static const struct attribute_group aplab_group = {
	.name = "aplab",
	.attrs = aplab_attrs,
};

static const struct attribute_group *aplab_groups[] = {
	&aplab_group,
	NULL
};

/* --- debugfs: the timer sender and the get/put stress knob --- */

static ssize_t aplab_timer_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct aplab *dev = file->private_data;
	unsigned int n;
	int rv;

	rv = kstrtouint_from_user(ubuf, count, 0, &n);
	if (rv)
		return rv;
	if (!n || n > INT_MAX)
		return -EINVAL;
	atomic_set(&dev->timer_left, n);
	mod_timer(&dev->send_timer, jiffies + 1);
	return count;
}

static ssize_t aplab_timer_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct aplab *dev = file->private_data;
	char buf[16];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", atomic_read(&dev->timer_left));
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static const struct file_operations aplab_timer_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = aplab_timer_read,
	.write = aplab_timer_write,
	.llseek = default_llseek,
};

/* fail_submit: write N, the Nth URB submit from now fails; read what is left */
static int aplab_fail_get(void *data, u64 *val)
{
	struct aplab *dev = data;

	*val = atomic_read(&dev->fail_submit);
	return 0;
}

static int aplab_fail_set(void *data, u64 val)
{
	struct aplab *dev = data;

	if (val > INT_MAX)
		return -EINVAL;
	atomic_set(&dev->fail_submit, val);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(aplab_fail_fops, aplab_fail_get, aplab_fail_set, "%llu\n");

/*
 * get/put pairs from every CPU at once, with no lock of ours: what the
 * atomic usage count allows (the PM core still takes power.lock in each
 * async get and put on 6.1). Each thread records the highest usage count
 * it saw after its get: 2 or more above the baseline shows that gets on
 * different CPUs overlapped. The negative control: a plain counter read
 * before the get and written back after it, which overlapping threads
 * must lose updates of, so the test is shown able to see a race.
 */
static int aplab_stress_thread(void *data)
{
	struct aplab_stress *st = data;
	struct usb_interface *intf = st->dev->intf;
	unsigned long i, racy;
	int c, max;

	wait_for_completion(&st->go);
	for (i = 0; i < st->pairs; i++) {
		/*
		 * often: with 4 vCPUs on a busy 2-core host, 1024 pairs of
		 * power.lock handoffs once took over 20 s (soft lockup)
		 */
		if (!(i & 63)) {
			if (READ_ONCE(st->stop) || READ_ONCE(st->dev->stress_abort))
				break;
			cond_resched();
		}
		racy = READ_ONCE(st->racy);
		if (usb_autopm_get_interface_async(intf)) {
			atomic_long_inc(&st->errors);
			continue;
		}
		WRITE_ONCE(st->racy, racy + 1);
		c = atomic_read(&intf->dev.power.usage_count);
		max = atomic_read(&st->max_usage);
		while (c > max && !atomic_try_cmpxchg(&st->max_usage, &max, c))
			;
		usb_autopm_put_interface_async(intf);
	}
	atomic_long_add(i, &st->done_pairs);
	if (atomic_dec_and_test(&st->running))
		complete(&st->done);
	return 0;
}

static int aplab_stress_run(struct aplab *dev, unsigned long pairs)
{
	struct aplab_stress st = { .dev = dev, .pairs = pairs };
	struct task_struct *t;
	unsigned int cpu, cpus = 0;
	u64 start, ns, ops;
	int rv = 0;

	init_completion(&st.go);
	init_completion(&st.done);
	/* one extra count, dropped below, so no thread can finish early */
	atomic_set(&st.running, 1);
	atomic_set(&st.max_usage, INT_MIN);
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		t = kthread_create_on_cpu(aplab_stress_thread, &st, cpu,
					  "aplab_stress/%u");
		if (IS_ERR(t))
			continue;
		atomic_inc(&st.running);
		wake_up_process(t);
		cpus++;
	}
	cpus_read_unlock();
	start = ktime_get_ns();
	complete_all(&st.go);
	if (!atomic_dec_and_test(&st.running)) {
		/* a signal stops the threads; they use ST until they finish */
		if (wait_for_completion_interruptible(&st.done)) {
			WRITE_ONCE(st.stop, true);
			wait_for_completion(&st.done);
			rv = -EINTR;
		}
	}
	ns = ktime_get_ns() - start;
	ops = 2ULL * atomic_long_read(&st.done_pairs);
	scnprintf(dev->stress_result, sizeof(dev->stress_result),
		  "cpus %u pairs_per_cpu %lu errors %ld ns %llu ops_per_sec %llu max_usage %d racy_count %lu pairs_run %ld\n",
		  cpus, pairs, atomic_long_read(&st.errors), ns,
		  div64_u64(ops * NSEC_PER_SEC, max_t(u64, ns, 1)),
		  atomic_read(&st.max_usage), st.racy,
		  atomic_long_read(&st.done_pairs));
	if (!cpus)
		return -ENOMEM;
	if (!rv && READ_ONCE(dev->stress_abort))
		rv = -ENODEV;
	return rv;
}

static ssize_t aplab_stress_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct aplab *dev = file->private_data;
	unsigned long pairs;
	int rv;

	rv = kstrtoul_from_user(ubuf, count, 0, &pairs);
	if (rv)
		return rv;
	if (!pairs || pairs > APLAB_STRESS_MAX)
		return -EINVAL;
	if (!mutex_trylock(&dev->stress_mutex))
		return -EBUSY;
	rv = aplab_stress_run(dev, pairs);
	mutex_unlock(&dev->stress_mutex);
	return rv ? rv : count;
}

static ssize_t aplab_stress_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct aplab *dev = file->private_data;
	char buf[sizeof(dev->stress_result)];
	int len;

	mutex_lock(&dev->stress_mutex);
	len = strscpy(buf, dev->stress_result, sizeof(buf));
	mutex_unlock(&dev->stress_mutex);
	return simple_read_from_buffer(ubuf, count, ppos, buf, max(len, 0));
}

static const struct file_operations aplab_stress_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = aplab_stress_read,
	.write = aplab_stress_write,
	.llseek = default_llseek,
};

static void aplab_debugfs_init(struct aplab *dev)
{
	dev->debugfs = debugfs_create_dir(dev_name(&dev->intf->dev),
					  aplab_debugfs_root);
	debugfs_create_file("timer_send", 0600, dev->debugfs, dev,
			    &aplab_timer_fops);
	debugfs_create_file("stress", 0600, dev->debugfs, dev,
			    &aplab_stress_fops);
	debugfs_create_file_unsafe("fail_submit", 0600, dev->debugfs, dev,
				   &aplab_fail_fops);
	debugfs_create_bool("hold_busy", 0600, dev->debugfs, &dev->hold_busy);
}

/* --- probe and disconnect --- */

static int aplab_start_int(struct aplab *dev, gfp_t gfp)
{
	int rv = aplab_submit(dev, dev->int_urb, gfp);

	if (rv)
		dev_err(&dev->intf->dev, "cannot submit interrupt IN: %d\n", rv);
	return rv;
}

static int aplab_alloc_urbs(struct aplab *dev, struct usb_endpoint_descriptor *in,
			    struct usb_endpoint_descriptor *int_in)
{
	dev->int_urb = usb_alloc_urb(0, GFP_KERNEL);
	dev->fetch_urb = usb_alloc_urb(0, GFP_KERNEL);
	dev->int_buf = kmalloc(sizeof(*dev->int_buf), GFP_KERNEL);
	dev->fetch_buf = kmalloc(sizeof(*dev->fetch_buf), GFP_KERNEL);
	if (!dev->int_urb || !dev->fetch_urb || !dev->int_buf || !dev->fetch_buf)
		return -ENOMEM;
	usb_fill_int_urb(dev->int_urb, dev->udev,
			 usb_rcvintpipe(dev->udev, usb_endpoint_num(int_in)),
			 dev->int_buf, sizeof(*dev->int_buf), aplab_int_complete,
			 dev, APLAB_INT_INTERVAL);
	usb_fill_bulk_urb(dev->fetch_urb, dev->udev,
			  usb_rcvbulkpipe(dev->udev, usb_endpoint_num(in)),
			  dev->fetch_buf, sizeof(*dev->fetch_buf),
			  aplab_fetch_complete, dev);
	return 0;
}

static int aplab_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct usb_endpoint_descriptor *in, *out, *int_in;
	struct usb_host_interface *alt = intf->cur_altsetting;
	struct aplab *dev;
	int rv;

	rv = usb_find_common_endpoints(alt, &in, &out, &int_in, NULL);
	if (rv) {
		dev_err(&intf->dev, "needs bulk OUT, bulk IN and interrupt IN endpoints\n");
		return rv;
	}
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	kref_init(&dev->kref);
	mutex_init(&dev->io_mutex);
	mutex_init(&dev->read_mutex);
	mutex_init(&dev->stress_mutex);
	spin_lock_init(&dev->lock);
	init_usb_anchor(&dev->tx_anchor);
	init_usb_anchor(&dev->deferred);
	init_waitqueue_head(&dev->rx_wait);
	init_waitqueue_head(&dev->tx_wait);
	timer_setup(&dev->send_timer, aplab_timer_send, 0);
	INIT_WORK(&dev->int_work, aplab_int_recover);
	strscpy(dev->stress_result, "not run\n", sizeof(dev->stress_result));
	dev->udev = usb_get_dev(interface_to_usbdev(intf));
	dev->intf = usb_get_intf(intf);
	dev->ep_out = usb_endpoint_num(out);
	rv = aplab_alloc_urbs(dev, in, int_in);
	if (rv)
		goto out_put_dev;
	usb_set_intfdata(intf, dev);
	dev->int_on = true;
	rv = aplab_start_int(dev, GFP_KERNEL);
	if (rv)
		goto out_clear_data;
	rv = usb_register_dev(intf, &aplab_class);
	if (rv) {
		dev_err(&intf->dev, "no minor for the char device: %d\n", rv);
		goto out_kill_int;
	}
	aplab_debugfs_init(dev);
	dev_info(&intf->dev, "autopm-lab vendor interface, /dev/autopm-lab%d\n",
		 intf->minor - APLAB_MINOR_BASE);
	return 0;

out_kill_int:
	usb_kill_urb(dev->int_urb);
	cancel_work_sync(&dev->int_work);
out_clear_data:
	usb_set_intfdata(intf, NULL);
out_put_dev:
	kref_put(&dev->kref, aplab_delete);
	return rv;
}

/* deferred URBs never ran: give back the reference each one holds */
static int aplab_drop_deferred(struct aplab *dev)
{
	struct urb *urb;
	int dropped = 0;

	while ((urb = usb_get_from_anchor(&dev->deferred))) {
		spin_lock_irq(&dev->lock);
		dev->tx_deferred--;
		spin_unlock_irq(&dev->lock);
		/* the only reference left: usb_get_from_anchor()'s */
		usb_free_urb(urb);
		atomic_dec(&dev->pm_refs);
		usb_autopm_put_interface_no_suspend(dev->intf);
		dropped++;
	}
	return dropped;
}

static void aplab_disconnect(struct usb_interface *intf)
{
	struct aplab *dev = usb_get_intfdata(intf);
	int dropped;

	usb_deregister_dev(intf, &aplab_class);
	/* a stress run stops within 64 pairs; debugfs removal waits for it */
	WRITE_ONCE(dev->stress_abort, true);
	debugfs_remove_recursive(dev->debugfs);
	mutex_lock(&dev->io_mutex);
	spin_lock_irq(&dev->lock);
	dev->disconnected = true;
	spin_unlock_irq(&dev->lock);
	del_timer_sync(&dev->send_timer);
	usb_kill_urb(dev->int_urb);
	/* after the kill: no completion can queue it again, nor may it submit */
	cancel_work_sync(&dev->int_work);
	usb_kill_urb(dev->fetch_urb);
	usb_kill_anchored_urbs(&dev->tx_anchor);
	dropped = aplab_drop_deferred(dev);
	while (dev->stay_awake_files) {
		dev->stay_awake_files--;
		atomic_dec(&dev->pm_refs);
		usb_autopm_put_interface_no_suspend(intf);
	}
	intf->needs_remote_wakeup = 0;
	mutex_unlock(&dev->io_mutex);
	wake_up_interruptible_all(&dev->rx_wait);
	wake_up_interruptible_all(&dev->tx_wait);
	usb_set_intfdata(intf, NULL);
	/*
	 * pm_refs is our own tally; the PM core's count is read beside it.
	 * The driver core holds one reference of its own while it unbinds
	 * (__device_release_driver), so balanced reads 1 here.
	 */
	dev_info(&intf->dev, "autopm-lab disconnected: dropped %d deferred frames, usage count references left %d, PM core usage count %d\n",
		 dropped, atomic_read(&dev->pm_refs),
		 atomic_read(&intf->dev.power.usage_count));
	kref_put(&dev->kref, aplab_delete);
}

/* --- power management --- */

static int aplab_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct aplab *dev = usb_get_intfdata(intf);

	spin_lock_irq(&dev->lock);
	/* an autosuspend now would stall transfers the peer has not answered */
	if (PMSG_IS_AUTO(message) &&
	    (dev->tx_inflight || dev->fetch_pending || READ_ONCE(dev->hold_busy))) {
		spin_unlock_irq(&dev->lock);
		atomic_inc(&dev->stats[APLAB_REFUSED_BUSY]);
		return -EBUSY;
	}
	/* a system sleep is never refused: it stops what is in flight */
	dev->asleep = true;
	dev->int_on = false;
	spin_unlock_irq(&dev->lock);
	usb_kill_urb(dev->int_urb);
	if (!PMSG_IS_AUTO(message)) {
		usb_kill_urb(dev->fetch_urb);
		usb_kill_anchored_urbs(&dev->tx_anchor);
		atomic_inc(&dev->stats[APLAB_SYSTEM_SUSPENDS]);
	}
	atomic_inc(&dev->stats[APLAB_SUSPENDS]);
	return 0;
}

/* called with the deferred anchor's URBs holding one reference each */
static void aplab_flush_deferred_locked(struct aplab *dev)
{
	struct urb *urb;

	while ((urb = usb_get_from_anchor(&dev->deferred))) {
		dev->tx_deferred--;
		if (aplab_submit_tx_locked(dev, urb))
			aplab_put_async(dev);
		else

			atomic_inc(&dev->stats[APLAB_FLUSHED]);
		/* drop the reference usb_get_from_anchor() gave us */
		usb_free_urb(urb);
	}
}

/*
 * May run inside usb_autopm_get_interface() called by a writer holding
 * io_mutex: only the spinlock here, and no allocation that sleeps.
 */
static int aplab_resume(struct usb_interface *intf)
{
	struct aplab *dev = usb_get_intfdata(intf);
	int rv;

	spin_lock_irq(&dev->lock);
	dev->int_on = true;
	spin_unlock_irq(&dev->lock);
	rv = aplab_start_int(dev, GFP_NOIO);
	spin_lock_irq(&dev->lock);
	aplab_flush_deferred_locked(dev);
	dev->asleep = false;
	spin_unlock_irq(&dev->lock);
	atomic_inc(&dev->stats[APLAB_RESUMES]);
	return rv;
}

static struct usb_driver aplab_driver = {
	.name = "autopm_lab",
	.probe = aplab_probe,
	.disconnect = aplab_disconnect,
	.suspend = aplab_suspend,
	.resume = aplab_resume,
	.reset_resume = aplab_resume,
	.id_table = aplab_ids,
	.dev_groups = aplab_groups,
	.supports_autosuspend = 1,
};

static int __init aplab_init(void)
{
	int i, rv;

	BUILD_BUG_ON(sizeof(struct aplab_frame) != APLAB_FRAME_MAX);
	for (i = 0; i < APLAB_NSTATS; i++)
		aplab_attrs[i] = &aplab_stat_attrs[i].attr;
	aplab_debugfs_root = debugfs_create_dir("autopm_lab", NULL);
	rv = usb_register(&aplab_driver);
	if (rv)
		debugfs_remove_recursive(aplab_debugfs_root);
	return rv;
}
module_init(aplab_init);

static void __exit aplab_exit(void)
{
	usb_deregister(&aplab_driver);
	debugfs_remove_recursive(aplab_debugfs_root);
}
module_exit(aplab_exit);

MODULE_DESCRIPTION("autopm-lab reference driver for USB runtime power management");
MODULE_LICENSE("GPL");
