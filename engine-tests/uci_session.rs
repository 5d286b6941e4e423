//! UCI sessions with the real binary: handshake and options, searches in several games (legal
//! best moves, `a10`-style squares, mates, stalemate rules), `stop`/`isready` during a search
//! with several threads, pondering, MultiPV, search moves, time limits, and bad input.
//! Every read has a timeout (see `common`), so a hung engine fails instead of hanging.

mod common;
use common::*;
use std::time::{Duration, Instant};

/// A generous bound for a reply that should be instant (the CI machine may be loaded).
const QUICK: Duration = Duration::from_millis(1_000);

fn is_bestmove(l: &str) -> bool {
    l.starts_with("bestmove")
}

/// Runs `go …` and returns (info lines, best move, ponder move).
fn go(u: &mut Uci, args: &str) -> (Vec<String>, String, Option<String>) {
    u.send(&format!("go {args}"));
    let (lines, last) = u.read_until("bestmove", TIMEOUT, is_bestmove);
    if let Some(e) = lines.iter().find(|l| l.starts_with("info string")) {
        let e = e.clone();
        u.fail(&format!("go {args}: unexpected {e:?}"));
    }
    let words: Vec<&str> = last.split_whitespace().collect();
    let best = words.get(1).map(|s| s.to_string()).unwrap_or_default();
    let ponder = match words.get(2) {
        Some(&"ponder") => words.get(3).map(|s| s.to_string()),
        _ => None,
    };
    (lines, best, ponder)
}

/// The last `info … score …` line's score, as "cp N" or "mate N".
fn last_score(lines: &[String]) -> String {
    let l = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .expect("an info line with a score");
    let rest = l.split(" score ").nth(1).unwrap();
    rest.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

fn legal_moves(u: &mut Uci) -> Divide {
    u.perft(1)
}

#[test]
fn handshake_lists_every_option() {
    let mut u = Uci::start();
    let lines = u.handshake();
    let option = |name: &str| -> String {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type")))
            .unwrap_or_else(|| panic!("no option {name}: {lines:#?}"))
            .clone()
    };
    assert!(option("Hash").contains("type spin default 16 min 1 max"));
    assert!(option("Threads").contains("min 1 max 256"));
    assert!(option("MultiPV").contains("type spin"));
    assert!(option("Ponder").contains("type check"));
    assert!(option("Move Overhead").contains("type spin"));
    assert!(option("UCI_Chess960").contains("type check"));
    assert!(option("VariantPath").contains("type string"));
    let combo = option("UCI_Variant");
    let listed = run_bin(&["variants"], None, TIMEOUT);
    for line in listed.stdout.lines() {
        let name = line.split_whitespace().next().unwrap();
        assert!(
            combo.contains(&format!(" var {name}")),
            "UCI_Variant lacks {name}: {combo}"
        );
    }
    // cutechess-cli offers a game to an engine whose combo holds cutechess's own name for it.
    for name in [
        "fischerandom",
        "capablanca",
        "caparandom",
        "gothic",
        "janus",
        "embassy",
        "chancellor",
        "grand",
        "knightrelay",
    ] {
        assert!(
            combo.contains(&format!(" var {name} ")),
            "UCI_Variant lacks cutechess's {name}: {combo}"
        );
    }
    assert_eq!(u.quit(), Some(0));
}

#[test]
fn go_depth_gives_a_legal_move_in_every_game() {
    let mut u = Uci::new();
    for variant in [
        "chess",
        "capablanca",
        "gothic",
        "janus",
        "embassy",
        "chancellor",
        "grand",
        "tutti-frutti",
        "tripunch",
        "knight-relay",
        "paulowich",
        "paulowich-crosswise",
        "kings-leap",
    ] {
        u.variant(variant);
        u.position("startpos");
        let legal = legal_moves(&mut u);
        let (lines, best, ponder) = go(&mut u, "depth 4");
        if !legal.has(&best) {
            u.fail(&format!("{variant}: bestmove {best} is not legal"));
        }
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")),
            "{variant}: {lines:#?}"
        );
        // The ponder move is legal after the best move.
        if let Some(p) = ponder {
            u.position(&format!("startpos moves {best}"));
            if !legal_moves(&mut u).has(&p) {
                u.fail(&format!(
                    "{variant}: ponder move {p} is not legal after {best}"
                ));
            }
        }
    }
}

#[test]
fn grand_moves_with_two_digit_ranks() {
    let mut u = Uci::new();
    u.variant("grand");
    // Black to move: every black move starts on rank 8, 9 or 10.
    u.position("startpos moves e3e5");
    let legal = legal_moves(&mut u);
    let (lines, best, _) = go(&mut u, "depth 3");
    assert!(legal.has(&best), "{best}");
    let pv_line = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert!(pv_line
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .all(|m| legal.has(m) || m.len() >= 4));
    // Mate in one along the tenth rank: b1b10.
    u.position("fen 9k/R9/10/10/10/10/10/10/10/1R7K w - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 5");
    assert_eq!(best, "b1b10", "{lines:#?}");
    assert_eq!(last_score(&lines), "mate 1");
    // searchmoves with a10-style squares.
    u.position("startpos");
    let (_, best, _) = go(&mut u, "depth 3 searchmoves a1a2 j1j2");
    assert!(best == "a1a2" || best == "j1j2", "{best}");
}

#[test]
fn mate_in_one_is_found_and_scored() {
    let mut u = Uci::new();
    u.position("fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 6");
    assert_eq!(best, "d1d8");
    assert_eq!(last_score(&lines), "mate 1");
    // The mated side sees it too.
    u.position("fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 moves g1f1");
    let (lines, _, _) = go(&mut u, "depth 6");
    let s = last_score(&lines);
    assert!(s.starts_with("cp") || s.starts_with("mate -"), "{s}");
    // go mate
    u.position("fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (_, best, _) = go(&mut u, "mate 1");
    assert_eq!(best, "d1d8");
    // Along the principal line every quiet check is searched: Black's only move lets White
    // mate at once, seen from depth 2 (late-move pruning once hid Re8# until depth 7).
    u.position("fen 7k/8/6K1/8/8/8/8/4R3 b - - 0 1");
    for depth in 2..=4 {
        let (lines, _, _) = go(&mut u, &format!("depth {depth}"));
        assert_eq!(last_score(&lines), "mate -1", "depth {depth}: {lines:#?}");
    }
}

/// FIDE's dead positions are draws in the search as they are for the referee: a lone minor
/// piece cannot mate, whoever has it, nor can bishops that all stand on one square colour.
#[test]
fn dead_positions_are_draws() {
    let mut u = Uci::new();
    for fen in [
        "8/8/8/2k3K1/8/8/N7/8 w - - 0 50",
        "2k5/8/8/8/8/8/K7/5B2 b - - 0 1",
        "2k5/8/8/8/8/8/K7/5b2 w - - 0 1",
        // In check from the last pawn, White takes it.
        "8/8/8/8/8/8/k5p1/2b4K w - - 0 1",
        // c1, d2 and e3 are dark squares: two bishops and one, or two and none.
        "2k5/8/8/8/8/4b3/K2B4/2B5 w - - 0 1",
        "2k5/8/8/8/8/8/K2B4/2B5 w - - 0 1",
    ] {
        u.position(&format!("fen {fen}"));
        let (lines, _, _) = go(&mut u, "depth 6");
        assert_eq!(last_score(&lines), "cp 0", "{fen}: {lines:#?}");
    }
}

/// A position the game met once before the search is not a draw when the search meets it
/// again (that would be a twofold repetition, which the opponent simply avoids); twice before,
/// it is (threefold). Black, a queen down, once "escaped" to a draw by going back to h8 or g8.
#[test]
fn repetition_before_the_root_needs_a_threefold() {
    let mut u = Uci::new();
    const KQK: &str = "fen 7k/8/8/8/8/8/8/K2Q4 b - - 0 1 moves";
    u.position(&format!("{KQK} h8g8 a1a2 g8h7 a2a1"));
    let (lines, _, _) = go(&mut u, "depth 8");
    let s = last_score(&lines);
    assert!(
        s.starts_with("cp -") || s.starts_with("mate -"),
        "{s}: {lines:#?}"
    );
    // One more round: back to g8 is then the third time.
    u.position(&format!("{KQK} h8g8 a1a2 g8h7 a2a1 h7g8 a1a2 g8h7 a2a1"));
    let (lines, best, _) = go(&mut u, "depth 8");
    let s = last_score(&lines);
    assert_eq!((s.as_str(), best.as_str()), ("cp 0", "h7g8"), "{lines:#?}");
}

#[test]
fn no_legal_move_answers_none() {
    let mut u = Uci::new();
    // Stalemate: a draw.
    u.position("fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 5");
    assert_eq!(best, "(none)");
    assert_eq!(last_score(&lines), "cp 0");
    // Checkmate: lost.
    u.position("fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 5");
    assert_eq!(best, "(none)");
    assert_eq!(last_score(&lines), "mate 0");
}

/// Stalemate is a draw in chess, so White does not stalemate (Qg6 or Kf7) but plays on; in a
/// game where the stalemated side loses, stalemating is mate in one (there is no real mate in
/// one here: chess does not find one).
#[test]
fn stalemate_follows_the_variant_rule() {
    const FEN: &str = "fen 7k/8/5K2/8/8/3Q4/8/8 w - - 0 1";
    let mut u = Uci::new();
    u.position(FEN);
    let (lines, best, _) = go(&mut u, "depth 6");
    assert!(
        best != "d3g6" && best != "f6f7",
        "stalemating is a draw in chess: {lines:#?}"
    );
    assert!(!last_score(&lines).starts_with("mate 1"), "{lines:#?}");

    let dir = common::scratch_dir("chimera-uci");
    let file = dir.join("stalemate-loss.ini");
    std::fs::write(&file, "[stalemate-loss : chess]\nstalemate = loss\n").unwrap();
    u.send(&format!(
        "setoption name VariantPath value {}",
        file.display()
    ));
    let (_, loaded) = u.read_until("variants loaded", TIMEOUT, |l| l.starts_with("info string"));
    assert!(
        loaded.contains("stalemate-loss") && !loaded.contains("error"),
        "{loaded}"
    );
    u.variant("stalemate-loss");
    u.position(FEN);
    let (lines, best, _) = go(&mut u, "depth 4");
    assert_eq!(last_score(&lines), "mate 1", "{lines:#?}");
    assert!(best == "d3g6" || best == "f6f7", "{lines:#?}");
    u.position(&format!("{FEN} moves {best}"));
    assert_eq!(legal_moves(&mut u).total, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stop_ends_an_infinite_search_quickly_with_four_threads() {
    let mut u = Uci::new();
    u.ok("setoption name Threads value 4");
    u.variant("capablanca");
    u.position("startpos");
    u.send("go infinite");
    // No answer before `stop`.
    assert!(u
        .read_line(Duration::from_millis(300))
        .is_none_or(|l| !is_bestmove(&l)));
    let (_, _) = u.read_until("info lines", TIMEOUT, |l| l.starts_with("info depth"));
    let t = Instant::now();
    u.send("stop");
    let (_, best) = u.read_until("bestmove after stop", QUICK, is_bestmove);
    let latency = t.elapsed();
    eprintln!("stop latency with 4 threads: {latency:?}");
    assert!(
        best.split_whitespace()
            .nth(1)
            .is_some_and(|m| m != "(none)"),
        "{best}"
    );
    u.sync();
}

/// With far more threads than cores (256 here; CI machines have a few) the main thread still
/// searches from the start, and a helper's deeper completed iteration answers where the main
/// thread's is shallower: a short `movetime` is answered from a search, not with the fallback
/// (the first legal move, at depth 0) that this gave every time on 2 cores before.
#[test]
fn many_threads_on_a_short_clock_answer_from_a_search() {
    let mut u = Uci::new();
    u.ok("setoption name Threads value 256");
    for _ in 0..3 {
        u.ok("ucinewgame");
        u.position("startpos");
        let (lines, best, _) = go(&mut u, "movetime 100");
        let depth = lines
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix("info depth "))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|d| d.parse::<u32>().ok());
        assert!(
            depth.is_some_and(|d| d >= 1),
            "bestmove {best} after {lines:#?}"
        );
    }
    u.ok("setoption name Threads value 1");
}

/// With two threads the main thread may take over an iteration a helper completed first: the
/// search still reaches exactly the asked depth, and the answer is the first move of the last
/// line reported.
#[test]
fn two_threads_reach_the_depth_and_answer_the_last_line() {
    let mut u = Uci::new();
    u.ok("setoption name Threads value 2");
    for (variant, fen) in [
        (
            "chess",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8",
        ),
        (
            "capablanca",
            "r1abqkb1nr/ppp1pppppp/2n2c4/3p6/3P6/2N2C4/PPP1PPPPPP/R1ABQKB1NR w KQkq - 4 4",
        ),
    ] {
        u.variant(variant);
        for _ in 0..3 {
            u.position(&format!("fen {fen}"));
            u.send("go depth 11");
            let (lines, best) = u.read_until("bestmove", TIMEOUT, is_bestmove);
            let infos: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("info depth"))
                .collect();
            let last = infos.last().expect("an info line");
            let field = |l: &str, key: &str| -> Option<String> {
                let mut it = l.split_whitespace();
                it.find(|w| *w == key)?;
                it.next().map(str::to_string)
            };
            assert_eq!(field(last, "depth").as_deref(), Some("11"), "{lines:#?}");
            let depths: Vec<i32> = infos
                .iter()
                .filter_map(|l| field(l, "depth")?.parse().ok())
                .collect();
            assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
            assert_eq!(
                field(last, "pv"),
                best.split_whitespace().nth(1).map(str::to_string),
                "{lines:#?}"
            );
        }
    }
    u.sync();
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut u = Uci::new();
    u.ok("setoption name Threads value 2");
    u.position("startpos");
    u.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    for _ in 0..3 {
        let t = Instant::now();
        u.send("isready");
        let (before, _) = u.read_until("readyok during a search", QUICK, |l| l == "readyok");
        assert!(
            before.iter().all(|l| !is_bestmove(l)),
            "the search ended early: {before:#?}"
        );
        eprintln!("readyok during a search after {:?}", t.elapsed());
    }
    // A second `go` while searching is refused; the search goes on.
    u.send("go depth 1");
    let (_, err) = u.read_until("an error line", QUICK, |l| l.starts_with("info string"));
    assert!(err.contains("error"), "{err}");
    u.send("stop");
    u.read_until("bestmove", QUICK, is_bestmove);
}

#[test]
fn go_perft_is_answered_and_stopped_like_a_search() {
    let mut u = Uci::new();
    u.position("startpos");
    // Depth 9 of chess would count for hours: `isready` and `stop` must not wait for it.
    u.send("go perft 9");
    std::thread::sleep(Duration::from_millis(100));
    u.send("isready");
    let (before, _) = u.read_until("readyok during perft", QUICK, |l| l == "readyok");
    assert!(before.is_empty(), "{before:#?}");
    // Another `go` waits for the count, as for a search with limits; `stop` is not held up
    // behind it.
    u.send("go depth 1");
    u.send("go perft 1");
    assert_eq!(u.read_line(QUICK), None);
    u.send("stop");
    let (before, _) = u.read_until("the stopped perft's line", QUICK, |l| {
        l == "info string perft stopped"
    });
    assert!(
        before.iter().all(|l| !l.starts_with("Nodes searched")),
        "a stopped count gave a total: {before:#?}"
    );
    // Then what waited runs, in order: the search, then the count.
    let (_, best) = u.read_until("the waiting search's bestmove", TIMEOUT, is_bestmove);
    assert!(best.starts_with("bestmove "), "{best}");
    let (_, total) = u.read_until("the waiting count", TIMEOUT, |l| {
        l.starts_with("Nodes searched")
    });
    assert_eq!(total, "Nodes searched: 20");
    // A count that ends by itself is complete, and once it is reported the next may start.
    for _ in 0..3 {
        let d = u.perft(3);
        assert_eq!(d.total, 8902);
    }
    // `quit` ends a count at once, even with commands queued behind it.
    u.send("go perft 9");
    u.send("go perft 1");
    // (`quit` waits 10 s at most; the count would take hours.)
    assert_eq!(u.quit(), Some(0));
}

#[test]
fn chess960_perft_divide_writes_king_takes_rook() {
    let mut u = Uci::new();
    u.ok("setoption name UCI_Chess960 value true");
    u.position("fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let d = u.perft(1);
    assert_eq!(d.total, 26);
    assert!(d.has("e1h1") && d.has("e1a1"), "{:?}", d.move_set());
    assert!(!d.has("e1g1") && !d.has("e1c1"), "{:?}", d.move_set());
}

/// `stop` acts the moment the input thread reads it, ahead of the command loop; commands
/// read before it must still be judged as they came: during the search.
#[test]
fn commands_before_a_stop_are_judged_in_order() {
    let mut u = Uci::new();
    for _ in 0..3 {
        u.position("startpos");
        u.send("go infinite");
        std::thread::sleep(Duration::from_millis(50));
        u.send_raw(b"go depth 3\nsetoption name UCI_Variant value grand\nstop\n");
        let lines = u.sync();
        let answers = lines.iter().filter(|l| is_bestmove(l)).count();
        let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(answers, 1, "{lines:#?}");
        assert_eq!(errors.len(), 2, "{lines:#?}");
        // Still chess: the variant change was refused.
        assert_eq!(u.perft(1).total, 20);
    }
    // A `go` waiting behind a count that a `stop` then ends runs once it has ended.
    u.send("go perft 9");
    std::thread::sleep(Duration::from_millis(50));
    u.send_raw(b"go depth 3\nstop\n");
    let (lines, _) = u.read_until("the waiting search's bestmove", TIMEOUT, is_bestmove);
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    let lines = u.sync();
    assert!(lines.iter().all(|l| !is_bestmove(l)), "{lines:#?}");
}

/// A script's commands piped in at once: a `go`, `setoption` or `ucinewgame` that comes during
/// a search with limits waits for it (as in Stockfish), so every `go` is answered, in order,
/// each in the position and game set before it.
#[test]
fn piped_commands_wait_for_a_search_with_limits() {
    let mut u = Uci::new();
    u.send_raw(
        b"position startpos\ngo depth 7\nposition startpos moves e2e4\ngo depth 7\n\
          setoption name UCI_Variant value grand\nucinewgame\ngo depth 4\ngo perft 1\n",
    );
    let (lines, total) = u.read_until("the count", TIMEOUT, |l| l.starts_with("Nodes searched"));
    assert_eq!(total, "Nodes searched: 65", "grand's start: {lines:#?}");
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    let answers: Vec<&String> = lines.iter().filter(|l| is_bestmove(l)).collect();
    assert_eq!(answers.len(), 3, "{lines:#?}");
    // White's move, then Black's reply to e2e4 (from its seventh or eighth rank), then a move
    // on Grand's board, announced after the second answer.
    let from_rank = |answer: &str| answer.split_whitespace().nth(1).unwrap()[1..2].to_string();
    assert!(
        ["1", "2"].contains(&from_rank(answers[0]).as_str()),
        "{lines:#?}"
    );
    assert!(
        ["7", "8"].contains(&from_rank(answers[1]).as_str()),
        "{lines:#?}"
    );
    let at = |pred: &dyn Fn(&String) -> bool| lines.iter().position(pred).unwrap();
    let announced = at(&|l| l.starts_with("info string variant grand"));
    assert!(at(&|l| l == answers[1]) < announced && announced < at(&|l| l == answers[2]));
}

/// A `stop` (or `ponderhit`) that comes while a `go` waits acts on the running search and,
/// as it starts, on the waiting one: a waiting `go infinite` is answered, not left running.
#[test]
fn a_stop_reaches_the_searches_waiting_before_it() {
    let mut u = Uci::new();
    u.send_raw(b"go movetime 5000\ngo infinite\nstop\n");
    let (lines, _) = u.read_until("the first bestmove", QUICK, is_bestmove);
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    let (lines, _) = u.read_until("the waiting search's bestmove", QUICK, is_bestmove);
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    u.ok("setoption name Ponder value true");
    u.send_raw(b"go movetime 300\ngo ponder movetime 200\nponderhit\n");
    u.read_until("the first bestmove", TIMEOUT, is_bestmove);
    // Pondering would last until a `stop`: the `ponderhit` turned it into a 200 ms search.
    u.read_until("the pondering search's bestmove", QUICK, is_bestmove);
}

/// After `ponderhit` the search runs on the clock and ends by itself, so the `go`,
/// `setoption` and `ucinewgame` after it wait for it, as during any search with limits: each
/// `go` is answered. They used to be refused ("a search is running"), the search being judged
/// as it started (pondering).
#[test]
fn commands_after_a_ponderhit_wait_for_the_search() {
    let mut u = Uci::new();
    u.ok("setoption name Ponder value true");
    u.send_raw(
        b"position startpos moves e2e4\ngo ponder wtime 2000 btime 2000\nponderhit\n\
          ucinewgame\nsetoption name UCI_Variant value grand\ngo depth 2\n",
    );
    let (lines, first) = u.read_until("the pondering search's bestmove", TIMEOUT, is_bestmove);
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    assert!(
        first.starts_with("bestmove ")
            && first[9..].starts_with(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    );
    let (lines, second) = u.read_until("the waiting search's bestmove", TIMEOUT, is_bestmove);
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:#?}");
    // The new game's start: White moves from Grand's first three ranks.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string variant grand")),
        "{lines:#?}"
    );
    let from_rank = &second.split_whitespace().nth(1).unwrap()[1..2];
    assert!(["1", "2", "3"].contains(&from_rank), "{second}");
    // A ponder search without limits still waits for `stop`: a `go` during it is refused.
    u.send_raw(b"go ponder\nponderhit\ngo depth 1\n");
    let (lines, _) = u.read_until("the refusal", QUICK, |l| l.contains("error"));
    assert!(lines.iter().all(|l| !is_bestmove(l)), "{lines:#?}");
    u.send("stop");
    u.read_until("bestmove after stop", QUICK, is_bestmove);
    u.sync();
}

#[test]
fn quit_during_a_search_exits() {
    let mut u = Uci::new();
    u.ok("setoption name Threads value 3");
    u.position("startpos");
    u.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(u.quit(), Some(0));
}

/// A move list of millions of plies takes the command loop many seconds to play (some 17 s
/// for this one, 3 million plies of hostile-relay Grand); when `quit` is the next line, the
/// list is left unplayed.
#[test]
fn quit_cuts_a_long_move_list_short() {
    let mut u = Uci::new();
    u.ok("setoption name UCI_Variant value hostile-relay-friendly-anti-relay-grand");
    u.send_raw(long_move_list(750_000).as_bytes());
    // (`quit` waits 10 s at most.)
    assert_eq!(u.quit(), Some(0));
}

/// `position startpos moves` and `n` times four knight moves there and back, a line.
fn long_move_list(n: usize) -> String {
    let mut line = String::from("position startpos moves");
    for _ in 0..n {
        line.push_str(" b2c4 b9c7 c4b2 c7b9");
    }
    line.push('\n');
    line
}

/// A script piped in whole (`position … moves …`, `go`, `quit`): the input thread has read the
/// `quit` before the command loop plays the moves, and a command between them is answered from
/// the position the list sets, however long it is: only `quit` straight after a list cuts it.
#[test]
fn a_piped_script_is_answered_from_its_position() {
    let script = b"uci\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 8\nquit\n";
    let r = run_bin(&["uci"], Some(script), TIMEOUT);
    let best = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove\n{}", r.describe()));
    let from_rank = best.chars().nth(1).and_then(|c| c.to_digit(10));
    assert!(
        matches!(from_rank, Some(5..=8)),
        "not a Black move: {best}\n{}",
        r.describe()
    );
    // 40,000 plies of Grand, then `d` and `quit`: the list is played (the knights are home,
    // and the move counter says so).
    let mut script = b"uci\nsetoption name UCI_Variant value grand\n".to_vec();
    script.extend_from_slice(long_move_list(10_000).as_bytes());
    script.extend_from_slice(b"d\nquit\n");
    let r = run_bin(&["uci"], Some(&script), TIMEOUT);
    assert!(
        r.stdout.contains(" w - - 40000 20001"),
        "the list was not played\n{}",
        r.describe()
    );
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut u = Uci::new();
    u.ok("setoption name Ponder value true");
    u.position("startpos moves e2e4");
    // A ponder search with a short clock does not answer before ponderhit ...
    u.send("go ponder wtime 1000 btime 1000");
    assert!(u
        .read_line(Duration::from_millis(400))
        .is_none_or(|l| !is_bestmove(&l)));
    while let Some(l) = u.read_line(Duration::from_millis(100)) {
        assert!(!is_bestmove(&l), "bestmove while pondering");
    }
    // ... and answers soon after it.
    u.send("ponderhit");
    u.read_until(
        "bestmove after ponderhit",
        Duration::from_secs(2),
        is_bestmove,
    );
    // `stop` while pondering answers too.
    u.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(100));
    u.send("stop");
    u.read_until("bestmove after stop", QUICK, is_bestmove);
    u.sync();
}

/// A node budget ends the work of a ponder or infinite search, never its wait: the answer
/// still waits for `ponderhit` or `stop` (it came at once when the budget ran out).
#[test]
fn a_node_budget_does_not_end_a_ponder_or_infinite_search() {
    let mut u = Uci::new();
    u.position("startpos");
    for (go, release) in [
        ("go ponder nodes 1000", "ponderhit"),
        ("go ponder wtime 1000 btime 1000 nodes 1000", "ponderhit"),
        ("go ponder nodes 1000", "stop"),
        ("go infinite nodes 2000", "stop"),
    ] {
        u.send(go);
        while let Some(l) = u.read_line(Duration::from_millis(400)) {
            assert!(!is_bestmove(&l), "{go}: {l} before {release}");
        }
        u.send(release);
        u.read_until(&format!("bestmove after {release}"), QUICK, is_bestmove);
    }
    u.sync();
}

/// `go depth N` and `go mate N` search as asked once a mate is found: a mate in one is not
/// cut short at depth 6, and `go mate 2` on a mate in three (no mate in two) goes on to the
/// last depth, as in Stockfish.
#[test]
fn depth_and_mate_limits_outlast_a_found_mate() {
    let mut u = Uci::new();
    u.position("fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 20");
    assert_eq!(best, "a1a8");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 20 ")),
        "{lines:#?}"
    );
    u.position("fen rn2r3/1p5p/2kpp3/p4P2/PRp3P1/4PP2/Q2B1R2/1N5K w - - 1 37");
    let (lines, _, _) = go(&mut u, "mate 2");
    assert_eq!(last_score(&lines), "mate 3");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 120 ")),
        "{lines:#?}"
    );
    // With the clock (a depth cap beside it or not) a mate seen well past its length still
    // ends the search: the clock is worth saving.
    u.position("fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    for limits in [
        "wtime 60000 btime 60000",
        "wtime 60000 btime 60000 depth 30",
    ] {
        let (lines, _, _) = go(&mut u, limits);
        assert!(
            !lines.iter().any(|l| l.starts_with("info depth 20 ")),
            "{lines:#?}"
        );
    }
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut u = Uci::new();
    u.ok("setoption name MultiPV value 3");
    u.position("startpos");
    let (lines, _, _) = go(&mut u, "depth 5");
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let l = last
            .iter()
            .find(|l| l.contains(&format!(" multipv {k} ")))
            .unwrap_or_else(|| panic!("{lines:#?}"));
        firsts.push(
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .to_string(),
        );
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{lines:#?}");
}

/// A MultiPV search cut short inside an iteration (here by `nodes`) leaves the GUI a set of
/// lines with distinct first moves, the answer first among them: a line read without `multipv`
/// (the final one) counts as line 1, as python-chess reads it. The cut once left a new best
/// move as line 1 while line 2 still began with it.
#[test]
fn multipv_lines_stay_distinct_when_a_search_is_cut_short() {
    let first_move = |l: &str| {
        l.split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split_whitespace().next())
            .map(String::from)
    };
    let mut u = Uci::new();
    u.ok("setoption name MultiPV value 2");
    for fen in [
        "1rbqk1r1/p1pp1p1p/1p4p1/P3p3/1n1PB3/4P3/1bP2PPP/1RBnK2R b K - 0 14",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8",
    ] {
        for nodes in (500..6_000).step_by(250) {
            u.send("ucinewgame");
            u.position(&format!("fen {fen}"));
            let (lines, best, _) = go(&mut u, &format!("nodes {nodes}"));
            let mut view = [None, None];
            for l in lines.iter().filter(|l| l.contains(" pv ")) {
                let k = match l.split(" multipv ").nth(1) {
                    Some(rest) => rest
                        .split_whitespace()
                        .next()
                        .and_then(|k| k.parse::<usize>().ok()),
                    None => Some(1),
                };
                if let Some(k @ 1..=2) = k {
                    view[k - 1] = first_move(l);
                }
            }
            let seen = format!("nodes {nodes}, {fen}: {lines:#?}");
            assert_eq!(view[0].as_deref(), Some(best.as_str()), "{seen}");
            assert_ne!(view[0], view[1], "{seen}");
        }
    }
}

#[test]
fn time_limits_are_kept() {
    let mut u = Uci::new();
    u.position("startpos");
    let t = Instant::now();
    go(&mut u, "movetime 300");
    let spent = t.elapsed();
    // Generous upper bounds: tests run in parallel and the machine may be busy.
    assert!(
        spent >= Duration::from_millis(250) && spent < Duration::from_millis(1_500),
        "movetime 300 took {spent:?}"
    );
    // A nearly empty clock: answer at once.
    let t = Instant::now();
    let (_, best, _) = go(&mut u, "wtime 30 btime 30 winc 0 binc 0");
    assert!(
        t.elapsed() < Duration::from_millis(1_000),
        "30 ms left took {:?}",
        t.elapsed()
    );
    assert!(legal_moves(&mut u).has(&best));
    // 1+0.01 for 20 moves: never more than the time left.
    let mut left: i64 = 1_000;
    let mut moves: Vec<String> = Vec::new();
    u.ok("setoption name Move Overhead value 10");
    for _ in 0..20 {
        u.position(&format!("startpos moves {}", moves.join(" ")));
        let t = Instant::now();
        let (_, best, _) = go(
            &mut u,
            &format!("wtime {left} btime {left} winc 10 binc 10"),
        );
        let spent = t.elapsed().as_millis() as i64;
        left = left - spent + 10;
        assert!(left > 0, "lost on time: {spent} ms spent, {left} left");
        if best == "(none)" {
            break;
        }
        moves.push(best);
    }
    // go nodes
    u.position("startpos");
    let (lines, _, _) = go(&mut u, "nodes 5000");
    let nodes: u64 = lines
        .last()
        .unwrap()
        .split(" nodes ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes < 50_000, "{nodes}");
}

#[test]
fn go_before_position_uses_the_start_position() {
    let mut u = Uci::new();
    let (_, best, _) = go(&mut u, "depth 3");
    u.position("startpos");
    assert!(legal_moves(&mut u).has(&best), "{best}");
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut u = Uci::new();
    u.ok("setoption name UCI_Chess960 value true");
    // Castling is the only move that does not lose the rook on h1... the engine may pick it;
    // check only the notation: both forms are accepted as input.
    u.position("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    u.position("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    u.position("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let (lines, _, _) = go(&mut u, "depth 3 searchmoves e1g1");
    let pv = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert!(pv.contains(" pv e1h1"), "{pv}");
}

/// `0000` in a move list is a null move (UCI's name for one, which a GUI sending an analysed
/// line with a pass in it writes): the turn passes. Passing in check is refused and the
/// position kept.
#[test]
fn a_null_move_in_the_move_list_passes_the_turn() {
    let mut u = Uci::new();
    u.position("startpos moves e2e4 0000 d2d4");
    u.send("d");
    let (_, fen) = u.read_until("Fen: ", TIMEOUT, |l| l.starts_with("Fen: "));
    assert_eq!(
        fen,
        "Fen: rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2"
    );
    u.sync();
    let (_, best, _) = go(&mut u, "depth 4");
    assert!(legal_moves(&mut u).has(&best), "{best}");
    // White passes again and the bishop's check is answered, not passed.
    u.position("startpos moves e2e4 0000 d2d4 d7d6 f1b5");
    let before = legal_moves(&mut u).move_set();
    let error = u.expect_error("position startpos moves e2e4 0000 d2d4 d7d6 f1b5 0000");
    assert!(error.contains("0000") && error.contains("check"), "{error}");
    assert_eq!(legal_moves(&mut u).move_set(), before);
}

#[test]
fn bad_input_keeps_the_state() {
    let mut u = Uci::new();
    u.variant("capablanca");
    u.position("startpos moves e2e4");
    let before = legal_moves(&mut u).total;
    // A bad `go` still searches (the GUI waits for `bestmove`): one warning line, then a legal
    // best move, and the position is the same.
    for bad in [
        "go depth",
        "go depth 0",
        "go depth x",
        "go nodes -5",
        "go wtime",
        "go movetime abc",
        "go searchmoves",
        "go searchmoves e2e4",
        "go searchmoves zz",
        "go depth 3 depth 4",
        "go frobnicate",
        "go infinite perft 2",
        // Black is to move.
        "go wtime 1000 winc 10",
    ] {
        u.sync();
        u.send(bad);
        u.send("stop");
        let (lines, last) = u.read_until("bestmove", TIMEOUT, is_bestmove);
        let warnings: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .collect();
        if warnings.len() != 1 || !warnings[0].starts_with("info string warning: go: ") {
            u.fail(&format!(
                "{bad:?}: one `info string warning: go:` line expected: {lines:?}"
            ));
        }
        let best = last.split_whitespace().nth(1).unwrap_or("").to_string();
        if !legal_moves(&mut u).has(&best) {
            u.fail(&format!("{bad:?}: {last:?} is not legal"));
        }
        if legal_moves(&mut u).total != before {
            u.fail(&format!("after {bad:?} the position changed"));
        }
    }
    for bad in [
        "go perft 0",
        "go perft 2 depth 3",
        "setoption name Threads value 0",
        "setoption name Threads value 257",
        "setoption name Hash value 0",
        "setoption name MultiPV value many",
        "setoption name Ponder value yes",
        "setoption name UCI_Chess960 value 1",
        "setoption name VariantPath value /no/such/file.ini",
        "debug maybe",
        "position startpos moves a1a11",
        "position fen 10/10 w - - 0 1",
    ] {
        u.expect_error(bad);
        let after = legal_moves(&mut u).total;
        if after != before {
            u.fail(&format!(
                "after {bad:?} the position changed: {before} -> {after} moves"
            ));
        }
    }
    // Words the UCI text says to skip: before a command, or after one that takes none. The
    // command runs, after one warning line.
    for (line, ignored, answer) in [
        ("stop now", "now", None),
        ("isready please", "please", Some("readyok")),
        ("d 3", "3", Some("Fen: ")),
        ("eval me", "me", Some("Evaluation: ")),
        ("joho isready", "joho", Some("readyok")),
        ("joho debug on", "joho", None),
    ] {
        u.sync();
        u.send(line);
        let lines = if answer == Some("readyok") {
            let (mut lines, last) = u.read_until("readyok", TIMEOUT, |l| l == "readyok");
            lines.push(last);
            lines
        } else {
            u.sync()
        };
        if lines.first().map(String::as_str)
            != Some(&format!("info string warning: ignored '{ignored}'"))
            || answer.is_some_and(|a| !lines.iter().any(|l| l.starts_with(a)))
            || (answer.is_none() && lines.len() != 1)
        {
            u.fail(&format!("{line:?}: {lines:?}"));
        }
        if legal_moves(&mut u).total != before {
            u.fail(&format!("after {line:?} the position changed"));
        }
    }
    // Still searching fine.
    let (_, best, _) = go(&mut u, "depth 3");
    assert!(legal_moves(&mut u).has(&best));
    // Stop without a search, ponderhit without pondering: nothing at all.
    u.send("stop");
    u.send("ponderhit");
    let extra = u.sync();
    assert!(extra.is_empty(), "{extra:#?}");
}

#[test]
fn display_and_eval_commands() {
    let mut u = Uci::new();
    u.variant("grand");
    u.position("startpos");
    u.send("d");
    let lines = u.sync();
    assert!(lines.iter().any(|l| l.ends_with("| 10")), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Fen: r8r/1nbqkcabn1")),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    assert!(lines.iter().any(|l| l.starts_with("Checkers:")));
    u.send("eval");
    let lines = u.sync();
    assert!(
        lines.len() > 3 && lines.iter().all(|l| !l.contains("error")),
        "{lines:#?}"
    );
}

/// Resident memory follows `Hash` down as well as up: after tables of 64 and 16 MB, a 4 MB one
/// leaves the engine at about 4 MB plus its few MB of code and threads (the freed tables' pages
/// once stayed with the allocator: 36 MB).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn resident_memory_follows_the_hash_size_down() {
    let mut u = Uci::new();
    for hash in [64, 16, 4] {
        u.send(&format!("setoption name Hash value {hash}"));
        u.sync();
        u.send("position startpos");
        go(&mut u, "depth 6");
    }
    let resident = resident_mb(&u);
    assert!(resident <= 4 + 16, "Hash 4: {resident} MB resident");
}

/// The engine's resident memory in MB, from Linux's account of the process.
#[cfg(target_os = "linux")]
fn resident_mb(u: &Uci) -> u64 {
    common::resident_mb(u.pid())
}

/// A search thread's memory is what it uses: 255 more threads, set up and then searching a few
/// plies, add about 70 MB (histories, the evaluation's pawn cache, the plies they reached). Each
/// thread once built its move buffers for all 132 plies up front, 210 MB before a search.
#[cfg(target_os = "linux")]
#[test]
fn many_threads_add_little_resident_memory() {
    let mut u = Uci::new();
    u.sync();
    let one = resident_mb(&u);
    u.ok("setoption name Threads value 256");
    u.position("startpos");
    go(&mut u, "depth 6");
    let many = resident_mb(&u);
    assert!(
        many.saturating_sub(one) <= 128,
        "1 thread: {one} MB resident, 256 threads: {many} MB"
    );
    // Back to one thread, the memory goes back too (the allocator kept the threads' arenas
    // at their largest: about 85 MB).
    u.ok("setoption name Threads value 1");
    go(&mut u, "depth 6");
    let back = resident_mb(&u);
    assert!(
        back.saturating_sub(one) <= 20,
        "1 thread: {one} MB resident, after 256 and back to 1: {back} MB"
    );
}

/// A smaller `Hash` set after a search frees the old table at once (the last search's shared
/// state kept it until the next `go`: 256 MB stayed resident with `Hash` 1, and a larger
/// table then came on top of it).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn a_table_replaced_after_a_search_is_freed() {
    let mut u = Uci::new();
    u.ok("setoption name Hash value 256");
    u.position("startpos");
    go(&mut u, "depth 4");
    u.ok("setoption name Hash value 1");
    let resident = resident_mb(&u);
    assert!(
        resident <= 1 + 16,
        "Hash 1 after 256: {resident} MB resident"
    );
}

/// A `Hash` beyond the memory available now is refused with the reason (the advertised
/// maximum is the machine's whole memory: allocated, it got the engine killed by the system
/// as the table was written), and the session goes on with its table.
#[cfg(target_os = "linux")]
#[test]
fn a_hash_beyond_the_available_memory_is_refused() {
    let mut u = Uci::start();
    let lines = u.handshake();
    let max = lines
        .iter()
        .find(|l| l.starts_with("option name Hash "))
        .and_then(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .expect("the Hash option's maximum");
    let reply = u.expect_error(&format!("setoption name Hash value {max}"));
    assert!(reply.contains("MB of memory are available"), "{reply}");
    u.position("startpos");
    assert_eq!(u.perft(1).total, 20);
    go(&mut u, "depth 3");
    assert!(resident_mb(&u) < 200, "the table was not built");
}

/// `chimera bench` is the search's signature: the same node count every run.
#[test]
fn bench_is_deterministic() {
    let nodes = || {
        let r = run_bin(&["bench", "5"], None, Duration::from_secs(120));
        assert_eq!(r.code, Some(0), "{}", r.describe());
        let line = r
            .stdout
            .lines()
            .find(|l| l.starts_with("Nodes searched:"))
            .unwrap_or_else(|| panic!("{}", r.describe()));
        assert!(
            r.stdout.lines().any(|l| l.starts_with("Nodes/second:")),
            "{}",
            r.describe()
        );
        line.to_string()
    };
    assert_eq!(nodes(), nodes());
}

/// `bench --threads N` runs every position with N threads (time to depth) and reaches the same
/// best-move format; `--hash` and `--threads` out of range are refused.
#[test]
fn bench_with_threads_and_hash() {
    let r = run_bin(
        &["bench", "6", "--threads", "2", "--hash", "8"],
        None,
        Duration::from_secs(120),
    );
    assert_eq!(r.code, Some(0), "{}", r.describe());
    let positions = r
        .stdout
        .lines()
        .filter(|l| l.contains(" ms  bestmove "))
        .count();
    assert_eq!(positions, 17, "{}", r.describe());
    assert!(
        r.stdout.lines().any(|l| l.starts_with("Nodes searched:")),
        "{}",
        r.describe()
    );
    for bad in [&["bench", "--threads", "0"][..], &["bench", "--hash", "0"]] {
        let r = run_bin(bad, None, Duration::from_secs(20));
        assert_ne!(r.code, Some(0), "{bad:?}: {}", r.describe());
    }
}

/// Cancellation games answer with the whole turn joined by commas (`rules/cancellation.md`).
/// Here White is in check from the Rook on e1 and only Qa1xe1 parries it: r = 9 - 5 = 4, so
/// White places a Bishop or Knight on e1, then a Pawn beside it (never on the first rank).
#[test]
fn cancellation_bestmove_is_the_capturers_whole_turn() {
    let mut u = Uci::new();
    u.variant("cancellation-chess");
    u.position("fen 4k3/8/8/8/8/8/6PP/Q3r2K w - - 0 1");
    let (_, best, _) = go(&mut u, "depth 3");
    let plies: Vec<&str> = best.split(',').collect();
    assert_eq!(plies.len(), 3, "capture and two placements: {best}");
    assert_eq!(plies[0], "a1e1");
    assert!(["B@e1", "N@e1"].contains(&plies[1]), "{best}");
    assert!(["P@d2", "P@e2", "P@f2"].contains(&plies[2]), "{best}");
    // The joined turn is accepted back, and then Black is to move.
    u.position(&format!(
        "fen 4k3/8/8/8/8/8/6PP/Q3r2K w - - 0 1 moves {best}"
    ));
    let (_, reply, _) = go(&mut u, "depth 2");
    assert!(reply.starts_with("e8"), "Black has only its King: {reply}");
}

/// The defender's turn starts with its placements: after Pd4xQe5 Black places a Rook on e5
/// (automatically: no choice), then a Bishop or Knight beside it, then moves.
#[test]
fn cancellation_bestmove_is_the_defenders_placements_and_move() {
    let mut u = Uci::new();
    u.variant("cancellation-chess");
    u.position("fen 4k3/8/8/4q3/3P4/8/6P1/7K w - - 0 1 moves d4e5");
    let (_, best, _) = go(&mut u, "depth 3");
    let plies: Vec<&str> = best.split(',').collect();
    assert_eq!(plies.len(), 2, "one placement and a move: {best}");
    assert!(
        plies[0].starts_with("B@") || plies[0].starts_with("N@"),
        "{best}"
    );
    assert!(!plies[1].contains('@'), "{best}");
}

/// Mate distances count turns, not plies: Qf1xRf6 with a Bishop placed on f6 and a Pawn on f7
/// mates at once, in one turn of three plies.
#[test]
fn cancellation_mate_in_one_turn() {
    let mut u = Uci::new();
    u.variant("cancellation-chess");
    u.position("fen 7k/7p/5r2/8/8/8/8/K4Q2 w - - 0 1");
    let (lines, best, _) = go(&mut u, "depth 4");
    assert_eq!(last_score(&lines), "mate 1");
    assert_eq!(best, "f1f6,B@f6,P@f7");
}

/// A root with no legal move is answered with the game's result even when `stop` comes before
/// the search thread has run (it reported `score cp 0` then): checkmate is `mate 0`.
#[test]
fn no_legal_move_at_the_root_scores_the_result_even_when_stopped_at_once() {
    let mut u = Uci::new();
    for _ in 0..5 {
        u.position("fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        u.send("go depth 2");
        u.send("stop");
        let (lines, best) = u.read_until("bestmove", TIMEOUT, |l| l.starts_with("bestmove"));
        assert_eq!(best, "bestmove (none)");
        let scores: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scores.is_empty(), "{lines:?}");
        assert!(
            scores.iter().all(|l| l.contains("score mate 0")),
            "{lines:?}"
        );
    }
}

/// A change of game during a search is refused (its `bestmove` would be read in the new game),
/// as the other settings the search depends on are, each error naming its own command.
#[test]
fn game_changes_wait_for_the_search_to_stop() {
    let mut u = Uci::new();
    u.send("go infinite");
    for (cmd, name) in [
        ("setoption name UCI_Variant value grand", "UCI_Variant"),
        (
            "setoption name VariantPath value /no/such/file.ini",
            "VariantPath",
        ),
        ("setoption name Clear Hash", "Clear Hash"),
        ("setoption name UCI_Chess960 value true", "UCI_Chess960"),
    ] {
        // The search's own `info depth` lines come in between.
        u.send(cmd);
        let (_, err) = u.read_until("an error line", QUICK, |l| l.starts_with("info string"));
        assert!(
            err.contains(name) && err.contains("search is running"),
            "{err}"
        );
    }
    u.send("stop");
    u.read_until("bestmove", TIMEOUT, |l| l.starts_with("bestmove"));
    u.variant("grand");
}

/// Right before `bestmove` comes a final `info` with the whole search's nodes and time (the
/// spec asks for it; a node limit is reached inside an iteration, after its last report), its
/// line starting with the best move; and no report gives a `seldepth` below its `depth`.
#[test]
fn final_info_before_bestmove() {
    let mut u = Uci::new();
    u.position("startpos moves e2e4 e7e5");
    let (lines, best, _) = go(&mut u, "nodes 30000");
    let last = lines.last().expect("info lines");
    let words: Vec<&str> = last.split_whitespace().collect();
    let field = |key: &str| {
        let i = words
            .iter()
            .position(|w| *w == key)
            .unwrap_or_else(|| panic!("{key} in {last}"));
        words[i + 1]
    };
    assert!(field("nodes").parse::<u64>().unwrap() >= 30000, "{last}");
    assert_eq!(field("pv"), best, "{last}");
    for l in lines.iter().filter(|l| l.contains(" seldepth ")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        let at = |k: &str| {
            w[w.iter().position(|x| *x == k).unwrap() + 1]
                .parse::<i32>()
                .unwrap()
        };
        assert!(at("seldepth") >= at("depth"), "{l}");
    }
}

/// The final `info` carries the depth of the last completed iteration and the nodes searched
/// however the search ends: by `stop` (answered by the input thread, not the search's), and
/// by `stop` after a ponder search that had already reached its depth and was waiting.
#[test]
fn final_info_after_stop_keeps_depth_and_nodes() {
    let field = |line: &str, key: &str| -> i64 {
        let w: Vec<&str> = line.split_whitespace().collect();
        let i = w
            .iter()
            .position(|x| *x == key)
            .unwrap_or_else(|| panic!("{key} in {line}"));
        w[i + 1]
            .parse()
            .unwrap_or_else(|_| panic!("{key} in {line}"))
    };
    let mut u = Uci::new();
    u.position("startpos");
    u.send("go infinite");
    // Wait for a few completed iterations before stopping.
    u.read_until("depth 5", TIMEOUT, |l| l.starts_with("info depth 5 "));
    u.send("stop");
    let (lines, _) = u.read_until("bestmove after stop", TIMEOUT, is_bestmove);
    let last = lines.last().expect("final info");
    let deepest = lines
        .iter()
        .filter(|l| l.contains(" seldepth "))
        .map(|l| field(l, "depth"))
        .max()
        .unwrap_or(5)
        .max(5);
    assert!(field(last, "depth") >= deepest, "{last}");
    assert!(field(last, "nodes") > 0, "{last}");

    // A search that ended before the `stop` it waits for keeps its depth, and reports its own
    // time and speed, not the wait's: depth 3 takes a few milliseconds.
    u.ok("setoption name Ponder value true");
    for (go, wait_ms) in [("go ponder depth 3", 300), ("go depth 3 infinite", 1_000)] {
        u.position("startpos moves e2e4");
        u.send(go);
        std::thread::sleep(Duration::from_millis(wait_ms));
        u.send("stop");
        let (lines, _) = u.read_until(go, TIMEOUT, is_bestmove);
        let last = lines.last().expect("final info");
        assert_eq!(field(last, "depth"), 3, "{go}: {last}");
        assert!(field(last, "nodes") > 0, "{go}: {last}");
        assert!(
            field(last, "time") < wait_ms as i64 * 9 / 10,
            "{go}: {last}"
        );
    }
    u.sync();
}

/// A search that runs past three seconds tells which root move it is on (`currmove`, with its
/// place among the root moves); a shorter one never does.
#[test]
fn long_searches_tell_the_root_move_being_searched() {
    // Black's 20 replies to 1.e3.
    let legal: Vec<String> = [
        "a7a6", "a7a5", "b7b6", "b7b5", "c7c6", "c7c5", "d7d6", "d7d5", "e7e6", "e7e5", "f7f6",
        "f7f5", "g7g6", "g7g5", "h7h6", "h7h5", "b8a6", "b8c6", "g8f6", "g8h6",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut u = Uci::new();
    u.position("startpos moves e2e3");
    u.send("go depth 6");
    let (lines, _) = u.read_until("bestmove", TIMEOUT, is_bestmove);
    assert!(!lines.iter().any(|l| l.contains("currmove")), "{lines:?}");
    u.position("startpos moves e2e3");
    let sent = Instant::now();
    u.send("go infinite");
    let (_, line) = u.read_until("a currmove line", TIMEOUT, |l| l.contains(" currmove "));
    assert!(sent.elapsed() >= Duration::from_millis(3_000), "{line}");
    let w: Vec<&str> = line.split_whitespace().collect();
    let ok = matches!(
        w.as_slice(),
        ["info", "depth", d, "currmove", m, "currmovenumber", n]
            if d.parse::<u32>().is_ok_and(|d| d >= 1)
                && legal.iter().any(|x| x == m)
                && n.parse::<usize>().is_ok_and(|n| (1..=legal.len()).contains(&n))
    );
    assert!(ok, "{line}");
    u.send("stop");
    u.read_until("bestmove after stop", TIMEOUT, is_bestmove);
    u.sync();
}

/// A GUI that dies closes both pipes: a long `go perft` then stops as a search does, instead
/// of counting on for hours with no one to tell.
#[test]
fn perft_stops_when_the_gui_is_gone() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new(bin())
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        panic!("cannot start {}", bin());
    };
    let Some(mut stdin) = child.stdin.take() else {
        panic!("no stdin");
    };
    let sent = stdin.write_all(b"setoption name UCI_Variant value capablanca\ngo perft 9\n");
    assert!(sent.is_ok(), "{sent:?}");
    std::thread::sleep(Duration::from_millis(300));
    drop(child.stdout.take());
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
            other => {
                let _ = child.kill();
                panic!("perft still running 15 s after the GUI closed both pipes: {other:?}");
            }
        }
    }
}

/// A search stopped inside an iteration may answer with a move whose score is only a bound
/// (the first move failed low in the aspiration window, or a new move failed high): the last
/// `info` line says so with UCI's `upperbound` / `lowerbound`, which GUIs and python-chess
/// read, instead of passing a bound off as the score. Node limits spread over a tactical
/// middlegame stop the search at many points of its iterations.
#[test]
fn a_score_cut_short_is_reported_as_a_bound() {
    let mut u = Uci::start();
    u.handshake();
    let mut bounded = 0;
    for nodes in (1_000..60_000).step_by(997) {
        u.send("ucinewgame");
        u.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let (lines, _, _) = go(&mut u, &format!("nodes {nodes}"));
        for l in lines.iter().filter(|l| l.contains(" score ")) {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "score").unwrap();
            // `score cp N [lowerbound|upperbound] nodes …`: a bound word, if any, right after.
            assert!(
                matches!(words.get(at + 1), Some(&"cp") | Some(&"mate"))
                    && words.get(at + 2).is_some_and(|n| n.parse::<i32>().is_ok())
                    && matches!(
                        words.get(at + 3),
                        Some(&"lowerbound") | Some(&"upperbound") | Some(&"nodes")
                    ),
                "{l}"
            );
            bounded += matches!(words[at + 3], "lowerbound" | "upperbound") as usize;
        }
    }
    assert!(bounded > 0, "no search was cut short inside a window");
}
