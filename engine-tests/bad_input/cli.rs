//! The perft subcommand with bad input: exit code 2 and one stderr line, never a panic.

use super::*;

#[test]
fn cli_valid_baseline() {
    // Sanity: the good path works, so the failures below are about the bad input.
    let d = perft_cmd("chess", None, 1);
    assert_eq!(d.total, 20);
    let d = perft_cmd(
        "chess",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        2,
    );
    assert_eq!(d.total, 400);
}

#[test]
fn cli_bad_fens_chess() {
    for (what, fen) in BAD_CHESS_FENS {
        expect_fen_error(what, "chess", fen);
    }
}

#[test]
fn cli_bad_fens_other_variants() {
    for (what, variant, fen) in BAD_OTHER_FENS {
        expect_fen_error(what, variant, fen);
    }
}

/// A FEN with only the board (no side to move at all). The brief lists "side to move
/// missing" as malformed; kept separate so that a deliberate leniency is visible.
#[test]
fn cli_fen_board_only_rejected() {
    expect_fen_error(
        "board field only",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    );
}

/// An en-passant square on the wrong rank for the side to move (e3 with White to
/// move) is nonsense: the engine may reject the FEN or ignore the square, but it
/// must not invent a capture onto e3 (White's d2/f2 pawns would "capture" there).
#[test]
fn cli_fen_ep_square_on_wrong_rank() {
    let fen = "4k3/8/8/8/4p3/8/3P1P2/4K3 w - e3 0 1";
    if let Some(out) = expect_no_crash(
        "ep square e3 with White to move",
        &[
            "perft",
            "--variant",
            "chess",
            "--fen",
            fen,
            "--depth",
            "1",
            "--divide",
        ],
    ) {
        let lines: Vec<String> = out.lines().map(|s| s.to_string()).collect();
        let d = parse_divide(&lines).unwrap();
        assert_has(
            "ep e3 with White to move",
            &d,
            &["d2d3", "f2f3", "d2d4", "f2f4"],
            &["d2e3", "f2e3"],
        );
        // Kd1 Ke2 Kf1 (d2 f2 hold own pawns) + d3 d4 f3 f4 = 7 (pyffish agrees with `-`).
        assert_eq!(d.total, 7, "got {:?}", d.move_set());
    }
}

#[test]
fn cli_unknown_variant() {
    expect_cli_error(
        "unknown variant",
        &["perft", "--variant", "nosuchvariant", "--depth", "1"],
    );
    expect_cli_error("empty variant", &["perft", "--variant", "", "--depth", "1"]);
    expect_cli_error(
        "variant with spaces",
        &["perft", "--variant", "chess 960", "--depth", "1"],
    );
    expect_cli_error(
        "unknown modifier prefix",
        &["perft", "--variant", "frobnicate-chess", "--depth", "1"],
    );
    expect_cli_error(
        "unknown variant with a FEN",
        &[
            "perft",
            "--variant",
            "nosuchvariant",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--depth",
            "1",
        ],
    );
}

#[test]
fn cli_bad_depth() {
    for (what, depth) in [
        ("negative depth", "-1"),
        ("letters", "x"),
        ("empty", ""),
        ("fractional", "1.5"),
        ("overflow", "99999999999999999999999"),
        ("trailing junk", "2x"),
    ] {
        expect_cli_error(what, &["perft", "--variant", "chess", "--depth", depth]);
    }
}

/// A missing argument is named on the one error line (clap lists it on a line of its own).
#[test]
fn cli_missing_argument_is_named() {
    for (args, missing) in [
        (&["perft", "--variant", "chess"][..], "--depth"),
        (&["check-variants"][..], "<FILE>"),
        (&["match", "--games", "2"][..], "--engine"),
    ] {
        expect_cli_error("missing argument", args);
        let r = run_bin(args, None, TIMEOUT);
        assert!(r.stderr.contains(missing), "{args:?}: {}", r.describe());
    }
}

/// Positions that are well-formed but odd (side not to move in check, pawns on the
/// back rank, castling right without a rook, adjacent kings). The engine may accept
/// or reject them, but must never panic or hang.
#[test]
fn cli_odd_positions_never_crash() {
    let odd = [
        (
            "side not to move is in check",
            "chess",
            "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
        ),
        (
            "side not to move is in check (rook on e-file)",
            "chess",
            "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        ),
        ("kings adjacent", "chess", "8/8/8/3kK3/8/8/8/8 w - - 0 1"),
        (
            "white pawn on rank 8",
            "chess",
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            "white pawn on rank 1",
            "chess",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        ),
        (
            "black pawn on rank 1",
            "chess",
            "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        ),
        (
            "castling right without rook",
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        ),
        (
            "castling right with king off e1",
            "chess",
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
        ),
        (
            "ep square without pawn",
            "chess",
            "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
        ),
        (
            "17 white pawns",
            "chess",
            "4k3/8/PPPPPPPP/PPPPPPPP/P7/8/8/4K3 w - - 0 1",
        ),
        (
            "grand pawn on rank 10",
            "grand",
            "k3P5/10/10/10/10/10/10/10/10/K9 w - - 0 1",
        ),
        (
            "grand white pawn on rank 1",
            "grand",
            "k9/10/10/10/10/10/10/10/10/K3P5 w - - 0 1",
        ),
        (
            "grand promoted extra queens",
            "grand",
            "k9/10/10/10/10/10/10/10/10/KQQQ6 w - - 0 1",
        ),
        (
            "kings-leap K with king off e1",
            "kings-leap",
            "4k3/8/8/8/8/8/8/3K4 w K - 0 1",
        ),
        (
            "paulowich castling with empty corners",
            "paulowich",
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        ),
        (
            "crosswise castling with empty corners",
            "paulowich-crosswise",
            "3k4/8/8/8/8/8/8/4K3 b KQkq - 0 1",
        ),
        ("stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        ("checkmate", "chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        (
            "huge counters",
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w - - 4000000000 4000000000",
        ),
    ];
    for (what, v, fen) in odd {
        for depth in ["1", "2"] {
            expect_no_crash(
                what,
                &[
                    "perft",
                    "--variant",
                    v,
                    "--fen",
                    fen,
                    "--depth",
                    depth,
                    "--divide",
                ],
            );
        }
    }
}

/// A castling (or King's Leap) right in the FEN while the king is not on its initial
/// square. The king has moved, so the right cannot exist: the engine may reject the
/// FEN (as it does for a right without partner) or drop the right, but it must not
/// castle or leap from the wrong square (which would also list e.g. `d1c1` twice).
#[test]
fn cli_castling_right_with_king_off_home_square() {
    let cases: &[(&str, &str, &str)] = &[
        // King d1, rook h1, `K`: K c1 e1 c2 d2 e2, R e1 f1 g1 h2-h8 = 15, no d1g1.
        (
            "chess",
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            "d1c1 d1e1 d1c2 d1d2 d1e2 h1e1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
        ),
        // King d1, rook a1, `Q`: K c1 e1 c2 d2 e2, R b1 c1 a2-a8 = 14 (d1c1 only once).
        ("chess", "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "d1c1 d1e1 d1c2 d1d2 d1e2 a1b1 a1c1 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8"),
        // Black king d8, rook h8, `k`: 15, no d8g8.
        (
            "chess",
            "3k3r/8/8/8/8/8/8/4K3 b k - 0 1",
            "d8c7 d8d7 d8e7 d8c8 d8e8 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7 h8e8 h8f8 h8g8",
        ),
        // Capablanca king belongs on f1; on e1 it cannot castle: K 5, Ra1 10, Rj1 11 = 26.
        (
            "capablanca",
            "5k4/10/10/10/10/10/10/R3K4R w KQ - 0 1",
            "e1d1 e1f1 e1d2 e1e2 e1f2 a1b1 a1c1 a1d1 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 \
             j1f1 j1g1 j1h1 j1i1 j1j2 j1j3 j1j4 j1j5 j1j6 j1j7 j1j8",
        ),
        // Paulowich king on d1 with KQ: K 5, Qh1 17, Ca1 11 = 33, no d1g1, d1c1 once.
        (
            "paulowich",
            "4k3/8/8/8/8/8/8/C2K3Q w KQ - 0 1",
            "d1c1 d1e1 d1c2 d1d2 d1e2 h1e1 h1f1 h1g1 h1g2 h1h2 h1f3 h1h3 h1e4 h1h4 h1d5 h1h5 h1c6 h1h6 h1b7 \
             h1h7 h1a8 h1h8 a1b1 a1c1 a1a2 a1c2 a1a3 a1b3 a1a4 a1a5 a1a6 a1a7 a1a8",
        ),
        // Crosswise Black king belongs on d8; on e8 with kq: K 5, qa8 17, ch8 11 = 33,
        // no e8b8, e8f8 once.
        (
            "paulowich-crosswise",
            "q3k2c/8/8/8/8/8/8/4K3 b kq - 0 1",
            "e8d7 e8e7 e8f7 e8d8 e8f8 a8a1 a8h1 a8a2 a8g2 a8a3 a8f3 a8a4 a8e4 a8a5 a8d5 a8a6 a8c6 a8a7 a8b7 \
             a8b8 a8c8 a8d8 h8h1 h8h2 h8h3 h8h4 h8h5 h8g6 h8h6 h8f7 h8h7 h8f8 h8g8",
        ),
        // King's Leap only from e1 / e8: a king on d1 (d8) with the right has no leap.
        ("kings-leap", "4k3/8/8/8/8/8/8/3K4 w K - 0 1", "d1c1 d1e1 d1c2 d1d2 d1e2"),
        ("kings-leap", "3k4/8/8/8/8/8/8/4K3 b k - 0 1", "d8c7 d8d7 d8e7 d8c8 d8e8"),
    ];
    let mut failures = Vec::new();
    for (v, fen, expected) in cases {
        let args = [
            "perft",
            "--variant",
            v,
            "--fen",
            fen,
            "--depth",
            "1",
            "--divide",
        ];
        if let Some(out) = expect_no_crash(&format!("{} {}", v, fen), &args) {
            let lines: Vec<String> = out.lines().map(|s| s.to_string()).collect();
            match parse_divide(&lines) {
                Err(e) => failures.push(format!("{} `{}`: {}\n{}", v, fen, e, out)),
                Ok(d) => {
                    let exp: std::collections::BTreeSet<String> =
                        expected.split_whitespace().map(|s| s.to_string()).collect();
                    let have = d.move_set();
                    if have != exp || d.total != exp.len() as u64 {
                        failures.push(format!(
                            "{} `{}`: accepted, but castles/leaps from the wrong square: extra {:?}, missing {:?}, total {}",
                            v,
                            fen,
                            have.difference(&exp).collect::<Vec<_>>(),
                            exp.difference(&have).collect::<Vec<_>>(),
                            d.total
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Deep-ish perft on a mate / stalemate (no legal moves) gives 0 nodes, not a crash.
#[test]
fn cli_no_legal_moves_counts_zero() {
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let d = perft_cmd("chess", Some(fen), 1);
        assert_eq!(d.total, 0, "{}", fen);
        assert!(d.moves.is_empty());
        let d = perft_cmd("chess", Some(fen), 3);
        assert_eq!(d.total, 0, "{}", fen);
    }
}
