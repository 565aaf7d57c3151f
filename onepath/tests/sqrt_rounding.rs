//! `math::sqrt` is the correctly rounded square root, checked with exact integer arithmetic
//! (not against another float implementation): the promise that every platform gets the same
//! bits rests on it, whichever code libm runs (its portable routine, or the hardware square
//! root that IEEE 754 requires to be correctly rounded, which libm's `arch` feature selects on
//! x86_64 and aarch64; `docs/determinism.md`).

use onepath::math::{SQRT2, SQRT3, SplitMix64, sqrt};

/// A positive normal double as (53-bit integer significand, exponent of its last bit).
fn split(x: f64) -> (u128, i32) {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    assert!(
        exp != 0 && exp != 0x7ff,
        "{x} is not a positive normal double"
    );
    (u128::from(bits & ((1 << 52) - 1) | 1 << 52), exp - 1075)
}

/// Compares `a · 2^ea` with `b · 2^eb` exactly (both below 2^110; exponents close enough for
/// the shift to fit, which holds whenever the root is anywhere near right).
fn cmp_scaled(a: u128, ea: i32, b: u128, eb: i32) -> core::cmp::Ordering {
    let d = ea - eb;
    assert!(
        (-16..=16).contains(&(d + 54)),
        "exponents too far apart: {ea} {eb}"
    );
    if d >= 0 {
        (a << d).cmp(&b)
    } else {
        a.cmp(&(b << -d))
    }
}

/// Whether `r` is √x rounded to nearest: x lies strictly between the squares of the two
/// midpoints around r ((2R ± 1) · 2^(e − 1)); a midpoint's square is never a double, so ties
/// cannot occur.
fn correctly_rounded(x: f64, r: f64) -> bool {
    let (xm, xe) = split(x);
    let (rm, re) = split(r);
    let lo = (2 * rm - 1) * (2 * rm - 1);
    let hi = (2 * rm + 1) * (2 * rm + 1);
    // The midpoint below r is (2R − 1) · 2^(e−1) for every r except a power of two, whose
    // predecessor is half an ulp closer: (4R − 1) · 2^(e−2).
    let below = if rm == 1 << 52 {
        let m = 4 * rm - 1;
        cmp_scaled(m * m, 2 * re - 4, xm, xe)
    } else {
        cmp_scaled(lo, 2 * re - 2, xm, xe)
    };
    below == core::cmp::Ordering::Less && cmp_scaled(hi, 2 * re - 2, xm, xe).is_gt()
}

#[test]
fn sqrt_is_correctly_rounded_on_random_and_edge_values() {
    let mut rng = SplitMix64::new(0x5157_2026);
    let mut checked = 0u32;
    for _ in 0..200_000 {
        // Any positive normal double: a random significand and an exponent in range.
        let bits = rng.next_u64() & ((1 << 52) - 1) | (1 + rng.next_u64() % 2045) << 52;
        let x = f64::from_bits(bits);
        let r = sqrt(x);
        assert!(
            correctly_rounded(x, r),
            "sqrt({x:e}) = {r:e} is not correctly rounded"
        );
        checked += 1;
    }
    // Values costs are made of: integers (squared segment lengths), halves and small sums.
    for i in 1..=100_000u32 {
        let x = f64::from(i);
        let r = sqrt(x);
        assert!(correctly_rounded(x, r), "sqrt({x}) = {r:e}");
        let h = x * 0.5 + 0.25;
        assert!(correctly_rounded(h, sqrt(h)), "sqrt({h})");
        checked += 2;
    }
    for x in [
        f64::MIN_POSITIVE,
        f64::MAX,
        1.0,
        4.0,
        2.0,
        3.0,
        0.5,
        1e-300,
        1e300,
    ] {
        assert!(correctly_rounded(x, sqrt(x)), "sqrt({x:e})");
    }
    assert_eq!(sqrt(2.0).to_bits(), SQRT2.to_bits());
    assert_eq!(sqrt(3.0).to_bits(), SQRT3.to_bits());
    assert_eq!(sqrt(0.0).to_bits(), 0.0f64.to_bits());
    assert_eq!(checked, 400_000);
}

/// The checker itself refuses a root one ulp off either way (a test that cannot fail would
/// prove nothing).
#[test]
fn the_checker_refuses_a_root_one_ulp_off() {
    for x in [2.0, 3.0, 10.0, 1e-10, 7.5e200, 123_456.789] {
        let r = sqrt(x);
        assert!(correctly_rounded(x, r));
        let up = f64::from_bits(r.to_bits() + 1);
        let down = f64::from_bits(r.to_bits() - 1);
        assert!(!correctly_rounded(x, up), "{x}: one ulp up accepted");
        assert!(!correctly_rounded(x, down), "{x}: one ulp down accepted");
    }
}
