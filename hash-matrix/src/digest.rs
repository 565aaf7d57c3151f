//! FNV-1a 64 (Fowler, Noll & Vo): the digest of every golden record.
//!
//! Offset basis 14695981039346656037 (`0xcbf29ce484222325`), prime 1099511628211
//! (`0x100000001b3`); bytes are XORed in one at a time, then multiplied, all mod 2^64. Integers
//! are fed as fixed-width little-endian bytes, so no digest depends on `usize` width or on the
//! machine's byte order.

/// The FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 14_695_981_039_346_656_037;
/// The FNV-1a 64 prime.
pub const FNV_PRIME: u64 = 1_099_511_628_211;

/// A running FNV-1a 64 hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Self::new()
    }
}

impl Fnv64 {
    /// A hash of nothing (the offset basis).
    pub const fn new() -> Self {
        Self(FNV_OFFSET)
    }

    /// Feeds `bytes` in order.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    /// Feeds `v` as four little-endian bytes.
    pub fn write_u32(&mut self, v: u32) {
        self.write(&v.to_le_bytes());
    }

    /// The hash so far.
    pub const fn finish(self) -> u64 {
        self.0
    }
}

/// A digest with the size of what it covers beside it, so a diff tells whether the shape (the
/// size) or only the values changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest {
    /// How many items were hashed (path cells, snapshot bytes, map cells).
    pub len: u32,
    /// Their FNV-1a 64.
    pub fnv: u64,
}

impl Digest {
    /// The digest of `items` fed as u32 little-endian (path cell indices).
    pub fn of_u32s(items: &[u32]) -> Self {
        let mut h = Fnv64::new();
        for &v in items {
            h.write_u32(v);
        }
        Self {
            len: u32::try_from(items.len()).expect("fewer than 2^32 items"),
            fnv: h.finish(),
        }
    }

    /// The digest of `bytes` (map cells, snapshot bytes).
    pub fn of_bytes(bytes: &[u8]) -> Self {
        let mut h = Fnv64::new();
        h.write(bytes);
        Self {
            len: u32::try_from(bytes.len()).expect("fewer than 2^32 bytes"),
            fnv: h.finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_fnv1a_vectors() {
        // Test vectors of the FNV reference (Noll, "FNV hash" page): "" and "a" and "foobar".
        assert_eq!(Fnv64::new().finish(), 0xcbf2_9ce4_8422_2325);
        let mut h = Fnv64::new();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv64::new();
        h.write(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn u32s_are_little_endian() {
        let a = Digest::of_u32s(&[1, 0x0102_0304]);
        let b = Digest::of_bytes(&[1, 0, 0, 0, 4, 3, 2, 1]);
        assert_eq!(a.fnv, b.fnv);
        assert_eq!(a.len, 2);
        assert_eq!(b.len, 8);
    }
}
