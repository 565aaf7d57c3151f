//! Stable replay of the `grid_replan` body over deterministic random inputs (the committed
//! corpus is replayed by `tests/replay.rs` like every target's).

use onepath::math::SplitMix64;

#[test]
fn grid_replan_holds_on_generated_inputs() {
    let count = if cfg!(debug_assertions) { 300 } else { 1500 };
    let mut rng = SplitMix64::new(0x5EED_0018);
    for i in 0..count {
        let len = 40 + (rng.next_u64() % 200) as usize;
        let mut data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        // Mostly open maps, so that paths exist and repairs happen.
        let cells = 2 + (data[0] % 12) as usize * (1 + (data[1] % 12) as usize);
        for b in data.iter_mut().skip(2).take(cells) {
            if !rng.next_u64().is_multiple_of(4) {
                *b |= 0x80;
            }
        }
        let result = std::panic::catch_unwind(|| onepath_fuzz::grid_replan(&data));
        assert!(result.is_ok(), "input {i}: {data:02x?}");
    }
}
