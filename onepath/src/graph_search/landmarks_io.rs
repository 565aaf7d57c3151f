//! [`Landmarks`] serialization, format `OPLM` version 1 (spec: graphs.md, “ALT”), and
//! [`LandmarkError`].
//!
//! Little-endian: `"OPLM"`, u32 format version `1`, i32 node count N, i32 landmark count k,
//! u64 graph fingerprint, k × i32 landmark ids, the forward table then the backward table
//! (k × N f64 bit patterns each, landmark-major: `table[l * N + v]`). Exactly
//! `24 + 4k + 16kN` bytes.

use alloc::vec::Vec;

use super::landmark_error::{LANDMARK_VERSION, LandmarkError, LandmarkTable};
use super::landmarks::Landmarks;
use crate::graph::CsrGraph;

/// `OPLM`.
pub const LANDMARK_MAGIC: [u8; 4] = *b"OPLM";

const HEAD: usize = 4 + 4 + 4 + 4 + 8;

fn le_u32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

fn le_f64(b: &[u8], o: usize) -> f64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[o..o + 8]);
    f64::from_bits(u64::from_le_bytes(a))
}

impl Landmarks {
    /// Bytes [`serialize`](Landmarks::serialize) writes: `24 + 4k + 16kN`.
    pub fn serialized_len(&self) -> usize {
        HEAD + self.ids.len() * 4 + self.rows.len() * 8
    }

    /// The tables in format `OPLM` version 1 (see the module documentation).
    ///
    /// # Complexity
    ///
    /// O(kN); allocates the result.
    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_len());
        out.extend_from_slice(&LANDMARK_MAGIC);
        out.extend_from_slice(&LANDMARK_VERSION.to_le_bytes());
        out.extend_from_slice(&self.node_count.to_le_bytes());
        out.extend_from_slice(&(self.ids.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        for id in &self.ids {
            out.extend_from_slice(&id.to_le_bytes());
        }
        // Landmark-major on disk: transpose the node-major rows (forward at even offsets).
        let k = self.ids.len();
        for side in 0..2 {
            for l in 0..k {
                for v in 0..self.node_count as usize {
                    let d = self.rows[(v * k + l) * 2 + side];
                    out.extend_from_slice(&d.to_bits().to_le_bytes());
                }
            }
        }
        out
    }

    /// Reads tables written by [`serialize`](Landmarks::serialize) for `graph`. Strict:
    /// exact length, count in `1..=N`, node count and fingerprint equal to the graph's, ids in
    /// range, every distance `>= 0` or `+∞`, every landmark at distance 0 from itself in both
    /// tables. Nothing is allocated before the length is proved.
    ///
    /// # Errors
    ///
    /// The [`LandmarkError`] naming the first check that fails, in the order above (magic and
    /// version first). Never panics.
    ///
    /// # Complexity
    ///
    /// O(kN); holds the landmark-major tables (16 kN bytes) beside the node-major copy
    /// while it rearranges them.
    pub fn deserialize(bytes: &[u8], graph: &CsrGraph) -> Result<Self, LandmarkError> {
        let found = bytes.len() as u64;
        if bytes.len() < HEAD {
            if bytes.len() >= 4 && bytes[..4] != LANDMARK_MAGIC {
                return Err(LandmarkError::BadMagic);
            }
            return Err(LandmarkError::Length {
                expected: HEAD as u64,
                found,
            });
        }
        if bytes[..4] != LANDMARK_MAGIC {
            return Err(LandmarkError::BadMagic);
        }
        let version = le_u32(bytes, 4);
        if version != LANDMARK_VERSION {
            return Err(LandmarkError::UnsupportedVersion { found: version });
        }
        let n_read = i64::from(le_u32(bytes, 8) as i32);
        let k_read = i64::from(le_u32(bytes, 12) as i32);
        let mut fp = [0u8; 8];
        fp.copy_from_slice(&bytes[16..24]);
        let fingerprint = u64::from_le_bytes(fp);
        let n = graph.node_count();
        if n_read != i64::from(n) {
            return Err(LandmarkError::NodeCount {
                found: n_read,
                expected: n,
            });
        }
        if k_read < 1 || k_read > i64::from(n) {
            return Err(LandmarkError::Count {
                count: k_read,
                node_count: n,
            });
        }
        let k = k_read as u64;
        let expected = HEAD as u64 + 4 * k + 16 * k * u64::from(n);
        if found != expected {
            return Err(LandmarkError::Length { expected, found });
        }
        if fingerprint != graph.fingerprint() {
            return Err(LandmarkError::Stale {
                expected: graph.fingerprint(),
                found: fingerprint,
            });
        }
        let (k, nn) = (k as usize, n as usize);
        let mut ids = Vec::with_capacity(k);
        for i in 0..k {
            let id = le_u32(bytes, HEAD + 4 * i) as i32;
            if id < 0 || id as u32 >= n {
                return Err(LandmarkError::Id {
                    index: i as u32,
                    id: i64::from(id),
                });
            }
            ids.push(id as u32);
        }
        let base = HEAD + 4 * k;
        let read_table = |t: usize, table: LandmarkTable| -> Result<Vec<f64>, LandmarkError> {
            let start = base + t * 8 * k * nn;
            let mut v = Vec::with_capacity(k * nn);
            for i in 0..k * nn {
                let d = le_f64(bytes, start + 8 * i);
                if d.is_nan() || d < 0.0 {
                    return Err(LandmarkError::Distance {
                        table,
                        index: i as u64,
                        value: d,
                    });
                }
                v.push(d);
            }
            for (l, &id) in ids.iter().enumerate() {
                let d = v[l * nn + id as usize];
                if d != 0.0 {
                    return Err(LandmarkError::SelfDistance {
                        table,
                        landmark: l as u32,
                        value: d,
                    });
                }
            }
            Ok(v)
        };
        let forward = read_table(0, LandmarkTable::Forward)?;
        let backward = read_table(1, LandmarkTable::Backward)?;
        Ok(Self::from_tables(n, fingerprint, ids, &forward, &backward))
    }
}
