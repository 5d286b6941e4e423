//! Hand-checked rule tests for Knight Relay Chess (`knight-relay`; Mannis Charosh, 1972):
//! a piece other than a King or a Knight that a friendly Knight defends (a Knight's leap away)
//! may also move as a Knight; Knights neither capture nor are captured and give no check; a
//! Pawn's relayed leap may not end on its first or last rank; a Pawn on its second rank may
//! double-step however it got there; no en passant. Every expected list was worked out by hand
//! (the reasoning above it); scripts/oracles/knight_relay.py, written from the rules alone,
//! agrees with them and with the perft data file.

mod common;
use common::*;

/// The start position: the usual 20 moves, and the two Pawns the Knights defend leap: d2 (from
/// b1) to b3 c4 e4 f3 (b1 and f1 are taken, and the first rank is barred anyway), e2 (from g1)
/// to c3 d4 f4 g3.
#[test]
fn start_position() {
    check_moves(
        "knight-relay",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[],
        &[
            "b1a3", "b1c3", "g1f3", "g1h3", "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3",
            "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "d2b3", "d2c4",
            "d2e4", "d2f3", "e2c3", "e2d4", "e2f4", "e2g3",
        ],
    );
}

/// The White Knight on d6 is a Knight's leap from the Black King on e8: no check, and the King
/// may step anywhere around it (d7 and e7 next to the Knight included).
#[test]
fn knights_give_no_check() {
    check_moves(
        "knight-relay",
        "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",
        &[],
        &["e8d8", "e8f8", "e8d7", "e8e7", "e8f7"],
    );
}

/// The Black Queen on c3 sees the White Knight on a1 along the diagonal but may not take it;
/// b2 before it is hers.
#[test]
fn knights_are_not_captured() {
    let d = uci_perft("knight-relay", "4k3/8/8/8/8/2q5/8/N5K1 b - - 0 1", &[], 1);
    assert_has("immune knight", &d, &["c3b2", "c3c1"], &["c3a1"]);
}

/// The Knight on c4 defends the White Queen on d6, so the Queen also leaps like a Knight: she
/// checks the King on e8 (d6-e8) and holds f7 (d6-f7); d8, d7, e7 and f8 are hers by her own
/// lines. A relayed check cannot be blocked and the Knight cannot be taken: only Rxd6.
#[test]
fn relayed_check() {
    check_moves(
        "knight-relay",
        "4k3/8/r2Q4/8/2N5/8/8/4K3 b - - 0 1",
        &[],
        &["a6d6"],
    );
}

/// The Pawn on c6, defended by the Knight on e7, leaps to a7 a5 e5 b4 d4 but not to b8 or d8
/// (its last rank), so the Black King on d8 is not in check. Knight e7: c8 g8 g6 d5 f5 (c6 is
/// its own). King e1: d1 d2 e2 f1 f2.
#[test]
fn relayed_pawn_barred_from_the_last_rank() {
    check_moves(
        "knight-relay",
        "3k4/4N3/2P5/8/8/8/8/4K3 w - - 0 1",
        &[],
        &[
            "c6c7", "c6a7", "c6a5", "c6e5", "c6b4", "c6d4", "e7c8", "e7g8", "e7g6", "e7d5", "e7f5",
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    );
}

/// The Knight on d1 defends the Pawn on e3, which leaps back to c2 (its second rank); from
/// there it may double-step.
#[test]
fn double_step_after_a_relayed_return() {
    let d = uci_perft(
        "knight-relay",
        "4k3/8/8/8/8/4P3/8/3NK3 w - - 0 1",
        &["e3c2", "e8d8"],
        1,
    );
    assert_has("back on c2", &d, &["c2c3", "c2c4"], &[]);
}

/// No en passant: after e2-e4 the Pawn on d4 may not take on e3.
#[test]
fn no_en_passant() {
    let d = uci_perft(
        "knight-relay",
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        &["e2e4"],
        1,
    );
    assert_has("no e.p.", &d, &["d4d3"], &["d4e3"]);
}

/// The Black Rook on e3, defended by the Knight on c4, leaps to f1: White may not castle
/// through it. Without the Knight it may.
#[test]
fn castling_through_a_relayed_attack() {
    let relayed = uci_perft(
        "knight-relay",
        "4k3/8/8/8/2n5/4r3/4P3/4K2R w K - 0 1",
        &[],
        1,
    );
    assert_has("f1 attacked", &relayed, &["e1f2"], &["e1g1", "e1f1"]);
    let plain = uci_perft("knight-relay", "4k3/8/8/8/8/4r3/4P3/4K2R w K - 0 1", &[], 1);
    assert_has("f1 free", &plain, &["e1g1", "e1f1"], &[]);
}

/// Na3-b5 makes the Rook on d6 a relayed piece: it now checks e8 by a Knight's leap and holds
/// f7. Black's King goes to e7 or f8 (d8 and d7 are on the Rook's file); h7's moves do not
/// answer the check.
#[test]
fn discovered_relay_check() {
    let d = uci_perft(
        "knight-relay",
        "4k3/7p/3R4/8/8/N7/8/4K3 w - - 0 1",
        &["a3b5"],
        1,
    );
    assert_moves("after Nb5", &d, &["e8e7", "e8f8"]);
}

/// The independent oracle (standard-library Python, written from the rules alone) checks its
/// own chess machinery against the FIDE perft figures and its hand-worked positions, then
/// compares move-by-move perft with Chimera on seeded random playouts.
#[test]
fn independent_oracle_agrees() {
    run_python_script("oracles/knight_relay.py", &["--self-test"]);
    let out = run_python_script(
        "oracles/knight_relay.py",
        &["--compare", "--positions", "30", "--seed", "11"],
    );
    assert!(out.contains(" 0 mismatch"), "{out}");
}

/// Knight Relay with an Archbishop (`BN`: a Knight's leap of its own), as the file game `krb`.
fn with_archbishop() -> chimera::variant::Registry {
    let mut reg = chimera::variant::Registry::builtin();
    reg.load("[krb : knight-relay]\npiece = a Archbishop BN 8\n")
        .expect("a knight-relay file game");
    reg
}

/// A relayed leap gives check as far as the rest of the engine is concerned, not only for the
/// legal moves: the side to move is in check (which tells mate from stalemate in the search, the
/// `+` of SAN and a game's result), and a FEN with the side not to move in check by a relayed
/// leap is refused. The Queen on d6, defended by the Knight on c4, checks e8 by a Knight's leap
/// only; in a file game with an Archbishop (a Knight's leap of its own) on d6, both ways at once.
#[test]
fn relayed_check_is_check() {
    let reg = with_archbishop();
    let game = |name: &str, fen: &str| {
        reg.find(name)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .position(fen)
    };
    for (name, fen) in [
        ("knight-relay", "4k3/8/3Q4/8/2N5/8/8/4K3 b - - 0 1"),
        ("krb", "4k3/8/3A4/8/2N5/8/8/4K3 b - - 0 1"),
    ] {
        let g = game(name, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(g.in_check(), "{name} {fen}");
        let white_to_move = fen.replace(" b ", " w ");
        let refused = game(name, &white_to_move).err().map(|e| e.to_string());
        assert!(
            refused.as_deref().is_some_and(|e| e.contains("in check")),
            "{name} {white_to_move}: {refused:?}"
        );
    }
    let quiet = game("knight-relay", "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1").expect("a legal FEN");
    assert!(!quiet.in_check(), "a Knight gives no check");
}

/// A relayed piece that has a Knight's leap of its own (an Archbishop in a file game) gets no
/// second copy of it: each of its moves is listed once, the leaps among them (b5 c6 f5 f3 e2
/// c2, and the capture on e6; b3 is the Knight's) included.
#[test]
fn a_leap_the_piece_has_is_not_relayed_again() {
    use chimera::types::MoveList;
    let reg = with_archbishop();
    let g = reg
        .find("krb")
        .expect("the file game")
        .position("4k3/8/4r3/8/3A4/1N6/8/6K1 w - - 0 1")
        .expect("a legal FEN");
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut from_d4: Vec<String> = list
        .iter()
        .map(|&m| g.move_to_uci(m))
        .filter(|m| m.starts_with("d4"))
        .collect();
    from_d4.sort();
    let listed = from_d4.len();
    from_d4.dedup();
    assert_eq!(listed, from_d4.len(), "listed twice: {from_d4:?}");
    for leap in ["d4b5", "d4c6", "d4e6", "d4f5", "d4f3", "d4e2", "d4c2"] {
        assert!(from_d4.iter().any(|m| m == leap), "{leap}: {from_d4:?}");
    }
}

/// Quiescence's generator tests the King's captures and the relayed ones for safety as the
/// full generator does. Kxe2 is illegal: the Rook on g3, defended by the Knight on h5, guards
/// e2 by a Knight's leap only. The Bishop on e3, pinned by the Rook on e8, may not take d5 or
/// f5 by the leap it gets from the Knight on c2. Neither side has a legal capture.
#[test]
fn quiescence_captures_are_legal_ones() {
    use chimera::types::MoveList;
    for (fen, illegal) in [
        ("k7/8/8/7n/8/6r1/4b3/4K3 w - - 0 1", &["e1e2"][..]),
        ("k3r3/8/8/3b1b2/8/4B3/2N5/4K3 w - - 0 1", &["e3d5", "e3f5"]),
    ] {
        let g = chimera::variant::Registry::builtin()
            .find("knight-relay")
            .expect("a built-in game")
            .position(fen)
            .expect("a legal FEN");
        let mut list = MoveList::new();
        chimera::with_position!(&g, p => chimera::rules::knight_relay::tactical_moves(p, &mut list));
        let tactical: Vec<String> = list.iter().map(|&m| g.move_to_uci(m)).collect();
        assert!(tactical.is_empty(), "{fen}: {tactical:?}");
        let legal = perft_cmd("knight-relay", Some(fen), 1);
        assert_has(fen, &legal, &[], illegal);
    }
}
