//! Pinned snapshot bytes: the text form committed in `tests/pinned/` and the check that a
//! snapshot still writes it (a format change must be deliberate).

use std::fmt::Write as _;
use std::path::PathBuf;

use onepath::state::FORMAT_VERSION;

/// Bytes as hex text, 32 to a line (the form of the `tests/pinned/` files).
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        write!(s, "{b:02x}").unwrap();
        s.push(if i % 32 == 31 { '\n' } else { ' ' });
    }
    s.trim_end().to_string() + "\n"
}

/// Asserts that `bytes` (a frame of `kind` at the current format version) equal the committed
/// `tests/pinned/<name>`; `ONEPATH_BLESS_PINNED=1` writes the file instead.
pub fn pinned(name: &str, bytes: &[u8], kind: u16) {
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), FORMAT_VERSION);
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), kind);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pinned")
        .join(name);
    let text = hex(bytes);
    if std::env::var_os("ONEPATH_BLESS_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (bless with ONEPATH_BLESS_PINNED=1)",
            path.display()
        )
    });
    assert_eq!(
        text, committed,
        "snapshot bytes of {name} changed: a format change must be deliberate"
    );
}
