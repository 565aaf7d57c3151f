//! [`SortedRecords`]: the reached-node region of snapshot kinds 2, 4 and 5
//! (`docs/snapshot-format.md`) — a count u32, then fixed-size records sorted by a leading `u32`
//! id (node or cell) — borrowed from the payload, read by index and found by binary search.

use core::marker::PhantomData;

use super::codec::{Reader, le32};
use super::error::StateError;

/// One fixed-size record of a [`SortedRecords`] region; its first four bytes are its id
/// (little-endian).
pub(crate) trait Record {
    /// Bytes per record.
    const SIZE: usize;
    /// The record in `b` (exactly [`SIZE`](Record::SIZE) bytes, not yet validated).
    fn decode(b: &[u8]) -> Self;
}

/// A region of records `R`, parsed (its bytes, borrowed) but not validated.
///
/// Contract: [`read`](Self::read) checks only that the region is there; whether the ids
/// increase strictly, and what the fields may hold, is each kind's validation. Until the ids
/// are checked, [`find`](Self::find) may miss a record that is there, but never panics.
/// Nothing here allocates.
pub(crate) struct SortedRecords<'a, R> {
    bytes: &'a [u8],
    count: usize,
    record: PhantomData<fn() -> R>,
}

impl<'a, R: Record> SortedRecords<'a, R> {
    /// Reads the region with [`Reader::counted`].
    ///
    /// # Errors
    ///
    /// `InvalidField` named `field` for a count too large for `usize`, `Truncated` for a region
    /// that runs past the end.
    pub(crate) fn read(r: &mut Reader<'a>, field: &'static str) -> Result<Self, StateError> {
        let bytes = r.counted(R::SIZE, field)?;
        Ok(Self {
            bytes,
            count: bytes.len() / R::SIZE,
            record: PhantomData,
        })
    }

    /// The number of records.
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// The bytes of record `i` (`i < len()`).
    pub(crate) fn raw(&self, i: usize) -> &'a [u8] {
        &self.bytes[i * R::SIZE..(i + 1) * R::SIZE]
    }

    /// Record `i` (`i < len()`).
    pub(crate) fn get(&self, i: usize) -> R {
        R::decode(self.raw(i))
    }

    /// The index of the record whose id is `id`, by binary search.
    pub(crate) fn find(&self, id: u32) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let k = le32(self.bytes, mid * R::SIZE);
            if k == id {
                return Some(mid);
            }
            if k < id {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        None
    }
}
