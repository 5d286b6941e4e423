//! Cancellation captures (`rules/cancellation.md`): the page's worked examples (and again with
//! the Queen valued 10), each decision of the spec as a hand-checked position, the names, the
//! FEN extension, UCI's joined and separate plies, and invariants along random playouts
//! (play/undo with placements, incremental hash, FEN round trip with pending placements).

mod common;

use chimera::game::{Game, GameType};
use chimera::protocol::notation::AutomaticPlacements;
use chimera::types::{Color, MoveKind, MoveList};
use chimera::variant::Registry;
use chimera::with_position;

fn game(registry: &Registry, variant: &str, fen: &str) -> Game {
    let gt = registry
        .find(variant)
        .unwrap_or_else(|e| panic!("{variant}: {e}"));
    gt.position(fen)
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

fn moves(g: &Game) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| g.move_to_uci(m)).collect();
    out.sort();
    out
}

fn play(g: &mut Game, text: &str) {
    let m = g
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e} (legal: {:?})", g.fen(), moves(g)));
    g.play(m);
}

fn pending(g: &Game) -> bool {
    with_position!(g, p => p.placement_pending())
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn drops(letters: &str, squares: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = letters
        .chars()
        .flat_map(|l| squares.iter().map(move |s| format!("{l}@{s}")))
        .collect();
    v.sort();
    v
}

// --- The page's worked examples -----------------------------------------------------------

/// White Q a1 takes Black R d4: r = 4 → White places a B or N on d4, then a P on any vacant
/// square next to d4; then Black moves.
#[test]
fn example_queen_takes_rook() {
    let r = Registry::builtin();
    let mut g = game(&r, "cancellation-chess", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1");
    play(&mut g, "a1d4");
    assert!(pending(&g));
    assert_eq!(
        g.side_to_move(),
        Color::White,
        "the capturer places: no side change"
    );
    assert_eq!(
        g.fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass"
    );
    assert_eq!(moves(&g), sorted(&["B@d4", "N@d4"]));
    play(&mut g, "B@d4");
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(
        moves(&g),
        drops("P", &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    play(&mut g, "P@e5");
    assert!(!pending(&g));
    assert_eq!(g.fen(), "4k3/8/8/4P3/3B4/8/8/4K3 b - - 0 1");
    // Undo walks back through the placements to the capture.
    g.undo();
    g.undo();
    g.undo();
    assert_eq!(g.fen(), "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1");
}

/// White P d4 takes Black Q e5: the pawn goes; r = 8 → Black's R on e5 (the only type of value
/// 5: placed automatically), then Black places a B or N next to e5 and moves on.
#[test]
fn example_pawn_takes_queen() {
    let r = Registry::builtin();
    // White's king on a1 behind its b2 pawn: no Black placement can attack it.
    let mut g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/4q3/3P4/8/1P6/K7 w - - 0 1",
    );
    play(&mut g, "d4e5");
    assert_eq!(g.side_to_move(), Color::Black, "the defender places");
    assert_eq!(
        g.fen(),
        "4k3/8/8/4r3/8/8/1P6/K7 b - - 0 1 place=e5,3,near,stay"
    );
    let near = ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"];
    assert_eq!(moves(&g), drops("BN", &near));
    play(&mut g, "N@f6");
    assert!(!pending(&g));
    assert_eq!(
        g.side_to_move(),
        Color::Black,
        "after its placements the defender moves on"
    );
    assert_eq!(g.fen(), "4k3/8/5n2/4r3/8/8/1P6/K7 b - - 0 1");
    play(&mut g, "e8d8");
    assert_eq!(g.fen(), "3k4/8/5n2/4r3/8/8/1P6/K7 w - - 1 2");
}

const QUEEN_10: &str = "[chess-q10 : chess]\ncancellation = yes\npiece = q Queen Q 10\n";

/// With the Queen valued 10. Example 2: r = 9 → R (automatic), B or N, then a P: the further
/// Pawn. Example 1: r = 10 − 5 = 5, and the greedy rule puts a Rook (the only type of value 5)
/// on d4 automatically — the page's remark that a further Pawn is placed holds for example 2
/// only (see the report to the lead).
#[test]
fn examples_with_queen_valued_10() {
    let mut r = Registry::builtin();
    r.load(QUEEN_10).unwrap();
    let mut g = game(&r, "chess-q10", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1");
    play(&mut g, "a1d4");
    assert_eq!(
        g.fen(),
        "4k3/8/8/8/3R4/8/8/4K3 b - - 0 1",
        "a Rook on d4, no ply, Black to move"
    );

    let mut g = game(&r, "chess-q10", "4k3/8/8/4q3/3P4/8/1P6/K7 w - - 0 1");
    play(&mut g, "d4e5");
    assert_eq!(
        g.fen(),
        "4k3/8/8/4r3/8/8/1P6/K7 b - - 0 1 place=e5,4,near,stay"
    );
    play(&mut g, "B@d6");
    // r = 1: a Pawn next to e5 (never on Black's first rank: none of e5's neighbours is).
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(
        moves(&g),
        drops("P", &["d4", "d5", "e4", "e6", "f4", "f5", "f6"])
    );
    play(&mut g, "P@f5");
    assert_eq!(g.fen(), "4k3/8/3b4/4rp2/8/8/1P6/K7 b - - 0 1");
}

// --- Each decision of the spec --------------------------------------------------------------

#[test]
fn equal_values_both_vanish() {
    let r = Registry::builtin();
    let mut g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/3b4/8/2N5/8/4K3 w - - 0 1",
    );
    play(&mut g, "c3d5");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn royal_capture_is_ordinary() {
    let r = Registry::builtin();
    let mut g = game(&r, "cancellation-chess", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(
        moves(&g),
        sorted(&["e1d2", "e1f1"]),
        "in check; the King may take the Queen"
    );
    play(&mut g, "e1d2");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
}

#[test]
fn en_passant_both_pawns_vanish() {
    let r = Registry::builtin();
    let mut g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    );
    play(&mut g, "e5d6");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    g.undo();
    assert_eq!(g.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
}

/// The en-passant square is kept only where a capture there is legal by this game's rule
/// (FIDE 9.2.3, as in every game). After e2-e4 the f4 pawn's capture would, in chess, stand
/// on e3 and keep the Rook's file shut; here both pawns vanish and open it to the King, so
/// the capture is illegal and the square is dropped. A plain test of the King's safety
/// would keep it.
#[test]
fn en_passant_square_dropped_where_the_cancellation_would_expose_the_king() {
    let r = Registry::builtin();
    let fen = "8/8/4k3/8/5p2/8/4P3/K3R3 w - - 0 1";
    let mut chess = game(&r, "chess", fen);
    play(&mut chess, "e2e4");
    assert_eq!(chess.fen(), "8/8/4k3/8/4Pp2/8/8/K3R3 b - e3 0 1");
    let mut g = game(&r, "cancellation-chess", fen);
    play(&mut g, "e2e4");
    assert_eq!(g.fen(), "8/8/4k3/8/4Pp2/8/8/K3R3 b - - 0 1");
    assert!(!moves(&g).contains(&"f4e3".to_string()));
}

/// A pawn capturing onto its last rank does not promote: one move, no suffix. P g7 takes R h8:
/// r = 4 → Black places B or N on h8, then a P next to h8 — not on g8 (Black's first rank).
#[test]
fn capture_never_promotes_and_pawns_never_on_first_or_last_rank() {
    let r = Registry::builtin();
    let mut g = game(&r, "cancellation-chess", "7r/6P1/8/8/8/8/8/k3K3 w - - 0 1");
    let m = moves(&g);
    assert!(m.contains(&"g7h8".to_string()));
    assert!(
        !m.iter().any(|s| s.starts_with("g7h8") && s.len() > 4),
        "{m:?}"
    );
    assert!(
        m.contains(&"g7g8q".to_string()),
        "quiet promotions stay: {m:?}"
    );
    play(&mut g, "g7h8");
    assert_eq!(moves(&g), sorted(&["B@h8", "N@h8"]));
    play(&mut g, "N@h8");
    assert_eq!(
        moves(&g),
        sorted(&["P@g7", "P@h7"]),
        "g8 is Black's first rank"
    );
}

/// Grand: a pawn that cannot promote (White has every piece type of its initial array) may
/// not move to its last rank. Decision: a cancellation capture onto it is legal all the same,
/// since a capture never promotes and the pawn leaves the board. P j9 takes R i10 (r = 4):
/// Black places; the quiet j9-j10 stays illegal, as in plain Grand, where the capture is too.
#[test]
fn grand_pawn_that_cannot_promote_still_cancels_on_the_last_rank() {
    let r = Registry::builtin();
    let fen = "r7r1/1nbqkcabnP/pppppppp2/10/10/10/10/PPPPPPPPP1/1NBQKCABN1/R8R w - - 0 1";
    let plain = moves(&game(&r, "grand", fen));
    assert!(!plain.iter().any(|m| m.starts_with("j9")), "{plain:?}");
    let mut g = game(&r, "cancellation-grand", fen);
    let m = moves(&g);
    let pawn: Vec<&String> = m.iter().filter(|m| m.starts_with("j9")).collect();
    assert_eq!(pawn, vec!["j9i10"], "{m:?}");
    play(&mut g, "j9i10");
    assert!(pending(&g), "Black places the remnant: {}", g.fen());
    assert!(moves(&g).iter().all(|m| m.contains('@')));
}

/// Canonical: a Queen may stand only in its fortress, and Canonical pawns stand anywhere. N b3
/// takes P d4 (r = 3): the Queen cannot stand on d4, so a Pawn goes there; r = 2 → the Queen
/// on c3, the only fortress square next to d4. One admissible pair each time: no plies.
#[test]
fn may_stand_fortress_and_automatic_placements() {
    let r = Registry::builtin();
    let mut g = game(
        &r,
        "cancellation-canonical",
        "8k/9/9/5p3/9/3p5/1N7/9/K8 w - - 0 1",
    );
    play(&mut g, "b3d4");
    assert!(!pending(&g));
    assert_eq!(g.fen(), "8k/9/9/5p3/9/3P5/2Q6/9/K8 b - - 0 1");
}

/// Own placements that lead nowhere are illegal. Black's R a8 checks the White King a1; Q b6
/// takes B b5 (illegal in chess) because of its remnant: r = 6 → R on b5 (automatic), then a
/// Pawn next to b5 — and only a Pawn on the a-file blocks the check.
#[test]
fn dead_end_own_placements_are_illegal() {
    let r = Registry::builtin();
    let mut g = game(
        &r,
        "cancellation-chess",
        "r3k3/8/1Q6/1b6/8/8/8/K7 w - - 0 1",
    );
    assert!(moves(&g).contains(&"b6b5".to_string()));
    play(&mut g, "b6b5");
    assert_eq!(
        g.fen(),
        "r3k3/8/8/1R6/8/8/8/K7 w - - 0 1 place=b5,1,near,pass"
    );
    assert_eq!(moves(&g), drops("P", &["a4", "a5", "a6"]));
    play(&mut g, "P@a5");
    assert_eq!(g.side_to_move(), Color::Black);
}

/// A placement ply must leave the placer's King safe, whether or not a placement can change
/// that (a FEN may set up such a position): in check from e8, White's Pawn next to d5 must
/// block on the e-file; next to h6 nothing blocks, and no placement is legal.
#[test]
fn placements_that_leave_the_king_in_check_are_illegal() {
    let r = Registry::builtin();
    let g = game(
        &r,
        "cancellation-chess",
        "4r2k/8/8/3B4/8/8/8/4K3 w - - 0 1 place=d5,1,near,pass",
    );
    assert_eq!(moves(&g), drops("P", &["e4", "e5", "e6"]));
    let g = game(
        &r,
        "cancellation-chess",
        "4r2k/8/7B/8/8/8/8/4K3 w - - 0 1 place=h6,1,near,pass",
    );
    assert_eq!(moves(&g), Vec::<String>::new());
}

/// Every way the opponent could place must leave the capturer's King safe. P d4 takes Q e5:
/// Black's R on e5 is automatic; a Black B placed on f4 would check the King on h2, so the
/// capture is illegal — and legal once a White pawn on g3 closes that diagonal.
#[test]
fn opponent_placement_that_could_check_makes_the_capture_illegal() {
    let r = Registry::builtin();
    let g = game(&r, "cancellation-chess", "4k3/8/8/4q3/3P4/8/7K/8 w - - 0 1");
    assert!(!moves(&g).contains(&"d4e5".to_string()), "{:?}", moves(&g));
    let g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/4q3/3P4/6P1/7K/8 w - - 0 1",
    );
    assert!(moves(&g).contains(&"d4e5".to_string()));
    // The Rook itself (automatic) would check a King on e1 along the e-file.
    let g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/4q3/3P4/8/8/4K3 w - - 0 1",
    );
    assert!(!moves(&g).contains(&"d4e5".to_string()));
}

/// Games whose only riders are Rooks (one of them, `h`, worth 9): lines reach a King along
/// its rank and file only, so placed leapers' checks can be tested away from every line.
fn rook_games() -> Registry {
    let mut r = Registry::builtin();
    r.load(
        "[rooks-and-knights : chess]\n\
         piece = -b\npiece = -q\npiece = h Heavy R 9\npromote-to = h r n\n\
         start = rnhkhnr1/pppppppp/8/8/8/8/PPPPPPPP/RNHKHNR1 w - - 0 1\n\
         [rooks-and-horses : rooks-and-knights]\n\
         piece = n Horse nN 3\n",
    )
    .expect("a good variants file");
    r
}

/// A placed leaper's check, where no line of the game reaches the King. With only Rooks as
/// riders (and a Rook worth 9, `h`), P c4 takes h d5 leaves Black 8: a Rook on d5, then a
/// Knight on a neighbour. From c4 it would check the King on b2 by a leap, so the capture is
/// illegal; on a1 no neighbour of d5 is a leap away, and it is legal. A lame leaper (`nN`, the
/// Xiangqi horse) checks the same way while its path is open, and not once c3 is blocked.
/// A placed Pawn's capture is such a leap too.
#[test]
fn opponent_placement_that_could_check_by_a_leap_makes_the_capture_illegal() {
    let r = rook_games();
    let (knights, horses) = (
        "cancellation-rooks-and-knights",
        "cancellation-rooks-and-horses",
    );
    for (name, fen, capture, legal) in [
        (knights, "7k/8/8/3h4/2P5/8/1K6/8 w - - 0 1", "c4d5", false),
        (knights, "7k/8/8/3h4/2P5/8/8/K7 w - - 0 1", "c4d5", true),
        (horses, "7k/8/8/3h4/2P5/8/1K6/8 w - - 0 1", "c4d5", false),
        (horses, "7k/8/8/3h4/2P5/2P5/1K6/8 w - - 0 1", "c4d5", true),
        // R d1 takes h d5 leaves Black 4: the Knight on d5, then a Pawn, which on e4 would
        // check the King on f3 (a Knight's leaps reach the zone too, but no Knight is left).
        (knights, "7k/8/8/3h4/8/5K2/8/3R4 w - - 0 1", "d1d5", false),
        (knights, "7k/8/8/3h4/8/8/5K2/3R4 w - - 0 1", "d1d5", true),
        // P c4 takes n d5 leaves Black two Pawns: on d5 and, say, e4 (checking f3). A White
        // Pawn's capture would reach f3 from e2 or g2, outside the zone: the colours matter.
        (knights, "7k/8/8/3n4/2P5/5K2/8/8 w - - 0 1", "c4d5", false),
        (knights, "7k/8/8/3n4/2P5/8/5K2/8 w - - 0 1", "c4d5", true),
    ] {
        let g = game(&r, name, fen);
        assert_eq!(
            moves(&g).contains(&capture.to_string()),
            legal,
            "{name} {fen}: {:?}",
            moves(&g)
        );
    }
}

/// A pinned capturer uncovers its King whatever the values: N g8 takes n f6 (both vanish)
/// opens the rank to the Rook on a8. No line of the game reaches f6's neighbours from h8, so
/// only the capturer's own square tells that the King is exposed; with the Rook off, it is legal.
#[test]
fn a_pinned_capturer_may_not_uncover_its_king() {
    let r = rook_games();
    let name = "cancellation-rooks-and-knights";
    for (fen, legal) in [
        ("r5NK/8/5n2/8/8/8/8/k7 w - - 0 1", false),
        ("6NK/8/5n2/8/8/8/8/k7 w - - 0 1", true),
    ] {
        let g = game(&r, name, fen);
        assert_eq!(moves(&g).contains(&"g8f6".to_string()), legal, "{fen}");
    }
}

/// With hoppers a piece of the capturer's own side can give check: it may be the screen. The
/// Cannon (`mRcpR`) on e8 checks the King on e1 over the Rook on e5. Q a5 takes it, and
/// whatever White places on e5 (r = 4) screens again: the capture is illegal, though the
/// board without the placement would be safe. A Rook on e8 instead is blocked by any of them.
/// While White places a Pawn next to d5, the squares of the e-file give the Cannon its screen.
#[test]
fn own_placements_that_screen_a_hopper_are_unsafe() {
    let mut r = Registry::builtin();
    r.load(
        "[cannon-chess : chess]\npiece = c Cannon mRcpR 4\n\
         start = rnbqkbnr/pppppppp/c6c/8/8/C6C/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .expect("a good variants file");
    let name = "cancellation-cannon-chess";
    let g = game(&r, name, "4c2k/8/8/Q3r3/8/8/8/4K3 w - - 0 1");
    assert!(!moves(&g).contains(&"a5e5".to_string()), "{:?}", moves(&g));
    let g = game(&r, name, "4r2k/8/8/Q3r3/8/8/8/4K3 w - - 0 1");
    assert!(moves(&g).contains(&"a5e5".to_string()), "{:?}", moves(&g));
    let g = game(
        &r,
        name,
        "4c2k/8/8/3B4/8/8/8/4K3 w - - 0 1 place=d5,1,near,pass",
    );
    assert_eq!(moves(&g), drops("P", &["c4", "c5", "c6", "d4", "d6"]));
}

/// Two placements of one value, in either order: N c6 takes R d8 leaves Black 2, no Black pawn
/// may stand on d8, so Black places two pawns among c7, d7 and e7. A pawn on e7 (always the
/// second square of its pair, counted upwards) would check a King on f6; one on c7 (always the
/// first) a King on b6; none of them a King on g5. The search explores each pair once, in
/// ascending order, and must still find both.
#[test]
fn equal_placements_are_explored_in_every_combination() {
    let r = Registry::builtin();
    for (fen, legal) in [
        ("3r3k/8/2N2K2/8/8/8/8/8 w - - 0 1", false),
        ("3r3k/8/1KN5/8/8/8/8/8 w - - 0 1", false),
        ("3r3k/8/2N5/6K1/8/8/8/8 w - - 0 1", true),
    ] {
        let g = game(&r, "cancellation-chess", fen);
        let all = moves(&g);
        assert_eq!(all.contains(&"c6d8".to_string()), legal, "{fen}: {all:?}");
    }
}

/// Turn passing and the fullmove count: Black captures with White's remnant; White places, then
/// White moves on, and the move number goes up when Black's turn ends (at the capture).
#[test]
fn turn_passing_after_the_defenders_placements() {
    let r = Registry::builtin();
    // Black's King on g8: no White piece placed next to e3 could reach it.
    let mut g = game(&r, "cancellation-chess", "6k1/8/8/8/3p4/4Q3/8/K7 b - - 0 7");
    play(&mut g, "d4e3");
    assert_eq!(
        g.fen(),
        "6k1/8/8/8/8/4R3/8/K7 w - - 0 8 place=e3,3,near,stay"
    );
    assert_eq!(g.side_to_move(), Color::White);
    play(&mut g, "N@d4");
    assert_eq!(g.fen(), "6k1/8/8/8/3N4/4R3/8/K7 w - - 0 8");
    play(&mut g, "a1b1");
    assert_eq!(g.fen(), "6k1/8/8/8/3N4/4R3/8/1K6 b - - 1 8");
}

/// The placed pieces carry no castling right, and a rook taken on its square takes the right.
#[test]
fn castling_rights_and_placed_pieces() {
    let r = Registry::builtin();
    // B g2 takes the h1 Rook (3 < 5): White places r = 2. No Pawn may stand on h1 (White's
    // first rank), so h1 stays empty; two Pawns go next to it, on g2 and h2 (not g1): the
    // first is a choice, the second automatic. The right to castle went with the Rook.
    let mut g = game(&r, "cancellation-chess", "4k3/8/8/8/8/8/6b1/4K2R b K - 0 1");
    play(&mut g, "g2h1");
    assert_eq!(
        g.fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 place=h1,2,near,stay"
    );
    assert_eq!(moves(&g), sorted(&["P@g2", "P@h2"]));
    play(&mut g, "P@g2");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/6PP/4K3 w - - 0 2");
}

// --- Over relay games (`cancellation-anti-relay-chess`) ------------------------------------------

/// The King's safety after a capture and its placements is judged by effective moves, placed
/// pieces included. d4xe5 takes the Queen (1 < 9): Black places the Rook on e5, then a Bishop or
/// Knight next to it. On e4 that piece is seen by the Rook, which relays it the Rook move along
/// the fourth rank to a4: one of Black's ways of placing checks, so the capture is illegal. It
/// is legal with cancellation alone (no placement reaches a4) and in relay chess alone.
#[test]
fn over_relay_a_placed_piece_checks_by_a_relayed_move() {
    let r = Registry::builtin();
    let fen = "k7/8/8/4q3/K2P4/8/8/8 w - - 0 1";
    let with_dxe5 = sorted(&["a4a3", "a4b3", "a4b4", "d4d5", "d4e5"]);
    assert_eq!(moves(&game(&r, "cancellation-chess", fen)), with_dxe5);
    assert_eq!(moves(&game(&r, "relay-chess", fen)), with_dxe5);
    assert_eq!(
        moves(&game(&r, "cancellation-relay-chess", fen)),
        sorted(&["a4a3", "a4b3", "a4b4", "d4d5"])
    );
}

/// Anti-relay: Rooks that see each other both lose the Rook move. Qe4xc6 (9 > 3) opens the
/// e-file to the Rook on e6, but White's own remnant, a Rook placed on c6, sees it along the
/// sixth rank and disarms it: the capture is legal (with cancellation alone it is not). Then the
/// Pawn still owed goes next to c6 anywhere except d6, which would hide the Rooks from each
/// other and leave the King in check.
#[test]
fn over_anti_relay_the_capturers_own_placement_disarms_a_checker() {
    let r = Registry::builtin();
    let fen = "7k/8/2n1r3/8/4Q3/8/8/4K3 w - - 0 1";
    assert!(!moves(&game(&r, "cancellation-chess", fen)).contains(&"e4c6".to_string()));
    let mut g = game(&r, "cancellation-anti-relay-chess", fen);
    assert!(moves(&g).contains(&"e4c6".to_string()));
    play(&mut g, "e4c6");
    assert!(pending(&g));
    assert_eq!(
        moves(&g),
        drops("P", &["b5", "c5", "d5", "b6", "b7", "c7", "d7"])
    );
    play(&mut g, "P@b6");
    assert!(!pending(&g));
    assert_eq!(g.side_to_move(), Color::Black);
}

/// Every relay name takes the prefix; the game has both rules, and cancellation applies once.
#[test]
fn names_over_relay_games() {
    let r = Registry::builtin();
    for name in [
        "cancellation-relay-chess",
        "cancellation-anti-relay-chess",
        "cancellation-extended-relay-chess",
        "cancellation-hostile-relay-friendly-anti-relay-grand",
        "cancellation-relay-indirect-anti-relay-gothic",
    ] {
        let gt = r.find(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(gt.variant.name, name);
        assert!(
            gt.variant.cancellation.is_some() && gt.variant.relay.is_some(),
            "{name}"
        );
    }
    assert_eq!(
        r.find("Cancellation-Relay Chess").unwrap().variant.name,
        "cancellation-relay-chess"
    );
    assert!(r.find("cancellation-relay-nonesuch").is_err());
    assert!(r.find("relay-cancellation-chess").is_err());
}

// --- Names, FEN, UCI --------------------------------------------------------------------------

#[test]
fn names_for_every_game_and_the_extended_form() {
    let r = Registry::builtin();
    let bases: Vec<String> = r.names().map(str::to_string).collect();
    for base in &bases {
        if base == "knight-relay" {
            // Its Knights are immune to capture: cancellation is refused over it, with the
            // name and the reason (not a line of a file the user never wrote).
            let refusal = |name: &str| match r.find(name) {
                Err(e) => e.to_string(),
                Ok(_) => panic!("{name} is accepted"),
            };
            for name in [
                "cancellation-knight-relay",
                "cancellation-extended-knight-relay",
            ] {
                assert_eq!(
                    refusal(name),
                    format!("'{name}': knight-relay: not with relay or cancellation rules")
                );
            }
            let e = refusal("relay-tripunch");
            assert!(
                e.starts_with("'relay-tripunch': relay: ") && !e.contains("line "),
                "{e}"
            );
            continue;
        }
        for prefix in ["cancellation-", "cancellation-extended-"] {
            let name = format!("{prefix}{base}");
            let gt: &GameType = r.find(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(gt.variant.name, name);
            assert!(gt.variant.cancellation.is_some());
            let mut list = MoveList::new();
            gt.start().legal_moves(&mut list);
            assert!(!list.is_empty(), "{name}");
        }
    }
    // Aliases, case, and the cache (the same game object on the second request).
    let a = r.find("Cancellation-Standard").unwrap() as *const GameType;
    let b = r.find("cancellation-chess").unwrap() as *const GameType;
    assert_eq!(a, b);
    assert!(r.find("cancellation-nonesuch").is_err());
    assert!(r.find("cancellation-cancellation-chess").is_err());
    // Extended chess gains W 2, a Commoner 4, BW 6, RF 7, BN 8; Cannons and Crabs (1 2 3 5 8 9)
    // only the Commoner (its letter m is the Marshall's: it takes g), BW and RF.
    let ext = r.find("cancellation-extended-chess").unwrap();
    let letters: String = ext.variant.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "kqrbnpwmhda");
    let cc = r.find("cancellation-extended-cannons-and-crabs").unwrap();
    let extra: Vec<(char, i32)> = cc
        .variant
        .pieces
        .iter()
        .skip(8)
        .map(|p| (p.letter, p.value))
        .collect();
    assert_eq!(extra, vec![('g', 4), ('h', 6), ('d', 7)]);
}

/// Extended: Q takes R (r = 4) places a Commoner (value 4, letter M) on d4, automatically.
#[test]
fn extended_places_fairy_pieces() {
    let r = Registry::builtin();
    let mut g = game(
        &r,
        "cancellation-extended-chess",
        "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1",
    );
    play(&mut g, "a1d4");
    assert_eq!(g.fen(), "4k3/8/8/8/3M4/8/8/4K3 b - - 0 1");
}

/// A variants file gives a game its own extra pieces (the rules: "the variant data lists
/// them, so a user can change them"): a Camel of value 4 instead of the Commoner; the list is
/// inherited, `-` empties it, and a bad line is refused with its key.
#[test]
fn a_variants_file_changes_the_extended_pieces() {
    let mut r = Registry::builtin();
    r.load(
        "[camels : chess]\n\
         cancellation-extra = c Camel C 4\n\
         [camels-child : camels]\n\
         [none : chess]\n\
         cancellation-extra = w Wazir W 2\n\
         cancellation-extra = -\n",
    )
    .expect("a good variants file");
    let fen = "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1";
    for variant in [
        "cancellation-extended-camels",
        "cancellation-extended-camels-child",
    ] {
        let mut g = game(&r, variant, fen);
        play(&mut g, "a1d4");
        assert_eq!(g.fen(), "4k3/8/8/8/3C4/8/8/4K3 b - - 0 1", "{variant}");
    }
    // No extras: r = 4 is a Bishop or a Knight on d4 (the placer chooses), then a Pawn.
    let mut g = game(&r, "cancellation-extended-none", fen);
    play(&mut g, "a1d4");
    assert!(pending(&g), "{}", g.fen());
    assert!(moves(&g).contains(&"B@d4".to_string()), "{:?}", moves(&g));
    for bad in [
        "cancellation-extra = c Camel C",
        "cancellation-extra = c Camel C 0",
        "cancellation-extra = C Camel C 4",
        "cancellation-extra = c Camel ?? 4",
    ] {
        let err = Registry::builtin()
            .load(&format!("[bad : chess]\n{bad}\n"))
            .expect_err(bad);
        assert!(
            err.to_string().contains("cancellation-extra"),
            "{bad}: {err}"
        );
    }
}

/// A piece worth 0 (a variants file's) is never a remnant (README, Decisions): on g8, where no
/// Pawn may stand, the Knight worth 0 is not placed, and the 2 go to Pawns on the neighbours.
#[test]
fn a_piece_worth_nothing_is_never_placed() {
    let mut r = Registry::builtin();
    r.load("[zero : chess]\npiece = n Knight N 0\ncancellation = yes\n")
        .expect("a good variants file");
    let g = game(
        &r,
        "zero",
        "7k/7p/8/8/8/8/8/K7 w - - 0 1 place=g8,2,dest,pass",
    );
    assert_eq!(moves(&g), ["P@f7", "P@g7"]);
}

#[test]
fn fen_with_pending_placements_round_trips_and_bad_fields_are_rejected() {
    let r = Registry::builtin();
    let gt = r.find("cancellation-chess").unwrap();
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass",
        "4k3/8/8/4r3/8/8/1P6/K7 b - - 0 1 place=e5,3,near,stay",
    ] {
        let g = gt.position(fen).unwrap();
        assert_eq!(g.fen(), fen);
        assert_eq!(g.hash(), g.compute_hash());
    }
    let with = gt
        .position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass")
        .unwrap();
    let without = gt.position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_ne!(
        with.hash(),
        without.hash(),
        "a pending placement is part of the position"
    );
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,0,dest,pass",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=z9,4,dest,pass",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,middle,pass",
        "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1 place=d4,4,dest,pass",
        // Only a Rook fits r = 5 on d4: that placement is automatic, never pending.
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,5,dest,pass",
        // No capture leaves more than 9 - 1 = 8 (a Pawn taking a Queen).
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,9,near,pass",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,255,near,pass",
        // Past the destination, it holds the placer's piece, never the other side's or a King,
        "4k3/p7/8/8/3B4/8/P7/4K3 b - - 0 1 place=d4,1,near,pass",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=e8,3,near,pass",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 place=e1,3,near,pass",
        // and it is empty only where nothing the remnant buys may stand (here a Queen may).
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,8,near,pass",
    ] {
        assert!(gt.position(bad).is_err(), "{bad} should be rejected");
    }
    assert!(gt
        .position("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 place=d4,8,near,pass")
        .is_ok());
    // A Pawn may not stand on the last rank: a remnant of 1 there goes to the neighbours.
    assert!(gt
        .position("4k3/8/8/8/8/8/8/3r1K2 b - - 0 1 place=b1,1,near,stay")
        .is_ok());
    let chess = r.find("chess").unwrap();
    assert!(chess
        .position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass")
        .is_err());
}

#[test]
fn uci_accepts_joined_and_separate_plies() {
    let fen = "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1";
    let joined = common::uci_perft("cancellation-chess", fen, &["a1d4,B@d4,P@e5"], 1);
    let separate = common::uci_perft("cancellation-chess", fen, &["a1d4", "B@d4", "P@e5"], 1);
    assert_eq!(joined, separate);
    assert!(
        joined.has("e8d8"),
        "Black to move after the whole turn: {:?}",
        joined.move_set()
    );
    let mid = common::uci_perft("cancellation-chess", fen, &["a1d4,B@d4"], 1);
    assert_eq!(mid.total, 8, "eight Pawn placements pending");
}

/// The rules' own example of a turn names an automatic placement (`bestmove R@e5,N@f6,…`,
/// where the Rook is the only piece of value 5): it takes no ply, and a reader of moves skips
/// it, once, but only it: any other placement that is not legal is still refused.
#[test]
fn a_named_automatic_placement_is_skipped() {
    let r = Registry::builtin();
    let named = |g: &Game, texts: &[&str], owner: Option<Color>| -> Vec<bool> {
        let mut automatic = AutomaticPlacements::default();
        texts.iter().map(|t| automatic.skip(g, t, owner)).collect()
    };
    // White P d4 takes Black Q e5: r = 8, the Rook on e5 is automatic, Black then places B or N.
    let fen = "4k3/8/8/4q3/3P4/8/6P1/7K w - - 0 1";
    let mut g = game(&r, "cancellation-chess", fen);
    play(&mut g, "d4e5");
    assert!(pending(&g));
    assert_eq!(named(&g, &["R@e5"], None), [true]);
    assert_eq!(
        named(&g, &["R@e5"], Some(Color::Black)),
        [true],
        "Black's Rook"
    );
    assert_eq!(
        named(&g, &["R@e5"], Some(Color::White)),
        [false],
        "not White's"
    );
    assert_eq!(named(&g, &["R@e5", "R@e5"], None), [true, false], "once");
    // Once a ply: one reader, the same square placed again four plies on.
    let mut later = game(&r, "cancellation-chess", fen);
    for m in ["h1g1", "e8d8", "g1h1", "d8e8", "d4e5"] {
        play(&mut later, m);
    }
    let mut automatic = AutomaticPlacements::default();
    assert!(automatic.skip(&g, "R@e5", None));
    assert!(automatic.skip(&later, "R@e5", None), "again at a later ply");
    assert_eq!(
        named(&g, &["R@e4", "Q@e5", "e5e4"], None),
        [false, false, false],
        "not placed there, another piece, not a placement"
    );
    play(&mut g, "N@f6");
    assert_eq!(
        named(&g, &["R@e5"], None),
        [false],
        "placed by the ply before"
    );
    assert_eq!(
        named(&g, &["N@f6"], None),
        [false],
        "a placement ply is none"
    );
    let mut chess = game(&r, "chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(&mut chess, "e2e4");
    assert_eq!(named(&chess, &["P@e4"], None), [false]);

    // The capturer's automatic placements end its turn: R a3 takes N a2 (r = 2), a Pawn on a2
    // and one on a3, the only vacant neighbour; then Black is to move.
    let mut g = game(
        &r,
        "cancellation-chess",
        "4k3/8/8/8/8/RP6/nP6/NB2K3 w - - 0 1",
    );
    play(&mut g, "a3a2");
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(
        named(&g, &["P@a2", "P@a3"], Some(Color::White)),
        [true, true]
    );
    assert_eq!(named(&g, &["P@a3"], Some(Color::Black)), [false]);

    let plain = common::uci_perft("cancellation-chess", fen, &["d4e5,N@f6"], 1);
    assert!(plain.has("f6g4"), "Black to move: {:?}", plain.move_set());
    for named in [&["d4e5,R@e5,N@f6"][..], &["d4e5", "R@e5", "N@f6"]] {
        assert_eq!(
            common::uci_perft("cancellation-chess", fen, named, 1),
            plain
        );
    }
}

#[test]
fn perft_subcommand_and_placements_count_as_plies() {
    // Q a1 takes R d4: 2 placements (B, N) then 8 Pawn placements each.
    let d = common::perft_cmd(
        "cancellation-chess",
        Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1 place=d4,4,dest,pass"),
        2,
    );
    assert_eq!(d.total, 16);
}

// --- Invariants along random playouts ------------------------------------------------------

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn playout(gt: &GameType, rng: &mut Lcg, plies: usize) -> (usize, usize) {
    let name = &gt.variant.name;
    let mut g = gt.start();
    let mut fens = vec![g.fen()];
    let (mut placements, mut pending_seen) = (0, 0);
    for _ in 0..plies {
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let is_pending = pending(&g);
        pending_seen += is_pending as usize;
        for &m in list.iter() {
            let text = g.move_to_uci(m);
            assert_eq!(
                is_pending,
                text.contains('@'),
                "{name}: only placements while pending: {text} in {}",
                g.fen()
            );
            assert_eq!(
                g.parse_uci(&text),
                Ok(m),
                "{name}: notation round trip of {text} in {}",
                g.fen()
            );
            let before = (g.fen(), g.hash());
            g.play(m);
            assert_eq!(
                g.hash(),
                g.compute_hash(),
                "{name}: incremental hash after {text} from {}",
                before.0
            );
            let hash_after = with_position!(&g, p => p.hash());
            g.undo();
            assert_eq!((g.fen(), g.hash()), before, "{name}: undo of {text}");
            // `hash_after` leaves out the en-passant square a double step may create.
            if m.kind() != MoveKind::DoubleStep {
                let predicted = with_position!(&g, p => p.hash_after(m));
                assert_eq!(
                    predicted, hash_after,
                    "{name}: hash_after of {text} in {}",
                    before.0
                );
            }
        }
        // Prefer captures and placements, so that the playouts go through many of them.
        let interesting: Vec<_> = list
            .iter()
            .copied()
            .filter(|&m| {
                let t = g.move_to_uci(m);
                t.contains('@') || with_position!(&g, p => p.piece_at(m.to()).is_some())
            })
            .collect();
        let m = if !interesting.is_empty() && rng.next(3) > 0 {
            interesting[rng.next(interesting.len())]
        } else {
            list.as_slice()[rng.next(list.len())]
        };
        placements += g.move_to_uci(m).contains('@') as usize;
        g.play(m);
        let fen = g.fen();
        let reparsed = gt
            .position(&fen)
            .unwrap_or_else(|e| panic!("{name}: own FEN {fen} rejected: {e}"));
        assert_eq!(reparsed.fen(), fen, "{name}: FEN round trip");
        assert_eq!(
            reparsed.hash(),
            g.hash(),
            "{name}: hash of reparsed FEN {fen}"
        );
        let mut a = MoveList::new();
        let mut b = MoveList::new();
        g.legal_moves(&mut a);
        reparsed.legal_moves(&mut b);
        let mut a: Vec<u32> = a.iter().map(|m| m.raw()).collect();
        let mut b: Vec<u32> = b.iter().map(|m| m.raw()).collect();
        a.sort();
        b.sort();
        // Canonical's no-repetition rule looks at the game's history, which a FEN does not have.
        if gt.variant.name != "cancellation-canonical" {
            assert_eq!(a, b, "{name}: same moves after reparsing {fen}");
        }
        fens.push(fen);
    }
    while fens.len() > 1 {
        fens.pop();
        g.undo();
        assert_eq!(g.fen(), *fens.last().unwrap(), "{name}: undo chain");
        assert_eq!(g.hash(), g.compute_hash(), "{name}: undo chain hash");
    }
    (placements, pending_seen)
}

#[test]
fn invariants_along_random_playouts() {
    let r = Registry::builtin();
    let mut total_placements = 0;
    for name in [
        "cancellation-chess",
        "cancellation-paulowich",
        "cancellation-cannons-and-crabs",
        "cancellation-canonical",
        "cancellation-grand",
        "cancellation-extended-chess",
        "cancellation-extended-cannons-and-crabs",
        "cancellation-kings-leap",
    ] {
        let gt = r.find(name).unwrap();
        let mut rng = Lcg(0xCA_0CE1 ^ name.len() as u64);
        for _ in 0..6 {
            let (placements, _) = playout(gt, &mut rng, 100);
            total_placements += placements;
        }
    }
    assert!(
        total_placements > 50,
        "the playouts went through placements: {total_placements}"
    );
}

/// The independent oracle (plain Python, written from the rules text) checks its own base
/// games (python-chess, the Tripunch and 10x8 start figures, castling in each base) and the spec's examples, the extended
/// form's fairy pieces included, then compares move-by-move perft with Chimera on seeded
/// random playouts of every base, plain and extended. The perft data files hold deeper
/// counts; this keeps the oracle itself honest and runs positions those files do not have.
#[test]
fn independent_oracle_agrees() {
    common::run_python_script("oracles/cancellation.py", &["--self-test"]);
    let bases = [
        "chess",
        "paulowich",
        "cannons-and-crabs",
        "canonical",
        "tripunch",
        "grand",
        "capablanca",
        "gothic",
        "janus",
        "embassy",
        "chancellor",
        "tutti-frutti",
    ];
    let variants: Vec<String> = bases
        .iter()
        .flat_map(|b| {
            [
                format!("cancellation-{b}"),
                format!("cancellation-extended-{b}"),
            ]
        })
        .collect();
    let out = common::run_python_script(
        "oracles/cancellation.py",
        &[
            "--compare",
            "--variants",
            &variants.join(","),
            "--positions",
            "12",
            "--depth",
            "2",
            "--start-depth",
            "2",
            "--seed",
            "17",
        ],
    );
    common::assert_clean_summary(&out, "total:", ", 0 mismatches");
}

/// Values from a user's variant file drive the arithmetic (`[NAME : BASE]` with
/// `cancellation = yes` and `piece = …` lines), against the independent oracle with the same
/// values (`scripts/oracles/cancellation.py --compare --values …`): Bishop and Knight apart,
/// three types of one value, a Pawn worth 2 beside a Knight worth 1, and the extended form,
/// whose fairy pieces follow the new values (a Queen worth 10 leaves no 9 to fill).
#[test]
fn file_values_drive_cancellation_as_the_oracle_says() {
    for (base, values, depth, extended) in [
        ("chess", "Q=10,N=4", "3", false),
        ("chess", "B=4,N=4,R=4", "3", false),
        ("chess", "P=2,N=1", "3", false),
        ("capablanca", "A=9,N=4,C=8", "2", false),
        ("chess", "Q=10", "2", true),
    ] {
        let mut args = vec![
            "--compare",
            "--base",
            base,
            "--values",
            values,
            "--positions",
            "10",
            "--random-positions",
            "10",
            "--depth",
            depth,
            "--seed",
            "3",
        ];
        if extended {
            args.push("--extended");
        }
        let out = common::run_python_script("oracles/cancellation.py", &args);
        let summary = out.lines().last().unwrap_or("");
        assert!(
            summary.contains(" 0 mismatches,") && !summary.contains(" 0 oracle leaves"),
            "{base} {values}: {summary}"
        );
    }
}

/// Cancellation over relay games on the fairy bases, against the independent oracle
/// `scripts/oracles/cancellation_relay_fairy.py` (the cancellation layer written from the rules
/// text over `relay_fairy.py`'s relay generator): its self-check against the two oracles it
/// stands on, then seeded playouts (most with placements pending) of five names over Canonical,
/// Canon, Cannons and Crabs, Paulowich and King's Leap.
#[test]
fn relay_over_fairy_bases_oracle_agrees() {
    common::run_python_script(
        "oracles/cancellation_relay_fairy.py",
        &["--self-check", "--positions", "2"],
    );
    let out = common::run_python_script(
        "oracles/cancellation_relay_fairy.py",
        &[
            "--compare",
            "--variants",
            "cancellation-relay-canonical,cancellation-anti-relay-cannons-and-crabs,\
             cancellation-hostile-relay-total-anti-relay-paulowich,cancellation-relay-kings-leap,\
             cancellation-bilateral-converse-anti-relay-canon",
            "--positions",
            "6",
            "--depth",
            "2",
            "--seed",
            "17",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY:", " 0 mismatches");
}

/// The extended form over relay games (`scripts/oracles/cancellation_extended_relay.py`): the
/// Wazir, Commoner, Dragon Horse, Dragon King and Archbishop placed, then relaying and relayed by
/// their Betza atoms. Its self-check against the oracles it stands on, then two random relay
/// names over each of the sixteen bases, with hand-made positions full of fairy pieces.
#[test]
fn extended_over_relay_oracle_agrees() {
    common::run_python_script(
        "oracles/cancellation_extended_relay.py",
        &["--self-check", "--positions", "2"],
    );
    let out = common::run_python_script(
        "oracles/cancellation_extended_relay.py",
        &[
            "--compare",
            "--seed",
            "1",
            "--names",
            "2",
            "--positions",
            "3",
            "--depth",
            "2",
            "--fairy-bases",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY:", ", 0 mismatches (");
}

/// Canonical's no-repetition rule over whole game histories with placement plies in them
/// (`scripts/oracles/cancellation_history.py`: the cancellation and Canonical oracles keep every
/// position of the game, the one right after the opponent's placements included): hand-made
/// cases, then one seeded, repetition-prone game of each of the nine Canonical games, compared
/// at every ply. The counts prove the rule and the placements were exercised.
#[test]
fn canonical_no_repetition_over_game_histories_oracle_agrees() {
    let out = common::run_python_script(
        "oracles/cancellation_history.py",
        &["--per-game", "1", "--seed", "1"],
    );
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("ok, 0 mismatches")),
        "no clean summary:\n{out}"
    );
    // The number after `prefix` in the summary line that holds it.
    let count_after = |prefix: &str| -> u64 {
        out.lines()
            .rev()
            .find_map(|l| l.split(prefix).nth(1))
            .and_then(|rest| {
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                rest[..digits].parse().ok()
            })
            .unwrap_or(0)
    };
    assert!(count_after("with placements pending ") > 0, "{out}");
    assert!(count_after("no-repetition removed moves at ") > 0, "{out}");
}
