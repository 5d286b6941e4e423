//! Chess and the 10-file classics: aliases, en passant, castling, promotion.

use super::*;

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

/// FIDE 9.2.3: an en-passant capture that may not be made (here the capturer is pinned to its
/// king by the h4 queen) does not make a position different. The square is kept neither after
/// the double step nor from a FEN, so the position, its FEN and its key (which repetition
/// compares) equal those without it, as python-chess has them (pyffish keeps the square).
/// Without the pin the square stays. The same in cancellation chess, whose rules judge the
/// capture (both pawns vanish, and the fourth rank opens all the same).
#[test]
fn chess_en_passant_that_cannot_be_made_is_no_en_passant() {
    let in_game = |variant: &str, pos: &str| -> Vec<String> {
        let mut u = Uci::new();
        u.variant(variant);
        u.position(pos);
        u.send("d");
        let lines = u.sync();
        lines
            .into_iter()
            .filter(|l| l.starts_with("Fen:") || l.starts_with("Key:"))
            .collect()
    };
    let fen_and_key = |pos: &str| in_game("chess", pos);
    let plain = fen_and_key("fen 8/8/8/8/k3Pp1Q/8/8/4K3 b - - 0 1");
    assert_eq!(plain.len(), 2, "{plain:?}");
    assert_eq!(plain[0], "Fen: 8/8/8/8/k3Pp1Q/8/8/4K3 b - - 0 1");
    let after_double_step = fen_and_key("fen 8/8/8/8/k4p1Q/8/4P3/4K3 w - - 0 1 moves e2e4");
    assert_eq!(after_double_step, plain);
    let from_fen = fen_and_key("fen 8/8/8/8/k3Pp1Q/8/8/4K3 b - e3 0 1");
    assert_eq!(from_fen, plain);
    let unpinned = fen_and_key("fen 8/8/8/8/k4p2/8/4P3/4K3 w - - 0 1 moves e2e4");
    assert_eq!(unpinned[0], "Fen: 8/8/8/8/k3Pp2/8/8/4K3 b - e3 0 1");
    let cancellation = "cancellation-chess";
    let pinned = in_game(
        cancellation,
        "fen 8/8/8/8/k4p1Q/8/4P3/4K3 w - - 0 1 moves e2e4",
    );
    assert_eq!(pinned[0], "Fen: 8/8/8/8/k3Pp1Q/8/8/4K3 b - - 0 1");
    let free = in_game(
        cancellation,
        "fen 8/8/8/8/k4p2/8/4P3/4K3 w - - 0 1 moves e2e4",
    );
    assert_eq!(free[0], "Fen: 8/8/8/8/k3Pp2/8/8/4K3 b - e3 0 1");
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
