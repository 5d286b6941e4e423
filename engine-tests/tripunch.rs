//! Hand-checked rule tests for Tripunch Chess (`tripunch`), from /work/shared/rules/classics.md:
//! chess with the Reaper (R + Gryphon) for the rook, the Harvester (B + Aanca) for the bishop,
//! the Combine (both) for the queen and the Nightrider for the knight, under chess's letters.
//! Gryphon: a diagonal step, where it may stop, then any number of orthogonal steps outward (for
//! the step (+1,+1): along (+1,0) or (0,+1)); Aanca: an orthogonal step, then diagonally
//! outward (for (+1,0): along (+1,+1) or (+1,-1)). Every expected list was worked out by hand
//! (the reasoning is in the comment above it); scripts/oracles/tripunch.py, written from the
//! rules text alone, agrees with them and with the perft data file.

mod common;
use common::*;

/// A Reaper alone on d4 (kings a8, h1). Rook lines: d1-d3, d5-d8, a4-c4, e4-h4 (14). Gryphon:
/// the four diagonal steps c3 e3 c5 e5, then outward: e5 → f5 g5 h5 and e6 e7 e8; c5 → b5 a5
/// and c6 c7 c8; e3 → f3 g3 h3 and e2 e1; c3 → b3 a3 and c2 c1 (4 + 20 = 24). King h1: g1 g2 h2.
#[test]
fn reaper_on_an_empty_board() {
    check_moves(
        "tripunch",
        "k7/8/8/8/3R4/8/8/7K w - - 0 1",
        &[],
        &[
            "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4a4", "d4b4", "d4c4", "d4e4",
            "d4f4", "d4g4", "d4h4", "d4c3", "d4e3", "d4c5", "d4e5", "d4f5", "d4g5", "d4h5", "d4e6",
            "d4e7", "d4e8", "d4b5", "d4a5", "d4c6", "d4c7", "d4c8", "d4f3", "d4g3", "d4h3", "d4e2",
            "d4e1", "d4b3", "d4a3", "d4c2", "d4c1", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Reaper d4 with an enemy pawn on e5 (taken on the first step, which then ends the path: no
/// f5-h5, no e6-e8), its own pawn on c3 (no c3 and nothing beyond: no b3 a3 c2 c1) and an enemy
/// Nightrider on c7 (the c5 branch north stops there, taking it). Left: c5, b5 a5, c6 c7; e3,
/// f3 g3 h3, e2 e1; and the rook's 14. Pawn c3: c4 (d4 is its own). King h1: g1 g2 h2 (the
/// Nightrider c7 reaches d5 e3 f1, e6 g5, b5 a3, a6, e8: none of them).
#[test]
fn gryphon_paths_blocked_and_capturing() {
    check_moves(
        "tripunch",
        "k7/2n5/8/4p3/3R4/2P5/8/7K w - - 0 1",
        &[],
        &[
            "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4a4", "d4b4", "d4c4", "d4e4",
            "d4f4", "d4g4", "d4h4", "d4e5", "d4c5", "d4b5", "d4a5", "d4c6", "d4c7", "d4e3", "d4f3",
            "d4g3", "d4h3", "d4e2", "d4e1", "c3c4", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Harvester d4, enemy pawn d5. Bishop: e5 f6 g7 h8, c5 b6 a7, e3 f2 g1, c3 b2 a1 (13). Aanca:
/// d5 taken on the first step (nothing beyond); e4 then f5 g6 h7 and f3 g2 (h1 is its own
/// king); d3 then e2 f1 and c2 b1; c4 then b5 a6 and b3 a2 (17). King h1: g1 g2 h2.
#[test]
fn harvester_and_the_aanca() {
    check_moves(
        "tripunch",
        "k7/8/8/3p4/3B4/8/8/7K w - - 0 1",
        &[],
        &[
            "d4e5", "d4f6", "d4g7", "d4h8", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4c3",
            "d4b2", "d4a1", "d4d5", "d4e4", "d4f5", "d4g6", "d4h7", "d4f3", "d4g2", "d4d3", "d4e2",
            "d4f1", "d4c2", "d4b1", "d4c4", "d4b5", "d4a6", "d4b3", "d4a2", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Nightrider a1 on an empty board: b3 c5 d7 along (1,2), c2 e3 g4 along (2,1). King h1.
#[test]
fn nightrider_lines() {
    check_moves(
        "tripunch",
        "7k/8/8/8/8/8/8/N6K w - - 0 1",
        &[],
        &[
            "a1b3", "a1c5", "a1d7", "a1c2", "a1e3", "a1g4", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Nightrider b1: its (1,2) line takes the pawn on c3 and stops; its (2,1) line is blocked at
/// its first landing square d2 by its own pawn (no f3, h4); a3 along (-1,2). Pawn d2: d3, d4
/// and takes c3. King h1: g1 g2 h2.
#[test]
fn nightrider_blocked_at_the_first_landing_square() {
    check_moves(
        "tripunch",
        "k7/8/8/8/8/2p5/3P4/1N5K w - - 0 1",
        &[],
        &[
            "b1c3", "b1a3", "d2d3", "d2d4", "d2c3", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// A Combine on d4 reaches f5, two files right and one up, by the Gryphon's path (e5, then east)
/// and by the Aanca's (e4, then north-east). One path blocked, it still goes; both blocked, not.
/// The same for e6 (paths e5 then north, d5 then north-east).
#[test]
fn combine_reaches_a_square_by_either_path() {
    let open = uci_perft("tripunch", "7k/8/8/4p3/3Q4/8/8/7K w - - 0 1", &[], 1);
    assert_has("e5 blocked", &open, &["d4f5", "d4e6", "d4e5"], &[]);
    let shut = uci_perft("tripunch", "7k/8/8/3pp3/3QP3/8/8/7K w - - 0 1", &[], 1);
    assert_has(
        "e4, e5 and d5 blocked",
        &shut,
        &["d4e5", "d4d5"],
        &["d4f5", "d4e6"],
    );
}

/// Black Reaper d8: its Gryphon path e7, then south down the e-file, checks the king on e1. The
/// rook part holds d1 and d2. The king may go to f1 or f2 (e2 is on the path); the Nightrider
/// c2 may block on e3 (2,1) or e6 (through d4). Nothing can take d8.
#[test]
fn check_along_a_bent_path() {
    check_moves(
        "tripunch",
        "k2r4/8/8/8/8/8/2N5/4K3 w - - 0 1",
        &[],
        &["e1f1", "e1f2", "c2e3", "c2e6"],
    );
}

/// The same with the Nightrider on e4, on the Gryphon's path: it is pinned (every move of it
/// leaves the path), and e2 is safe now that the path is shut. King: e2, f1, f2.
#[test]
fn pin_along_a_bent_path() {
    check_moves(
        "tripunch",
        "k2r4/8/8/8/4N3/8/8/4K3 w - - 0 1",
        &[],
        &["e1e2", "e1f1", "e1f2"],
    );
}

/// Black Reaper h3 attacks g1 only by its Gryphon path through g2 (its rook lines are the h-file
/// and the third rank): White may not castle through it. With a pawn on g2 the path is shut.
#[test]
fn castling_and_a_bent_attack() {
    let attacked = uci_perft("tripunch", "k7/8/8/8/8/7r/8/4K2R w K - 0 1", &[], 1);
    assert_has("g1 attacked", &attacked, &["e1f1"], &["e1g1"]);
    let shut = uci_perft("tripunch", "k7/8/8/8/8/7r/6P1/4K2R w K - 0 1", &[], 1);
    assert_has("g2 shuts the path", &shut, &["e1g1"], &[]);
}

/// Promotion is to the four tripunch pieces, under chess's letters.
#[test]
fn promotion_pieces() {
    let d = uci_perft("tripunch", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", &[], 1);
    assert_has(
        "promotions",
        &d,
        &["e7e8q", "e7e8r", "e7e8b", "e7e8n"],
        &["e7e8"],
    );
}

/// Black's pieces bend the same way: a black Gryphon on e5 steps to d4 and slides west or south.
#[test]
fn black_gryphon() {
    let d = uci_perft("tripunch", "4k3/8/8/4r3/8/8/8/K7 b - - 0 1", &[], 1);
    assert_has(
        "black reaper",
        &d,
        &["e5d4", "e5a4", "e5d1", "e5f6", "e5h6", "e5f8", "e5b6"],
        &["e5c3"],
    );
}

/// The independent oracle (standard-library Python, written from the rules text) first checks
/// its own chess machinery against the FIDE perft figures and its hand-worked positions, then
/// compares move-by-move perft with Chimera on seeded random playouts.
#[test]
fn independent_oracle_agrees() {
    run_python_script("oracles/tripunch.py", &["--self-test"]);
    let out = run_python_script(
        "oracles/tripunch.py",
        &["--compare", "--positions", "30", "--seed", "11"],
    );
    assert!(out.contains(" 0 mismatch"), "{out}");
}
