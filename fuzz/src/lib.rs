//! The bodies of the cargo-fuzz targets (`fuzz_targets/*.rs` are one line each). They are kept
//! apart from libFuzzer so that the test suite replays `seeds/` and `regressions/` through the
//! very same code on the stable toolchain (`engine-tests/fuzz.rs` includes this file).
//!
//! Each body panics only where Chimera is wrong: a panic inside the engine, or a broken
//! invariant (a FEN that does not read back, a move that does not read back in its own
//! notation, a hash that differs from the recomputed one, a search answering an illegal move).
//! Inputs are bytes; the first byte picks a game where a game is needed (every name that
//! `chimera variants` lists: built-in, relay and cancellation games), the rest is text.

use chimera::game::{Game, GameType};
use chimera::protocol::san;
use chimera::protocol::uci::{parse_command, parse_lenient, UciEngine};
use chimera::protocol::xboard::{coords, XboardEngine};
use chimera::search::{SearchLimits, Searcher};
use chimera::tournament::referee;
use chimera::types::MoveList;
use chimera::variant::Registry;
use chimera::with_position;
use std::io::Cursor;
use std::sync::OnceLock;

/// One registry for the whole run: games build their tables once, as in the engine.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::builtin)
}

fn game_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| registry().listed_names())
}

/// The game the selector byte picks.
fn game_type(selector: u8) -> &'static GameType {
    let names = game_names();
    let name = &names[selector as usize % names.len()];
    registry()
        .find(name)
        .unwrap_or_else(|e| panic!("'{name}' is listed but not found: {e}"))
}

/// The input as text, as a GUI's bytes would be read (invalid UTF-8 replaced).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// UCI lines: the strict and the lenient reading never panic, and the lenient one accepts
/// every line the strict one does.
pub fn uci_line(data: &[u8]) {
    for line in text(data).split(['\n', '\r']) {
        let strict = parse_command(line);
        let (lenient, _) = parse_lenient(line);
        if strict.is_ok() {
            assert!(
                lenient.is_ok(),
                "{line:?}: strict {strict:?}, lenient {lenient:?}"
            );
        }
    }
}

/// A FEN for the selected game. A position the game accepts must read back from its own FEN,
/// keep its hash, evaluate, and give moves that read back in coordinates and in SAN and that
/// play and take back to the same position.
pub fn fen(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let gt = game_type(selector);
    let Ok(mut game) = gt.position(&text(rest)) else {
        return;
    };
    check_position(gt, &mut game);
}

fn check_position(gt: &GameType, game: &mut Game) {
    let fen = game.fen();
    let name = &gt.variant.name;
    let again = gt
        .position(&fen)
        .unwrap_or_else(|e| panic!("{name}: {fen} does not read back: {e}"));
    assert_eq!(again.fen(), fen, "{name}");
    assert_eq!(game.hash(), game.compute_hash(), "{name}: {fen}");
    with_position!(&*game, p => {
        p.evaluate(gt.eval());
        p.eval_breakdown(gt.eval());
    });
    chimera::protocol::uci::display(game);
    let legal = referee::legal_moves(game);
    for &m in &legal {
        let uci = game.move_to_uci(m);
        assert_eq!(game.parse_uci(&uci), Ok(m), "{name}: {fen}: {uci}");
        let written = san::to_san_with(game, m, &legal);
        assert_eq!(
            san::parse_move(game, &written).ok(),
            Some(m),
            "{name}: {fen}: SAN {written} of {uci}"
        );
        game.play(m);
        assert_eq!(
            game.hash(),
            game.compute_hash(),
            "{name}: {fen}: after {uci}"
        );
        let mut replies = MoveList::new();
        game.legal_moves(&mut replies);
        with_position!(&*game, p => p.evaluate(gt.eval()));
        game.undo();
        assert_eq!(game.fen(), fen, "{name}: take-back of {uci}");
    }
}

/// A move typed in every notation Chimera reads (UCI coordinates, SAN, XBoard's), in a
/// position a few moves into the selected game: whatever a reader accepts is a legal move.
pub fn move_text(data: &[u8]) {
    let [selector, plies, rest @ ..] = data else {
        return;
    };
    let gt = game_type(*selector);
    let mut game = gt.start();
    for i in 0..(plies % 16) as usize {
        let legal = referee::legal_moves(&mut game);
        if legal.is_empty() {
            break;
        }
        game.play(legal[(i * 7 + *plies as usize) % legal.len()]);
    }
    let legal = referee::legal_moves(&mut game);
    let typed = text(rest);
    if let Ok(m) = game.parse_uci(&typed) {
        assert!(
            legal.contains(&m),
            "{typed:?}: parse_uci gave an illegal move"
        );
    }
    if let Ok(m) = san::parse_move(&mut game, &typed) {
        assert!(legal.contains(&m), "{typed:?}: SAN gave an illegal move");
    }
    for ranks in [
        coords::GuiRanks::FromOne,
        coords::GuiRanks::FromZero,
        coords::GuiRanks::PastNine,
    ] {
        if let Ok(m) = coords::parse_gui_move(&mut game, &typed, ranks) {
            assert!(legal.contains(&m), "{typed:?}: XBoard gave an illegal move");
        }
    }
}

/// A variants file: it loads with errors or gives games whose start position plays (moves
/// picked by the input's bytes) and takes back to itself, with the hash kept.
pub fn variants_file(data: &[u8]) {
    let Ok(games) = registry().check(&text(data)) else {
        return;
    };
    for gt in games {
        let mut game = gt.start();
        let start = game.fen();
        let mut played = 0;
        for &b in data.iter().take(24) {
            let legal = referee::legal_moves(&mut game);
            if legal.is_empty() {
                break;
            }
            game.play(legal[b as usize % legal.len()]);
            played += 1;
            assert_eq!(game.hash(), game.compute_hash(), "{}", game.fen());
        }
        for _ in 0..played {
            game.undo();
        }
        assert_eq!(game.fen(), start);
    }
}

/// A line made harmless for a fuzz run without changing what is parsed: searches get a small
/// depth limit, and huge tables, many threads and files named by the input are left out.
fn tame(line: &str, depth_word: &str) -> String {
    let lower = line.to_ascii_lowercase();
    if lower.contains("hash") || lower.contains("threads") || lower.contains("memory") {
        return String::new();
    }
    if lower.contains("variantpath") || lower.contains("cores") || lower.contains("perft") {
        return String::new();
    }
    let mut line = line.to_string();
    if lower.trim_start().starts_with("go") {
        line.push(' ');
        line.push_str(depth_word);
    }
    line
}

/// A UCI session line by line: nothing panics, and afterwards the engine still searches.
pub fn uci_session(data: &[u8]) {
    let mut engine = UciEngine::new(registry().clone(), std::io::sink());
    for line in text(data).split(['\n', '\r']).take(64) {
        if !engine.handle(&tame(line, "depth 2")) {
            break;
        }
    }
    engine.handle("stop");
    engine.wait_for_search();
    assert!(engine.handle("isready"));
    engine.handle("ucinewgame");
    engine.handle("position startpos");
    engine.handle("go depth 1");
    engine.wait_for_search();
}

/// An XBoard session through the whole engine (its input thread, its searches): nothing
/// panics, and afterwards the engine still plays a legal move when asked.
pub fn xboard_session(data: &[u8]) {
    let out = SharedOutput::default();
    let mut engine = XboardEngine::new(registry().clone(), out.clone());
    let mut lines = vec!["xboard".to_string(), "protover 2".into(), "sd 2".into()];
    for line in text(data).split(['\n', '\r']).take(64) {
        let line = tame(line, "");
        // An engine told to quit ends the session before the check at its end.
        let first = line.split_whitespace().next().unwrap_or("");
        lines.push(match first {
            "quit" => String::new(),
            "sd" => "sd 2".into(),
            _ => line,
        });
    }
    engine.run(Cursor::new((lines.join("\n") + "\n").into_bytes()));
    out.take();
    // A session may end in edit mode (left by `.`) or analysing (left by `exit`).
    engine.run(Cursor::new(b".\nexit\nnew\nsd 2\ngo\n".to_vec()));
    let after = out.take();
    assert!(
        after.lines().any(|l| l.starts_with("move ")),
        "no move after the session:\n{}\noutput:\n{after}",
        lines.join("\n")
    );
}

/// A search of a position the selected game accepts: its answer is a legal move (or none
/// where there is none), with one thread and a small table.
pub fn search(data: &[u8]) {
    let [selector, depth, rest @ ..] = data else {
        return;
    };
    let gt = game_type(*selector);
    let Ok(mut game) = gt.position(&text(rest)) else {
        return;
    };
    let Ok(mut searcher) = Searcher::new(1) else {
        return;
    };
    let outcome = searcher.search(
        &game,
        gt.eval(),
        SearchLimits::depth(1 + (*depth % 4) as i32),
    );
    let legal = referee::legal_moves(&mut game);
    match outcome.best {
        Some(m) => assert!(legal.contains(&m), "{}: illegal answer", game.fen()),
        None => assert!(legal.is_empty(), "{}: no answer", game.fen()),
    }
}

/// The engine's output, shared with the target (or test) while the engine writes it.
#[derive(Clone, Default)]
pub struct SharedOutput(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for SharedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        out.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedOutput {
    /// What the engine wrote since the last call.
    pub fn take(&self) -> String {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&std::mem::take(&mut *out)).into_owned()
    }
}

/// A target's body: it panics where Chimera is wrong.
pub type Target = fn(&[u8]);

/// Every target by name (the names of `fuzz_targets/*.rs` and of the folders of `seeds/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("uci_line", uci_line),
    ("fen", fen),
    ("move_text", move_text),
    ("variants_file", variants_file),
    ("uci_session", uci_session),
    ("xboard_session", xboard_session),
    ("search", search),
];
