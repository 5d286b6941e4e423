//! Fischer Random castling (`fischerandom`, `caparandom`, and `UCI_Chess960`): hand-checked
//! positions, the UCI conventions, and the rule that a plain game keeps its fixed start
//! squares. The perft data (`perft/fischerandom.perft`, `perft/caparandom.perft`) comes from
//! python-chess and pyffish (`scripts/gen_chess960_perft.py`).

mod common;
use common::*;

const FRC: &str = "fischerandom";

/// The castling moves of a position, written as the king taking its partner.
fn castles(variant: &str, fen: &str) -> Vec<String> {
    let d = perft_cmd(variant, Some(fen), 1);
    let king = |m: &String| {
        // The moves from the king's square onto one of its own rooks' squares.
        let from = &m[..2];
        let to = &m[2..];
        fen_piece(fen, from) == Some('K') && fen_piece(fen, to) == Some('R')
    };
    d.move_set().into_iter().filter(king).collect()
}

/// The piece on an 8x8 square of a FEN's board.
fn fen_piece(fen: &str, square: &str) -> Option<char> {
    let b = square.as_bytes();
    let (file, rank) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
    let row = fen.split('/').nth(7 - rank)?;
    let mut f = 0;
    for c in row.chars() {
        if let Some(n) = c.to_digit(10) {
            f += n as usize;
        } else {
            if f == file {
                return Some(c);
            }
            f += 1;
        }
    }
    None
}

/// The king on g1 castles with the h1 rook without moving: only the rook goes (to f1). With
/// the other rook on f1, that square is taken, so only O-O-O (king g1→c1, rook f1→d1) is left.
#[test]
fn a_king_already_on_its_castled_square() {
    assert_eq!(
        castles(FRC, "4k3/8/8/8/8/8/8/R5KR w HA - 0 1"),
        ["g1a1", "g1h1"]
    );
    assert_eq!(castles(FRC, "4k3/8/8/8/8/8/8/5RKR w HF - 0 1"), ["g1f1"]);
}

/// A rook on the king's destination is no obstacle (it moves away), but the king may not end
/// on or cross an attacked square: the rook on g8 watches g1.
#[test]
fn rook_on_the_kings_destination() {
    assert_eq!(
        castles(FRC, "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"),
        ["e1b1", "e1g1"]
    );
    assert_eq!(
        castles(FRC, "4k1r1/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"),
        ["e1b1"]
    );
}

/// King c1 with its rook on b1 and an enemy rook on a1: castling O-O-O leaves the king on c1
/// but takes the b1 rook away to d1, opening the rank: illegal, although the king never
/// moves and stands on no attacked square before.
#[test]
fn the_castling_rook_was_the_kings_shield() {
    let d = perft_cmd(FRC, Some("4k3/8/8/8/8/8/8/rRK5 w B - 0 1"), 1);
    assert_has("shield", &d, &["c1d1", "c1c2", "c1d2", "b1a1"], &["c1b1"]);
    assert_eq!(d.total, 5);
}

/// Every square between the king and its destination and between the rook and its
/// destination must be empty (but for the two castling pieces); a knight on d1 blocks O-O-O
/// from e1 with the b1 rook (the rook goes to d1).
#[test]
fn pieces_in_the_way() {
    assert_eq!(
        castles(FRC, "r3k3/8/8/8/8/8/8/1R1NK1R1 w GB - 0 1"),
        ["e1g1"]
    );
}

/// Capablanca's castling squares in its random form: the king lands on i1 / c1, the rook
/// next to it on h1 / d1; Black's too.
#[test]
fn caparandom_castling() {
    let d = perft_cmd(
        "caparandom",
        Some("r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1"),
        1,
    );
    assert_has("caparandom", &d, &["e8a8", "e8j8"], &[]);
    let u = uci_perft(
        "caparandom",
        "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
        &["e1a1", "e8j8"],
        1,
    );
    assert_has("after both castled", &u, &["c1b1", "d1d8"], &["e1a1"]);
}

/// Under `UCI_Chess960` the game `chess` is played by Fischer Random rules: a shuffled
/// start is accepted, castling is read and written as the king taking its rook, and the
/// position after it is right. Without the option, such a FEN is refused and the last good
/// position kept.
#[test]
fn uci_chess960_option() {
    let mut u = Uci::new();
    let fen = "nrk1bbrn/pppppppp/8/8/8/8/PPPPPPPP/NRK1BBRN w KQkq - 0 1";
    let err = u.expect_error(&format!("position fen {fen}"));
    assert!(err.contains("king"), "{err}");
    // The change of game is announced, as a change of `UCI_Variant` is.
    u.send("setoption name UCI_Chess960 value true");
    let lines = u.sync();
    assert_eq!(
        lines.first().map(String::as_str),
        Some(
            "info string variant fischerandom files 8 ranks 8 startpos \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ),
        "{lines:?}"
    );
    u.position(&format!("fen {fen} moves c1b1"));
    u.send("d");
    let lines = u.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: nrk1bbrn/pppppppp/8/8/8/8/PPPPPPPP/N1KRBBRN b kq - 1 1"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Variant: fischerandom")),
        "{lines:?}"
    );
    // The best move among one castling move is that move, in the same notation.
    u.position(&format!("fen {fen}"));
    u.send("go depth 2 searchmoves c1b1");
    let (_, best) = u.read_until("bestmove", TIMEOUT, |l| l.starts_with("bestmove"));
    assert!(best.starts_with("bestmove c1b1"), "{best}");
    // Back to plain chess: the shuffled start is refused again.
    u.send("setoption name UCI_Chess960 value false");
    let lines = u.sync();
    assert!(
        lines
            .first()
            .is_some_and(|l| l.starts_with("info string variant chess files 8 ranks 8 ")),
        "{lines:?}"
    );
    u.expect_error(&format!("position fen {fen}"));
}

/// Under `UCI_Chess960` a cancellation or relay game over chess or Capablanca is played over
/// its base's Fischer Random form (`cancellation-chess` → `cancellation-fischerandom`), as
/// announced; a game whose base has no such form (Gothic) stays as it is. With the king on
/// c1 and rooks b1 and g1, castling is the king taking a rook, the same as in `fischerandom`.
#[test]
fn uci_chess960_over_cancellation_and_relay() {
    let fen = "nrk1bbrn/pppppppp/8/8/8/8/PPPPPPPP/NRK1BBRN w KQkq - 0 1";
    for (chosen, played) in [
        ("cancellation-chess", Some("cancellation-fischerandom")),
        ("relay-chess", Some("relay-fischerandom")),
        (
            "cancellation-anti-relay-chess",
            Some("cancellation-anti-relay-fischerandom"),
        ),
        (
            "cancellation-extended-capablanca",
            Some("cancellation-extended-caparandom"),
        ),
        ("relay-indirect-anti-relay-gothic", None),
    ] {
        let mut u = Uci::new();
        u.send("setoption name UCI_Chess960 value true");
        u.sync();
        u.send(&format!("setoption name UCI_Variant value {chosen}"));
        let lines = u.sync();
        let announced = played.unwrap_or(chosen);
        assert!(
            lines
                .first()
                .is_some_and(|l| l.starts_with(&format!("info string variant {announced} "))),
            "{chosen}: {lines:?}"
        );
        if announced.ends_with("fischerandom") {
            u.position(&format!("fen {fen}"));
            let d = u.perft(1);
            assert_has(chosen, &d, &["c1b1"], &["c1g1"]);
            let plain = uci_perft(FRC, fen, &[], 1);
            assert!(d.total >= plain.total, "{chosen}: {} moves", d.total);
        }
    }
}

/// `UCI_Variant fischerandom` plays by those rules without the option too, and writes
/// castling the same way. King b1: O-O-O (to c1, the a1 rook to d1) is legal; O-O would put
/// the king on g1, which the g8 rook watches through its own rook's square. 35 moves
/// (python-chess agrees).
#[test]
fn fischerandom_by_name() {
    let d = uci_perft(FRC, "rk4rq/8/8/8/8/8/8/RK4RQ w GAga - 0 1", &[], 1);
    assert_has("by name", &d, &["b1a1"], &["b1g1"]);
    assert_eq!(d.total, 35);
}

/// The castling partner is part of the position's hash: two Fischer Random positions with the
/// same placement and the same rights, one castling with the a1 rook and one with the b1 rook,
/// hash apart (they have different moves), while a FEN naming the a1 rook by its file is the
/// same position as its `Q`. The hash kept move by move equals the one from the FEN of the
/// position reached, whether the inner partner's right is kept or lost.
#[test]
fn the_castling_partner_is_hashed() {
    let registry = chimera::variant::Registry::builtin();
    let gt = registry.find(FRC).unwrap();
    let hash = |fen: &str| gt.position(fen).unwrap().hash();
    let board = "rrk5/8/8/8/8/8/8/RRK5";
    assert_ne!(
        hash(&format!("{board} w Qq - 0 1")),
        hash(&format!("{board} w Bq - 0 1"))
    );
    assert_ne!(
        hash(&format!("{board} w Bq - 0 1")),
        hash(&format!("{board} w Bb - 0 1"))
    );
    assert_eq!(
        hash(&format!("{board} w Qq - 0 1")),
        hash(&format!("{board} w Aq - 0 1"))
    );
    for (moves, after) in [
        // The a1 rook leaves: the b1 rook's right stays, now the outermost (written Q).
        (&["a1a3", "a8a6"][..], "1rk5/8/r7/8/8/R7/8/1RK5 w Qq - 2 2"),
        // The partner leaves: its right is gone.
        (&["b1b2"][..], "rrk5/8/8/8/8/8/1R6/R1K5 b b - 1 1"),
        // Castling with the b1 rook.
        (&["c1b1"][..], "rrk5/8/8/8/8/8/8/R1KR4 b b - 1 1"),
    ] {
        let mut game = gt.position(&format!("{board} w Bb - 0 1")).unwrap();
        for m in moves {
            let m = game.parse_uci(m).unwrap();
            game.play(m);
            assert_eq!(game.hash(), game.compute_hash(), "after {moves:?}");
        }
        assert_eq!(game.fen(), after);
        assert_eq!(game.hash(), hash(after), "after {moves:?}");
    }
}
