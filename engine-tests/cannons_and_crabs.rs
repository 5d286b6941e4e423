//! Cannons and Crabs (`cannons-and-crabs`, 7x6, and `cannons-and-crabs-7x7`): hand-checked
//! positions, driven through the `chimera` binary (`perft --divide` subcommand and UCI).
//!
//! Rules: /work/shared/rules/cannons-and-crabs.md. Every expected move set below was worked out by
//! hand from the rules text (reasoning in the comment above each check) and then also confirmed by
//! the independent Python generator scripts/oracles/cannons_and_crabs.py (written from the rules,
//! not from Chimera's code).
//!
//! Board: files a-g, ranks 1-6 (1-7 in the 7x7 game); FEN ranks from the top. Pieces: K King,
//! R Rook, N Knight, C Cannon (KAD: one or two squares in any of the 8 directions, jumping; it may
//! not jump an occupied square to attack a King), X Crab (fmW + fF), P Pawn (fmW + fcF, single
//! step), M Marshall (RN), A Cardinal (BN). Promotion (compulsory) to M or A only.
//!
//! Convention: moves are one space-separated string; the engine's set must equal the expected set
//! exactly and `Nodes searched` must equal its size.

mod common;
use common::*;

const CC: &str = "cannons-and-crabs";
const CC7: &str = "cannons-and-crabs-7x7";

/// Exact depth-1 move set: with no move list through both the perft subcommand and UCI, with a
/// move list through UCI (`position fen F moves …`).
fn check(variant: &str, fen: &str, moves: &str, expected: &str) {
    let mv: Vec<&str> = moves.split_whitespace().collect();
    let exp: Vec<&str> = expected.split_whitespace().collect();
    check_moves(variant, fen, &mv, &exp);
}

/// Depth-1 divide through the perft subcommand, for present/absent checks.
fn moves_of(variant: &str, fen: &str) -> Divide {
    perft_cmd(variant, Some(fen), 1)
}

// =================================================================================================
// Start position
// =================================================================================================

/// `rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR`. White: crabs a2 (a3 b3), c2 (c3 b3 d3), e2 (e3 d3 f3),
/// g2 (g3 f3) = 10; pawns b2 d2 f2 one step only (b3 d3 f3; no b2b4) = 3; knights b1 (a3 c3),
/// f1 (e3 g3) = 4; cannons c1 (a3 c3 e3, leaping b2/c2/d2) and e1 (c3 e3 g3) = 6, their one-step
/// squares and the a1/e1, c1/g1 leaps hold own pieces. Rooks and king are boxed in; no castling
/// (b1 c1 / e1 f1 occupied). Total 23.
#[test]
fn start_position_moves() {
    let exp = "a2a3 a2b3 c2c3 c2b3 c2d3 e2e3 e2d3 e2f3 g2g3 g2f3 b2b3 d2d3 f2f3 \
               b1a3 b1c3 f1e3 f1g3 c1a3 c1c3 c1e3 e1c3 e1e3 e1g3";
    check(
        CC,
        "rnckcnr/xpxpxpx/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1",
        "",
        exp,
    );
    check(
        CC7,
        "rnckcnr/xpxpxpx/7/7/7/XPXPXPX/RNCKCNR w KQkq - 0 1",
        "",
        exp,
    );
    assert_eq!(perft_cmd(CC, None, 1).total, 23);
    assert_eq!(perft_cmd(CC7, None, 1).total, 23);
}

// =================================================================================================
// The Cannon's king exception
// =================================================================================================

/// Orthogonal two-square cannon check, blocked by interposition. Black Cannon d3, White King d1,
/// d2 empty: check. King: c2 d2 e2 are the cannon's one-step squares; c1 and e1 are a knight's
/// move from d3, not cannon squares: d1c1 d1e1. Rook a2 cannot take d3 but can interpose on d2
/// (b2 c2 empty): with d2 occupied the cannon may not jump it to attack the King, so a2d2 is
/// legal. Every other rook move leaves the check. Total 3.
#[test]
fn orthogonal_cannon_check_blocked_by_interposition() {
    check(CC, "3k3/7/7/3c3/R6/3K3 w - - 0 1", "", "d1c1 d1e1 a2d2");
}

/// Diagonal two-square cannon check (Alfil leap), blocked by interposition. Black Cannon b3,
/// White King d1, c2 empty: check. King: c2 is a one-step cannon square (illegal); c1 d2 e1 e2
/// are not cannon squares from b3: legal. Knight a3 (moves b1 c2 c4 b5) can only help by
/// interposing on c2: a3c2. Total 5.
#[test]
fn diagonal_cannon_check_blocked_by_interposition() {
    check(
        CC,
        "3k3/7/7/Nc5/7/3K3 w - - 0 1",
        "",
        "d1c1 d1d2 d1e1 d1e2 a3c2",
    );
}

/// A King may step onto a square the Cannon reaches only by jumping an occupied square. Black
/// Cannons d4 and f4; White Pawns d3 and e3, King d1. d2 is two squares from d4 (midpoint d3
/// occupied) and from f4 (midpoint e3 occupied): not attacked, d1d2 legal. c1 e1 c2 e2 are not
/// cannon squares from d4/f4. Pawn d3: d4 blocked, c4/e4 empty (no capture). Pawn e3: e4, and
/// captures of both cannons d4 and f4 (e3e4 then opens f4-e3-d2, but the King is on d1).
/// Total 8.
#[test]
fn king_steps_onto_square_reached_only_by_jumping() {
    check(
        CC,
        "3k3/7/3c1c1/3PP2/7/3K3 w - - 0 1",
        "",
        "d1c1 d1e1 d1c2 d1d2 d1e2 e3e4 e3d4 e3f4",
    );
}

/// The rules' test case: Black Cannon d1, White King d2 (check from one step). d2d3 is illegal:
/// the King vacates d2, so the Cannon's d1-d3 leap has an empty midpoint. c1 e1 c2 e2 are one-step
/// cannon squares. c3 and e3 are a knight's move from d1: legal. d2d1 takes the (unprotected)
/// Cannon. Total 3.
#[test]
fn king_as_midpoint_cannot_step_away_along_the_line() {
    check(CC, "3k3/7/7/7/3K3/3c3 w - - 0 1", "", "d2d1 d2c3 d2e3");
}

/// Same on the 7x7 board (Cannon d1, King d2): d2d3 illegal, d2c3 d2e3 d2d1 legal.
#[test]
fn king_as_midpoint_7x7() {
    check(CC7, "3k3/7/7/7/7/3K3/3c3 w - - 0 1", "", "d2d1 d2c3 d2e3");
}

/// Pin through the midpoint. Black Cannon d4, White Rook d3, White King d2: not check (the d4-d2
/// leap would jump the occupied d3). If the Rook leaves d3, the leap's midpoint empties and the
/// King is attacked, so every rook move sideways (a3 b3 c3 e3 f3 g3) is illegal; d3d4 captures
/// the Cannon and is legal. King: c3 e3 are one-step cannon squares (illegal); c1 d1 e1 c2 e2 are
/// not cannon squares from d4 (d1 is three away). Total 6.
#[test]
fn pin_through_the_midpoint() {
    check(
        CC,
        "3k3/7/3c3/3R3/3K3/7 w - - 0 1",
        "",
        "d2c1 d2d1 d2e1 d2c2 d2e2 d3d4",
    );
}

/// Discovered check by moving the midpoint piece away. White Cannon d3, White Knight d2, Black
/// King d1 (not in check: d2 occupied). After d2b3 the d3-d1 leap is open: Black is in check.
/// Black King: c2 d2 e2 one-step cannon squares; c1 attacked by the Knight on b3; e1 is neither a
/// cannon square from d3 nor a knight square from b3: d1e1 only.
/// After d2f3 instead: e1 is attacked by the Knight on f3, c1 is free: d1c1 only.
#[test]
fn discovered_check_by_moving_the_midpoint_piece() {
    check(CC, "3K3/7/7/3C3/3N3/3k3 w - - 0 1", "d2b3", "d1e1");
    check(CC, "3K3/7/7/3C3/3N3/3k3 w - - 0 1", "d2f3", "d1c1");
}

/// Cannon captures of pieces other than a King jump freely, over either colour. White Cannon d3:
/// one-step c2 (captures the black pawn) d2 e2 c3 e3 c4 e4 (captures the black crab; d4 is
/// White's own pawn); two-step b1 (captures the black knight over the black pawn on c2), d1 f1
/// b3 f3 b5 (over the empty/any c4), d5 (captures the black rook over White's own pawn d4), f5
/// (over the black crab e4) = 15. King g1: f1 f2 g2 (nothing attacks them) = 3. Pawn d4: d5 is
/// occupied by the rook (no straight capture), c5 e5 empty. Total 18.
#[test]
fn cannon_captures_of_other_pieces_jump_freely() {
    check(
        CC,
        "k6/3r3/3Pp2/3C3/2p4/1n4K w - - 0 1",
        "",
        "g1f1 g1f2 g1g2 d3c2 d3d2 d3e2 d3c3 d3e3 d3c4 d3e4 d3b1 d3d1 d3f1 d3b3 d3f3 d3b5 d3d5 d3f5",
    );
}

/// A Cannon may not jump an occupied square to capture a King: White Cannon d4, Black Pawn d5,
/// Black King d6. Black is not in check (midpoint d5 occupied), and d4d6 ("capturing" the King by
/// jumping) is not a move: the exception forbids the jump to attack a King, and a King is never
/// captured. Cannon: c3 d3 e3 c4 e4 c5 d5(x pawn) e5 b2 d2 f2 b4 f4 b6 f6 = 15; King d1: c1 e1
/// c2 d2 e2 = 5. Total 20.
#[test]
fn cannon_cannot_capture_a_king_by_jumping() {
    check(
        CC,
        "3k3/3p3/3C3/7/7/3K3 w - - 0 1",
        "",
        "d1c1 d1e1 d1c2 d1d2 d1e2 d4c3 d4d3 d4e3 d4c4 d4e4 d4c5 d4d5 d4e5 d4b2 d4d2 d4f2 d4b4 d4f4 d4b6 d4f6",
    );
    // The same after a legal game sequence: c2c3 c6c4 d1c2 puts White's King on c2 two squares
    // from the Black Cannon c4 with White's Crab on c3 between (legal: the Cannon may not jump c3
    // to attack the King). Black must not be offered c4c2.
    let d = uci_perft(CC, "startpos", &["c2c3", "c6c4", "d1c2"], 1);
    assert_has(
        "cannons-and-crabs after c2c3 c6c4 d1c2",
        &d,
        &["c4c3", "c4a2"],
        &["c4c2"],
    );
}

// =================================================================================================
// Castling
// =================================================================================================

/// Castling both sides. White K d1, R a1 g1; Black K d6, R a6 g6; all rights. King: c1 e1 c2 d2
/// e2 + d1b1 (b1 c1 empty, c1 and b1 unattacked) + d1f1 (e1 f1 empty, unattacked) = 7. Rook a1:
/// a2-a5, a6 (captures), b1 c1 = 7; Rook g1 likewise g2-g6, f1 e1 = 7. Total 21.
#[test]
fn castling_both_sides_white() {
    check(
        CC,
        "r2k2r/7/7/7/7/R2K2R w KQkq - 0 1",
        "",
        "d1c1 d1e1 d1c2 d1d2 d1e2 d1b1 d1f1 a1a2 a1a3 a1a4 a1a5 a1a6 a1b1 a1c1 g1g2 g1g3 g1g4 g1g5 g1g6 g1f1 g1e1",
    );
}

/// Black's mirror: d6b6 and d6f6 are Black's castlings. Total 21.
#[test]
fn castling_both_sides_black() {
    check(
        CC,
        "r2k2r/7/7/7/7/R2K2R b KQkq - 0 1",
        "",
        "d6c6 d6e6 d6c5 d6d5 d6e5 d6b6 d6f6 a6a5 a6a4 a6a3 a6a2 a6a1 a6b6 a6c6 g6g5 g6g4 g6g3 g6g2 g6g1 g6f6 g6e6",
    );
}

/// Where the pieces land: after d1b1 (Q side) the Rook jumped a1 -> c1. After Black's d6d5, White
/// has King b1: a1 (now empty) a2 b2 c2 = 4 (c1 holds the Rook); Rook c1: c2-c6 and d1 e1 f1 g1
/// = 9. Total 13. After d1f1 (K side) the Rook jumped g1 -> e1: King f1: g1 e2 f2 g2 = 4; Rook
/// e1: e2-e6 and d1 c1 b1 a1 = 9.
#[test]
fn castling_rook_lands_beside_the_king() {
    check(
        CC,
        "3k3/7/7/7/7/R2K3 w Q - 0 1",
        "d1b1 d6d5",
        "b1a1 b1a2 b1b2 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1d1 c1e1 c1f1 c1g1",
    );
    check(
        CC,
        "3k3/7/7/7/7/3K2R w K - 0 1",
        "d1f1 d6d5",
        "f1e2 f1f2 f1g2 f1g1 e1e2 e1e3 e1e4 e1e5 e1e6 e1d1 e1c1 e1b1 e1a1",
    );
}

/// Castling refused when the crossed square is attacked (as a King standing there would be).
/// Black Cannon g3 reaches e1 by the Alfil leap over an empty f2: e1 is attacked, so d1f1 and
/// d1e1 are illegal. d1 itself is not attacked (not a cannon square from g3); c1 b1 are safe:
/// d1b1 legal. King: c1 c2 d2 e2 + d1b1 = 5; Rook a1: a2-a6 b1 c1 = 7; Rook g1: g2, g3 (captures
/// the Cannon), f1, e1 = 4. Total 16.
#[test]
fn castling_refused_through_attacked_square() {
    check(
        CC,
        "r2k2r/7/7/6c/7/R2K2R w KQkq - 0 1",
        "",
        "d1c1 d1c2 d1d2 d1e2 d1b1 a1a2 a1a3 a1a4 a1a5 a1a6 a1b1 a1c1 g1g2 g1g3 g1f1 g1e1",
    );
}

/// Castling allowed when the Cannon would have to jump an occupied square. As above, but with a
/// White Pawn on f2: the g3-e1 leap would jump f2, so e1 is not attacked as a King would be; d1e1
/// and d1f1 become legal. Pawn f2: f3, and g3 (captures the Cannon). King 7, Rook a1 7, Rook g1
/// 4, Pawn 2. Total 20.
#[test]
fn castling_allowed_when_cannon_must_jump() {
    check(
        CC,
        "r2k2r/7/7/6c/5P1/R2K2R w KQkq - 0 1",
        "",
        "d1c1 d1c2 d1d2 d1e2 d1e1 d1b1 d1f1 a1a2 a1a3 a1a4 a1a5 a1a6 a1b1 a1c1 g1g2 g1g3 g1f1 g1e1 f2f3 f2g3",
    );
}

/// Castling refused when landing on an attacked square: Black Cannon g2 attacks f1 (one step),
/// not e1 (a knight's move away) nor c1/b1. d1f1 illegal, d1b1 and d1e1 legal; d1e2 illegal
/// (e2 is reached by the Dabbaba leap over an empty f2).
/// Castling refused when in check: Black Cannon d3, d2 empty: neither d1b1 nor d1f1 (c1 and e1,
/// a knight's move from d3, remain ordinary king moves).
#[test]
fn castling_refused_landing_attacked_or_in_check() {
    let d = moves_of(CC, "r2k2r/7/7/7/6c/R2K2R w KQkq - 0 1");
    assert_has(
        "cannon g2",
        &d,
        &["d1b1", "d1e1", "d1c1", "d1d2"],
        &["d1f1", "d1e2"],
    );
    let d = moves_of(CC, "r2k2r/7/7/3c3/7/R2K2R w KQkq - 0 1");
    assert_has(
        "cannon d3 gives check",
        &d,
        &["d1c1", "d1e1"],
        &["d1b1", "d1f1", "d1d2"],
    );
}

// =================================================================================================
// Crabs and Pawns
// =================================================================================================

/// Crab moves. White Crab d3: d4 holds a Black Rook (a Crab does not capture straight ahead) ->
/// no d3d4; c4 Black Pawn -> d3c4 (diagonal capture); e4 empty -> d3e4 (diagonal non-capture).
/// White Crab f2: f3 e3 empty -> f2f3 f2e3; g3 Black Knight -> f2g3. King a1: a2 b1 b2 (the Rook
/// d4 covers rank 4 and the d-file down to d3, the Pawn c4 covers b3 d3, the Knight g3 covers
/// e2 e4 f1 f5). Total 8.
#[test]
fn crab_moves_white() {
    check(
        CC,
        "3k3/7/2pr3/3X2n/5X1/K6 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 d3c4 d3e4 f2f3 f2e3 f2g3",
    );
}

/// Black's mirror: Crab d4 (d3 White Rook: blocked; c3 White Pawn: capture; e3 empty), Crab f5
/// (f4 e4 empty; g4 White Knight: capture); King a6: a5 b5 b6. Total 8.
#[test]
fn crab_moves_black() {
    check(
        CC,
        "k6/5x1/3x2N/2PR3/7/3K3 b - - 0 1",
        "",
        "a6a5 a6b5 a6b6 d4c3 d4e3 f5f4 f5e4 f5g4",
    );
}

/// Pawns: single step only, captures only diagonally forward, no diagonal non-capture. Pawn b2
/// (unmoved): b2b3 only (no b2b4). Pawn d3: d4, captures c4 (Knight) and e4 (Crab). Pawn f2: f3
/// is blocked by the Black Rook, e3 and g3 are empty: no move. King a1: a2 b1 (b2 own Pawn).
/// Total 6.
#[test]
fn pawn_single_step_and_diagonal_capture() {
    check(
        CC,
        "3k3/7/2n1x2/3P1r1/1P3P1/K6 w - - 0 1",
        "",
        "a1a2 a1b1 b2b3 d3d4 d3c4 d3e4",
    );
    let d = moves_of(CC, "3k3/7/2n1x2/3P1r1/1P3P1/K6 w - - 0 1");
    assert_has("pawns", &d, &["b2b3"], &["b2b4", "f2e3", "f2g3", "f2f3"]);
}

/// No en passant. After Black's c5c4 lands beside the White Pawn d4, White has only d4d5 with the
/// Pawn (no d4c5) plus King d1: c1 e1 c2 d2 e2 (the Pawn c4 covers b3 d3) = 6. A FEN with an
/// en-passant square (`c5`) is refused: no pawn here ever double-steps, so none can have just
/// passed over it.
#[test]
fn no_en_passant() {
    check(
        CC,
        "3k3/2p4/3P3/7/7/3K3 b - - 0 1",
        "c5c4",
        "d1c1 d1e1 d1c2 d1d2 d1e2 d4d5",
    );
    let fen = "3k3/7/2pP3/7/7/3K3 w - c5 0 1";
    let r = run_bin(
        &["perft", "--variant", CC, "--fen", fen, "--depth", "1"],
        None,
        TIMEOUT,
    );
    assert_eq!(r.code, Some(2), "{}", r.describe());
    assert!(
        r.stderr.contains("en passant square c5"),
        "{}",
        r.describe()
    );
}

/// Promotion of Pawn and Crab, exactly to M or A, compulsory. White Crab b5: b6 (empty), a6
/// (captures the Rook), c6 (diagonal non-capture) -> 3 x {m, a} = 6. White Pawn f5: f6, g6
/// (captures the Knight); e6 is empty (no diagonal non-capture) -> 2 x {m, a} = 4. King d1: c2 d2
/// e2 are adjacent to the Black King d3; c1 e1 = 2. Total 12; no unpromoted move, no q r n c x.
#[test]
fn promotion_white_m_or_a_compulsory() {
    let fen = "r5n/1X3P1/7/3k3/7/3K3 w - - 0 1";
    check(
        CC,
        fen,
        "",
        "d1c1 d1e1 b5b6m b5b6a b5a6m b5a6a b5c6m b5c6a f5f6m f5f6a f5g6m f5g6a",
    );
    let d = moves_of(CC, fen);
    assert_has(
        "promotion",
        &d,
        &[],
        &[
            "b5b6", "f5f6", "b5b6q", "b5b6r", "b5b6n", "b5b6c", "f5f6x", "f5f6p",
        ],
    );
}

/// Black's mirror: Crab b2 -> b1 / a1 (x Rook) / c1, Pawn f2 -> f1 / g1 (x Knight), each m or a;
/// King d6: c6 e6 (c5 d5 e5 touch the White King d4). Total 12.
#[test]
fn promotion_black_m_or_a_compulsory() {
    check(
        CC,
        "3k3/7/3K3/7/1x3p1/R5N b - - 0 1",
        "",
        "d6c6 d6e6 b2b1m b2b1a b2a1m b2a1a b2c1m b2c1a f2f1m f2f1a f2g1m f2g1a",
    );
}

/// 7x7: promotion on rank 7 only. White Pawn b6 -> b7m b7a; White Crab f5 -> f6 e6 g6 without
/// promotion (rank 6 is not the last rank here); King d1: c1 e1 c2 d2 e2. Total 10.
#[test]
fn promotion_7x7_on_rank_7() {
    check(
        CC7,
        "3k3/1P5/5X1/7/7/7/3K3 w - - 0 1",
        "",
        "d1c1 d1e1 d1c2 d1d2 d1e2 b6b7m b6b7a f5f6 f5e6 f5g6",
    );
}

/// 7x7 Black: Crab b3 -> b2 a2 c2 (rank 2: no promotion); Pawn f2 -> f1m f1a; King d7: c7 e7 c6 d6
/// e6. Total 10.
#[test]
fn promotion_7x7_black_on_rank_1() {
    check(
        CC7,
        "3k3/7/7/7/1x5/5p1/3K3 b - - 0 1",
        "",
        "d7c7 d7e7 d7c6 d7d6 d7e6 b3b2 b3a2 b3c2 f2f1m f2f1a",
    );
}
