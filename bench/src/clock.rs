//! The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), the clock every timing of the
//! harnesses reads.

use std::time::Duration;

/// CPU time of the calling thread: unlike wall time it does not count the time the thread
/// waits for a core, so figures stay comparable on a busy machine. Zero if the clock cannot be
/// read.
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}
