//! The only caller of `libm`: every float operation beyond `+ - * /` goes through here.
//!
//! # Determinism
//!
//! Rust's `f64::sqrt` lowers to the platform instruction, which IEEE-754 requires to be
//! correctly rounded, but `f64::sqrt` lives in `std`. `libm::sqrt` is a portable, correctly
//! rounded implementation, so every platform produces the same bits. `floor` is exact on every
//! implementation. Nothing here uses fused multiply-add, `powi`, or transcendental functions.

/// √2 as the correctly rounded double (bits `0x3FF6A09E667F3BCD`), the length of a diagonal step.
pub const SQRT2: f64 = f64::from_bits(0x3FF6_A09E_667F_3BCD);

/// √3 as the correctly rounded double (`1.7320508075688772`), the length of a voxel corner step.
pub const SQRT3: f64 = f64::from_bits(0x3FFB_B67A_E858_4CAA);

/// √3 / 2 as the spec writes it (`0.8660254037844386`), used by the hex world mapping.
pub const HEX_SQRT3_2: f64 = 0.866_025_403_784_438_6;

mod coordinate;
mod divisor;
mod rng;

pub use coordinate::{
    Axis, COORDINATE_BOUND, CoordinateError, FRACTIONAL_BOUND, MAX_CELL_SIZE, MIN_CELL_SIZE,
    check_coordinate,
};
pub(crate) use coordinate::{check_within, integral_to_i32};
pub use divisor::Divisor;
pub use rng::SplitMix64;

/// Correctly rounded square root (libm), identical on every platform.
///
/// # Examples
///
/// ```
/// assert_eq!(onepath::math::sqrt(2.0), onepath::math::SQRT2); // correctly rounded, every platform
/// ```
#[inline]
pub fn sqrt(v: f64) -> f64 {
    libm::sqrt(v)
}

/// Largest integer value not greater than `v`.
///
/// # Examples
///
/// ```
/// assert_eq!((onepath::math::floor(-0.5), onepath::math::floor(2.0)), (-1.0, 2.0));
/// ```
#[inline]
pub fn floor(v: f64) -> f64 {
    libm::floor(v)
}

/// Absolute value (sign-bit clear; exact).
///
/// # Examples
///
/// ```
/// assert_eq!(onepath::math::abs(-3.5), 3.5);
/// assert!(onepath::math::abs(-0.0).is_sign_positive());
/// ```
#[inline]
pub fn abs(v: f64) -> f64 {
    f64::from_bits(v.to_bits() & !(1u64 << 63))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_have_their_pinned_bits() {
        assert_eq!(SQRT2.to_bits(), 0x3FF6_A09E_667F_3BCD);
        assert_eq!(SQRT2.to_bits(), core::f64::consts::SQRT_2.to_bits());
        assert_eq!(sqrt(2.0).to_bits(), SQRT2.to_bits());
        assert_eq!(SQRT3, 1.732_050_807_568_877_2);
        assert_eq!(sqrt(3.0).to_bits(), SQRT3.to_bits());
        assert_eq!(HEX_SQRT3_2.to_bits(), 0.866_025_403_784_438_6_f64.to_bits());
    }

    #[test]
    fn abs_and_floor() {
        assert_eq!(abs(-0.0).to_bits(), 0);
        assert_eq!(abs(-2.5), 2.5);
        assert_eq!(floor(-0.5), -1.0);
        assert_eq!(floor(2.999), 2.0);
    }
}
