//! The search-state byte of snapshot kinds 2, 4 and 5 (`docs/snapshot-format.md`): 0 idle,
//! 1 in progress, 2 found, 3 no path.
//!
//! It is the snapshot encoding of the resumable-search contract ([`Step`]), so it lives with
//! that contract: the codec floor (`state/`) knows bytes, not searches, and every search
//! family that writes a snapshot reads the byte from here.

use super::step::Step;

/// The byte of `s`. A refusal ([`Step::StartInvalid`], [`Step::GoalInvalid`]) never becomes a
/// search's state (it leaves the state alone); both write 0, as [`Step::Idle`] does.
pub(crate) fn state_code(s: Step) -> u8 {
    match s {
        Step::InProgress => 1,
        Step::Found => 2,
        Step::NoPath => 3,
        Step::Idle | Step::StartInvalid | Step::GoalInvalid => 0,
    }
}

/// The state a byte stands for; `None` for a byte above 3.
pub(crate) fn state_of(code: u8) -> Option<Step> {
    Some(match code {
        0 => Step::Idle,
        1 => Step::InProgress,
        2 => Step::Found,
        3 => Step::NoPath,
        _ => return None,
    })
}
