//! Invariants over every built-in game, along seeded random playouts: play/undo restores the
//! exact position (FEN and hash), the incremental hash equals the recomputed one, FEN output
//! parses back to the same position, and every generated move is found again by the notation.

use chimera::game::Game;
use chimera::types::{MoveKind, MoveList};
use chimera::variant::Registry;

/// A small deterministic generator, so failures reproduce.
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

fn playout_check(game: &mut Game, rng: &mut Lcg, plies: usize, name: &str) {
    let gt_variant = game.variant().clone();
    let registry = Registry::builtin();
    let gt = registry.find(&gt_variant.name).unwrap();
    let mut fens = vec![game.fen()];
    let mut hashes = vec![game.hash()];
    for _ in 0..plies {
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        // Every move survives the text round trip, and play/undo restores everything.
        for &m in list.iter() {
            let text = game.move_to_uci(m);
            assert_eq!(
                game.parse_uci(&text),
                Ok(m),
                "{name}: notation round trip of {text} in {}",
                game.fen()
            );
            // Squares and promotion letters are read in any case (a drop's letter is not).
            if m.kind() != MoveKind::Drop {
                assert_eq!(
                    game.parse_uci(&text.to_ascii_uppercase()),
                    Ok(m),
                    "{name}: {text} in capitals in {}",
                    game.fen()
                );
            }
            let before = (game.fen(), game.hash());
            game.play(m);
            assert_eq!(
                game.hash(),
                game.compute_hash(),
                "{name}: incremental hash after {text} from {}",
                before.0
            );
            game.undo();
            assert_eq!((game.fen(), game.hash()), before, "{name}: undo of {text}");
        }
        let m = list.as_slice()[rng.next(list.len())];
        game.play(m);
        let fen = game.fen();
        let reparsed = gt
            .position(&fen)
            .unwrap_or_else(|e| panic!("{name}: own FEN {fen} rejected: {e}"));
        assert_eq!(reparsed.fen(), fen, "{name}: FEN round trip");
        assert_eq!(
            reparsed.hash(),
            game.hash(),
            "{name}: hash of reparsed FEN {fen}"
        );
        fens.push(fen);
        hashes.push(game.hash());
    }
    // Unwinding the whole game returns through exactly the same positions.
    while fens.len() > 1 {
        fens.pop();
        hashes.pop();
        game.undo();
        assert_eq!(game.fen(), *fens.last().unwrap(), "{name}: undo chain");
        assert_eq!(
            game.hash(),
            *hashes.last().unwrap(),
            "{name}: undo chain hash"
        );
    }
}

#[test]
fn play_undo_hash_and_fen_round_trips_in_every_game() {
    let registry = Registry::builtin();
    for gt in registry.games() {
        let mut rng = Lcg(0xC0FFEE ^ gt.variant.name.len() as u64);
        for _ in 0..8 {
            let mut game = gt.start();
            playout_check(&mut game, &mut rng, 120, &gt.variant.name);
        }
    }
}

#[test]
fn start_positions_round_trip() {
    let registry = Registry::builtin();
    for gt in registry.games() {
        let game = gt.start();
        assert_eq!(game.fen(), gt.variant.start_fen, "{}", gt.variant.name);
    }
}

/// A knight shuffle of 40,000 plies: the FEN written after it (halfmove clock 40,000, fullmove
/// 20,001) reads back as the same position; the clock stops at 65,535, the largest a FEN may
/// give, and one more is refused; so does the move number, at 100,000,000.
#[test]
fn long_games_write_fens_that_read_back() {
    let registry = Registry::builtin();
    let chess = registry.find("chess").unwrap();
    let mut game = chess.start();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for i in 0..40_000 {
        let m = game.parse_uci(shuffle[i % 4]).unwrap();
        game.play(m);
    }
    let fen = game.fen();
    assert!(fen.ends_with(" 40000 20001"), "{fen}");
    assert_eq!(chess.position(&fen).unwrap().fen(), fen);
    let last = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65535 1";
    assert_eq!(chess.position(last).unwrap().fen(), last);
    assert!(chess
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1")
        .is_err());
    // The move number stops at the largest a FEN may give, 100,000,000 (it went on, and the
    // FEN written was refused when read back).
    let mut game = chess
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 100000000")
        .unwrap();
    for m in ["g1f3", "g8f6", "f3g1"] {
        let m = game.parse_uci(m).unwrap();
        game.play(m);
    }
    let fen = game.fen();
    assert!(fen.ends_with(" 3 100000000"), "{fen}");
    assert_eq!(chess.position(&fen).unwrap().fen(), fen);
}

#[test]
fn aliases_resolve() {
    let registry = Registry::builtin();
    for alias in ["standard", "normal", "Chess", "tutti-fruitti"] {
        assert!(registry.find(alias).is_ok(), "{alias}");
    }
    assert!(registry.find("no-such-game").is_err());
}

/// The same invariants for the listed relay games (`rules/relay.md`), whose move sets depend on
/// the whole board.
#[test]
fn play_undo_hash_and_fen_round_trips_in_relay_games() {
    let registry = Registry::builtin();
    let combined = ["cancellation-relay-chess", "cancellation-anti-relay-chess"];
    for name in chimera::variant::relay_name::LISTED.iter().chain(&combined) {
        let gt = registry.find(name).unwrap();
        let mut rng = Lcg(0xBEEF ^ name.len() as u64);
        for _ in 0..4 {
            let mut game = gt.start();
            playout_check(&mut game, &mut rng, 120, name);
        }
    }
}

/// Every line the search reports is a sequence of legal moves, in the games whose rule modules
/// change the moves (relay, anti-relay, cancellation, King's Leap, no-repetition, Cannons and
/// Crabs' hoppers): a search that generated moves by the wrong rule would show them here.
#[test]
fn reported_lines_are_legal_in_games_with_rule_modules() {
    use chimera::search::{Listener, Outcome, Report, SearchLimits, Searcher};
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    struct Lines(Arc<Mutex<Vec<Vec<chimera::types::Move>>>>);
    impl Listener for Lines {
        fn report(&mut self, r: &Report) {
            self.0.lock().unwrap().push(r.pv.clone());
        }
        fn finished(&mut self, o: &Outcome) {
            self.0.lock().unwrap().push(o.line.clone());
        }
    }

    let registry = Registry::builtin();
    let mut searcher = Searcher::new(4).unwrap();
    let mut rng = Lcg(17);
    let mut lines_checked = 0;
    for name in [
        "relay-chess",
        "anti-relay-chess",
        "anti-relay-grand",
        "cancellation-chess",
        "cancellation-extended-capablanca",
        "cancellation-anti-relay-chess",
        "kings-leap",
        "cannons-and-crabs",
    ] {
        let gt = registry.find(name).unwrap();
        for _ in 0..6 {
            // A random position a few plies in, captures preferred (they open the tactics).
            let mut game = gt.start();
            for _ in 0..rng.next(12) + 4 {
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                game.play(list.as_slice()[rng.next(list.len())]);
            }
            let lines = Arc::new(Mutex::new(Vec::new()));
            searcher
                .start(
                    &game,
                    gt.eval(),
                    SearchLimits::depth(5),
                    Instant::now(),
                    Box::new(Lines(lines.clone())),
                )
                .unwrap();
            searcher.wait();
            for line in lines.lock().unwrap().iter() {
                if let Some(illegal) = game.first_illegal(line) {
                    panic!("{name}: {illegal} (line from {})", game.fen());
                }
                lines_checked += 1;
            }
        }
    }
    assert!(lines_checked > 100, "{lines_checked}");
}

/// Games with pieces no built-in game has (nightriders, lame and Moa leapers, hoppers on every
/// line), played along with the built-in ones.
const EXOTIC_PIECES: &str = include_str!("variants/exotic-pieces.ini");

/// Runs `$body` for every legal move `$m` of the position `$p` (of the game `$gt`), at every ply
/// of four seeded random playouts of 100 plies in every built-in game, in the games of
/// `EXOTIC_PIECES` and in the games `$extra` names; the position is as before the move when
/// `$body` starts and must be left so.
macro_rules! every_move_along_playouts {
    ($extra:expr, $seed:expr, |$gt:ident, $p:ident, $m:ident| $body:block) => {{
        let mut registry = Registry::builtin();
        registry.load(EXOTIC_PIECES).unwrap();
        let mut games: Vec<&chimera::game::GameType> = registry.games().iter().collect();
        for name in $extra {
            games.push(registry.find(name).unwrap());
        }
        for $gt in games {
            let mut rng = Lcg($seed ^ $gt.variant.name.len() as u64);
            for _ in 0..4 {
                let mut game = $gt.start();
                chimera::with_position!(&mut game, $p => {
                    let mut list = MoveList::new();
                    for _ in 0..100 {
                        $p.legal_moves(&mut list);
                        if list.is_empty() {
                            break;
                        }
                        for &$m in list.iter() $body
                        let m = list.as_slice()[rng.next(list.len())];
                        $p.play(m);
                    }
                });
            }
        }
    }};
}

/// `quiet_move_gives_check` (the search's way to skip playing futile quiet moves) answers as
/// playing the move and asking `in_check` does, for every quiet move along random playouts of
/// every built-in game and of cancellation games; in relay games it declines to answer.
#[test]
fn quiet_move_gives_check_matches_playing_the_move() {
    let (mut answered, mut checks) = (0, 0);
    let extra = [
        "cancellation-chess",
        "cancellation-extended-grand",
        "relay-chess",
    ];
    every_move_along_playouts!(extra, 0x5EED, |gt, p, m| {
        let Some(told) = p.quiet_move_gives_check(m) else {
            continue;
        };
        assert!(p.tables.relay.is_none(), "{}", gt.variant.name);
        p.play(m);
        let real = p.in_check();
        p.undo();
        assert_eq!(told, real, "{}: {m:?} in {}", gt.variant.name, p.fen());
        answered += 1;
        checks += real as usize;
    });
    assert!(answered > 50_000 && checks > 500, "{answered} {checks}");
}

/// `in_check_after_move` (the search's cheap check test after a move, which looks only where
/// the move can have given check from) answers as the full scan of `in_check` does, after
/// every legal move along random playouts of every built-in game, of cancellation games and
/// of relay games: discovered checks, hoppers' new screens, lame leapers, promotions.
#[test]
fn check_after_a_move_matches_the_full_scan() {
    let (mut moves, mut checks) = (0, 0);
    let extra = [
        "cancellation-chess",
        "cancellation-extended-grand",
        "relay-chess",
        "anti-relay-gothic",
        "cancellation-anti-relay-chess",
    ];
    every_move_along_playouts!(extra, 0xC4EC, |gt, p, m| {
        p.play(m);
        let real = p.in_check();
        assert_eq!(
            p.in_check_after_move(),
            real,
            "{}: {m:?} into {}",
            gt.variant.name,
            p.fen()
        );
        p.undo();
        moves += 1;
        checks += real as usize;
    });
    assert!(moves > 100_000 && checks > 1_000, "{moves} {checks}");
}

/// Once `in_check_after_move` has said "no check", the generator skips its own search for
/// checkers: the moves it gives are the same as without that knowledge, after every legal move
/// along random playouts. A null move also marks the position unchecked: true whenever the
/// side passing was not in check.
#[test]
fn remembered_check_status_gives_the_same_moves() {
    let (mut moves, mut nulls) = (0, 0);
    let extra = [
        "cancellation-chess",
        "cancellation-extended-grand",
        "relay-chess",
        "anti-relay-gothic",
        "cancellation-anti-relay-chess",
    ];
    let (mut fresh, mut told) = (MoveList::new(), MoveList::new());
    every_move_along_playouts!(extra, 0x6E4E, |gt, p, m| {
        // Known before the move, so that a move that failed to forget it would show.
        p.in_check_after_move();
        p.play(m);
        p.legal_moves(&mut fresh);
        p.in_check_after_move();
        p.legal_moves(&mut told);
        assert_eq!(
            fresh.as_slice(),
            told.as_slice(),
            "{}: {m:?} into {}",
            gt.variant.name,
            p.fen()
        );
        if !p.in_check() && !p.placement_pending() {
            p.play_null();
            assert!(!p.in_check(), "{}: null after {m:?}", gt.variant.name);
            p.undo_null();
            nulls += 1;
        }
        p.undo();
        moves += 1;
    });
    assert!(moves > 100_000 && nulls > 50_000, "{moves} {nulls}");
}

/// A variants-file game whose positions have more moves than a move list holds inline (512):
/// thirty-two move-only queen-nightriders on a 16x8 board. The moves are counted again here by
/// walking the pieces' lines, the list keeps them all (it spills to the heap), they play and
/// take back, and searches with one and two threads (the split points) answer a legal move.
#[test]
fn positions_with_more_moves_than_the_inline_list() {
    let board_fen = "15k/16/ZZZZZZZZZZZZZZZZ/16/16/ZZZZZZZZZZZZZZZZ/16/K15";
    let text = format!(
        "[crowded : chess]\nboard = 16x8\npiece = z Walker mQmNN 9\n\
         castle-high = -\ncastle-low = -\npromote-to = q r b n z\n\
         start = {board_fen} w - - 0 1\n"
    );
    let games = Registry::builtin().check(&text).expect("the file loads");
    let gt = &games[0];
    let mut game = gt.start();
    // The independent count: every Walker slides over empty squares only (it cannot capture)
    // along its 16 lines; the King steps to its three empty neighbours.
    let occupied =
        |f: i32, r: i32| -> bool { (r == 2 || r == 5) || (f, r) == (0, 0) || (f, r) == (15, 7) };
    let empty = |f: i32, r: i32| (0..16).contains(&f) && (0..8).contains(&r) && !occupied(f, r);
    let lines = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut expected = 3;
    for r in [2, 5] {
        for f in 0..16 {
            for (df, dr) in lines {
                let (mut x, mut y) = (f + df, r + dr);
                while empty(x, y) {
                    expected += 1;
                    x += df;
                    y += dr;
                }
            }
        }
    }
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    assert!(
        expected > 512,
        "the position must outgrow the inline list: {expected}"
    );
    assert_eq!(list.len(), expected);
    let fen = game.fen();
    for &m in list.iter() {
        game.play(m);
        assert_eq!(game.hash(), game.compute_hash());
        game.undo();
    }
    assert_eq!(game.fen(), fen);
    for threads in [1, 2] {
        let mut searcher = chimera::search::Searcher::new(1).expect("a small table");
        searcher.set_threads(threads).expect("two threads");
        let outcome = searcher.search(&game, gt.eval(), chimera::search::SearchLimits::depth(3));
        let best = outcome.best.expect("a move");
        assert!(list.contains(best), "{threads} threads: {best:?}");
    }
}
