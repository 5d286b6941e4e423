//! Hand-checked special-rule positions, driven through the `chimera` binary
//! (`perft --divide` subcommand and UCI sessions).
//!
//! Every expected move set below was worked out by hand (the reasoning is in the
//! comment above each check). Where a comment says "pyffish agrees", the same set
//! was also cross-checked with Fairy-Stockfish (pyffish): directly for chess,
//! capablanca, gothic, janus, embassy and grand; for paulowich and tutti-frutti with
//! a Fairy variant definition (`castlingRookPieces = qc` / `re`); for Black's
//! crosswise castling by mirroring the board a<->h (then Black's crosswise castling
//! is ordinary paulowich castling; White gets no castling rights in those FENs).
//! King's Leap cannot be expressed in Fairy: the non-leap moves were cross-checked
//! with the paulowich definition and castling `-`, the leaps are purely by hand.
//!
//! Conventions: moves are given as one space-separated string; the expected set
//! must equal the engine's set exactly and `Nodes searched` must equal its size.

mod common;
use common::*;

/// Check the exact depth-1 move set: with no move list through both the perft
/// subcommand and UCI, with a move list through UCI (`position fen F moves …`).
fn check(variant: &str, fen: &str, moves: &str, expected: &str) {
    let mv: Vec<&str> = moves.split_whitespace().collect();
    let exp: Vec<&str> = expected.split_whitespace().collect();
    check_moves(variant, fen, &mv, &exp);
}

/// Depth-N total through the perft subcommand.
fn total(variant: &str, fen: Option<&str>, depth: u32) -> u64 {
    perft_cmd(variant, fen, depth).total
}

// ===================================================================================
// King's Leap Chess (`kings-leap`)
// ===================================================================================

const KL: &str = "kings-leap";

/// Bare kings, both unmoved (`Kk`). White: 5 ordinary king moves (d1 d2 e2 f2 f1)
/// plus the three Dabbaba leaps c1, e3, g1 (leapt squares d1, e2, f1 empty and
/// unattacked, destinations empty and unattacked) = 8.
#[test]
fn kings_leap_all_three_leaps_white() {
    check(
        KL,
        "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1",
        "",
        "e1c1 e1d1 e1d2 e1e2 e1e3 e1f1 e1f2 e1g1",
    );
}

/// Mirror for Black: d8 d7 e7 f7 f8 + leaps c8, e6, g8 = 8.
#[test]
fn kings_leap_all_three_leaps_black() {
    check(
        KL,
        "4k3/8/8/8/8/8/8/4K3 b Kk - 0 1",
        "",
        "e8c8 e8d7 e8d8 e8e6 e8e7 e8f7 e8f8 e8g8",
    );
}

/// Depth 2 of the bare-kings position: whatever White plays (8 moves, the king
/// ends on rank 1-3), Black's king keeps all 8 moves (no square of Black's is
/// adjacent to White's king, and White's leap does not touch Black's right) = 64.
#[test]
fn kings_leap_bare_kings_depth2() {
    assert_eq!(total(KL, Some("4k3/8/8/8/8/8/8/4K3 w Kk - 0 1"), 2), 64);
}

/// The castling field marks which king still has the leap. `k` only: White has no
/// leap (5 moves); `K` only with Black to move: Black has no leap (5 moves); `-`: none.
#[test]
fn kings_leap_right_only_where_marked() {
    check(
        KL,
        "4k3/8/8/8/8/8/8/4K3 w k - 0 1",
        "",
        "e1d1 e1d2 e1e2 e1f1 e1f2",
    );
    check(
        KL,
        "4k3/8/8/8/8/8/8/4K3 b K - 0 1",
        "",
        "e8d7 e8d8 e8e7 e8f7 e8f8",
    );
    check(
        KL,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "",
        "e1d1 e1d2 e1e2 e1f1 e1f2",
    );
}

/// Start position. Paulowich array: 16 pawn moves, Nb1 a3/c3, Ng1 f3/h3, Ca1 b3
/// (knight move) = 21 ordinary moves; leap e1e3 over the friendly e2 pawn is legal
/// (e2 not attacked, e3 empty and unattacked); c1 (bishop) and g1 (knight) are
/// occupied, so no other leap: 22. Nothing White does on move 1 changes Black's 22
/// (Black's own e8e6 over e7 included): depth 2 = 22 * 22 = 484.
#[test]
fn kings_leap_start_position() {
    let d = perft_cmd(KL, None, 1);
    assert_eq!(d.total, 22, "kings-leap start perft 1: {:?}", d.move_set());
    assert_has(
        "kings-leap start",
        &d,
        &["e1e3", "b1c3", "a1b3"],
        &["e1c1", "e1g1"],
    );
    let d2 = perft_cmd(KL, None, 2);
    assert_eq!(d2.total, 484);
    assert_eq!(
        d2.moves.get("e1e3"),
        Some(&22),
        "after the leap e1e3 Black still has 22 moves"
    );
    // Through UCI: Black's leap e8e6 over its own e7 pawn after 1. e2e4 (e4 pawn
    // attacks d5/f5 only): 21 + 1 = 22.
    let d = uci_perft(KL, "startpos", &["e2e4"], 1);
    assert_eq!(d.total, 22, "kings-leap after e2e4: {:?}", d.move_set());
    assert_has("kings-leap after e2e4", &d, &["e8e6"], &["e8c8", "e8g8"]);
}

/// Friendly pieces on all three leapt squares (Rd1, Pe2, Bf1) do not stop the leap.
/// King: d2, f2 (d1 e2 f1 own pieces) + leaps c1, e3, g1. Rook d1: d2..d8 (7),
/// c1 b1 a1 (3). Bishop f1: g2 h3. Pawn e2: e3 e4. Total 2+3+10+2+2 = 19.
#[test]
fn kings_leap_over_friendly_pieces() {
    check(
        KL,
        "4k3/8/8/8/8/8/4P3/3RKB2 w K - 0 1",
        "",
        "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 e1d2 e1f2 e2e3 e2e4 f1g2 f1h3 e1c1 e1e3 e1g1",
    );
}

/// Hostile knight on the leapt square d1. Nd1 attacks b2 c3 e3 f2 — not c1 — so
/// e1c1 is forbidden only because a hostile piece stands on d1. e3 is attacked
/// (no e1e3), g1 fine. King: Kxd1, d2, e2, f1 (f2 attacked) + leap g1 = 5.
#[test]
fn kings_leap_hostile_piece_on_d1() {
    check(
        KL,
        "4k3/8/8/8/8/8/8/3nK3 w K - 0 1",
        "",
        "e1d1 e1d2 e1e2 e1f1 e1g1",
    );
}

/// Hostile pawn on e2: it attacks d1 and f1 (so no c1/g1 leap and no Kd1/Kf1), does
/// not attack e3, yet e1e3 is forbidden because e2 holds a hostile piece.
/// King: d2, Kxe2, f2 = 3.
#[test]
fn kings_leap_hostile_piece_on_e2() {
    check(KL, "4k3/8/8/8/8/8/4p3/4K3 w K - 0 1", "", "e1d2 e1e2 e1f2");
}

/// Hostile bishop on f1 (attacks e2 d3 … and g2 h3; not g1, not d1). g1 is empty and
/// unattacked, so e1g1 is forbidden only by the hostile piece on f1; e3 is out
/// because e2 is attacked; c1 is fine. King: d1 d2 f2 Kxf1 (e2 attacked) + c1 = 5.
#[test]
fn kings_leap_hostile_piece_on_f1() {
    check(
        KL,
        "4k3/8/8/8/8/8/8/4Kb2 w K - 0 1",
        "",
        "e1c1 e1d1 e1d2 e1f1 e1f2",
    );
}

/// Leapt square attacked: Ba4 hits d1 (a4-b3-c2-d1), not c1 → no e1c1 (and no Kd1).
/// King: d2 e2 f2 f1 + e3 g1 = 6.
#[test]
fn kings_leap_leapt_square_d1_attacked() {
    check(
        KL,
        "7k/8/8/8/b7/8/8/4K3 w K - 0 1",
        "",
        "e1d2 e1e2 e1e3 e1f1 e1f2 e1g1",
    );
}

/// Bh3 hits f1 (h3-g2-f1), not g1 → no e1g1 (and no Kf1). King: d1 d2 e2 f2 + c1 e3 = 6.
#[test]
fn kings_leap_leapt_square_f1_attacked() {
    check(
        KL,
        "7k/8/8/8/8/7b/8/4K3 w K - 0 1",
        "",
        "e1c1 e1d1 e1d2 e1e2 e1e3 e1f2",
    );
}

/// Ra2 sweeps rank 2: e2 attacked → no e1e3 (e3 itself is not attacked); d2 e2 f2
/// forbidden for the king. King: d1 f1 + c1 g1 = 4.
#[test]
fn kings_leap_leapt_square_e2_attacked() {
    check(
        KL,
        "7k/8/8/8/8/8/r7/4K3 w K - 0 1",
        "",
        "e1c1 e1d1 e1f1 e1g1",
    );
}

/// Leap into check: Rc8 covers c1, Ra3 covers e3 (rank 3); neither touches the
/// king's ordinary squares. King: d1 d2 e2 f1 f2 + only g1 = 6.
#[test]
fn kings_leap_into_check_forbidden() {
    check(
        KL,
        "2r4k/8/8/8/8/r7/8/4K3 w K - 0 1",
        "",
        "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1",
    );
}

/// Destinations occupied: c1 own bishop, e3 own pawn, g1 a black knight (the leap
/// is not a capture; f1 is not attacked, so only occupation forbids e1g1).
/// Ng1 attacks e2 f3 h3. King: d1 d2 f1 f2 (e2 attacked), no leap. Bc1: b2 a3 d2
/// (e3 own pawn). Pawn e3: e4. Total 8.
#[test]
fn kings_leap_destination_occupied() {
    check(
        KL,
        "7k/8/8/8/8/4P3/8/2B1K1n1 w K - 0 1",
        "",
        "c1a3 c1b2 c1d2 e1d1 e1d2 e1f1 e1f2 e3e4",
    );
}

/// In check, no leap. Re8 checks along the e-file: d1 d2 f1 f2 only (c1 and g1
/// would be safe leaps otherwise). Nf3 checks (attacks e1 g1 d2 d4 e5 g5 h4 h2):
/// d1 e2 f1 f2 only (c1 and e3 would be safe leaps otherwise).
#[test]
fn kings_leap_not_out_of_check() {
    check(
        KL,
        "4r2k/8/8/8/8/8/8/4K3 w K - 0 1",
        "",
        "e1d1 e1d2 e1f1 e1f2",
    );
    check(
        KL,
        "7k/8/8/8/8/5n2/8/4K3 w K - 0 1",
        "",
        "e1d1 e1e2 e1f1 e1f2",
    );
}

/// Black's side: white knight on f8 (the leapt square for g8; attacks d7 e6 g6 h7).
/// King: d8 e7 f7 Kxf8 (d7 attacked) + leap c8 (d8, c8 safe); e6 is attacked and
/// g8 is forbidden by the hostile knight on f8 = 5.
#[test]
fn kings_leap_black_hostile_and_attacked() {
    check(
        KL,
        "4kN2/8/8/8/8/8/8/K7 b k - 0 1",
        "",
        "e8c8 e8d8 e8e7 e8f7 e8f8",
    );
    // Ra7 sweeps rank 7: e7 attacked → no e8e6; d7 e7 f7 forbidden. d8 f8 + c8 g8 = 4.
    check(
        KL,
        "4k3/R7/8/8/8/8/8/K7 b k - 0 1",
        "",
        "e8c8 e8d8 e8f8 e8g8",
    );
}

/// Once the king has moved the leap is gone.
#[test]
fn kings_leap_lost_after_king_moves() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1";
    // After both kings leapt (Ke3, Ke6): the e3 king has its 8 ordinary moves
    // (d4 e4 f4 are two ranks from e6, so not adjacent to Black's king) and no
    // further Dabbaba move (c3 g3 e1 e5).
    check(
        KL,
        fen,
        "e1e3 e8e6",
        "e3d2 e3d3 e3d4 e3e2 e3e4 e3f2 e3f3 e3f4",
    );
    // Kings went away and came back: no leap, 5 ordinary moves.
    check(KL, fen, "e1d1 e8d8 d1e1 d8e8", "e1d1 e1d2 e1e2 e1f1 e1f2");
    check(
        KL,
        fen,
        "e1d1 e8d8 d1e1 d8e8 e1e2",
        "e8d7 e8d8 e8e7 e8f7 e8f8",
    );
    // White's leap does not take Black's: after e1g1 Black still has 8 moves.
    check(KL, fen, "e1g1", "e8c8 e8d7 e8d8 e8e6 e8e7 e8f7 e8f8 e8g8");
}

/// One UCI session, positions in a row: rights must come from each new FEN,
/// not linger from the previous one.
#[test]
fn kings_leap_state_does_not_leak_between_positions() {
    let mut u = Uci::new();
    u.variant(KL);
    u.position("fen 4k3/8/8/8/8/8/8/4K3 w Kk - 0 1");
    assert_eq!(u.perft(1).total, 8);
    u.position("fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(u.perft(1).total, 5);
    u.position("fen 4k3/8/8/8/8/8/8/4K3 w Kk - 0 1 moves e1e2 e8e7 e2e1 e7e8");
    assert_eq!(u.perft(1).total, 5);
    u.position("fen 4k3/8/8/8/8/8/8/4K3 w Kk - 0 1");
    assert_eq!(u.perft(1).total, 8);
}

/// There is no castling in kings-leap. With the paulowich corner pieces (Ca1, Qh1)
/// and empty rank: 33 ordinary moves (Ca1: a2-a7, xa8, b1 c1 d1, Nb3 Nc2 = 12;
/// Qh1: h2-h7, xh8, g1 f1, g2-b7, xa8 = 16; K: d1 d2 e2 f1 f2 = 5) + the three leaps
/// c1 e3 g1 (nothing attacks d1 e2 f1 c1 e3 g1) = 36. e1g1 / e1c1 are leaps: the
/// queen stays on h1, the chancellor on a1 — checked on the next White move.
#[test]
fn kings_leap_has_no_castling() {
    let fen = "c3k2q/8/8/8/8/8/8/C3K2Q w Kk - 0 1";
    check(
        KL,
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 e1c1 e1e3 e1g1",
    );
    // After e1g1 e8e7: K g1, Q still h1, C a1 (pyffish agrees with `C5KQ`): 31.
    check(
        KL,
        fen,
        "e1g1 e8e7",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 a1e1 a1f1 g1f1 g1f2 g1g2 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f3 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // After e1c1 e8e7: K c1, C still a1, Q h1 (pyffish agrees with `C1K4Q`): 32.
    check(
        KL,
        fen,
        "e1c1 e8e7",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c2 c1b1 c1c2 c1d1 c1d2 \
         h1a8 h1b7 h1c6 h1d1 h1d5 h1e1 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
}

// ===================================================================================
// Paulowich's Chancellor Chess (`paulowich`)
// ===================================================================================

const PW: &str = "paulowich";
const PW_BASE: &str = "c3k2q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1";

/// Start position: 16 pawn moves + Na3 Nc3 Nf3 Nh3 + Cb3 = 21; nothing on move 1
/// interacts, so 21 * 21 = 441 (pyffish agrees, and gives 10431 at depth 3).
#[test]
fn paulowich_start_position() {
    assert_eq!(total(PW, None, 1), 21);
    assert_eq!(total(PW, None, 2), 441);
    assert_eq!(total(PW, None, 3), 10431);
}

/// Corner pieces only: both castlings. The 33 ordinary moves as in
/// `kings_leap_has_no_castling` + O-O e1g1 (f1 g1 empty and safe) + O-O-O e1c1
/// (b1 c1 d1 empty, d1 c1 safe) = 35 (pyffish agrees). Same for Black.
#[test]
fn paulowich_castling_both_sides() {
    check(
        PW,
        PW_BASE,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    check(
        PW,
        "c3k2q/8/8/8/8/8/8/C3K2Q b KQkq - 0 1",
        "",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b6 a8b8 a8c7 a8c8 a8d8 e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 e8g8 \
         h8a1 h8b2 h8c3 h8d4 h8e5 h8f6 h8f8 h8g7 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    assert_eq!(total(PW, Some(PW_BASE), 2), 957, "pyffish: 957");
}

/// O-O puts the queen on f1: Black's king loses f7 f8 (f-file) and O-O (passes f8):
/// 32 (pyffish agrees). Then after e8d8 White's queen moves from f1 (f1f8 etc.),
/// king on g1, nothing left on h1: 33.
#[test]
fn paulowich_kingside_castling_result() {
    check(
        PW,
        PW_BASE,
        "e1g1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b6 a8b8 a8c7 a8c8 a8d8 e8c8 e8d7 e8d8 e8e7 \
         h8a1 h8b2 h8c3 h8d4 h8e5 h8f6 h8f8 h8g7 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    check(
        PW,
        PW_BASE,
        "e1g1 e8d8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 a1e1 f1a6 f1b1 f1b5 f1c1 f1c4 f1d1 \
         f1d3 f1e1 f1e2 f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g2 f1h3 g1f2 g1g2",
    );
}

/// O-O-O puts the chancellor on d1 (rook + knight moves from d1), king on c1: 34.
#[test]
fn paulowich_queenside_castling_result() {
    check(
        PW,
        PW_BASE,
        "e1c1 e8f8",
        "c1b1 c1c2 c1d2 d1b2 d1c3 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1e3 d1f1 d1f2 d1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e1 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
}

/// Rights belong to the corner pieces: queen h1 out and back → no O-O (34);
/// chancellor a1 out and back → no O-O-O (34). Same through the FEN field.
#[test]
fn paulowich_rights_lost_with_corner_piece() {
    let no_oo = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 \
                 h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8";
    let no_ooo = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
                  h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8";
    check(PW, PW_BASE, "h1h2 h8h7 h2h1 h7h8", no_oo);
    check(PW, PW_BASE, "a1a2 a8a7 a2a1 a7a8", no_ooo);
    check(PW, "c3k2q/8/8/8/8/8/8/C3K2Q w Qq - 0 1", "", no_oo);
    check(PW, "c3k2q/8/8/8/8/8/8/C3K2Q w Kk - 0 1", "", no_ooo);
}

/// The d1 rook blocks O-O-O while it stands there (40 moves, no e1c1), but moving it
/// loses nothing: after Rd2 (and Black's Rd7) O-O-O is legal (47, pyffish agrees),
/// and likewise Black's O-O-O after White castled (47).
#[test]
fn paulowich_rook_move_keeps_rights() {
    let fen = "c2rk2q/8/8/8/8/8/8/C2RK2Q w KQkq - 0 1";
    check(
        PW,
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 \
         e1e2 e1f1 e1f2 e1g1 h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    check(
        PW,
        fen,
        "d1d2 d8d7",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 d2a2 d2b2 d2c2 d2d1 d2d3 d2d4 d2d5 d2d6 \
         d2d7 d2e2 d2f2 d2g2 d2h2 e1c1 e1d1 e1e2 e1f1 e1f2 e1g1 h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 \
         h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    check(
        PW,
        fen,
        "d1d2 d8d7 e1c1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b6 a8b8 a8c7 a8c8 a8d8 d7a7 d7b7 d7c7 d7d2 d7d3 d7d4 d7d5 d7d6 \
         d7d8 d7e7 d7f7 d7g7 d7h7 e8c8 e8d8 e8e7 e8f7 e8f8 e8g8 h8a1 h8b2 h8c3 h8d4 h8e5 h8f6 h8f8 h8g7 h8g8 \
         h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
}

/// Castling through / into check (pyffish agrees on every set).
#[test]
fn paulowich_castling_through_check() {
    // Rf8: f1 attacked → no O-O, no Kf1 Kf2: 32.
    check(
        PW,
        "c3kr1q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rg8: g1 (landing square) attacked → no O-O: 34.
    check(
        PW,
        "c3k1rq/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rd8: d1 attacked → no O-O-O, no Kd1 Kd2: 32.
    check(
        PW,
        "c2rk2q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1e2 e1f1 e1f2 e1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rc8: c1 (landing square) attacked → no O-O-O: 34.
    check(
        PW,
        "c1r1k2q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rb8: only b1 attacked, which only the chancellor crosses → O-O-O stays legal: 35.
    check(
        PW,
        "cr2k2q/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Bb4+: in check, no castling; the check cannot be blocked (c3/d2 unreachable): 4.
    check(
        PW,
        "c3k2q/8/8/8/1b6/8/8/C3K2Q w KQkq - 0 1",
        "",
        "e1d1 e1e2 e1f1 e1f2",
    );
}

// ===================================================================================
// Paulowich crosswise (`paulowich-crosswise`)
// ===================================================================================

const PX: &str = "paulowich-crosswise";
const PX_BASE: &str = "q2k3c/8/8/8/8/8/8/C3K2Q b kq - 0 1";

/// Start position: White 21 as in paulowich; Black (qnbkrbnc) also 21:
/// 16 pawn moves, Na6 Nc6 Nf6 Nh6, Cg6. Depth 3 = 10432 (pyffish on the mirrored
/// position, castling cannot happen within 3 plies).
#[test]
fn crosswise_start_position() {
    assert_eq!(total(PX, None, 1), 21);
    assert_eq!(total(PX, None, 2), 441);
    assert_eq!(total(PX, None, 3), 10432);
    check(
        PX,
        "startpos",
        "e2e4",
        "a7a5 a7a6 b7b5 b7b6 b8a6 b8c6 c7c5 c7c6 d7d5 d7d6 e7e5 e7e6 f7f5 f7f6 g7g5 g7g6 g8f6 g8h6 h7h5 h7h6 h8g6",
    );
}

/// White castles exactly as in paulowich (35, same set as paulowich_castling_both_sides).
#[test]
fn crosswise_white_castling_as_paulowich() {
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1a8 h1b7 h1c6 h1d5 h1e4 h1f1 h1f3 h1g1 h1g2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
}

/// Black, crosswise: king d8, queen a8, chancellor h8. King: c8 c7 d7 e7 e8 +
/// d8b8 (toward the queen; c8 b8 empty and safe) + d8f8 (toward the chancellor;
/// e8 f8 g8 empty, e8 f8 safe) = 7; Qa8: a7-a2, xa1, b8 c8, b7-g2, xh1 = 16;
/// Ch8: h7-h2, xh1, g8 f8 e8, Ng6 Nf7 = 12. Total 35 (pyffish, mirrored, agrees).
/// Depth 2 = 870 (pyffish, mirrored).
#[test]
fn crosswise_black_castling_both_sides() {
    let all = "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
               d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 d8f8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7";
    check(PX, PX_BASE, "", all);
    // White's rights in the field change nothing for Black.
    check(PX, "q2k3c/8/8/8/8/8/8/C3K2Q b KQkq - 0 1", "", all);
    assert_eq!(total(PX, Some(PX_BASE), 2), 870);
}

/// FEN letters: `k` = partner in the h-file corner (chancellor h8) → d8f8 only;
/// `q` = partner in the a-file corner (queen a8) → d8b8 only.
#[test]
fn crosswise_fen_letters() {
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3K2Q b k - 0 1",
        "",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8c7 d8c8 d8d7 d8e7 d8e8 d8f8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3K2Q b q - 0 1",
        "",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
}

/// Results: after d8b8 the queen stands on c8 (and the king on b8), nothing on a8:
/// after e1d2, Black has Kc7 and the c8 queen's moves (c8c1 down the file etc.): 32.
/// After d8f8 the chancellor stands on e8: e8e1 … and its knight moves d6 f6 g7 c7: 35.
#[test]
fn crosswise_black_castling_results() {
    check(
        PX,
        PX_BASE,
        "d8b8 e1d2",
        "b8c7 c8a6 c8b7 c8c1 c8c2 c8c3 c8c4 c8c5 c8c6 c8c7 c8d7 c8d8 c8e6 c8e8 c8f5 c8f8 c8g4 c8g8 c8h3 \
         h8d8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    check(
        PX,
        PX_BASE,
        "d8f8 e1d2",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8d8 a8e4 a8f3 a8g2 a8h1 \
         e8b8 e8c7 e8c8 e8d6 e8d8 e8e1 e8e2 e8e3 e8e4 e8e5 e8e6 e8e7 e8f6 e8g7 f8e7 f8f7 f8g7 f8g8",
    );
}

/// White O-O in crosswise puts the queen on f1; Black then cannot castle toward
/// f8 (f-file attacked) but can still castle d8b8: 34 (pyffish, mirrored).
#[test]
fn crosswise_after_white_castles() {
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1",
        "e1g1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
}

/// Corner piece out and back loses that side; the e8 rook leaving loses nothing.
#[test]
fn crosswise_rights() {
    let w = "q2k3c/8/8/8/8/8/8/C3K2Q w kq - 0 1";
    // Queen a8 moved: no d8b8: 34.
    check(
        PX,
        w,
        "a1a2 a8a7 a2a1 a7a8 e1d1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8c7 d8c8 d8d7 d8e7 d8e8 d8f8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    // Chancellor h8 moved: no d8f8: 34.
    check(
        PX,
        w,
        "h1h2 h8h7 h2h1 h7h8 e1d1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    // Rook on e8 blocks d8f8 (a white pawn on e2 stops it checking the e1 king):
    // Re8: e7-e3, xe2, f8 g8 = 8; 16 queen + 5 king (no d8f8, e8 occupied) + 11
    // chancellor (h-file 7, g8 f8, Ng6 Nf7) = 40 ...
    check(
        PX,
        "q2kr2c/8/8/8/8/8/4P3/C3K2Q b kq - 0 1",
        "",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8b8 d8c7 d8c8 d8d7 d8e7 e8e2 e8e3 e8e4 e8e5 e8e6 e8e7 e8f8 e8g8 \
         h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
    // ... but once it has moved (Re7), d8f8 is legal: 47.
    check(
        PX,
        "q2kr2c/8/8/8/8/8/4P3/C3K2Q b kq - 0 1",
        "e8e7 e1d1",
        "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1 \
         d8b8 d8c7 d8c8 d8d7 d8e8 d8f8 e7a7 e7b7 e7c7 e7d7 e7e2 e7e3 e7e4 e7e5 e7e6 e7e8 e7f7 e7g7 e7h7 \
         h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7",
    );
}

/// Black castling through check (pyffish, mirrored, agrees on every set).
#[test]
fn crosswise_black_castling_through_check() {
    let q = "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b7 a8b8 a8c6 a8c8 a8d5 a8e4 a8f3 a8g2 a8h1";
    let c = "h8e8 h8f7 h8f8 h8g6 h8g8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7";
    // Rc1: c8 attacked → no d8b8 (king passes c8), no Kc8 Kc7: 32.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C1R1K2Q b kq - 0 1",
        "",
        &format!("{} d8d7 d8e7 d8e8 d8f8 {}", q, c),
    );
    // Rb1: b8 (landing) attacked → no d8b8: 34.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/CR2K2Q b kq - 0 1",
        "",
        &format!("{} d8c7 d8c8 d8d7 d8e7 d8e8 d8f8 {}", q, c),
    );
    // Rf1: f8 (landing) attacked → no d8f8: 34.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3KR1Q b kq - 0 1",
        "",
        &format!("{} d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 {}", q, c),
    );
    // Re1 (king f1): e8 attacked → no d8f8, no Ke8 Ke7: 32.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3RK1Q b kq - 0 1",
        "",
        &format!("{} d8b8 d8c7 d8c8 d8d7 {}", q, c),
    );
    // Rg1: only g8 attacked, which only the chancellor crosses → d8f8 legal: 35.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C3K1RQ b kq - 0 1",
        "",
        &format!("{} d8b8 d8c7 d8c8 d8d7 d8e7 d8e8 d8f8 {}", q, c),
    );
    // Rd1+: in check; only Qd5 blocks, king c7 c8 e7 e8: 5.
    check(
        PX,
        "q2k3c/8/8/8/8/8/8/C2RK2Q b kq - 0 1",
        "",
        "a8d5 d8c7 d8c8 d8e7 d8e8",
    );
}

// ===================================================================================
// Grand chess (`grand`)
// ===================================================================================

const GR: &str = "grand";

/// Start position 65, depth 2 = 4225 (pyffish agrees).
#[test]
fn grand_start_position() {
    assert_eq!(total(GR, None, 1), 65);
    assert_eq!(total(GR, None, 2), 4225);
}

/// Lone pawn, White has only the king, so all six types (Q C A R B N) are below
/// their initial count. Pawn to rank 8 and to rank 9: the plain move plus six
/// promotions (optional zone). King a1: a2 b1 b2. Total 3 + 7 = 10 each.
#[test]
fn grand_optional_promotion_ranks_8_and_9() {
    check(
        GR,
        "k9/10/10/4P5/10/10/10/10/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e7e8 e7e8a e7e8b e7e8c e7e8n e7e8q e7e8r",
    );
    check(
        GR,
        "k9/10/4P5/10/10/10/10/10/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e8e9 e8e9a e8e9b e8e9c e8e9n e8e9q e8e9r",
    );
}

/// Rank 10: promotion compulsory, no plain e9e10: 3 + 6 = 9; with a black rook on
/// d10 also the six capture-promotions e9d10x: 15.
#[test]
fn grand_compulsory_promotion_rank_10() {
    check(
        GR,
        "k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e9e10a e9e10b e9e10c e9e10n e9e10q e9e10r",
    );
    check(
        GR,
        "k2r6/4P5/10/10/10/10/10/10/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e9d10a e9d10b e9d10c e9d10n e9d10q e9d10r e9e10a e9e10b e9e10c e9e10n e9e10q e9e10r",
    );
}

/// Promotion only to types with fewer on the board than in the initial array
/// (Q1 C1 A1 R2 B2 N2). Full sets are pyffish-verified; the pawn moves by hand.
#[test]
fn grand_promotion_only_to_missing_types() {
    // White has Q C A R R B B N (one knight short): e9e10n is the only pawn move. 84 total.
    let d = perft_cmd(
        GR,
        Some("k9/4P5/10/10/10/10/10/10/10/KQCARRBBN1 w - - 0 1"),
        1,
    );
    let pawn: Vec<&String> = d.moves.keys().filter(|m| m.starts_with("e9")).collect();
    assert_eq!(pawn, vec!["e9e10n"], "only the knight is missing");
    assert_eq!(d.total, 84);
    // White has Q R B B: C A R N are available, Q and B are not.
    check(
        GR,
        "k9/4P5/10/10/10/10/10/10/10/KQR1BB4 w - - 0 1",
        "",
        "a1a2 a1b2 b1a2 b1b10 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1b9 b1c2 b1d3 b1e4 b1f5 b1g6 b1h7 b1i8 b1j9 \
         c1c10 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1c9 c1d1 e1a5 e1b4 e1c3 e1d2 e1f2 e1g3 e1h4 e1i5 e1j6 \
         e9e10a e9e10c e9e10n e9e10r f1a6 f1b5 f1c4 f1d3 f1e2 f1g2 f1h3 f1i4 f1j5",
    );
    // Same material, pawn on rank 8: plain e8e9 plus a c n r.
    let d = perft_cmd(GR, Some("k9/10/4P5/10/10/10/10/10/10/KQR1BB4 w - - 0 1"), 1);
    assert_has(
        "grand Q R B B pawn e8",
        &d,
        &["e8e9", "e8e9a", "e8e9c", "e8e9n", "e8e9r"],
        &["e8e9q", "e8e9b"],
    );
    assert_eq!(d.total, 53);
}

/// Full set (Q C A R R B B N N): the pawn can never promote, so it may not step to
/// rank 10 nor capture there (85, pyffish agrees); on rank 8 it still moves to 9
/// without promotion (85).
#[test]
fn grand_pawn_that_cannot_promote() {
    let d = perft_cmd(
        GR,
        Some("k2r6/4P5/10/10/10/10/10/10/10/KQCARRBBNN w - - 0 1"),
        1,
    );
    assert!(
        !d.moves.keys().any(|m| m.starts_with("e9")),
        "pawn e9 has no move: {:?}",
        d.move_set()
    );
    assert_eq!(d.total, 85);
    let d = perft_cmd(
        GR,
        Some("k9/10/4P5/10/10/10/10/10/10/KQCARRBBNN w - - 0 1"),
        1,
    );
    let pawn: Vec<&String> = d.moves.keys().filter(|m| m.starts_with("e8")).collect();
    assert_eq!(pawn, vec!["e8e9"]);
    assert_eq!(d.total, 85);
}

/// ... but that pawn still attacks d10 and f10. Black king f10 is in check from
/// e9: e10 (not attacked: file blocked by the pawn), g10, g9; f9 is hit by Rf1 and
/// Kxe9 is protected by Re1: 3. Black king g10: f10 is attacked by the pawn, f9 by
/// the rook → g9 h10 h9: 3.
#[test]
fn grand_unpromotable_pawn_still_attacks() {
    check(
        GR,
        "5k4/4P5/10/10/10/10/10/10/10/KQCARRBBNN b - - 0 1",
        "",
        "f10e10 f10g10 f10g9",
    );
    check(
        GR,
        "6k3/4P5/10/10/10/10/10/10/10/KQCARRBBNN b - - 0 1",
        "",
        "g10g9 g10h10 g10h9",
    );
}

/// Black's mirror: ranks 3-2 optional, 1 compulsory; full black set → no move to rank 1.
#[test]
fn grand_black_promotion() {
    check(
        GR,
        "k9/10/10/10/10/10/4p5/10/10/K9 b - - 0 1",
        "",
        "a10a9 a10b10 a10b9 e4e3 e4e3a e4e3b e4e3c e4e3n e4e3q e4e3r",
    );
    check(
        GR,
        "k9/10/10/10/10/10/10/4p5/10/K9 b - - 0 1",
        "",
        "a10a9 a10b10 a10b9 e3e2 e3e2a e3e2b e3e2c e3e2n e3e2q e3e2r",
    );
    check(
        GR,
        "k9/10/10/10/10/10/10/10/4p5/K9 b - - 0 1",
        "",
        "a10a9 a10b10 a10b9 e2e1a e2e1b e2e1c e2e1n e2e1q e2e1r",
    );
    let d = perft_cmd(
        GR,
        Some("kqcarrbbnn/10/10/10/10/10/10/10/4p5/K9 b - - 0 1"),
        1,
    );
    assert!(
        !d.moves.keys().any(|m| m.starts_with("e2")),
        "black pawn e2 cannot promote: {:?}",
        d.move_set()
    );
    assert_eq!(d.total, 85);
}

/// Double step from rank 3 only: e3 → e4 e5; e4 → e5; blocked on e5 → only e4.
/// Black from rank 8: d8 → d7 d6.
#[test]
fn grand_double_step() {
    check(
        GR,
        "k9/10/10/10/10/10/10/4P5/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e3e4 e3e5",
    );
    check(
        GR,
        "k9/10/10/10/10/10/4P5/10/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e4e5",
    );
    check(
        GR,
        "k9/10/10/10/10/4p5/10/4P5/10/K9 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e3e4",
    );
    check(
        GR,
        "k9/10/3p6/10/4P5/10/10/10/10/K9 b - - 0 1",
        "",
        "a10a9 a10b10 a10b9 d8d6 d8d7",
    );
}

/// En passant after a double step: e3e5 passes e4, the d5 pawn takes on e4 and the
/// e5 pawn disappears (White is left with king moves only). Black's d8d6 passes d7,
/// the e6 pawn takes on d7.
#[test]
fn grand_en_passant() {
    let fen = "k9/10/10/10/10/3p6/10/4P5/10/K9 w - - 0 1";
    check(GR, fen, "e3e5", "a10a9 a10b10 a10b9 d5d4 d5e4");
    check(GR, fen, "e3e5 d5e4", "a1a2 a1b1 a1b2");
    let fen = "k9/10/3p6/10/4P5/10/10/10/10/K9 b - - 0 1";
    check(GR, fen, "d8d6", "a1a2 a1b1 a1b2 e6d7 e6e7");
    check(GR, fen, "d8d6 e6d7", "a10a9 a10b10 a10b9");
    // The same through the FEN's en-passant field.
    check(
        GR,
        "k9/10/10/10/10/3pP5/10/10/10/K9 b - e4 0 1",
        "",
        "a10a9 a10b10 a10b9 d5d4 d5e4",
    );
}

// ===================================================================================
// Chess and the 10-file classics
// ===================================================================================

/// Aliases: chess, standard, normal all give the 20 moves of the start position.
#[test]
fn chess_aliases() {
    for v in ["chess", "standard", "normal"] {
        assert_eq!(total(v, None, 1), 20, "variant {}", v);
        assert_eq!(total(v, None, 3), 8902, "variant {}", v);
    }
}

/// En passant: 1.e4 a6 2.e5 d5: exd6 e.p. is among 31 moves (pyffish agrees); after
/// it the d5 pawn is gone (Black: 28, e.g. e7xd6 and c7xd6 exist, d8d6 queen move).
#[test]
fn chess_en_passant() {
    let mv = "e2e4 a7a6 e4e5 d7d5";
    check(
        "chess",
        "startpos",
        mv,
        "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d1e2 d1f3 d1g4 d1h5 d2d3 d2d4 e1e2 e5d6 e5e6 f1a6 f1b5 f1c4 \
         f1d3 f1e2 f2f3 f2f4 g1e2 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4",
    );
    check(
        "chess",
        "startpos",
        "e2e4 a7a6 e4e5 d7d5 e5d6",
        "a6a5 a8a7 b7b5 b7b6 b8c6 b8d7 c7c5 c7c6 c7d6 c8d7 c8e6 c8f5 c8g4 c8h3 d8d6 d8d7 e7d6 e7e5 e7e6 e8d7 \
         f7f5 f7f6 g7g5 g7g6 g8f6 g8h6 h7h5 h7h6",
    );
    // From a FEN ep field, Black capturing: d4xe3 e.p., after which e4 is empty.
    check(
        "chess",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "",
        "d4d3 d4e3 e8d7 e8d8 e8e7 e8f7 e8f8",
    );
    check(
        "chess",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "d4e3",
        "e1d1 e1e2 e1f1",
    );
}

/// Horizontally pinned en passant: Ka5, Pe5, pd5, rh5: exd6 would empty rank 5
/// between the rook and the king → illegal (6 moves). Without the rook: 7.
#[test]
fn chess_en_passant_horizontal_pin() {
    check(
        "chess",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "",
        "a5a4 a5a6 a5b4 a5b5 a5b6 e5e6",
    );
    check(
        "chess",
        "8/8/8/K2pP3/8/8/8/7k w - d6 0 1",
        "",
        "a5a4 a5a6 a5b4 a5b5 a5b6 e5d6 e5e6",
    );
}

/// Castling: both sides (26), then through check (pyffish agrees on every set),
/// and the rook really lands on f1 / d1.
#[test]
fn chess_castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    check(
        "chess",
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rf8 (f1 attacked) and Rb8 (only b1 attacked, O-O-O still legal): 23.
    check(
        "chess",
        "1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rd8: d1 attacked → no O-O-O: 23.
    check(
        "chess",
        "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1e2 e1f1 e1f2 e1g1 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // Rc8 and Rg8: both landing squares attacked: 24.
    check(
        "chess",
        "2r1k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // After O-O and Black's O-O-O: rook f1 (f-file up to f8), king g1: 24.
    check(
        "chess",
        fen,
        "e1g1 e8c8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 f1b1 f1c1 f1d1 f1e1 f1f2 f1f3 f1f4 f1f5 \
         f1f6 f1f7 f1f8 g1f2 g1g2",
    );
    check(
        "chess",
        fen,
        "e1c1 e8g8",
        "c1b1 c1b2 c1c2 c1d2 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1f1 d1g1 \
         h1e1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
}

/// Promotion to q r b n, by push and by capture, both colours: 3 king + 8 = 11.
#[test]
fn chess_promotion() {
    check(
        "chess",
        "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1",
        "",
        "a1a2 a1b1 a1b2 e7d8b e7d8n e7d8q e7d8r e7e8b e7e8n e7e8q e7e8r",
    );
    check(
        "chess",
        "7k/8/8/8/8/8/4p3/K2R4 b - - 0 1",
        "",
        "e2d1b e2d1n e2d1q e2d1r e2e1b e2e1n e2e1q e2e1r h8g7 h8g8 h8h7",
    );
}

/// Capablanca: king f1 castles 3 squares: f1i1 (rook j1→h1) and f1c1 (rook a1→d1).
/// 28 moves (pyffish agrees); after f1i1 the rook is on h1 (h1b1 … h1h8); after
/// f1c1 it is on d1.
#[test]
fn capablanca_castling() {
    let fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    check(
        "capablanca",
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 f1c1 f1e1 f1e2 f1f2 f1g1 f1g2 f1i1 \
         j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    check(
        "capablanca",
        fen,
        "f1i1 f8e8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 h1b1 h1c1 h1d1 h1e1 h1f1 h1g1 \
         h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 i1h2 i1i2",
    );
    check(
        "capablanca",
        fen,
        "f1c1 f8g8",
        "c1b1 c1b2 c1c2 c1d2 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1f1 d1g1 d1h1 d1i1 \
         j1e1 j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    // Rd8 and Rh8 cover d1 and h1, squares the king crosses: no castling: 26.
    check(
        "capablanca",
        "3r1k1r2/10/10/10/10/10/10/R4K3R w KQ - 0 1",
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 f1e1 f1e2 f1f2 f1g1 f1g2 \
         j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    // Rb8 covers only b1 (rook's path): castling stays legal: 28.
    let d = perft_cmd(
        "capablanca",
        Some("1r3k4/10/10/10/10/10/10/R4K3R w KQ - 0 1"),
        1,
    );
    assert_has("capablanca Rb8", &d, &["f1c1", "f1i1"], &[]);
    assert_eq!(d.total, 28);
    // Start position: 28, depth 2 = 784.
    assert_eq!(total("capablanca", None, 1), 28);
    assert_eq!(total("capablanca", None, 2), 784);
}

/// Gothic castles like capablanca (28 in the same bare position, pyffish agrees).
#[test]
fn gothic_castling() {
    let d = perft_cmd(
        "gothic",
        Some("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        1,
    );
    assert_has("gothic castling", &d, &["f1c1", "f1i1"], &["f1h1", "f1b1"]);
    assert_eq!(d.total, 28);
}

/// Janus: O-O e1→i1 with the rook j1→h1, O-O-O e1→b1 with the rook a1→c1.
#[test]
fn janus_castling() {
    let fen = "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1";
    check(
        "janus",
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1b1 e1d1 e1d2 e1e2 e1f1 e1f2 e1i1 \
         j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    check(
        "janus",
        fen,
        "e1i1 e8d8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 h1b1 h1c1 h1d1 h1e1 h1f1 h1g1 \
         h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 i1h2 i1i2",
    );
    check(
        "janus",
        fen,
        "e1b1 e8f8",
        "b1b2 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1e1 c1f1 c1g1 c1h1 c1i1 \
         j1d1 j1e1 j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    let d = perft_cmd(
        "janus",
        Some("r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1"),
        1,
    );
    assert_has("janus black", &d, &["e8i8", "e8b8"], &["e8g8", "e8c8"]);
    assert_eq!(d.total, 28);
}

/// Embassy: O-O e1→h1 with the rook j1→g1, O-O-O e1→b1 with the rook a1→c1.
#[test]
fn embassy_castling() {
    let fen = "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1";
    check(
        "embassy",
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1b1 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1 \
         j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    check(
        "embassy",
        fen,
        "e1h1 e8d8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 g1b1 g1c1 g1d1 g1e1 g1f1 g1g2 g1g3 \
         g1g4 g1g5 g1g6 g1g7 g1g8 h1g2 h1h2 h1i1 h1i2",
    );
    check(
        "embassy",
        fen,
        "e1b1 e8f8",
        "b1b2 b1c2 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 c1d1 c1e1 c1f1 c1g1 c1h1 c1i1 \
         j1d1 j1e1 j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
    );
    let d = perft_cmd(
        "embassy",
        Some("r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1"),
        1,
    );
    assert_has(
        "embassy black",
        &d,
        &["e8h8", "e8b8"],
        &["e8g8", "e8c8", "e8i8"],
    );
    assert_eq!(d.total, 28);
}

/// Tutti-frutti: O-O-O with the Empress a1→d1 (king c1), O-O with the h1 rook.
/// Empress a1 in the base position: a2-a7, xa8, b1 c1 d1, Nb3 Nc2 = 12; rook h1:
/// h2-h7, xh8, g1 f1 = 9; king 5 + 2 castlings = 7. Total 28 (pyffish agrees).
#[test]
fn tutti_frutti_castling() {
    let fen = "e3k2r/8/8/8/8/8/8/E3K2R w KQkq - 0 1";
    check(
        "tutti-frutti",
        fen,
        "",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // After O-O-O the Empress is on d1 (rook and knight moves from d1).
    check(
        "tutti-frutti",
        fen,
        "e1c1 e8f8",
        "c1b1 c1b2 c1c2 c1d2 d1b2 d1c3 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 d1e1 d1e3 d1f1 d1f2 d1g1 \
         h1e1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    check(
        "tutti-frutti",
        fen,
        "e1g1 e8d8",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b3 a1c1 a1c2 a1d1 a1e1 f1b1 f1c1 f1d1 f1e1 f1f2 f1f3 \
         f1f4 f1f5 f1f6 f1f7 f1f8 g1f2 g1g2",
    );
    let d = perft_cmd(
        "tutti-frutti",
        Some("e3k2r/8/8/8/8/8/8/E3K2R b KQkq - 0 1"),
        1,
    );
    assert_has("tutti-frutti black", &d, &["e8c8", "e8g8"], &[]);
    assert_eq!(d.total, 28);
    // Start position: 23, 529, 15032 (pyffish with a tutti-frutti definition).
    assert_eq!(total("tutti-frutti", None, 1), 23);
    assert_eq!(total("tutti-frutti", None, 2), 529);
    assert_eq!(total("tutti-frutti", None, 3), 15032);
}

// ===================================================================================
// Deeper perft against independent oracles
// ===================================================================================
//
// The numbers below were computed with an independent, deliberately simple Python
// move generator written for this test suite (8x8, pieces K Q R B N C P, King's Leap
// and crosswise castling implemented from chancellor.md). That generator reproduces
// pyffish exactly on paulowich (castling by corner pieces) at depth 1-4 and on the
// crosswise form wherever pyffish can express it (mirrored, Black castling only), and
// it reproduces every hand-checked set in this file. Grand numbers are from pyffish.

fn deep(variant: &str, fen: &str, depth: u32, nodes: u64) {
    let d = perft_cmd(variant, Some(fen), depth);
    assert_eq!(d.total, nodes, "{} `{}` perft {}", variant, fen, depth);
}

#[test]
fn kings_leap_deep_perft() {
    assert_eq!(total(KL, None, 3), 11952);
    assert_eq!(total(KL, None, 4), 292918);
    deep(KL, "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1", 4, 2697);
    deep(KL, "c3k2q/8/8/8/8/8/8/C3K2Q w Kk - 0 1", 3, 32535);
    deep(KL, "c3k2q/8/8/8/8/8/8/C3K2Q w Kk - 0 1", 4, 978816);
    deep(
        KL,
        "cnbrkbnq/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/CNBRKBNQ w Kk - 0 3",
        3,
        44995,
    );
    deep(
        KL,
        "cn2k1nq/pppb1ppp/3p4/4p3/4P3/3P4/PPPB1PPP/CN2K1NQ w Kk - 0 1",
        4,
        1016987,
    );
    deep(KL, "2r1k2r/8/8/8/8/8/8/R3K1NR w Kk - 0 1", 3, 15996);
    deep(KL, "4k3/8/8/3n4/8/5b2/8/R3K2R w Kk - 0 1", 4, 238988);
}

#[test]
fn paulowich_deep_perft() {
    // pyffish agrees on all of these.
    deep(PW, PW_BASE, 3, 29396);
    deep(PW, "c2rk2q/8/8/8/8/8/8/C2RK2Q w KQkq - 0 1", 3, 47187);
    deep(
        PW,
        "c3k2q/pppp1ppp/8/4P3/8/8/PP1P1PPP/C3K2Q b KQkq - 0 1",
        3,
        16262,
    );
    deep(PW, "r3k2q/1P6/8/3pP3/8/8/6p1/C3K2Q w KQk d6 0 1", 3, 32199);
    deep(PW, "c3k2q/p6p/8/8/8/8/P6P/C3K2Q w KQkq - 0 1", 4, 365995);
}

#[test]
fn crosswise_deep_perft() {
    assert_eq!(total(PX, None, 4), 245373);
    deep(PX, PX_BASE, 3, 26312);
    deep(PX, "q2k3c/8/8/8/8/8/8/C3K2Q w KQkq - 0 1", 3, 27238);
    deep(PX, "q2k3c/8/8/8/8/8/8/C3K2Q b KQkq - 0 1", 4, 778744);
    deep(PX, "q2k3c/p6p/8/8/8/8/P6P/C3K2Q w KQkq - 0 1", 4, 324197);
    deep(
        PX,
        "q2kr2c/pp1p1ppp/8/8/8/8/PP1PP1PP/C2RK2Q w KQkq - 0 1",
        3,
        16235,
    );
    deep(PX, "q2kr2c/pp3ppp/8/8/8/8/4P3/C3K2Q b kq - 0 1", 3, 22422);
    deep(PX, "q2k3c/8/8/8/8/8/8/C3K1RQ w kq - 0 1", 3, 37511);
}

#[test]
fn grand_deep_perft() {
    // Promotion-limited material on both sides (pyffish).
    deep(
        GR,
        "k9/2P1P5/10/10/10/10/10/10/2p1p5/KQR1BB4 w - - 0 1",
        3,
        13092,
    );
    // White may only promote to B or N, and after one promotion the choice narrows.
    deep(
        GR,
        "6k2r/1P1P6/8P1/10/10/10/10/1p8/2p7/KQCARRB3 w - - 0 1",
        1,
        55,
    );
    deep(
        GR,
        "6k2r/1P1P6/8P1/10/10/10/10/1p8/2p7/KQCARRB3 w - - 0 1",
        3,
        78556,
    );
    // En passant after Black's d8d6 (e.p. square d7).
    deep(
        GR,
        "r8r/1nbqkcabn1/ppp1pppppp/10/3pP5/10/10/PPPP1PPPPP/1NBQKCABN1/R8R w - d7 0 3",
        2,
        5388,
    );
    deep(
        GR,
        "r8r/1nbqkcabn1/ppp1pppppp/10/3pP5/10/10/PPPP1PPPPP/1NBQKCABN1/R8R w - d7 0 3",
        3,
        370782,
    );
}
