//! Malformed input must never crash or hang the engine.
//!
//! * `chimera perft …` with bad input: exit code 2 and a single non-empty line on
//!   stderr (never a panic, which exits 101; never a hang).
//! * UCI loop: every bad command is answered by exactly one line starting with
//!   `info string`, the engine stays alive (`isready` → `readyok`) and keeps its
//!   previous good state (variant and position: `go perft 1` gives the old count).
//!
//! Every interaction runs under a timeout (see `common`), so a hung engine fails.

mod common;
use common::*;
use std::time::Duration;

// -----------------------------------------------------------------------------------
// Helpers
// -----------------------------------------------------------------------------------

/// The perft subcommand must fail cleanly: exit code 2, exactly one non-empty line on
/// stderr, no panic message, no `Nodes searched` on stdout.
fn expect_cli_error(what: &str, args: &[&str]) {
    let r = run_bin(args, None, TIMEOUT);
    let err_lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let ok = !r.timed_out
        && r.code == Some(2)
        && err_lines.len() == 1
        && !r.stderr.contains("panicked")
        && !r.stdout.contains("Nodes searched");
    assert!(
        ok,
        "{}: `chimera {}` must exit with code 2 and one stderr line (101 = panic)\n{}",
        what,
        args.join(" "),
        r.describe()
    );
}

fn expect_fen_error(what: &str, variant: &str, fen: &str) {
    expect_cli_error(
        what,
        &["perft", "--variant", variant, "--fen", fen, "--depth", "1"],
    );
}

/// Either clean success (exit 0 with a perft result) or a clean error (exit 2, one
/// stderr line); never a panic or a hang.
fn expect_no_crash(what: &str, args: &[&str]) -> Option<String> {
    let r = run_bin(args, None, TIMEOUT);
    let err_lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let clean_ok = r.code == Some(0) && r.stdout.contains("Nodes searched");
    let clean_err = r.code == Some(2) && err_lines.len() == 1;
    assert!(
        !r.timed_out && !r.stderr.contains("panicked") && (clean_ok || clean_err),
        "{}: `chimera {}` must either succeed or fail cleanly (exit 2, one line)\n{}",
        what,
        args.join(" "),
        r.describe()
    );
    if clean_ok {
        Some(r.stdout)
    } else {
        None
    }
}

/// Malformed FENs for 8x8 `chess`: (what, fen).
const BAD_CHESS_FENS: &[(&str, &str)] = &[
    (
        "7 ranks",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "9 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "empty rank between slashes",
        "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "trailing slash",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
    ),
    (
        "rank too long (digit 9)",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (9 pieces)",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (pieces + digit)",
        "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too short (7 squares)",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too short (pieces)",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "rank too long (two-digit run 10)",
        "rnbqkbnr/pppppppp/10/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "unknown piece letter x",
        "rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chancellor letter in chess",
        "rnbqkbnr/pppppppp/8/8/3C4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "archbishop letter in chess",
        "rnbqkbnr/pppppppp/8/8/3a4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "amazon letter in chess",
        "rnbqkbnr/pppppppp/8/8/3Z4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "non-ASCII piece",
        "rnbqkbnr/pppppppp/8/8/3\u{e9}4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "punctuation in board",
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "two white kings",
        "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "two black kings",
        "rnbqkbnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "no white king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    ),
    (
        "no black king",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    ),
    ("no kings at all", "8/8/8/8/8/8/8/8 w - - 0 1"),
    (
        "bad castling letter Z",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1",
    ),
    (
        "castling files beyond the board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w xyz - 0 1",
    ),
    (
        "castling field digits",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 12 - 0 1",
    ),
    (
        "bad side to move x",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ),
    (
        "bad side to move wb",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1",
    ),
    (
        "side to move missing",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
    ),
    (
        "en passant rank off board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    ),
    (
        "en passant file off board",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq j6 0 1",
    ),
    (
        "en passant garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq xx 0 1",
    ),
    (
        "en passant reversed",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 6e 0 1",
    ),
    (
        "halfmove clock -1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    ),
    (
        "fullmove number -1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
    ),
    (
        "counters are letters",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a b",
    ),
    (
        "halfmove clock fractional",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1",
    ),
    (
        "halfmove clock overflow",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999999 1",
    ),
    (
        "extra trailing field",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
    ),
    ("empty string", ""),
    ("only spaces", "   "),
    (
        "capablanca FEN (10 files) for chess",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "grand FEN (10x10) for chess",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "chancellor FEN (9x9) for chess",
        "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
    ),
];

/// FENs for the wrong board size or the wrong piece set, per variant: (what, variant, fen).
const BAD_OTHER_FENS: &[(&str, &str, &str)] = &[
    (
        "chess FEN (8 files) for capablanca",
        "capablanca",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "chess FEN (8x8) for grand",
        "grand",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        "capablanca FEN (8 ranks) for grand",
        "grand",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1",
    ),
    (
        "chess FEN (8x8) for chancellor 9x9",
        "chancellor",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "capablanca FEN for janus",
        "janus",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "grand rank too long",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/11/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand 11 ranks",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
    (
        "grand en passant rank 11",
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - e11 0 1",
    ),
    (
        "janus letter j in paulowich",
        "paulowich",
        "cnbrkbnq/pppppppp/8/8/3J4/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "archbishop letter in paulowich",
        "paulowich",
        "cnbrkbnq/pppppppp/8/8/3a4/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
    ),
    (
        "empress letter in kings-leap",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/3E4/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1",
    ),
    (
        "two white kings in kings-leap",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/3K4/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1",
    ),
    (
        "kings-leap castling field garbage",
        "kings-leap",
        "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Xx - 0 1",
    ),
    (
        "amazon letter in capablanca",
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/4Z5/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "tutti-frutti 9 files",
        "tutti-frutti",
        "enbzkqar1/pppppppp/8/8/8/8/PPPPPPPP/ENBZKQAR w KQkq - 0 1",
    ),
];

// -----------------------------------------------------------------------------------
// perft subcommand
// -----------------------------------------------------------------------------------

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

// -----------------------------------------------------------------------------------
// UCI loop
// -----------------------------------------------------------------------------------

/// A known good state: chess, K+R vs K with the O-O right: 15 moves
/// (K d1 d2 e2 f1 f2 + O-O = 6, rook h2-h8 and g1 f1 = 9).
const GOOD_FEN: &str = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
const GOOD_COUNT: u64 = 15;

fn good_session() -> Uci {
    let mut u = Uci::new();
    u.variant("chess");
    u.position(&format!("fen {}", GOOD_FEN));
    let d = u.perft(1);
    if d.total != GOOD_COUNT {
        u.fail(&format!(
            "baseline {} should have {} moves, engine says {}",
            GOOD_FEN, GOOD_COUNT, d.total
        ));
    }
    u
}

fn assert_state_kept(u: &mut Uci, after: &str) {
    let d = u.perft(1);
    if d.total != GOOD_COUNT {
        u.fail(&format!(
            "after bad input {} the previous position must be kept: go perft 1 should give {}, got {}",
            after, GOOD_COUNT, d.total
        ));
    }
}

#[test]
fn uci_handshake() {
    let mut u = Uci::start();
    let lines = u.handshake();
    assert!(
        lines.iter().any(|l| l.starts_with("id name")),
        "no `id name` line: {:?}",
        lines
    );
    assert!(
        lines.iter().any(|l| l.starts_with("id author")),
        "no `id author` line: {:?}",
        lines
    );
    let var = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"));
    assert!(var.is_some(), "no UCI_Variant option: {:?}", lines);
    let var = var.unwrap();
    if var.contains(" type combo") {
        let vars: Vec<&str> = var
            .split(" var ")
            .skip(1)
            .map(|s| s.split_whitespace().next().unwrap_or(""))
            .collect();
        for v in [
            "chess",
            "capablanca",
            "gothic",
            "janus",
            "embassy",
            "chancellor",
            "grand",
            "tutti-frutti",
            "paulowich",
            "paulowich-crosswise",
            "kings-leap",
        ] {
            assert!(
                vars.contains(&v),
                "UCI_Variant combo lacks `var {}`: {}",
                v,
                var
            );
        }
    }
    assert_eq!(
        u.quit(),
        Some(0),
        "`quit` should end the engine with exit code 0"
    );
}

#[test]
fn uci_is_default_mode() {
    let mut u = Uci::start_with(&[]);
    u.handshake();
    u.variant("chess");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 20);
}

/// EOF on stdin (GUI died) must end the engine, not spin or hang.
#[test]
fn uci_exits_on_eof() {
    let r = run_bin(&["uci"], Some(b"uci\nisready\n"), Duration::from_secs(10));
    assert!(
        !r.timed_out,
        "engine did not exit after EOF on stdin\n{}",
        r.describe()
    );
    assert!(
        r.stdout.contains("uciok") && r.stdout.contains("readyok"),
        "{}",
        r.describe()
    );
    assert!(
        r.code == Some(0),
        "exit code after EOF should be 0\n{}",
        r.describe()
    );
}

#[test]
fn uci_bad_fens_keep_position() {
    let mut u = good_session();
    for (what, fen) in BAD_CHESS_FENS {
        let cmd = format!("position fen {}", fen);
        u.expect_error(&cmd);
        assert_state_kept(&mut u, &format!("{} ({:?})", what, cmd));
    }
    u.expect_error("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_state_kept(&mut u, "board-only FEN");
}

#[test]
fn uci_bad_fens_other_variants_keep_position() {
    for (what, variant, fen) in BAD_OTHER_FENS {
        let mut u = Uci::new();
        u.variant(variant);
        u.position("startpos");
        let before = u.perft(1).total;
        u.expect_error(&format!("position fen {}", fen));
        let after = u.perft(1).total;
        if before != after {
            u.fail(&format!(
                "{}: position changed after a rejected FEN ({} -> {})",
                what, before, after
            ));
        }
    }
}

#[test]
fn uci_malformed_position_commands() {
    let mut u = good_session();
    for cmd in [
        "position",
        "position fen",
        "position foo",
        "position startpos foo",
        "position startpos moves e2e4 moves e7e5",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 foo e1e2",
        "position 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_illegal_moves_keep_position() {
    let mut u = good_session();
    for cmd in [
        // illegal as the last move of a legal prefix: nothing of the list may stick
        "position startpos moves e2e4 e7e5 g1g5",
        "position startpos moves e2e5",
        "position startpos moves e7e5",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e1g1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position fen 4k3/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8q",
        "position fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1 moves e1g1",
        "position fen 2k5/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8k",
        "position fen 2k5/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8",
        "position fen 3k4/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e3q",
        // moving into check / leaving the king in check
        "position fen 4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 moves e1d1",
        "position fen 4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1 moves e2d2",
        // after checkmate nothing is legal
        "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1 moves h8g8",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_unparseable_moves_keep_position() {
    let mut u = good_session();
    for cmd in [
        "position startpos moves zz99",
        "position startpos moves e2",
        "position startpos moves e2e4e6",
        "position startpos moves e2e9",
        "position startpos moves i2i4",
        "position startpos moves a0a1",
        "position startpos moves e2-e4",
        "position startpos moves e2e4 e7e5 g1f3x",
        "position startpos moves 1234",
        "position startpos moves \u{e9}2e4",
        "position startpos moves e7e8X",
        "position startpos moves e2e10",
        "position startpos moves e99999999999999999999e4",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

/// Bad variant: error, and the previous variant stays (capablanca start: 28 moves,
/// also after a fresh `position startpos`).
#[test]
fn uci_unknown_variant_keeps_variant() {
    let mut u = Uci::new();
    u.variant("capablanca");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 28);
    for cmd in [
        "setoption name UCI_Variant value nosuchvariant",
        "setoption name UCI_Variant value",
        "setoption name UCI_Variant value chess960x",
        "setoption name UCI_Variant value frobnicate-chess",
    ] {
        u.expect_error(cmd);
        let d = u.perft(1);
        if d.total != 28 {
            u.fail(&format!(
                "after {:?} the capablanca position must stay (28), got {}",
                cmd, d.total
            ));
        }
        u.position("startpos");
        let d = u.perft(1);
        if d.total != 28 {
            u.fail(&format!("after {:?} the variant must stay capablanca: position startpos gives {} (28 expected)", cmd, d.total));
        }
    }
}

/// Setting a variant and then a FEN of the wrong size for it.
#[test]
fn uci_wrong_size_fen_for_variant() {
    let mut u = Uci::new();
    u.variant("grand");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 65);
    u.expect_error("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(u.perft(1).total, 65);
    u.expect_error("position startpos moves e2e4");
    assert_eq!(u.perft(1).total, 65);
    // A 10-rank move works in grand.
    u.position("startpos moves e3e5");
    assert_eq!(
        u.perft(1).total,
        65,
        "grand after e3e5: Black still has 65 moves (pyffish)"
    );
}

#[test]
fn uci_unknown_and_bad_options() {
    let mut u = Uci::start();
    let lines = u.handshake();
    u.variant("chess");
    u.position(&format!("fen {}", GOOD_FEN));
    for cmd in [
        "setoption name NoSuchOption value 3",
        "setoption name NoSuchOption",
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption foo bar",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
    // Every spin option: out-of-range and non-numeric values are errors.
    let mut tested = 0;
    for l in &lines {
        if !l.starts_with("option name ") || !l.contains(" type spin") {
            continue;
        }
        let name = l["option name ".len()..]
            .split(" type ")
            .next()
            .unwrap()
            .trim()
            .to_string();
        let field = |key: &str| -> Option<i64> {
            let toks: Vec<&str> = l.split_whitespace().collect();
            toks.iter()
                .position(|t| *t == key)
                .and_then(|i| toks.get(i + 1))
                .and_then(|v| v.parse().ok())
        };
        if let (Some(min), Some(max)) = (field("min"), field("max")) {
            for v in [
                (max as i128 + 1).to_string(),
                (min as i128 - 1).to_string(),
                "abc".to_string(),
                "".to_string(),
            ] {
                let cmd = format!("setoption name {} value {}", name, v);
                u.expect_error(&cmd);
                assert_state_kept(&mut u, &cmd);
            }
            tested += 1;
        }
    }
    // Check options must take true/false only.
    for l in &lines {
        if l.starts_with("option name ") && l.contains(" type check") {
            let name = l["option name ".len()..]
                .split(" type ")
                .next()
                .unwrap()
                .trim()
                .to_string();
            let cmd = format!("setoption name {} value maybe", name);
            u.expect_error(&cmd);
            assert_state_kept(&mut u, &cmd);
            tested += 1;
        }
    }
    // Combo options: a value outside the `var` list is an error.
    for l in &lines {
        if l.starts_with("option name ") && l.contains(" type combo") {
            let name = l["option name ".len()..]
                .split(" type ")
                .next()
                .unwrap()
                .trim()
                .to_string();
            let cmd = format!("setoption name {} value __no_such_value__", name);
            u.expect_error(&cmd);
            assert_state_kept(&mut u, &cmd);
            tested += 1;
        }
    }
    // String options naming a file (…Path / …File): a missing file and a file that is
    // not in the expected format are errors — still exactly one line each.
    let junk = std::env::temp_dir().join(format!("chimera-bad-input-{}.txt", std::process::id()));
    std::fs::write(&junk, "this is\nnot a\n[variant file\n= = =\n\u{0}\u{1}\n").unwrap();
    for l in &lines {
        if !l.starts_with("option name ") || !l.contains(" type string") {
            continue;
        }
        let name = l["option name ".len()..]
            .split(" type ")
            .next()
            .unwrap()
            .trim()
            .to_string();
        let lname = name.to_lowercase();
        if !(lname.contains("path") || lname.contains("file")) {
            continue;
        }
        for v in [
            "/nonexistent/dir/chimera-variants.ini".to_string(),
            junk.display().to_string(),
        ] {
            let cmd = format!("setoption name {} value {}", name, v);
            u.expect_error(&cmd);
            assert_state_kept(&mut u, &cmd);
            u.position("startpos");
            let d = u.perft(1);
            if d.total != 20 {
                u.fail(&format!(
                    "after {:?} the variant should still be chess (20), got {}",
                    cmd, d.total
                ));
            }
            u.position(&format!("fen {}", GOOD_FEN));
            tested += 1;
        }
    }
    let _ = std::fs::remove_file(&junk);
    eprintln!("range-checked {} options", tested);
}

/// `go perft` before any `position`: either the start position of the current
/// variant (chess: 20) or one `info string` error; the engine stays alive.
#[test]
fn uci_go_before_position() {
    let mut u = Uci::new();
    u.send("go perft 1");
    let (before, last) = u.read_until("`Nodes searched:` or an `info string` line", TIMEOUT, |l| {
        l.starts_with("Nodes searched:") || l.starts_with("info string")
    });
    if last.starts_with("Nodes searched:") {
        let mut all = before;
        all.push(last);
        let d = parse_divide(&all).unwrap_or_else(|e| u.fail(&e));
        assert_eq!(
            d.total, 20,
            "go perft 1 without position should use the chess start position"
        );
        u.sync();
    } else {
        let extra = u.sync();
        if !before.is_empty() || !extra.is_empty() {
            u.fail("an error for `go` before `position` must be a single `info string` line and nothing else");
        }
    }
    u.variant("chess");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 20);
}

#[test]
fn uci_bad_go_commands() {
    let mut u = good_session();
    for cmd in [
        "go perft x",
        "go perft -1",
        "go perft",
        "go perft 1.5",
        "go perft 99999999999999999999999",
        "go frobnicate",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

#[test]
fn uci_unknown_commands() {
    let mut u = good_session();
    for cmd in [
        "foo",
        "xyzzy 1 2 3",
        "positionfen",
        "ucinewgamex",
        "123",
        "!@#$%^&*()",
    ] {
        u.expect_error(cmd);
        assert_state_kept(&mut u, cmd);
    }
}

/// Empty or blank lines are not commands: at most one `info string` line, nothing else.
#[test]
fn uci_empty_lines() {
    let mut u = good_session();
    let raws: [&[u8]; 4] = [b"", b"   ", b"\t", b" \t  "];
    for raw in raws {
        u.expect_error_raw(raw, &format!("{:?}", String::from_utf8_lossy(raw)), false);
        assert_state_kept(&mut u, "an empty line");
    }
}

/// Garbage lines that are valid UTF-8 (control characters, escape sequences, a BOM,
/// random printable junk): one `info string` line each, state kept.
#[test]
fn uci_garbage_bytes_valid_utf8() {
    let mut u = good_session();
    let fixed: Vec<Vec<u8>> = vec![
        vec![0x00, 0x01, 0x02, b'x'],
        b"\x1b[31mred\x1b[0m".to_vec(),
        "\u{feff}garbage".as_bytes().to_vec(),
        "\u{1f600} \u{4e2d}\u{6587} \u{0}".as_bytes().to_vec(),
        b"\x07\x08\x7f".to_vec(),
    ];
    for g in &fixed {
        let line = u.expect_error_raw(g, &format!("{:?}", String::from_utf8_lossy(g)), true);
        // What the user typed is echoed escaped: no raw escape sequence reaches a terminal.
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
    for bad in [
        &b"position startpos moves e2\x1b[2Je4"[..],
        b"setoption name \x00Hash value 1",
        b"position fen 8/8/8/8/8/8/8/\x07 w - - 0 1",
    ] {
        let line = u.expect_error_raw(bad, &format!("{:?}", String::from_utf8_lossy(bad)), true);
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_state_kept(&mut u, &format!("{:?}", String::from_utf8_lossy(bad)));
    }
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..30 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = 1 + (seed % 40) as usize;
        let mut g: Vec<u8> = Vec::with_capacity(len + 1);
        g.push(b'#'); // never blank (blank lines are covered elsewhere)
        let mut x = seed;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            g.push(0x20 + ((x >> 33) % 95) as u8); // printable ASCII
        }
        u.expect_error_raw(&g, &format!("{:?}", String::from_utf8_lossy(&g)), true);
        assert_state_kept(
            &mut u,
            &format!("garbage {:?}", String::from_utf8_lossy(&g)),
        );
    }
}

/// Garbage lines that are not UTF-8 at all (random bytes): the engine must not treat
/// them as end of input; one `info string` line each, state kept.
#[test]
fn uci_garbage_bytes_invalid_utf8() {
    let mut u = good_session();
    let fixed: Vec<Vec<u8>> = vec![
        vec![0xff, 0xfe, 0xfd],
        vec![0xc3, 0x28],
        vec![0xe2, 0x82],
        b"go perft \xff".to_vec(),
    ];
    for g in &fixed {
        u.expect_error_raw(g, &format!("{:?}", g), true);
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..20 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = 1 + (seed % 40) as usize;
        let mut g: Vec<u8> = vec![b'#', 0xff];
        let mut x = seed;
        for _ in 0..len {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let b = (x >> 56) as u8;
            if b != b'\n' && b != b'\r' {
                g.push(b);
            }
        }
        u.expect_error_raw(&g, &format!("{:?}", g), true);
        assert_state_kept(&mut u, &format!("garbage {:?}", g));
    }
}

/// A very long line (100 000 characters) is one bad command.
#[test]
fn uci_very_long_line() {
    let mut u = good_session();
    let long = "x".repeat(100_000);
    u.expect_error(&long);
    assert_state_kept(&mut u, "a 100 000-character line");
    let long_moves = format!("position startpos moves {}", "e2e4 ".repeat(20_000));
    u.expect_error(&long_moves);
    assert_state_kept(&mut u, "20 000 repeated e2e4");
}

/// Many errors in a row, then the state is still the old one.
#[test]
fn uci_error_burst() {
    let mut u = good_session();
    for i in 0..50 {
        let cmd = match i % 5 {
            0 => "position fen garbage".to_string(),
            1 => "setoption name UCI_Variant value nosuch".to_string(),
            2 => "position startpos moves e2e5".to_string(),
            3 => format!("bogus{}", i),
            _ => "go perft x".to_string(),
        };
        u.expect_error(&cmd);
    }
    assert_state_kept(&mut u, "a burst of 50 errors");
}

/// Windows line endings are tolerated (GUIs on Windows send CRLF).
#[test]
fn uci_crlf_line_endings() {
    let mut u = Uci::new();
    u.send_raw(
        b"setoption name UCI_Variant value chess\r\nposition startpos moves e2e4\r\nisready\r\n",
    );
    let (lines, _) = u.read_until("readyok", TIMEOUT, |l| l.trim() == "readyok");
    if lines.iter().any(|l| l.contains("error")) {
        u.fail("CRLF-terminated commands were rejected");
    }
    let d = u.perft(1);
    assert_eq!(d.total, 20, "after 1.e4 Black has 20 moves");
    assert!(d.has("e7e5"));
}
