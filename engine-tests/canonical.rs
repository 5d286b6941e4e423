//! Hand-checked rule tests for the Canonical family (canonical 9x9, canonic 8x8, canon 7x7),
//! from /work/shared/rules/canonical.md. Every expected move set below was worked out by hand
//! (the reasoning is in the comment above it) and agrees with the independent Python oracle
//! scripts/oracles/canonical.py.
//!
//! Reminders (1-based point (x, y) = (file, rank) of the plain N x N grid):
//! - "oblique" = orthogonal on the grid; screen-vertical = (+1,+1); screen-horizontal = (+1,-1)/(-1,+1).
//! - Fortresses: White x <= 3 and y <= 3; Black x >= N-2 and y >= N-2.
//! - Crossing: x + y = N + 1. White pawn promoted ("fully across") when x + y >= N + 2, Black when
//!   x + y <= N; promoted pawns also step/capture screen-horizontally.
//! - Facing kings: same x - y with nothing between them is illegal (counts as check).
//! - No repetition: a move may not recreate any position (placement + side to move) of the game
//!   path, the root of a perft included.

mod common;
use common::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Knight: (2,1)/(1,2) reachable when EITHER the orthogonal-first midpoint OR the diagonal-first
// midpoint is empty.

/// White knight e5 on 9x9, White K b1, Black k i9; black pawns f5, f6, d6, e4 block midpoints.
/// Knight targets and their (orthogonal-first, diagonal-first) midpoints:
///   g6 (+2,+1): f5 X, f6 X  -> blocked on BOTH paths: absent
///   g4 (+2,-1): f5 X, f4 .  -> orthogonal path blocked, diagonal free: legal
///   f3 (+1,-2): e4 X, f4 .  -> orthogonal blocked, diagonal free: legal
///   d3 (-1,-2): e4 X, d4 .  -> orthogonal blocked, diagonal free: legal
///   c6 (-2,+1): d5 ., d6 X  -> diagonal blocked, orthogonal free: legal
///   f7 (+1,+2): e6 ., f6 X  -> diagonal blocked, orthogonal free: legal
///   d7 (-1,+2): e6 ., d6 X  -> diagonal blocked, orthogonal free: legal
///   c4 (-2,-1): d5 ., d4 .  -> legal
/// King b1: a1, c1, b2 all inside the fortress and unattacked (a1 and b2 are on the a1-i9
/// line x-y=0 but the knight on e5 stands between the kings). 3 + 7 = 10 moves.
#[test]
fn knight_one_path_blocked_either_order_and_both_blocked() {
    check_moves(
        "canonical",
        "8k/9/9/3p1p3/4Np3/4p4/9/9/1K7 w - - 0 1",
        &[],
        &[
            "b1a1", "b1b2", "b1c1", "e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4",
        ],
    );
}

/// The same position turned 180 degrees (colours swapped, Black to move): black knight e5,
/// white pawns d5, d4, f4, e6 (the images of f5, f6, d6, e4). The rotation maps the targets
/// g6->c4, g4->c6, f3->d7, d3->f7, c6->g4, f7->d3, d7->f3, c4->g6, so c4 is the one blocked on
/// both paths (midpoints d5 and d4 both occupied); the other seven are reachable by one path.
/// King h9 (x-y = -1): g9, h8, i9 (h8 and i9 are on x-y = 0, shielded by the knight on e5).
#[test]
fn knight_paths_black_rotated() {
    check_moves(
        "canonical",
        "7k1/9/9/4P4/3Pn4/3P1P3/9/9/K8 b - - 0 1",
        &[],
        &[
            "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6", "h9g9", "h9h8", "h9i9",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Bishop: quiet moves like a Rook; captures only by jumping exactly one screen (either colour)
// and taking the first piece beyond.

/// 9x9, White B e5.
///   rank 5 right: f5 empty (quiet f5), g5 WHITE pawn = screen, h5 empty (no quiet move beyond a
///     screen), i5 black knight = first piece beyond the screen: capture e5i5.
///   rank 5 left: d5 black pawn = screen (not capturable itself: nothing to jump), c5 empty (no
///     quiet move beyond it), b5 black rook: capture e5b5 over a BLACK screen.
///   file e up: e6..e9 empty: quiet moves only, no capture without a screen.
///   file e down: e4 black pawn = screen, e3 black pawn = first piece beyond: capture e5e3;
///     e1 black rook lies beyond TWO pieces: no e5e1; e2 beyond the screen: no quiet e5e2.
/// White pawn g5 (x+y = 12 >= 11, promoted): h5, g6 forward; h4, f6 sideways.
/// White K a2: a1 is attacked by the rook e1 along rank 1, b2 by the rook b5 down the b-file:
///   only a2a3.
/// Total 1 + 4 + 8 = 13.
#[test]
fn bishop_slides_quietly_and_captures_over_one_screen() {
    check_moves(
        "canonical",
        "8k/9/9/9/1r1pB1P1n/4p4/4p4/K8/4r4 w - - 0 1",
        &[],
        &[
            "a2a3", "e5b5", "e5e3", "e5e6", "e5e7", "e5e8", "e5e9", "e5f5", "e5i5", "g5f6", "g5g6",
            "g5h4", "g5h5",
        ],
    );
}

/// A bishop's screen attack gives check. Black B a8, white P a5, white K a2 (a4, a3 empty): the
/// bishop jumps a5 and lands on the king: check.
///   K a2 -> a1 or a3: still on the a-file, still the first piece beyond the screen: illegal.
///   K a2 -> b2: off the file, x-y = 0 while k g9 has x-y = -2: legal (a2 itself is x-y = -1:
///     with the black king on h9 the kings would already face each other).
///   P a5 (x+y = 6, not promoted) -> b5 removes the screen (a2 is then the bishop's screen, with
///     nothing to land on beyond it): legal; -> a6 stays between a8 and a2, still a screen: illegal.
/// So: a2b2, a5b5.
#[test]
fn bishop_screen_check() {
    check_moves(
        "canonical",
        "6k2/b8/9/9/P8/9/9/K8/9 w - - 0 1",
        &[],
        &["a2b2", "a5b5"],
    );
}

// ---------------------------------------------------------------------------------------------
// Fortresses: King (orthogonal step) and Queen (any step) never leave their own fortress.

/// 9x9. White K c2, Q c3 (fortress a1-c3): K: d2 outside, c3 own queen -> b2, c1.
/// Q c3 (corner): b4, c4, d4, d3, d2 outside; c2 own king -> b2, b3.
/// Kings c2 (x-y = 1) and g8 (x-y = -1) never get onto one line here. Queens attack only
/// inside their own fortress, so nothing is attacked.
#[test]
fn fortress_white_king_and_queen() {
    check_moves(
        "canonical",
        "9/6k2/6q2/9/9/9/2Q6/2K6/9 w - - 0 1",
        &[],
        &["c2b2", "c2c1", "c3b2", "c3b3"],
    );
}

/// Same position, Black to move; Black's fortress is g7-i9. k g8: f8 outside, g7 own queen
/// -> h8, g9. q g7 (corner): f6, f7, f8, g6, h6 outside; g8 own king -> h7, h8.
#[test]
fn fortress_black_king_and_queen() {
    check_moves(
        "canonical",
        "9/6k2/6q2/9/9/9/2Q6/2K6/9 b - - 0 1",
        &[],
        &["g7h7", "g7h8", "g8g9", "g8h8"],
    );
}

/// 8x8 (canonic): Black's fortress is f6-h8. k f6 (corner): e6, f5 outside -> g6, f7.
/// q h8 (corner): g8, g7, h7. White K c1 has x-y = 2; g6 (1) and f7 (-1) are not on its line.
#[test]
fn fortress_canonic_black_corner() {
    check_moves(
        "canonic",
        "7q/8/5k2/8/8/8/8/2K5 b - - 0 1",
        &[],
        &["f6f7", "f6g6", "h8g7", "h8g8", "h8h7"],
    );
}

/// 7x7 (canon): White's fortress a1-c3. K c3 (corner): d3, c4 outside -> b3, c2. Q a1: a2, b1, b2.
/// Black k g5 (x-y = 2) is off every line the white king can reach (b3: -1, c2: 1).
#[test]
fn fortress_canon_white_corner() {
    check_moves(
        "canon",
        "7/7/6k/7/2K4/7/Q6 w - - 0 1",
        &[],
        &["a1a2", "a1b1", "a1b2", "c3b3", "c3c2"],
    );
}

/// A FEN with a King or Queen outside its fortress is refused, as one with a pawn on its last
/// rank is in chess: the piece could never have got there.
#[test]
fn fortress_pieces_outside_are_refused_in_a_fen() {
    let r = chimera::variant::Registry::builtin();
    let gt = r.find("canonical").unwrap();
    for fen in [
        "8k/9/9/9/9/9/3K5/9/3R5 w - - 0 1",
        "8k/9/9/9/9/9/9/9/K2Q5 w - - 0 1",
        "8k/5q3/9/9/9/9/9/9/K8 w - - 0 1",
    ] {
        let e = gt
            .position(fen)
            .err()
            .unwrap_or_else(|| panic!("{fen} accepted"));
        assert!(e.to_string().contains("outside its zone"), "{fen}: {e}");
    }
    assert!(gt.position("7k1/9/9/9/9/9/Q8/9/K8 w - - 0 1").is_ok());
}

// ---------------------------------------------------------------------------------------------
// Facing kings: the kings may never stand on one screen-vertical line (x - y equal) with
// nothing between them.

/// 9x9. K a1 and k i9 both on x - y = 0; the rook e5 is the only piece between them. Every rook
/// move leaves that line (a rook moves along ranks and files, the line is a grid diagonal), so
/// the rook has no legal move. The king: a2, b1 (leaving the line is fine). 2 moves.
#[test]
fn facing_kings_last_blocker_may_not_leave() {
    check_moves(
        "canonical",
        "8k/9/9/9/4R4/9/9/9/K8 w - - 0 1",
        &[],
        &["a1a2", "a1b1"],
    );
}

/// Same with a second blocker (white pawn c3, also on x - y = 0): now either piece may leave.
/// Rook e5: the whole rank 5 and file e (16 moves); pawn c3 (x+y = 6): c4, d3; K: a2, b1.
#[test]
fn facing_kings_second_blocker_frees_the_first() {
    check_moves(
        "canonical",
        "8k/9/9/9/4R4/9/2P6/9/K8 w - - 0 1",
        &[],
        &[
            "a1a2", "a1b1", "c3c4", "c3d3", "e5a5", "e5b5", "e5c5", "e5d5", "e5e1", "e5e2", "e5e3",
            "e5e4", "e5e6", "e5e7", "e5e8", "e5e9", "e5f5", "e5g5", "e5h5", "e5i5",
        ],
    );
}

/// Black's last blocker (rook e5) between K a1 and k i9 has no move either; k i9: h9, i8.
#[test]
fn facing_kings_black_last_blocker() {
    check_moves(
        "canonical",
        "8k/9/9/9/4r4/9/9/9/K8 b - - 0 1",
        &[],
        &["i9h9", "i9i8"],
    );
}

/// The queen b2 is the only blocker between K a1 and k i9. Of its steps only b2c3 stays on the
/// line x - y = 0 (a screen-vertical step), so only that one keeps the kings apart;
/// a2, a3, b1, b3, c1, c2 leave the line: illegal. K: a2, b1. 3 moves.
#[test]
fn facing_kings_queen_may_slide_along_the_line() {
    check_moves(
        "canonical",
        "8k/9/9/9/9/9/9/1Q7/K8 w - - 0 1",
        &[],
        &["a1a2", "a1b1", "b2c3"],
    );
}

/// A king may not step onto the line: K b1 (x-y = 1), k i9 (x-y = 0), nothing else. a1 and b2
/// are on x - y = 0 with an empty line to i9: illegal. Only b1c1.
#[test]
fn facing_kings_white_king_may_not_step_onto_the_line() {
    check_moves(
        "canonical",
        "8k/9/9/9/9/9/9/9/1K7 w - - 0 1",
        &[],
        &["b1c1"],
    );
}

/// Black: k h9 (x-y = -1), K a1 (x-y = 0): i9 and h8 are on x - y = 0: illegal. Only h9g9.
#[test]
fn facing_kings_black_king_may_not_step_onto_the_line() {
    check_moves(
        "canonical",
        "7k1/9/9/9/9/9/9/9/K8 b - - 0 1",
        &[],
        &["h9g9"],
    );
}

// ---------------------------------------------------------------------------------------------
// Pawns: one step obliquely forward (move or capture); sideways (screen-horizontal) only when
// fully across (White x+y >= N+2, Black x+y <= N); nothing extra on the crossing x+y = N+1.

/// 9x9, White to move (crossing x + y = 10).
///   P c4 (x+y = 7): forward d4 (captures the black pawn) and c5. No sideways.
///   P e5 (x+y = 10, ON the crossing): forward f5, e6 only; not e5f4 (would capture the black
///     pawn on f4 sideways) and not e5d6.
///   P g4 (x+y = 11, fully across): forward h4, g5; sideways h3 (captures the black pawn) and f5.
///   K c1 (x-y = 2): b1, c2 (d1 outside the fortress); nothing black attacks them (black pawns
///     d4 -> c4 d3 e3 c5, f4 -> e4 f3, h3 -> g3 h2).
/// 10 moves.
#[test]
fn pawns_white_forward_and_sideways_only_when_across() {
    check_moves(
        "canonical",
        "8k/9/9/9/4P4/2Pp1pP2/7p1/9/2K6 w - - 0 1",
        &[],
        &[
            "c1b1", "c1c2", "c4c5", "c4d4", "e5e6", "e5f5", "g4f5", "g4g5", "g4h3", "g4h4",
        ],
    );
}

/// The same position turned 180 degrees, Black to move. Black pawns step (-1,0)/(0,-1).
///   p g6 (x+y = 13): f6 (captures), g5.
///   p e5 (x+y = 10, on the crossing): d5, e4 only; not e5d6 (capture sideways) nor e5f4.
///   p c6 (x+y = 9 <= 9, fully across): b6, c5 forward; b7 (captures), d5 sideways.
///   k g9: h9, g8.
#[test]
fn pawns_black_forward_and_sideways_only_when_across() {
    check_moves(
        "canonical",
        "6k2/9/1P7/2pP1Pp2/4p4/9/9/9/K8 b - - 0 1",
        &[],
        &[
            "c6b6", "c6b7", "c6c5", "c6d5", "e5d5", "e5e4", "g6f6", "g6g5", "g9g8", "g9h9",
        ],
    );
}

/// 7x7 (canon): crossing x + y = 8; a White pawn is promoted from x + y = 9 on.
///   P d4 (x+y = 8, on the crossing): e4, d5 only (no c5, e3).
///   P c6 (x+y = 9, fully across): forward d6, c7; sideways d5 and b7 (captures the black pawn;
///     b7 is x+y = 9 for Black, not across, so it attacks only a7 and b6).
///   K b1: a1, b2, c1 (k e7 has x-y = -2, the kings cannot meet).
/// 3 + 2 + 4 = 9 moves.
#[test]
fn pawns_canon_crossing_is_row_eight() {
    check_moves(
        "canon",
        "1p2k2/2P4/7/3P3/7/7/1K5 w - - 0 1",
        &[],
        &[
            "b1a1", "b1b2", "b1c1", "c6b7", "c6c7", "c6d5", "c6d6", "d4d5", "d4e4",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Stalemate: no legal move -> perft 1 = 0.

/// K a1 alone against k i9 and a black knight c3. The knight reaches a2 (midpoints b3 / b2 empty)
/// and b1 (c2 / b2 empty), both the king's squares; a1 itself is not attacked and the knight
/// stands between the kings on a1-i9. No legal move, not in check.
#[test]
fn stalemate_by_knight() {
    check_moves("canonical", "8k/9/9/9/9/9/2n6/9/K8 w - - 0 1", &[], &[]);
}

/// K a1, black k h9 (x-y = -1) and a black pawn c1 (x+y = 4, promoted: attacks b1 and b2).
/// a2 is on h9's line with b3..g8 empty (facing kings), b1 is attacked by the pawn. No move.
#[test]
fn stalemate_by_facing_kings_and_pawn() {
    check_moves("canonical", "7k1/9/9/9/9/9/9/9/K1p6 w - - 0 1", &[], &[]);
}

// ---------------------------------------------------------------------------------------------
// No repetition.

fn set_minus(a: &BTreeSet<String>, b: &[&str]) -> BTreeSet<String> {
    a.iter()
        .filter(|m| !b.contains(&m.as_str()))
        .cloned()
        .collect()
}

/// canon start: a3b3 (bishop) g5f5 (bishop) b3a3: Black's f5g5 would recreate the start
/// position (White to move): it is missing from `go perft 1` after these moves, whereas the same
/// placement given as a FEN (no history) has it; the two move sets differ by exactly that move.
/// Giving it in the `moves` list is an error.
#[test]
fn repetition_is_refused_in_uci_moves() {
    let after = "1p1rbnk/P1p2qn/1P1p1b1/R1P1p1r/B2P1p1/NQ2P1p/KNBR1P1 b - - 0 1";
    let mut u = Uci::new();
    u.variant("canon");
    u.position("startpos moves a3b3 g5f5 b3a3");
    let with_history = u.perft(1);
    u.position(&format!("fen {}", after));
    let fresh = u.perft(1);
    assert!(
        fresh.has("f5g5"),
        "f5g5 is legal without history: {:?}",
        fresh.move_set()
    );
    assert!(
        !with_history.has("f5g5"),
        "f5g5 repeats the start position: {:?}",
        with_history.move_set()
    );
    assert_eq!(
        with_history.move_set(),
        set_minus(&fresh.move_set(), &["f5g5"])
    );
    assert_eq!(with_history.total, 30);

    let line = u.expect_error("position startpos moves a3b3 g5f5 b3a3 f5g5");
    assert!(
        line.contains("f5g5"),
        "the error should name the refused move: {line}"
    );

    // still usable, and the history reaches into perft: after a3b3 g5f5, depth 2 counts the
    // b3a3 subtree without f5g5 (30 instead of 31).
    u.position("startpos moves a3b3 g5f5");
    let d2 = u.perft(2);
    assert_eq!(d2.moves.get("b3a3"), Some(&30), "{:?}", d2.moves);
    u.quit();
}

/// Refusing the repetition leaves no legal move. Root P0 (Black to move): K b1, k g9, black
/// pawns a3 (attacks a2, b2) and d1 (attacks c1, c2). The white king can only shuttle b1 <-> a1
/// (a2, b2, c1 attacked). Game: g9h9 b1a1 h9g9; now White's only move a1b1 would recreate P0:
/// perft 1 = 0. The same placement from a FEN (no history) has that one move.
#[test]
fn repetition_leaves_no_legal_move() {
    let p0 = "6k2/9/9/9/9/9/p8/9/1K1p5 b - - 0 1";
    check_moves("canonical", p0, &["g9h9", "b1a1", "h9g9"], &[]);
    check_moves(
        "canonical",
        "6k2/9/9/9/9/9/p8/9/K2p5 w - - 0 1",
        &[],
        &["a1b1"],
    );
    let mut u = Uci::new();
    u.variant("canonical");
    u.expect_error(&format!("position fen {} moves g9h9 b1a1 h9g9 a1b1", p0));
}

/// The perft root is part of the path. From P0 (above), depth 4, root move g9h9: White must play
/// b1a1; Black then has h9g9, a3a2, a3b2, d1c1, d1c2 (i9 and h8 would face the king on a1).
/// White's replies: after h9g9 none (a1b1 recreates the root), after a3a2 none (check from a2,
/// a2 faces h9, b1 attacked by the pawn on a2), after a3b2 none (a2 and b1 attacked), after d1c1
/// none (a2 and b1 attacked), after d1c2 one (a1b1). So the g9h9 subtree counts exactly 1.
#[test]
fn repetition_root_included_in_perft() {
    let p0 = "6k2/9/9/9/9/9/p8/9/1K1p5 b - - 0 1";
    let d = perft_cmd("canonical", Some(p0), 4);
    assert_eq!(d.moves.get("g9h9"), Some(&1), "{:?}", d.moves);
    let u = uci_perft("canonical", p0, &["g9h9", "b1a1"], 2);
    let expect: Vec<(&str, u64)> = vec![
        ("a3a2", 0),
        ("a3b2", 0),
        ("d1c1", 0),
        ("d1c2", 1),
        ("h9g9", 0),
    ];
    let got: Vec<(&str, u64)> = u.moves.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(got, expect);
}

/// A pawn move is not irreversible here: a promoted pawn steps sideways both ways, so the
/// repetition check must look past pawn moves. Root (White to move): K c1, P g4 (x+y = 11,
/// promoted), k g9, p c6 (x+y = 9, promoted). Game g4h3 c6b7 h3g4: Black's b7c6 would recreate
/// the root. Black's moves: pawn b7 -> a7, b6 (forward), a8 (sideways; c6 refused); k g9 -> h9,
/// g8 (f9 is outside the fortress). 5 moves.
#[test]
fn repetition_through_sideways_pawn_moves() {
    let root = "6k2/9/9/2p6/9/6P2/9/9/2K6 w - - 0 1";
    check_moves(
        "canonical",
        root,
        &["g4h3", "c6b7", "h3g4"],
        &["b7a7", "b7a8", "b7b6", "g9g8", "g9h9"],
    );
    check_moves(
        "canonical",
        "6k2/9/1p7/9/9/6P2/9/9/2K6 b - - 0 1",
        &[],
        &["b7a7", "b7a8", "b7b6", "b7c6", "g9g8", "g9h9"],
    );
}

// ---------------------------------------------------------------------------------------------
// Display: `d` draws the diamond (rows of constant x + y, centred) besides the grid, for the
// games whose variant data says `display = diamond`, and only for them.

/// Canon (7x7) start: Black's King on the top corner g7 with its Knights f7 and g6 below, the
/// empty crossing row, White's King on the bottom corner a1; the coordinates outside the edges.
#[test]
fn display_shows_the_diamond() {
    let mut u = Uci::new();
    u.variant("canon");
    u.sync();
    u.send("d");
    let lines = u.sync();
    let text = lines.join("\n");
    for expected in [
        "Diamond view (as the board is seen):\n              g   7\n            f   k   6\n          e   n   n   5\n",
        "\n  a   p   p   p   p   p   p   1\n    .   .   .   .   .   .   .\n  7   P   P   P   P   P   P   g\n",
        "\n            2   K   b\n              1   a\n+ = empty point of the fortress zone",
        " | K | N | B | R |   | P |   | 1",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    u.variant("chess");
    u.sync();
    u.send("d");
    let text = u.sync().join("\n");
    assert!(!text.contains("Diamond"), "{text}");
    assert!(
        text.contains(" | R | N | B | Q | K | B | N | R | 1"),
        "{text}"
    );
}
