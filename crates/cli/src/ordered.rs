//! Work on many inputs across cores, results in input order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::error::Result;

/// Runs `work` on every item on `pool`'s threads and `emit` on the results **in item order**,
/// each as soon as the results before it are in, on the calling thread. An error from `emit`
/// (standard output closed) stops the work not yet started and is returned.
pub(crate) fn for_each_ordered<T: Sync, R: Send>(
    pool: &rayon::ThreadPool,
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<()>,
) -> Result<()> {
    // One item, or one thread: no channel and no second thread.
    if items.len() < 2 || pool.current_num_threads() < 2 {
        return items
            .iter()
            .try_for_each(|it| emit(pool.install(|| work(it))));
    }
    let stop = AtomicBool::new(false);
    let next_item = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, R)>();
    pool.in_place_scope(|scope| {
        let (stop, next_item, work) = (&stop, &next_item, &work);
        // One worker per thread, each taking the next item in order (a file is the unit of
        // work), so results arrive nearly in order and few wait in `pending`.
        for _ in 0..pool.current_num_threads() {
            let tx = tx.clone();
            scope.spawn(move |_| {
                loop {
                    let i = next_item.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    // The receiver is gone only after an error: nothing to send to.
                    if tx.send((i, work(&items[i]))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                next += 1;
                if let Err(e) = emit(r) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
    })
}
