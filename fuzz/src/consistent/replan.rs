//! Consistent edits of a kind-8 snapshot (the replanner: `g`/`rhs` per node, a queue, pending
//! changes): restore checks, for every node not pending, that `rhs` is its full minimum and
//! that it is queued exactly when inconsistent, with keys recomputed. So the edits that keep
//! those rules change a node's `g` and mark the node and its neighbours pending (their `rhs`
//! may depend on it), make a queued node consistent the same way, drop or add queue entries
//! of pending nodes, set the state, counters, the restart flag, or splice the arrays of a
//! twin world of the same size; the queue is re-sorted into the canonical order and its keys
//! recomputed; the frame re-sealed.

use onepath::state::HEADER_LEN;

use super::{le32, le64, put, seal};
use crate::input::Input;

const NODES_AT: usize = 1;
const KM_AT: usize = 13;
const STATE_AT: usize = 21;
const ITERATIONS_AT: usize = 22;
const EXPANSIONS_AT: usize = 26;
const RESTART_AT: usize = 30;
const PENDING_AT: usize = 31;

/// A kind-8 payload, parsed.
#[derive(Clone, Debug)]
struct Replan {
    head: Vec<u8>,
    pending: Vec<u32>,
    g: Vec<f64>,
    rhs: Vec<f64>,
    /// (node, k1, k2).
    queue: Vec<(u32, f64, f64)>,
    tail: Vec<u8>,
}

fn parse(frame: &[u8]) -> Option<Replan> {
    let p = frame.get(HEADER_LEN..)?;
    let head = p.get(..PENDING_AT)?.to_vec();
    let n = le32(&head, NODES_AT) as usize;
    let idle = le32(&head, 5) == u32::MAX;
    let pc = le32(p, PENDING_AT) as usize;
    let mut at = PENDING_AT + 4;
    let pending = (0..pc).map(|i| le32(p, at + 4 * i)).collect();
    at += 4 * pc;
    let n = if idle { 0 } else { n };
    if p.len() < at + 16 * n + 4 || pc > p.len() {
        return None;
    }
    let g = (0..n)
        .map(|i| f64::from_bits(le64(p, at + 16 * i)))
        .collect();
    let rhs = (0..n)
        .map(|i| f64::from_bits(le64(p, at + 16 * i + 8)))
        .collect();
    at += 16 * n;
    let q = le32(p, at) as usize;
    at += 4;
    if p.len() < at + 20 * q {
        return None;
    }
    let queue = (0..q)
        .map(|i| {
            let o = at + 20 * i;
            (
                le32(p, o),
                f64::from_bits(le64(p, o + 4)),
                f64::from_bits(le64(p, o + 12)),
            )
        })
        .collect();
    at += 20 * q;
    Some(Replan {
        head,
        pending,
        g,
        rhs,
        queue,
        tail: p[at..].to_vec(),
    })
}

fn write(header: &[u8], r: &Replan) -> Vec<u8> {
    let mut out = header[..HEADER_LEN].to_vec();
    out.extend_from_slice(&r.head);
    out.extend_from_slice(&(r.pending.len() as u32).to_le_bytes());
    for p in &r.pending {
        out.extend_from_slice(&p.to_le_bytes());
    }
    for (g, rhs) in r.g.iter().zip(&r.rhs) {
        out.extend_from_slice(&g.to_bits().to_le_bytes());
        out.extend_from_slice(&rhs.to_bits().to_le_bytes());
    }
    out.extend_from_slice(&(r.queue.len() as u32).to_le_bytes());
    for &(n, k1, k2) in &r.queue {
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&k1.to_bits().to_le_bytes());
        out.extend_from_slice(&k2.to_bits().to_le_bytes());
    }
    out.extend_from_slice(&r.tail);
    seal(&mut out);
    out
}

/// What the edits need to know of the map: a node's neighbours and its estimate towards the
/// snapshot's focus (as the engine's keys use it), and whether the variant is LPA*.
pub struct ReplanRules<'a> {
    /// Neighbours of a node.
    pub neighbours: &'a dyn Fn(u32, &mut Vec<u32>),
    /// The estimate of a node towards the focus.
    pub estimate: &'a dyn Fn(u32) -> f64,
    /// LPA* (keys exact) rather than D* Lite.
    pub lpa: bool,
}

/// Applies 0–4 consistent edits to the kind-8 frame `good`; returns the bytes and the number
/// of edits (0: the input's bytes).
pub fn edit(
    good: &[u8],
    rules: &ReplanRules<'_>,
    donor: Option<&[u8]>,
    input: &mut Input<'_>,
) -> (Vec<u8>, u32) {
    let Some(mut r) = parse(good) else {
        return (good.to_vec(), 0);
    };
    let n = r.g.len();
    let count = input.below(5);
    let mut applied = 0;
    for _ in 0..count {
        let v = (input.u16() as usize % n.max(1)) as u32;
        let op = input.below(9);
        let x = input.u8();
        applied += 1;
        if n == 0 && op < 7 {
            continue;
        }
        let vi = v as usize;
        match op {
            0 | 1 => {
                // A node's g changes: it and its neighbours are pending.
                r.g[vi] = match x % 5 {
                    0 => f64::INFINITY,
                    1 => r.rhs[vi],
                    2 => 0.0,
                    3 => r.g[vi] * 2.0,
                    _ => r.g[vi] + 1.0,
                };
                mark_around(&mut r, rules, v);
            }
            2 => {
                // A queued node made consistent (g = rhs) and taken off the queue.
                if let Some(&(q, _, _)) = r.queue.get(usize::from(x) % r.queue.len().max(1)) {
                    r.g[q as usize] = r.rhs[q as usize];
                    r.queue.retain(|e| e.0 != q);
                    mark_around(&mut r, rules, q);
                }
            }
            3 => {
                // Drop v's queue entry; v pending.
                r.queue.retain(|e| e.0 != v);
                push_pending(&mut r, v);
            }
            4 => {
                // Queue v (pending) with its current key.
                if !r.queue.iter().any(|e| e.0 == v) {
                    r.queue.push((v, 0.0, 0.0));
                }
                push_pending(&mut r, v);
            }
            5 => r.pending.clear(),
            6 => {
                r.head[RESTART_AT] = x & 1;
                if x & 1 == 1 {
                    r.pending.clear();
                }
                r.head[STATE_AT] = 1;
            }
            7 => {
                let state = [1u8, 2, 3][usize::from(x) % 3];
                r.head[STATE_AT] = state;
                if x & 4 == 4 {
                    let it = u32::from(x);
                    put(&mut r.head, ITERATIONS_AT, &it.to_le_bytes());
                    put(&mut r.head, EXPANSIONS_AT, &(it / 2).to_le_bytes());
                }
            }
            _ => {
                if let Some(d) = donor.and_then(parse)
                    && d.g.len() == n
                {
                    r.g = d.g;
                    r.rhs = d.rhs;
                    r.queue = d.queue;
                    if x & 1 == 1 {
                        r.pending = d.pending;
                        r.head = d.head;
                    }
                }
            }
        }
    }
    if applied == 0 {
        return (good.to_vec(), 0);
    }
    // Keys recomputed (k2 = min(g, rhs); LPA*: k1 = k2 + h + km, D* Lite: k1 = k2, which is
    // at most the current key), canonical order.
    let km = f64::from_bits(le64(&r.head, KM_AT));
    for e in &mut r.queue {
        let i = e.0 as usize;
        if i < n {
            let m = r.g[i].min(r.rhs[i]);
            e.2 = m;
            e.1 = if rules.lpa {
                m + (rules.estimate)(e.0) + km
            } else {
                m
            };
        }
    }
    r.queue.sort_by(|a, b| {
        a.1.total_cmp(&b.1)
            .then(a.2.total_cmp(&b.2))
            .then(a.0.cmp(&b.0))
    });
    r.pending.truncate(n);
    (write(good, &r), applied)
}

fn push_pending(r: &mut Replan, v: u32) {
    if !r.pending.contains(&v) {
        r.pending.push(v);
    }
    r.head[STATE_AT] = 1;
    r.head[RESTART_AT] = 0;
}

fn mark_around(r: &mut Replan, rules: &ReplanRules<'_>, v: u32) {
    push_pending(r, v);
    let mut around = Vec::new();
    (rules.neighbours)(v, &mut around);
    for u in around {
        push_pending(r, u);
    }
}
