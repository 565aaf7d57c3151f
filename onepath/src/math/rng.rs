//! [`SplitMix64`]: the small, fully specified random generator every seeded part of onepath
//! uses (map generators, landmark selection). Its output is pinned in a test, so it can never
//! change under a golden file.
//!
//! Steele, Lea & Flood (2014), "Fast Splittable Pseudorandom Number Generators": state += γ
//! with γ = 0x9E3779B97F4A7C15, then the variant-13 mix `z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
//! z = (z ^ z>>27) * 0x94D049BB133111EB; z ^ z>>31`, all mod 2^64.

/// A SplitMix64 generator.
///
/// # Examples
///
/// ```
/// use onepath::math::SplitMix64;
/// let (mut a, mut b) = (SplitMix64::new(42), SplitMix64::new(42));
/// assert_eq!(a.next_u64(), b.next_u64()); // the same seed, the same stream, everywhere
/// assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF); // the reference value
/// assert!((0..100).all(|_| a.below(6) < 6));
/// assert_eq!(a.below(0), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (Lemire's multiply-shift; unbiased enough for test
    /// generation, exact and portable). Returns 0 for `bound == 0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::math::SplitMix64;
    /// let mut rng = SplitMix64::new(7);
    /// let rolls: Vec<u32> = (0..100).map(|_| rng.below(6)).collect();
    /// assert!(rolls.iter().all(|&r| r < 6) && rolls.contains(&0) && rolls.contains(&5));
    /// ```
    pub fn below(&mut self, bound: u32) -> u32 {
        ((u64::from(self.next_u64() as u32) * u64::from(bound)) >> 32) as u32
    }

    /// `true` with probability `num / den` (integer arithmetic only).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::math::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// assert!(!(0..50).any(|_| rng.chance(0, 3))); // never
    /// assert!((0..50).all(|_| rng.chance(3, 3))); // always
    /// ```
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_pinned() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(7);
        for b in [1u32, 2, 3, 10, 1000] {
            for _ in 0..100 {
                assert!(r.below(b) < b);
            }
        }
        assert_eq!(r.below(0), 0);
    }
}
