//! The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), as `bench/` measures it: unlike
//! wall time it leaves out the time the thread waits for a core, so figures taken on a shared
//! machine stay comparable.

use std::time::Duration;

/// CPU time consumed by the calling thread so far, or `None` where the platform has no
/// per-thread CPU clock (then `bench` reports wall time only).
#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
))]
#[allow(unsafe_code)]
pub fn thread_cpu() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec that outlives the call; the clock id is a
    // constant the platform defines. The call writes nothing else.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
    if rc != 0 {
        return None;
    }
    let secs = u64::try_from(ts.tv_sec).ok()?;
    let nanos = u32::try_from(ts.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

/// CPU time consumed by the calling thread so far: not available on this platform.
#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "freebsd"
)))]
pub fn thread_cpu() -> Option<Duration> {
    None
}

/// A stopwatch that reads wall time and thread CPU time together.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall: std::time::Instant,
    cpu: Option<Duration>,
}

/// What a [`Stopwatch`] measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lap {
    /// Elapsed wall time.
    pub wall: Duration,
    /// Thread CPU time spent (`None` without a per-thread CPU clock).
    pub cpu: Option<Duration>,
}

impl Lap {
    /// Nothing measured yet: the start of a sum (adding a lap without CPU time makes the
    /// sum's CPU time `None`).
    pub const ZERO: Self = Self {
        wall: Duration::ZERO,
        cpu: Some(Duration::ZERO),
    };
}

impl Stopwatch {
    /// Starts both clocks.
    pub fn start() -> Self {
        let cpu = thread_cpu();
        Self {
            wall: std::time::Instant::now(),
            cpu,
        }
    }

    /// Both clocks since [`start`](Stopwatch::start).
    pub fn lap(&self) -> Lap {
        let wall = self.wall.elapsed();
        let cpu = self.cpu.zip(thread_cpu()).map(|(a, b)| b.saturating_sub(a));
        Lap { wall, cpu }
    }
}

impl core::ops::AddAssign for Lap {
    fn add_assign(&mut self, other: Self) {
        self.wall += other.wall;
        self.cpu = self.cpu.zip(other.cpu).map(|(a, b)| a + b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_advances_with_work() {
        let w = Stopwatch::start();
        let mut x = 0u64;
        for i in 0..5_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        let lap = w.lap();
        if let Some(cpu) = lap.cpu {
            assert!(cpu > Duration::ZERO);
        }
        assert!(lap.wall > Duration::ZERO);
        let mut sum = Lap::ZERO;
        sum += lap;
        sum += lap;
        assert_eq!(sum.wall, lap.wall * 2);
        assert_eq!(sum.cpu, lap.cpu.map(|c| c * 2));
        sum += Lap {
            wall: Duration::ZERO,
            cpu: None,
        };
        assert_eq!(
            sum.cpu, None,
            "a lap without CPU time makes the sum unknown"
        );
    }
}
