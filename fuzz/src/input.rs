//! [`Input`]: reads a fuzz input as a stream of small numbers, never failing.
//!
//! A structured target (snapshot mutations, search operations) decodes its choices from the
//! bytes in order. Past the end every read returns 0, so every input, even the empty one,
//! decodes to something, and the same bytes always decode to the same choices.

/// A cursor over fuzz input bytes; reads past the end yield zeros.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Input<'a> {
    /// A cursor at the start of `data`.
    pub const fn new(data: &'a [u8]) -> Self {
        Self { data, pos: 0 }
    }

    /// Whether every byte has been read.
    pub const fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos = self.pos.saturating_add(1);
        b
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// A number in `0..bound` from one byte (`bound` 1..=256; 0 reads as 1).
    pub fn below(&mut self, bound: u32) -> u32 {
        u32::from(self.u8()) % bound.clamp(1, 256)
    }

    /// One bit's worth of choice (the low bit of the next byte).
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::Input;

    #[test]
    fn reads_in_order_and_pads_with_zeros() {
        let mut i = Input::new(&[1, 2, 3]);
        assert_eq!(i.u8(), 1);
        assert_eq!(i.rest(), &[2, 3]);
        assert_eq!(i.u16(), 0x0302);
        assert!(i.is_empty());
        assert_eq!(i.u32(), 0);
        assert_eq!(i.below(7), 0);
        assert_eq!(i.rest(), &[] as &[u8]);
        assert_eq!(Input::new(&[300u16 as u8]).below(0), 0);
    }
}
