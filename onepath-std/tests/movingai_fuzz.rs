//! No input panics the parsers: random bytes, and random mutations of valid files (which reach
//! much deeper into the parsers than random bytes do).

use onepath_std::movingai::{MovingAiMap, MovingAiOptions, MovingAiScenarios};
use proptest::prelude::*;

const MAP: &[u8] = b"type octile\r\nheight 3\nwidth 4\nmap\n.G@O\nTSW.\n....\n";
const SCEN: &[u8] =
    b"version 1\n0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t3.82843\n1 a.map 4 3 1 1 2 2 1.41421\n";

fn check(bytes: &[u8]) {
    let options = MovingAiOptions::DEFAULT.with_water_walkable(true);
    if let Ok(map) = MovingAiMap::parse(bytes, &options) {
        // A parsed map is consistent with its header.
        assert_eq!(
            map.terrain_bytes().len() as u64,
            u64::from(map.width()) * u64::from(map.height())
        );
    }
    if let Err(e) = MovingAiMap::parse(bytes, &MovingAiOptions::DEFAULT) {
        assert!(e.line >= 1);
        assert!(!e.to_string().is_empty());
    }
    match MovingAiScenarios::parse(bytes) {
        Ok(scen) => {
            for s in scen.scenarios() {
                assert!(s.start_x < s.map_width && s.goal_y < s.map_height);
                assert!(s.optimal_length.is_finite() && s.optimal_length >= 0.0);
                assert!(s.length_tolerance() >= 0.0);
            }
        }
        Err(e) => assert!(e.line >= 1 && !e.to_string().is_empty()),
    }
}

/// A valid file with a few bytes replaced, inserted or removed.
fn mutated(base: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    let symbols = prop::sample::select(b"0123456789 .\t\r\n@GOSTW#-+e".to_vec());
    prop::collection::vec((0..base.len() + 1, 0_u8..3, symbols), 1..6).prop_map(move |edits| {
        let mut bytes = base.to_vec();
        for (at, op, byte) in edits {
            let at = at.min(bytes.len());
            match op {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check(&bytes);
    }

    #[test]
    fn mutated_maps_never_panic(bytes in mutated(MAP)) {
        check(&bytes);
    }

    #[test]
    fn mutated_scenarios_never_panic(bytes in mutated(SCEN)) {
        check(&bytes);
    }

    #[test]
    fn random_headers_never_panic(h in any::<u32>(), w in any::<u32>(), rows in 0_usize..4) {
        let mut text = format!("type octile\nheight {h}\nwidth {w}\nmap\n");
        for _ in 0..rows {
            text.push_str("....\n");
        }
        check(text.as_bytes());
    }
}
