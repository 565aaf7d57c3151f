//! [`Divisor`]: exact unsigned division by a divisor fixed at run time, as one multiply and one
//! shift (Granlund & Montgomery 1994, "Division by Invariant Integers using Multiplication").
//!
//! Row-major grids turn node ids back into `(x, y)` once per visited neighbour; a hardware
//! division costs several times a multiply there. The result is exact for every `u32`
//! dividend, so nothing about determinism changes: this is integer arithmetic.

/// Division of any `u32` by a fixed non-zero `u32`, exact.
///
/// With `k = 32 + ⌈log2 d⌉` and `m = ⌊2^k / d⌋ + 1`, `⌊n·m / 2^k⌋ = ⌊n / d⌋` for every
/// `n < 2^32`: the error term `n·(m − 2^k/d) / 2^k` is below `n / 2^k ≤ 1 / d`, which cannot
/// carry the quotient past the next integer.
///
/// # Examples
///
/// ```
/// use onepath::math::Divisor;
/// let width = Divisor::new(37);
/// assert_eq!(width.get(), 37);
/// for n in [0, 36, 37, 1_000_000, u32::MAX] {
///     assert_eq!(width.div_rem(n), (n / 37, n % 37)); // exact for every u32
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    value: u32,
    multiplier: u64,
    shift: u32,
}

impl Divisor {
    /// The divisor `d`; 0 is treated as 1 (callers clamp widths to at least 1).
    pub const fn new(d: u32) -> Self {
        let d = if d == 0 { 1 } else { d };
        // ⌈log2 d⌉ for d ≥ 1.
        let ceil_log2 = 32 - (d - 1).leading_zeros();
        let shift = 32 + ceil_log2;
        // 2^shift / d < 2^33, so the multiplier fits in 34 bits.
        let multiplier = ((1u128 << shift) / d as u128) as u64 + 1;
        Self {
            value: d,
            multiplier,
            shift,
        }
    }

    /// The divisor.
    #[inline]
    pub const fn get(&self) -> u32 {
        self.value
    }

    /// `(n / d, n % d)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::math::Divisor;
    /// assert_eq!(Divisor::new(7).div_rem(50), (7, 1));
    /// ```
    #[inline]
    pub const fn div_rem(&self, n: u32) -> (u32, u32) {
        // n·m < 2^66, so after dropping 32 bits it fits a u64; the rest of the shift is
        // ⌈log2 d⌉ ≤ 32.
        let q = (((n as u128 * self.multiplier as u128) >> 32) as u64 >> (self.shift - 32)) as u32;
        (q, n - q * self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::SplitMix64;

    #[test]
    fn equals_hardware_division() {
        let mut rng = SplitMix64::new(7);
        let mut divisors: alloc::vec::Vec<u32> = (1..=1100)
            .chain([
                u32::MAX,
                u32::MAX - 1,
                1 << 31,
                (1 << 31) + 1,
                65_535,
                65_536,
            ])
            .collect();
        divisors.extend((0..2000).map(|_| (rng.next_u64() >> 32) as u32 | 1));
        for &d in &divisors {
            let div = Divisor::new(d);
            let edge = [
                0,
                1,
                d - 1,
                d,
                d.wrapping_add(1),
                u32::MAX,
                u32::MAX - 1,
                u32::MAX / d * d,
            ];
            let random = (0..64).map(|_| (rng.next_u64() >> 32) as u32);
            for n in edge.into_iter().chain(random) {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
        assert_eq!(Divisor::new(0).div_rem(17), (17, 0));
    }
}
