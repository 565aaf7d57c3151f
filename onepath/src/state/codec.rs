//! Fixed-width little-endian writer and reader over caller slices (no allocation), and the
//! common header (`docs/snapshot-format.md`).

use core::cmp::Ordering;

use super::digest::Fnv1a64;
use super::error::StateError;

/// `OPSN`.
pub const MAGIC: [u8; 4] = *b"OPSN";
/// The format version this build writes and reads (`docs/snapshot-format.md`, "Stability"):
/// version 2 records every open list in the order it pops, so the bytes are a function of the
/// search's logical state and not of one heap layout. Other versions are refused with
/// [`StateError::UnsupportedVersion`].
pub const FORMAT_VERSION: u16 = 2;
/// Header bytes: magic 4, version 2, kind 2, payload length 4, map hash 8, checksum 8.
pub const HEADER_LEN: usize = 28;

/// Writes fixed-width little-endian values; callers size the buffer first, so writes past the
/// end are a bug (they are ignored and reported by [`Writer::overflowed`]).
pub(crate) struct Writer<'a> {
    buf: &'a mut [u8],
    pos: usize,
    overflow: bool,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Self {
            buf,
            pos: 0,
            overflow: false,
        }
    }

    #[inline]
    pub(crate) fn bytes(&mut self, b: &[u8]) {
        match self.buf.get_mut(self.pos..self.pos + b.len()) {
            Some(dst) => {
                dst.copy_from_slice(b);
                self.pos += b.len();
            }
            None => self.overflow = true,
        }
    }
    #[inline]
    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }
    #[inline]
    pub(crate) fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }
    /// A count-prefixed list: the length as `u32`, then each value as `u32`.
    pub(crate) fn u32_list(&mut self, list: &[u32]) {
        self.u32(list.len() as u32);
        for &v in list {
            self.u32(v);
        }
    }
    /// A count-prefixed list: the length as `u32`, then each value as `u64`.
    pub(crate) fn u64_list(&mut self, list: &[u64]) {
        self.u32(list.len() as u32);
        for &v in list {
            self.u64(v);
        }
    }
    /// `N`-byte records in a canonical order: `records`, sorted in place by `order` once
    /// written (no allocation). `order` must be a total order in which only byte-identical
    /// records compare equal, so the bytes do not depend on the order `records` come in (the
    /// open lists of kinds 2, 4 and 5, in the order they pop).
    pub(crate) fn sorted<const N: usize>(
        &mut self,
        records: impl Iterator<Item = [u8; N]>,
        order: impl FnMut(&[u8; N], &[u8; N]) -> Ordering,
    ) {
        let from = self.pos;
        for r in records {
            self.bytes(&r);
        }
        if let Some(region) = self.buf.get_mut(from..self.pos) {
            region.as_chunks_mut::<N>().0.sort_unstable_by(order);
        }
    }
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }
    pub(crate) fn overflowed(&self) -> bool {
        self.overflow
    }
}

/// Reads fixed-width little-endian values; running past the end is [`StateError::Truncated`].
pub(crate) struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(buf: &'a [u8]) -> Self {
        Self { buf, pos: 0 }
    }

    #[inline]
    pub(crate) fn bytes(&mut self, n: usize) -> Result<&'a [u8], StateError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.buf.len())
            .ok_or(StateError::Truncated {
                needed: (self.pos as u64).saturating_add(n as u64),
                available: self.buf.len() as u64,
            })?;
        let s = &self.buf[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    #[inline]
    pub(crate) fn u8(&mut self) -> Result<u8, StateError> {
        Ok(self.bytes(1)?[0])
    }
    #[inline]
    pub(crate) fn u16(&mut self) -> Result<u16, StateError> {
        let b = self.bytes(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    #[inline]
    pub(crate) fn u32(&mut self) -> Result<u32, StateError> {
        Ok(le32(self.bytes(4)?, 0))
    }
    #[inline]
    pub(crate) fn u64(&mut self) -> Result<u64, StateError> {
        Ok(le64(self.bytes(8)?, 0))
    }
    #[inline]
    pub(crate) fn f64(&mut self) -> Result<f64, StateError> {
        Ok(f64::from_bits(self.u64()?))
    }
    /// A count-prefixed region: a `u32` count, then `count` records of `size` bytes each;
    /// returns the records' bytes. A count whose byte length overflows `usize` is
    /// [`StateError::InvalidField`] naming `field`; a region that runs past the end is
    /// [`StateError::Truncated`], as for [`bytes`](Reader::bytes).
    pub(crate) fn counted(
        &mut self,
        size: usize,
        field: &'static str,
    ) -> Result<&'a [u8], StateError> {
        let count = self.u32()? as usize;
        self.bytes(count.checked_mul(size).ok_or(invalid(field))?)
    }
    pub(crate) fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }
    /// Fails with `InvalidField` when bytes remain (the payload length was inconsistent).
    pub(crate) fn finish(&self, field: &'static str) -> Result<(), StateError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(invalid(field))
        }
    }
}

/// The little-endian `u32` at byte `o` of `b`, a region already read to its full length.
#[inline]
pub(crate) fn le32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

/// The little-endian `u64` at byte `o` of `b`, a region already read to its full length.
#[inline]
pub(crate) fn le64(b: &[u8], o: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[o..o + 8]);
    u64::from_le_bytes(a)
}

/// [`StateError::InvalidField`] naming `field`.
pub(crate) const fn invalid(field: &'static str) -> StateError {
    StateError::InvalidField { field }
}

/// The validated header of a snapshot and its payload.
pub(crate) struct Frame<'a> {
    pub(crate) map_hash: u64,
    pub(crate) payload: &'a [u8],
}

/// Writes header + payload into `out`. `payload_len` must be exact; `write` fills the payload.
pub(crate) fn write_frame(
    out: &mut [u8],
    kind: u16,
    map_hash: u64,
    payload_len: usize,
    write: impl FnOnce(&mut Writer<'_>),
) -> Result<usize, StateError> {
    write_frame_raw(out, kind, map_hash, payload_len, |body| {
        let mut w = Writer::new(body);
        write(&mut w);
        debug_assert!(
            !w.overflowed() && w.pos() == payload_len,
            "payload size mismatch"
        );
        if w.overflowed() || w.pos() != payload_len {
            return Err(invalid("payload_length"));
        }
        Ok(())
    })
}

/// Writes header + payload into `out`; `fill` receives the exact payload slice.
pub(crate) fn write_frame_raw(
    out: &mut [u8],
    kind: u16,
    map_hash: u64,
    payload_len: usize,
    fill: impl FnOnce(&mut [u8]) -> Result<(), StateError>,
) -> Result<usize, StateError> {
    let total = HEADER_LEN + payload_len;
    let Ok(declared) = u32::try_from(payload_len) else {
        return Err(invalid("payload_length"));
    };
    if out.len() < total {
        return Err(StateError::BufferTooSmall {
            needed: total as u64,
            available: out.len() as u64,
        });
    }
    let (head, rest) = out.split_at_mut(HEADER_LEN);
    let body = &mut rest[..payload_len];
    fill(body)?;
    let mut h = Writer::new(head);
    h.bytes(&MAGIC);
    h.u16(FORMAT_VERSION);
    h.u16(kind);
    h.u32(declared);
    h.u64(map_hash);
    h.u64(Fnv1a64::of(body));
    Ok(total)
}

/// Checks magic, version, kind, exact length and checksum, and returns the payload.
pub(crate) fn read_frame(bytes: &[u8], kind: u16) -> Result<Frame<'_>, StateError> {
    let mut r = Reader::new(bytes);
    let head = r.bytes(HEADER_LEN)?;
    if head[..4] != MAGIC {
        return Err(StateError::BadMagic);
    }
    let mut h = Reader::new(&head[4..]);
    let version = h.u16()?;
    if version != FORMAT_VERSION {
        return Err(StateError::UnsupportedVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let found = h.u16()?;
    if found != kind {
        return Err(StateError::WrongKind {
            expected: kind,
            found,
        });
    }
    let len = h.u32()? as usize;
    let map_hash = h.u64()?;
    let checksum = h.u64()?;
    let expected = HEADER_LEN as u64 + len as u64;
    if (bytes.len() as u64) < expected {
        return Err(StateError::Truncated {
            needed: expected,
            available: bytes.len() as u64,
        });
    }
    if (bytes.len() as u64) > expected {
        return Err(StateError::TrailingBytes {
            expected,
            found: bytes.len() as u64,
        });
    }
    let payload = &bytes[HEADER_LEN..];
    if Fnv1a64::of(payload) != checksum {
        return Err(StateError::ChecksumMismatch);
    }
    Ok(Frame { map_hash, payload })
}

/// [`read_frame`] for a snapshot that must belong to the map whose content hash is `map_hash`:
/// another hash is [`StateError::MapMismatch`] (`expected` the given map's, `found` the
/// snapshot's), checked after the header, length and checksum.
pub(crate) fn read_frame_for(
    bytes: &[u8],
    kind: u16,
    map_hash: u64,
) -> Result<Frame<'_>, StateError> {
    let frame = read_frame(bytes, kind)?;
    if frame.map_hash != map_hash {
        return Err(StateError::MapMismatch {
            expected: map_hash,
            found: frame.map_hash,
        });
    }
    Ok(frame)
}
