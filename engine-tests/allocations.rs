//! Search and perft allocate nothing per node: the move lists, histories and stacks live in
//! buffers made with the thread, and a game's tables are built once at load. This binary counts
//! every heap allocation (a counting global allocator, its own test binary so nothing else is
//! counted) and holds the allocations of a deeper run to those of a shallower one: whatever a
//! run allocates per search or per iteration is allowed, anything that grows with the nodes is
//! not.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use chimera::perft::PerftReport;
use chimera::search::{SearchLimits, Searcher};
use chimera::variant::Registry;

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let out = f();
    (ALLOCATIONS.load(Ordering::Relaxed) - before, out)
}

/// Games of each kind of move generation: plain 8x8 and 128-bit boards, relay, cancellation
/// (placements), Canonical's no-repetition filter, hoppers.
const GAMES: [(&str, &str); 7] = [
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("grand", ""),
    ("capablanca", ""),
    ("anti-relay-chess", ""),
    ("cancellation-chess", ""),
    ("canonical", ""),
    ("cannons-and-crabs", ""),
];

fn game(gt: &chimera::game::GameType, fen: &str) -> chimera::game::Game {
    if fen.is_empty() {
        gt.start()
    } else {
        gt.position(fen).expect("a legal FEN")
    }
}

// One test function: the counter is global, and tests running side by side would count each
// other's allocations.
#[test]
fn search_and_perft_allocate_nothing_per_node() {
    let reg = Registry::builtin();
    for (name, fen) in GAMES {
        let gt = reg.find(name).expect("a built-in game");
        let g = game(gt, fen);
        // Load the game's tables first (built on first use), so that they count in neither run.
        let _ = PerftReport::run(&g, 1, false);
        let (small, r2) = allocations_during(|| PerftReport::run(&g, 2, false));
        let (large, r4) = allocations_during(|| PerftReport::run(&g, 4, false));
        assert!(r4.nodes > 10 * r2.nodes, "{name}: perft 4 is a bigger tree");
        // A little slack: the counter is process-wide, and the test harness's own threads may
        // allocate once in a while during a run (seen once: 4 more in perft 4).
        assert!(
            large <= small + 16,
            "{name}: perft 2 made {small} allocations ({} nodes), perft 4 {large} ({} nodes)",
            r2.nodes,
            r4.nodes
        );

        let mut searcher = Searcher::new(1).expect("a 1 MB table");
        searcher.new_game().expect("a new game");
        let _ = searcher.search(&g, gt.eval(), SearchLimits::depth(2));
        let (shallow, s1) = allocations_during(|| {
            let _ = searcher.new_game();
            searcher.search(&g, gt.eval(), SearchLimits::depth(3))
        });
        let (deep, s2) = allocations_during(|| {
            let _ = searcher.new_game();
            searcher.search(&g, gt.eval(), SearchLimits::depth(9))
        });

        assert!(
            s2.nodes > 10 * s1.nodes,
            "{name}: depth 9 is a bigger search"
        );
        // Each further iteration may report (a PV, an info line): a bounded count per
        // iteration, never per node.
        let per_iteration = (deep.saturating_sub(shallow)) as f64 / 6.0;
        assert!(
            per_iteration <= 16.0,
            "{name}: depth 3 made {shallow} allocations ({} nodes), depth 9 {deep} ({} nodes)",
            s1.nodes,
            s2.nodes
        );
    }
}
