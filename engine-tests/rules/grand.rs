//! Grand chess (`grand`): promotion ranks and limits, the double step from the third rank, en
//! passant.

use super::*;

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
