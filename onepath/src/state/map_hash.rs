//! The grid content hash (spec: grids.md, “Host API”), used to tie a snapshot to its map.
//!
//! Words are fed into `h = rotl(h ^ (w * P2), 31) * P1 + P3` from `h = P1 ^ P2`: first
//! `width | height << 32`, then the cells row-major eight per little-endian word (the last
//! zero-padded), then the 255 area multipliers as binary64 bit patterns; the finaliser is
//! `h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32` (all mod 2^64).

const P1: u64 = 0x9E37_79B1_85EB_CA87;
const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P3: u64 = 0x1656_67B1_9E37_79F9;

#[inline]
fn feed(h: u64, w: u64) -> u64 {
    (h ^ w.wrapping_mul(P2))
        .rotate_left(31)
        .wrapping_mul(P1)
        .wrapping_add(P3)
}

/// The content hash of a grid given by its parts.
pub(crate) fn content_hash_of(
    width: u32,
    height: u32,
    cells: &[u8],
    multipliers: &[f64; 255],
) -> u64 {
    let mut h = P1 ^ P2;
    h = feed(h, u64::from(width) | (u64::from(height) << 32));
    let mut chunks = cells.chunks_exact(8);
    for c in &mut chunks {
        let mut a = [0u8; 8];
        a.copy_from_slice(c);
        h = feed(h, u64::from_le_bytes(a));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut a = [0u8; 8];
        a[..rest.len()].copy_from_slice(rest);
        h = feed(h, u64::from_le_bytes(a));
    }
    for m in multipliers {
        h = feed(h, m.to_bits());
    }
    finish(h)
}

fn finish(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(P2);
    h ^= h >> 29;
    h = h.wrapping_mul(P3);
    h ^= h >> 32;
    h
}

/// The content hash of a hex grid (our addition to the spec, which gives hex grids none):
/// `square` is [`content_hash_of`] over the grid's size, cells and multipliers, `layout` the
/// layout code (0 pointy odd row, 1 pointy even row, 2 flat odd column, 3 flat even column).
/// The same word function from `h = P1 ^ P2` over two words, `square` then `layout`, then the
/// same finaliser: so two hex grids whose cells agree but whose layouts differ (different
/// neighbours, different maps) hash apart, and the hash stays O(1) when the square hash is
/// cached.
pub(crate) fn hex_content_hash_of(square: u64, layout: u8) -> u64 {
    let h = feed(feed(P1 ^ P2, square), u64::from(layout));
    finish(h)
}
