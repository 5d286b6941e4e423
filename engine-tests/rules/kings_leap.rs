//! King's Leap Chess (`kings-leap`): the Dabbaba leaps of an unmoved King.

use super::*;

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
