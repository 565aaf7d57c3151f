//! [`AreaCosts`]: one cost multiplier per walkable area id.

use crate::error::GridError;

/// The largest multiplier an area may have: 2^960 (about 9.7e288). A path has at most 2^28
/// moves (the cell bound) of length at most √3, so its cost, `length · (m[a] + m[b]) · 0.5`
/// summed in any order, stays below 2^990: no sum of step costs can overflow to +∞, and a
/// finite search never confuses a real path with "unreachable".
pub const MAX_AREA_COST: f64 = f64::from_bits((1023 + 960) << 52);

/// One multiplier per walkable area id 0..=254 (255 is the wall). Default 1 everywhere.
///
/// A move from cell `a` to cell `b` costs `length * ((m[a] + m[b]) * 0.5)`.
///
/// # Invariants
///
/// Every multiplier is positive, finite and at most [`MAX_AREA_COST`]; `min_cost` is the
/// smallest of the 255.
///
/// # Examples
///
/// ```
/// use onepath::{AreaCosts, GridError};
/// let mut costs = AreaCosts::new();
/// costs.set(3, 0.5).unwrap(); // a road
/// costs.set(7, 2.0).unwrap(); // mud
/// assert_eq!((costs.get(0), costs.get(3), costs.get(255)), (1.0, 0.5, f64::INFINITY));
/// // A straight move from a road cell into mud costs 1 * ((0.5 + 2.0) * 0.5).
/// assert_eq!(1.0 * ((costs.get(3) + costs.get(7)) * 0.5), 1.25);
/// assert_eq!(costs.min_cost(), 0.5); // the heuristics' scale, so they stay admissible
/// assert!(!costs.is_uniform());
/// assert_eq!(costs.set(255, 1.0), Err(GridError::WallHasNoCost));
/// assert!(costs.set(1, -1.0).is_err() && costs.set(1, f64::NAN).is_err());
/// assert!(costs.set(1, 1e300).is_err()); // above MAX_AREA_COST: a long path could overflow
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AreaCosts {
    multipliers: [f64; 255],
    min_cost: f64,
}

impl Default for AreaCosts {
    fn default() -> Self {
        Self::new()
    }
}

impl AreaCosts {
    /// Every area costs 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::AreaCosts;
    /// let costs = AreaCosts::new();
    /// assert!(costs.is_uniform() && costs.min_cost() == 1.0);
    /// ```
    pub const fn new() -> Self {
        Self {
            multipliers: [1.0; 255],
            min_cost: 1.0,
        }
    }

    /// The multiplier of `area` (0..=254). Area 255 (wall) answers +∞.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::AreaCosts;
    /// let mut costs = AreaCosts::new();
    /// costs.set(3, 2.5).unwrap();
    /// assert_eq!((costs.get(3), costs.get(4), costs.get(255)), (2.5, 1.0, f64::INFINITY));
    /// ```
    #[inline]
    pub fn get(&self, area: u8) -> f64 {
        match self.multipliers.get(area as usize) {
            Some(m) => *m,
            None => f64::INFINITY,
        }
    }

    /// Sets the multiplier of `area`.
    ///
    /// # Errors
    ///
    /// [`GridError::WallHasNoCost`] for area 255; [`GridError::InvalidAreaCost`] unless
    /// `multiplier` is positive, finite and at most [`MAX_AREA_COST`] (so no path's cost can
    /// overflow). On error nothing changes.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::{AreaCosts, GridError};
    /// let mut costs = AreaCosts::new();
    /// assert_eq!(costs.set(255, 2.0), Err(GridError::WallHasNoCost));
    /// assert_eq!(costs.set(7, 0.0), Err(GridError::InvalidAreaCost { area: 7, value: 0.0 }));
    /// assert_eq!(costs.set(7, 0.5), Ok(()));
    /// ```
    pub fn set(&mut self, area: u8, multiplier: f64) -> Result<(), GridError> {
        if area == 255 {
            return Err(GridError::WallHasNoCost);
        }
        if !(multiplier > 0.0 && multiplier <= MAX_AREA_COST) {
            return Err(GridError::InvalidAreaCost {
                area,
                value: multiplier,
            });
        }
        self.multipliers[area as usize] = multiplier;
        self.min_cost = self
            .multipliers
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        Ok(())
    }

    /// The smallest multiplier: the scale of every grid heuristic (keeps them admissible).
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::AreaCosts;
    /// let mut costs = AreaCosts::new();
    /// costs.set(2, 0.25).unwrap(); // a road
    /// assert_eq!(costs.min_cost(), 0.25); // the heuristics scale by it
    /// ```
    #[inline]
    pub fn min_cost(&self) -> f64 {
        self.min_cost
    }

    /// Whether every walkable area has the same multiplier.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::AreaCosts;
    /// let mut costs = AreaCosts::new();
    /// costs.set(9, 3.0).unwrap();
    /// assert!(!costs.is_uniform()); // e.g. JPS no longer applies
    /// ```
    pub fn is_uniform(&self) -> bool {
        self.multipliers.iter().all(|m| *m == self.multipliers[0])
    }

    /// The 255 multipliers, area 0 first.
    ///
    /// # Examples
    ///
    /// ```
    /// use onepath::AreaCosts;
    /// let costs = AreaCosts::new();
    /// assert_eq!(costs.as_slice().len(), 255);
    /// assert!(costs.as_slice().iter().all(|&m| m == 1.0));
    /// ```
    pub fn as_slice(&self) -> &[f64; 255] {
        &self.multipliers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_and_tracks_min() {
        let mut a = AreaCosts::new();
        assert_eq!(a.min_cost(), 1.0);
        assert!(a.is_uniform());
        a.set(3, 0.25).unwrap();
        assert_eq!(a.get(3), 0.25);
        assert_eq!(a.min_cost(), 0.25);
        assert!(!a.is_uniform());
        assert_eq!(a.set(255, 1.0), Err(GridError::WallHasNoCost));
        assert!(matches!(
            a.set(1, 0.0),
            Err(GridError::InvalidAreaCost { area: 1, .. })
        ));
        assert!(a.set(1, f64::NAN).is_err());
        assert!(a.set(1, f64::INFINITY).is_err());
        assert!(a.set(1, -2.0).is_err());
        assert_eq!(a.get(1), 1.0);
        assert_eq!(a.get(255), f64::INFINITY);
        a.set(3, 2.0).unwrap();
        assert_eq!(a.min_cost(), 1.0);
    }
}
