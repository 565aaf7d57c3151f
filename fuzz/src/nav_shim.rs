//! TEMPORARY (deleted before the branch is handed over): stand-ins for the tier-1 navmesh
//! path (`find_path_points`, `find_path`, `NavPath`) and kind 16 until nav-query and
//! nav-core land them. Inherent methods win over these trait methods once they exist.
#![allow(missing_docs, clippy::missing_errors_doc)]

use onepath::navmesh::{NavError, NavMesh, NavPoint, NavSearch, NavWaypoint};
use onepath::state::StateError;
use onepath::{PathStatus, Step, WorldPoint};

/// Whether kind 16 is a stand-in (round trips are skipped).
pub const SHIM_KIND16: bool = true;

#[derive(Clone, Debug)]
pub struct NavPath {
    pub status: PathStatus,
    pub waypoints: Vec<NavWaypoint>,
    pub corridor: Vec<u32>,
    pub length: f64,
    pub iterations: u64,
    pub expansions: u64,
}

impl NavPath {
    pub fn world_length(&self, m: &NavMesh) -> f64 {
        self.length * m.space().cell_size()
    }
    pub fn world_points(&self, m: &NavMesh) -> Vec<WorldPoint> {
        self.waypoints.iter().map(|w| m.to_world(w.point)).collect()
    }
}

pub trait MeshShim {
    fn find_path_points(&self, a: NavPoint, b: NavPoint) -> NavPath;
    fn find_path(&self, a: WorldPoint, b: WorldPoint) -> Result<NavPath, NavError>;
    fn save_state(&self, out: &mut Vec<u8>);
    fn restore_state(&mut self, bytes: &[u8]) -> Result<(), StateError>;
    fn state_size(&self) -> usize;
    fn max_state_size(w: u32, h: u32) -> usize;
}

impl MeshShim for NavMesh {
    fn find_path_points(&self, a: NavPoint, b: NavPoint) -> NavPath {
        let mut s = NavSearch::new();
        let begun = s.try_begin(self, a, b);
        let status = match begun {
            Step::StartInvalid => PathStatus::StartInvalid,
            Step::GoalInvalid => PathStatus::GoalInvalid,
            _ => match s.run(self) {
                Step::Found => PathStatus::Found,
                _ => PathStatus::NoPath,
            },
        };
        let found = status == PathStatus::Found;
        NavPath {
            status,
            waypoints: if found { s.waypoints().to_vec() } else { Vec::new() },
            corridor: if found { s.corridor().to_vec() } else { Vec::new() },
            length: if found { s.length().unwrap_or(f64::INFINITY) } else { f64::INFINITY },
            iterations: if matches!(begun, Step::InProgress) { s.iterations() } else { 0 },
            expansions: if matches!(begun, Step::InProgress) { s.expansions() } else { 0 },
        }
    }
    fn find_path(&self, a: WorldPoint, b: WorldPoint) -> Result<NavPath, NavError> {
        let (a, b) = (self.to_nav_point(a)?, self.to_nav_point(b)?);
        Ok(self.find_path_points(a, b))
    }
    fn save_state(&self, out: &mut Vec<u8>) {
        out.clear();
        self.write_canonical_bytes(out);
    }
    fn restore_state(&mut self, _bytes: &[u8]) -> Result<(), StateError> {
        Err(StateError::BadMagic)
    }
    fn state_size(&self) -> usize {
        let mut v = Vec::new();
        self.write_canonical_bytes(&mut v);
        v.len()
    }
    fn max_state_size(_w: u32, _h: u32) -> usize {
        usize::MAX
    }
}
