//! Canonical bytes and content hash (docs §4), little-endian.

use super::bake::RefMesh;

/// FNV-1a 64 offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64 prime.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 over `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = FNV_OFFSET;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// The canonical bytes of docs §4.
pub fn canonical_bytes(mesh: &RefMesh) -> Vec<u8> {
    let i = &mesh.input;
    let mut out = Vec::new();
    let u32le = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
    let f64le = |out: &mut Vec<u8>, v: f64| out.extend_from_slice(&v.to_bits().to_le_bytes());
    out.extend_from_slice(b"OPNM");
    u32le(&mut out, i.width);
    u32le(&mut out, i.height);
    f64le(&mut out, i.cell_size);
    f64le(&mut out, i.origin.0);
    f64le(&mut out, i.origin.1);
    f64le(&mut out, if i.radius == 0.0 { 0.0 } else { i.radius });
    u32le(&mut out, i.tile_size);
    out.push(i.area);
    let tiles = mesh.tiles();
    u32le(&mut out, tiles.len() as u32);
    for &(tile, first, count) in &tiles {
        u32le(&mut out, tile % mesh.tiles_x);
        u32le(&mut out, tile / mesh.tiles_x);
        u32le(&mut out, count);
        for p in &mesh.polys[first as usize..(first + count) as usize] {
            u32le(&mut out, p.verts.len() as u32);
            for v in &p.verts {
                u32le(&mut out, v[0] as u32);
                u32le(&mut out, v[1] as u32);
            }
            for l in &p.links {
                u32le(&mut out, l.map_or(u32::MAX, |(q, _)| q));
            }
        }
    }
    out
}

/// The content hash of docs §4.
pub fn content_hash(mesh: &RefMesh) -> u64 {
    fnv1a64(&canonical_bytes(mesh))
}
