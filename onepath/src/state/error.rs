//! [`StateError`]: why a snapshot could not be written or restored.

use core::fmt;

/// A snapshot error. Restoring never panics and never changes the target on error.
///
/// # Examples
///
/// ```
/// use onepath::state::StateError;
/// use onepath::Grid;
/// let grid = Grid::new(4, 4).unwrap();
/// let mut bytes = vec![0u8; grid.state_size()];
/// grid.save_state(&mut bytes).unwrap();
/// assert!(matches!(Grid::from_state(&bytes[..bytes.len() - 1]), Err(StateError::Truncated { .. })));
/// assert_eq!(Grid::from_state(b"NOPE and some more bytes here..."), Err(StateError::BadMagic));
/// let mut other = bytes.clone();
/// other.push(0);
/// assert!(matches!(Grid::from_state(&other), Err(StateError::TrailingBytes { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// The output buffer is too small; `needed` bytes are required (see `state_size`).
    BufferTooSmall {
        /// Bytes required.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// The input ends before the header or the declared payload.
    Truncated {
        /// Bytes required.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// The input is longer than header + declared payload.
    TrailingBytes {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The first four bytes are not `OPSN`.
    BadMagic,
    /// A format version this build does not read (every build reads exactly one,
    /// [`FORMAT_VERSION`](super::FORMAT_VERSION)).
    UnsupportedVersion {
        /// The version found.
        found: u16,
        /// The version this build reads.
        supported: u16,
    },
    /// The snapshot is of another kind.
    WrongKind {
        /// The kind this call restores.
        expected: u16,
        /// The kind found.
        found: u16,
    },
    /// The payload checksum does not match (corrupted bytes).
    ChecksumMismatch,
    /// The snapshot belongs to another map (content hash differs).
    MapMismatch {
        /// Content hash of the map given to restore.
        expected: u64,
        /// Content hash recorded in the snapshot.
        found: u64,
    },
    /// A field is out of range or inconsistent; `field` names it.
    InvalidField {
        /// Which field.
        field: &'static str,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BufferTooSmall { needed, available } => {
                write!(
                    f,
                    "snapshot buffer too small: {needed} bytes needed, {available} available"
                )
            }
            Self::Truncated { needed, available } => {
                write!(
                    f,
                    "snapshot truncated: {needed} bytes needed, {available} present"
                )
            }
            Self::TrailingBytes { expected, found } => {
                write!(
                    f,
                    "snapshot has trailing bytes: {expected} expected, {found} present"
                )
            }
            Self::BadMagic => write!(f, "not a onepath snapshot (magic is not \"OPSN\")"),
            Self::UnsupportedVersion { found, supported } => write!(
                f,
                "snapshot format version {found} is not supported: this build reads version \
                 {supported}"
            ),
            Self::WrongKind { expected, found } => {
                write!(
                    f,
                    "snapshot kind {found} cannot be restored here (expected kind {expected})"
                )
            }
            Self::ChecksumMismatch => write!(f, "snapshot payload checksum mismatch (corrupted)"),
            Self::MapMismatch { expected, found } => write!(
                f,
                "snapshot belongs to map {found:#018x}, not to the given map {expected:#018x}"
            ),
            Self::InvalidField { field } => write!(f, "snapshot field `{field}` is invalid"),
        }
    }
}

impl core::error::Error for StateError {}
