//! FNV-1a 64 (Fowler, Noll & Vo): the digest of snapshot payloads, path records and traces.
//! Offset basis 14695981039346656037, prime 1099511628211, over bytes.

/// FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;
/// FNV-1a 64 prime.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01B3;

/// An incremental FNV-1a 64 digest.
///
/// # Examples
///
/// ```
/// use onepath::state::{FNV_OFFSET, Fnv1a64};
/// assert_eq!(Fnv1a64::new().finish(), FNV_OFFSET);
/// assert_eq!(Fnv1a64::of(b"a"), 0xAF63_DC4C_8601_EC8C); // the FNV-1a 64 reference value
/// let mut d = Fnv1a64::new();
/// d.write(b"a");
/// assert_eq!(d.finish(), Fnv1a64::of(b"a")); // incremental = one shot
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Self::new()
    }
}

impl Fnv1a64 {
    /// A digest at the offset basis.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::{FNV_OFFSET, Fnv1a64};
    /// assert_eq!(Fnv1a64::new().finish(), FNV_OFFSET);
    /// ```
    pub const fn new() -> Self {
        Self(FNV_OFFSET)
    }

    /// Feeds bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::Fnv1a64;
    /// let mut d = Fnv1a64::new();
    /// d.write(b"ab");
    /// let mut e = Fnv1a64::new();
    /// e.write(b"a");
    /// e.write(b"b");
    /// assert_eq!(d.finish(), e.finish()); // a stream: how the bytes are split does not matter
    /// ```
    #[inline]
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
    }

    /// Feeds a `u32` as 4 little-endian bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::Fnv1a64;
    /// let mut d = Fnv1a64::new();
    /// d.write_u32(0x0403_0201);
    /// assert_eq!(d.finish(), Fnv1a64::of(&[1, 2, 3, 4])); // little-endian
    /// ```
    #[inline]
    pub fn write_u32(&mut self, v: u32) {
        self.write(&v.to_le_bytes());
    }

    /// Feeds a `u64` as 8 little-endian bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::Fnv1a64;
    /// let mut d = Fnv1a64::new();
    /// d.write_u64(1);
    /// assert_eq!(d.finish(), Fnv1a64::of(&[1, 0, 0, 0, 0, 0, 0, 0]));
    /// ```
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        self.write(&v.to_le_bytes());
    }

    /// The digest so far.
    pub const fn finish(self) -> u64 {
        self.0
    }

    /// The digest of `bytes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::state::Fnv1a64;
    /// assert_eq!(Fnv1a64::of(b""), onepath::state::FNV_OFFSET);
    /// assert_ne!(Fnv1a64::of(b"ab"), Fnv1a64::of(b"ba"));
    /// ```
    pub fn of(bytes: &[u8]) -> u64 {
        let mut h = Self::new();
        h.write(bytes);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(Fnv1a64::of(b""), 0xCBF2_9CE4_8422_2325);
        assert_eq!(Fnv1a64::of(b"a"), 0xAF63_DC4C_8601_EC8C);
        assert_eq!(Fnv1a64::of(b"foobar"), 0x8594_4171_F739_67E8);
    }
}
