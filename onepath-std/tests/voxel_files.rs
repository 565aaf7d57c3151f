//! The `.3dmap` and `.3dscen` parsers: accepted forms, every refusal with its line, bounds
//! before allocation, and no panic on hostile bytes.

use onepath_std::voxel_files::{VoxelFormatErrorKind, VoxelMap, VoxelScenarios};

#[test]
fn maps_parse_with_crlf_blank_lines_and_tabs() {
    let m = VoxelMap::parse("voxel\t3 2 2\r\n\r\n0 0 0\r\n 2\t1 1 \r\n").unwrap();
    assert_eq!(m.size, (3, 2, 2));
    assert_eq!(m.solids, vec![(0, 0, 0), (2, 1, 1)]);
    let g = m.to_grid();
    assert!(g.check_invariants());
    assert_eq!(g.version(), 0);
    assert_eq!(g.area(onepath::voxel::VoxelCell::new(2, 1, 1)), Some(255));
    assert_eq!(g.area(onepath::voxel::VoxelCell::new(1, 1, 1)), Some(0));
}

#[test]
fn map_errors_name_the_line_and_value() {
    let cases: [(&str, u64, &str); 8] = [
        ("", 1, "line 1: the file ends before the voxel line"),
        (
            "type octile\n",
            1,
            "line 1: expected `voxel X Y Z`, found `type octile`",
        ),
        ("voxel 1 2\n", 1, "line 1: 3 fields, expected 4"),
        (
            "voxel 1 x 2\n",
            1,
            "line 1: size y `x` is not a decimal integer below 2^32",
        ),
        (
            "voxel 0 1 1\n",
            1,
            "line 1: voxel grid size 0 x 1 x 1: every size must be at least 1",
        ),
        (
            "voxel 4294967295 4294967295 2\n",
            1,
            "line 1: voxel grid size 4294967295 x 4294967295 x 2 = 36893488130239234050 voxels exceeds the maximum of 1073741824 (2^30)",
        ),
        ("voxel 2 2 2\n0 0\n", 2, "line 2: 2 fields, expected 3"),
        (
            "voxel 2 2 2\n0 0 0\n\n1 -1 0\n",
            4,
            "line 4: y `-1` is not a decimal integer below 2^32",
        ),
    ];
    for (text, line, message) in cases {
        let e = VoxelMap::parse(text).unwrap_err();
        assert_eq!(
            (e.line, e.to_string().as_str()),
            (line, message),
            "{text:?}"
        );
    }
    let e = VoxelMap::parse("voxel 2 2 2\n1 1 2\n").unwrap_err();
    assert!(matches!(
        e.kind,
        VoxelFormatErrorKind::VoxelOutOfBounds {
            voxel: (1, 1, 2),
            ..
        }
    ));
    assert!(matches!(
        VoxelMap::parse("voxel 2 2 2\n99999999999 0 0\n")
            .unwrap_err()
            .kind,
        VoxelFormatErrorKind::InvalidNumber { field: "x", .. }
    ));
}

#[test]
fn scenarios_parse_and_refuse() {
    let s = VoxelScenarios::parse(
        "version 1\nA1.3dmap\n1 2 3 4 5 6 7.07106781 1.00000000\r\n\n0 0 0 0 0 0 0 1\n",
    )
    .unwrap();
    assert_eq!(s.map, "A1.3dmap");
    assert_eq!(s.scenarios.len(), 2);
    assert_eq!(s.scenarios[0].line, 3);
    assert_eq!(s.scenarios[0].length, 7.071_067_81);
    assert_eq!(s.scenarios[1].line, 5);
    let cases: [(&str, &str); 7] = [
        ("", "line 1: the file ends before the version line"),
        (
            "version 2\n",
            "line 1: expected `version 1`, found `version 2`",
        ),
        (
            "version 1\n",
            "line 2: the file ends before the map name line",
        ),
        (
            "version 1\nm\n1 2 3 4 5 6 7\n",
            "line 3: 7 fields, expected 8",
        ),
        (
            "version 1\nm\n1 2 3 4 5 z 7 1\n",
            "line 3: gz `z` is not a decimal integer below 2^32",
        ),
        (
            "version 1\nm\n1 2 3 4 5 6 -7 1\n",
            "line 3: length `-7` is not a finite, non-negative number",
        ),
        (
            "version 1\nm\n1 2 3 4 5 6 1e999 1\n",
            "line 3: length `1e999` is not a finite, non-negative number",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            VoxelScenarios::parse(text).unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
    assert!(VoxelScenarios::parse("version 1\nm\n1 2 3 4 5 6 inf 1\n").is_err());
}

#[test]
fn hostile_bytes_never_panic() {
    let mut state = 7u64;
    let seeds: [&[u8]; 4] = [
        b"voxel 3 3 3\n1 1 1\n",
        b"version 1\nm\n1 2 3 4 5 6 7 8\n",
        b"\xEF\xBB\xBFvoxel 1 1 1\n",
        b"\xff\xfe\r\r\n",
    ];
    for seed in seeds {
        for _ in 0..2000 {
            let mut bytes = seed.to_vec();
            for _ in 0..3 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let i = (state >> 33) as usize % (bytes.len() + 1);
                let b = (state >> 20) as u8;
                if i < bytes.len() && state & 1 == 0 {
                    bytes[i] = b;
                } else {
                    bytes.insert(i.min(bytes.len()), b);
                }
            }
            if let Ok(m) = VoxelMap::parse(&bytes) {
                assert!(m.to_grid().check_invariants());
            }
            let _ = VoxelScenarios::parse(&bytes);
        }
    }
}
