use onepath::navmesh::{NavMesh, NavPoint, NavSettings, PolyanyaSearch};
use onepath::{Cell, Step};
use onepath_bench::load_map;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (set, file) = args[1].split_once('/').unwrap();
    let tile: u32 = args.get(2).map_or(32, |t| t.parse().unwrap());
    let dir = onepath_std::data::movingai_dir().unwrap();
    let b = load_map(&dir.join(set), file, 1).unwrap();
    let mesh = NavMesh::build_2d(&b.grid, &NavSettings::DEFAULT.with_tile_size(tile)).unwrap();
    let mut s = PolyanyaSearch::new();
    let (mut it, mut ex, mut ip, mut nodes, mut n) = (0u64, 0u64, 0u64, 0usize, 0);
    for q in &b.queries {
        let sc = &q.scenario;
        let a = NavPoint::cell_center(Cell::new(sc.start_x as i32, sc.start_y as i32));
        let g = NavPoint::cell_center(Cell::new(sc.goal_x as i32, sc.goal_y as i32));
        if s.try_begin(&mesh, a, g) != Step::InProgress { continue; }
        assert_eq!(s.run(&mesh), Step::Found);
        it += s.iterations(); ex += s.expansions(); ip += s.in_place_expansions(); nodes += s.nodes_created(); n += 1;
    }
    let n = n as f64;
    println!("{} polys {} he {}: per query iterations {:.1} expansions {:.1} in-place {:.1} nodes {:.1}", args[1], mesh.poly_count(), mesh.half_edge_count(), it as f64 / n, ex as f64 / n, ip as f64 / n, nodes as f64 / n);
}
