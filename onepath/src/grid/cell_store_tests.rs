//! The cell store's contract, tested on the store itself: refused edits write nothing, the
//! journal and revision follow changes only, the hash cache follows every edit and matches
//! known answers, and `check_invariants` notices a broken store. (That the square and hex
//! grids journal the same edits is in `hex/hex_grid.rs`.)

use super::*;

#[test]
fn refused_edits_write_nothing() {
    let mut s = CellStore::from_areas(4, 3, (0..12).collect()).unwrap();
    let born = s.revision();
    s.set_area(Cell::new(1, 1), WALL).unwrap();
    let _ = s.content_hash();
    let before = (
        s.clone(),
        s.revision(),
        s.edits_since(born).into_vec(),
        s.cached_hash(),
    );
    // Out of bounds on the right: the first row of the rectangle would fit, but nothing is
    // written.
    assert!(matches!(
        s.set_rect(3, 0, 2, 1, 9),
        Err(GridError::RectOutOfBounds { x: 3, width: 2, .. })
    ));
    // Below the bottom: rows 1 and 2 would fit.
    assert!(s.set_rect(0, 1, 1, 3, 9).is_err());
    // Inside, but the source is one byte short: not a single byte is copied.
    assert_eq!(
        s.set_rect_from(0, 0, 2, 2, &[9; 3]),
        Err(GridError::RectSourceLength {
            expected: 4,
            actual: 3
        })
    );
    // Out of bounds with a source of the wrong length: the bounds error comes first.
    assert!(matches!(
        s.set_rect_from(-1, 0, 2, 2, &[9; 3]),
        Err(GridError::RectOutOfBounds { x: -1, .. })
    ));
    assert!(matches!(
        s.set_area(Cell::new(0, 3), 9),
        Err(GridError::CellOutOfBounds { y: 3, .. })
    ));
    assert!(s.set_walkable(Cell::new(-1, 0), false).is_err());
    assert_eq!(s.set_area_cost(WALL, 2.0), Err(GridError::WallHasNoCost));
    assert!(s.set_area_cost(3, f64::NAN).is_err());
    let after = (
        s.clone(),
        s.revision(),
        s.edits_since(born).into_vec(),
        s.cached_hash(),
    );
    assert_eq!(after, before);
    assert_eq!(s.version(), 1);
    assert!(s.check_invariants());
}

#[test]
fn journal_and_revision_follow_changes_only() {
    let mut s = CellStore::new(5, 4).unwrap();
    let r0 = s.revision();
    assert!(r0 != 0 && s.check_invariants());
    // No-ops: same bytes, same multiplier bits, empty rectangles (even on the far edge).
    s.set_area(Cell::new(0, 0), 0).unwrap();
    s.set_rect(0, 0, 5, 4, 0).unwrap();
    s.set_rect(5, 4, 0, 0, 9).unwrap();
    s.set_rect_from(0, 0, 0, 3, &[]).unwrap();
    s.set_area_cost(3, 1.0).unwrap();
    s.set_walkable(Cell::new(2, 2), true).unwrap();
    assert_eq!((s.version(), s.revision()), (0, r0));
    assert_eq!(s.edits_since(r0).into_vec(), Some(vec![]));
    // Each change: version + 1, a larger fresh revision, one entry.
    let mut seen = vec![r0];
    s.set_walkable(Cell::new(2, 2), false).unwrap();
    seen.push(s.revision());
    s.set_rect_from(1, 1, 3, 2, &[0, 7, 0, 0, 0, 7]).unwrap();
    seen.push(s.revision());
    s.set_area_cost(7, 2.5).unwrap();
    seen.push(s.revision());
    s.set_area_cost(7, -0.0).unwrap_err();
    assert_eq!(s.version(), 3);
    assert!(seen.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(
        s.edits_since(r0).into_vec(),
        Some(vec![
            GridEdit::Cells(GridRect::cell(2, 2)),
            // (2, 1) and (3, 2) changed; (2, 2) was a wall and is written 0 again.
            GridEdit::Cells(GridRect::from_corners(2, 1, 3, 2)),
            GridEdit::AreaCosts,
        ])
    );
    assert_eq!(
        s.edits_since(seen[2]).into_vec(),
        Some(vec![GridEdit::AreaCosts])
    );
    assert_eq!(s.edits_since(s.revision() + 1).into_vec(), None);
    // A clone shares the history; its own edits take stamps the original never had.
    let mut c = s.clone();
    c.set_area(Cell::new(0, 0), 1).unwrap();
    assert!(c.revision() > s.revision());
    assert_eq!(s.edits_since(c.revision()).into_vec(), None);
    assert_eq!(
        c.edits_since(s.revision()).into_vec().map(|e| e.len()),
        Some(1)
    );
    // A restore keeps the snapshot's version and journals "everything".
    let v = s.version();
    let r = s.revision();
    let areas = s.areas().clone();
    s.restore(2, 2, &[0, 1, 2, WALL], areas, v - 1);
    assert_eq!((s.width(), s.height(), s.version()), (2, 2, v - 1));
    assert!(s.revision() > c.revision());
    assert_eq!(
        s.edits_since(r).into_vec(),
        Some(vec![GridEdit::Everything])
    );
    // The older rectangles describe the old size; the invariants allow that.
    assert!(s.check_invariants());
    s.set_area(Cell::new(1, 1), 0).unwrap();
    assert!(s.check_invariants());
    // More changes than the journal holds: the oldest revisions mean "rebuild".
    for i in 0..EditJournal::CAPACITY {
        s.set_area(Cell::new(0, 0), (i % 2) as u8 + 1).unwrap();
    }
    assert_eq!(s.edits_since(r).into_vec(), None);
    assert!(s.check_invariants());
}

// Known answers from a direct transcription of the definition (a throwaway Python
// script: words, rotl, wrapping products, finaliser), not from this code.
#[test]
fn content_hash_known_answers() {
    let s = CellStore::new(1, 1).unwrap();
    assert_eq!(s.content_hash(), 0xdd24_e19e_4718_27f3);
    // .#.
    // ..1
    let mut s = CellStore::from_areas(3, 2, vec![0, 255, 0, 0, 0, 1]).unwrap();
    assert_eq!(s.content_hash(), 0x6ab6_c3d5_6bdc_8183);
    s.set_area_cost(1, 2.5).unwrap();
    assert_eq!(s.content_hash(), 0xcff8_8a27_8f40_953a);
    // Nine cells: one full word and one padded word.
    let s = CellStore::from_areas(9, 1, (0..9).collect()).unwrap();
    assert_eq!(s.content_hash(), 0xdc87_4947_f86e_5b0f);
    let mut s = CellStore::new(5, 3).unwrap();
    s.set_area_cost(0, 0.5).unwrap();
    s.set_area_cost(254, 3.0).unwrap();
    assert_eq!(s.content_hash(), 0xd629_53a4_7309_ff84);
}

#[test]
fn hash_cache_follows_every_edit() {
    let mut s = CellStore::new(7, 5).unwrap();
    let h0 = s.content_hash();
    assert_eq!(s.cached_hash(), Some(h0));
    let fresh = |s: &CellStore| content_hash_of(7, 5, s.cells(), s.areas().as_slice());
    s.set_area(Cell::new(3, 2), WALL).unwrap();
    assert_eq!(s.cached_hash(), None);
    let h1 = s.content_hash();
    assert_ne!(h0, h1);
    assert_eq!(h1, fresh(&s));
    s.set_rect(0, 0, 2, 2, 4).unwrap();
    assert_eq!(s.cached_hash(), None);
    assert_eq!(s.content_hash(), fresh(&s));
    s.set_area_cost(4, 9.0).unwrap();
    assert_eq!(s.cached_hash(), None);
    assert_eq!(s.content_hash(), fresh(&s));
    // A no-op or refused edit keeps the cache; a clone carries it.
    let h = s.content_hash();
    s.set_area(Cell::new(0, 0), 4).unwrap();
    assert!(s.set_rect(6, 0, 2, 1, 0).is_err());
    assert_eq!(s.cached_hash(), Some(h));
    assert_eq!(s.clone().cached_hash(), Some(h));
    assert!(s.check_invariants());
    // Version is not part of the hash; a replacement drops the cache.
    s.set_area(Cell::new(0, 0), 5).unwrap();
    s.set_area(Cell::new(0, 0), 4).unwrap();
    assert_eq!(s.content_hash(), h);
    s.note_replaced();
    assert_eq!(s.cached_hash(), None);
    assert_eq!(s.content_hash(), h);
}

#[test]
fn invariant_check_sees_a_broken_store() {
    let mut s = CellStore::new(3, 3).unwrap();
    assert!(s.check_invariants());
    let mut stale = s.clone();
    let _ = stale.content_hash();
    stale.cells[4] = WALL; // behind the store's back: the cached hash is now wrong
    assert!(!stale.check_invariants());
    let mut short = s.clone();
    short.cells.pop();
    assert!(!short.check_invariants());
    s.revision += 1; // no longer the journal's current revision
    assert!(!s.check_invariants());
}
