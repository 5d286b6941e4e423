//! Paulowich's Chancellor Chess (`paulowich`) and its crosswise form: castling with the
//! corner pieces, rights, and the crosswise Black castling.

use super::*;

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
