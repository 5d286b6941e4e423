//! Fuzzing the text parsers, in process and deterministic (seeded), CI-fast: the UCI command
//! parser, the UCI engine fed random sessions, the XBoard engine fed random sessions, and the
//! FEN parser of every built-in game.
//! Inputs are both random bytes and mutations of valid input (which reach deeper). Nothing may
//! panic; a FEN that parses must round-trip. Each test prints how many inputs it ran.
//! `CHIMERA_FUZZ_CASES` raises the count for a longer run; `CHIMERA_FUZZ_SEED` (a number,
//! mixed into each test's own seed) makes it explore inputs the default run never sees.

mod common;

use chimera::protocol::uci::{parse_command, parse_lenient, UciEngine};
use chimera::protocol::xboard::{self, coords, describe, XboardEngine};
use chimera::variant::Registry;
use common::fuzzing::{cases, panics, seeded_rng};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::io::Cursor;

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "debug",
    "on",
    "off",
    "perft",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "Hash",
    "Threads",
    "MultiPV",
    "Ponder",
    "UCI_Variant",
    "UCI_Chess960",
    "Move Overhead",
    "VariantPath",
    "Clear Hash",
    "true",
    "false",
    "chess",
    "grand",
    "capablanca",
    "kings-leap",
    "e2e4",
    "a10a9",
    "j1j10",
    "N@e5",
    "e7e8q",
    "e1g1",
    "0000",
    "(none)",
    "-",
    "w",
    "b",
    "KQkq",
    "Kk",
    "<empty>",
];

fn random_token(rng: &mut StdRng) -> String {
    match rng.gen_range(0..10) {
        0..=4 => WORDS.choose(rng).unwrap().to_string(),
        5 => rng
            .gen_range(-1_000_000_000_000i64..1_000_000_000_000)
            .to_string(),
        6 => ["0", "-1", "1.5", "99999999999999999999999", "", "1e9", "+3"]
            .choose(rng)
            .unwrap()
            .to_string(),
        7 => {
            // A square or move on boards up to 16x16, sometimes off the board.
            let sq = |rng: &mut StdRng| {
                format!(
                    "{}{}",
                    (b'a' + rng.gen_range(0..17u8)) as char,
                    rng.gen_range(0..18)
                )
            };
            format!("{}{}", sq(rng), sq(rng))
        }
        8 => {
            let n = rng.gen_range(1..12);
            (0..n)
                .map(|_| char::from_u32(rng.gen_range(0..0x3000)).unwrap_or('?'))
                .collect()
        }
        _ => {
            let n = rng.gen_range(1..8);
            (0..n).map(|_| rng.gen_range(b'!'..=b'~') as char).collect()
        }
    }
}

fn random_line(rng: &mut StdRng) -> String {
    match rng.gen_range(0..10) {
        // Raw bytes, decoded as the engine's input thread decodes them.
        0 => {
            let n = rng.gen_range(0..60);
            let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        // A command word then random tokens.
        1..=6 => {
            let first = [
                "position",
                "go",
                "setoption",
                "d",
                "uci",
                "stop",
                "eval",
                "debug",
            ]
            .choose(rng)
            .unwrap();
            let n = rng.gen_range(0..10);
            let mut words = vec![first.to_string()];
            words.extend((0..n).map(|_| random_token(rng)));
            words.join(if rng.gen_bool(0.9) { " " } else { "  \t" })
        }
        // Random tokens only.
        _ => {
            let n = rng.gen_range(0..8);
            (0..n)
                .map(|_| random_token(rng))
                .collect::<Vec<_>>()
                .join(" ")
        }
    }
}

#[test]
fn uci_parser_never_panics() {
    let mut rng = seeded_rng(0xC41_3E4A);
    let n = cases() * 5;
    let mut accepted = 0;
    for _ in 0..n {
        let line = random_line(&mut rng);
        if parse_command(&line).is_ok() {
            accepted += 1;
        }
        // The lenient reading (words before and after a command skipped) finds at least what
        // the strict one does.
        let (lenient, _) = parse_lenient(&line);
        if parse_command(&line).is_ok() {
            assert!(lenient.is_ok(), "{line:?}");
        }
    }
    eprintln!("uci parser: {n} inputs, no panic ({accepted} parsed as commands)");
}

/// Random sessions through the whole engine (searches kept tiny): no panic on any thread, and
/// the engine still answers afterwards.
#[test]
fn uci_engine_survives_random_sessions() {
    let before = panics();
    let mut rng = seeded_rng(0x5E55_1011);
    let n = cases();
    let mut engine = UciEngine::new(Registry::builtin(), std::io::sink());
    for i in 0..n {
        let mut line = random_line(&mut rng);
        if line.trim_start().starts_with("go") {
            // Keep every search short: a depth limit, or stop it right away.
            line.push_str(" depth 2");
        }
        if line.contains("Hash") || line.contains("Threads") {
            // Huge tables or hundreds of threads would only make the run slow.
            line = "setoption name Hash value 1".into();
        }
        if !engine.handle(&line) {
            engine = UciEngine::new(Registry::builtin(), std::io::sink());
        }
        if i % 50 == 0 {
            engine.handle("stop");
        }
    }
    engine.handle("stop");
    assert!(engine.handle("isready"));
    engine.handle("position startpos moves e2e4");
    engine.handle("go depth 3");
    engine.wait_for_search();
    assert_eq!(panics(), before, "a thread panicked");
    eprintln!("uci engine: {n} random lines, no panic");
}

/// XBoard command words, and arguments that reach further than random text.
const XBOARD_WORDS: &[&str] = &[
    "xboard",
    "protover",
    "accepted",
    "rejected",
    "new",
    "variant",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "level",
    "st",
    "sd",
    "nps",
    "time",
    "otim",
    "usermove",
    "?",
    "ping",
    "draw",
    "result",
    "setboard",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "hint",
    "bk",
    "memory",
    "cores",
    "option",
    "lift",
    "put",
    "hover",
    "exclude",
    "include",
    "all",
    "random",
    "computer",
    "name",
    "rating",
    "ics",
    "d",
    "normal",
    "capablanca",
    "gothic",
    "grand",
    "janus",
    "embassy",
    "fairy",
    "10x8+0_capablanca",
    "9x9+0_chancellor",
    "paulowich",
    "kings-leap",
    "cannons-and-crabs",
    "canonical",
    "relay-chess",
    "e2e4",
    "e7e8q",
    "a10a9",
    "j1j10",
    "N@e5",
    "P@d4",
    "e1g1",
    "O-O",
    "Nf3",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{resign}",
    "40",
    "5",
    "0:30",
    "0",
    "-5",
    "1000000000000",
    "Ponder=1",
    "Threads=2",
];

/// One line of a random XBoard session. Searches stay tiny (`sd 2` stands for every depth
/// limit) and nothing allocates a huge table or starts hundreds of threads.
fn random_xboard_line(rng: &mut StdRng) -> String {
    let line = match rng.gen_range(0..10) {
        0 => {
            let n = rng.gen_range(0..60);
            let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => {
            let reg = Registry::builtin();
            let games = reg.games();
            let gt = &games[rng.gen_range(0..games.len())];
            format!("setboard {}", mutate_fen(rng, &gt.variant.start_fen))
        }
        _ => {
            let n = rng.gen_range(1..5);
            let mut words: Vec<String> = (0..n)
                .map(|_| XBOARD_WORDS.choose(rng).unwrap().to_string())
                .collect();
            if rng.gen_bool(0.3) {
                words.push(random_token(rng));
            }
            words.join(" ")
        }
    };
    match line.split_whitespace().next() {
        Some("sd") => "sd 2".into(),
        Some("memory") => "memory 1".into(),
        Some("cores") => "cores 2".into(),
        Some("option") if line.contains("Threads") || line.contains("Hash") => "post".into(),
        // The session goes on to the check at its end.
        Some("quit") => "force".into(),
        _ => line,
    }
}

use fuzz_targets::SharedOutput;

/// Random XBoard sessions through the whole engine (its own input thread, searches on theirs):
/// no panic on any thread, and afterwards the same engine still plays a move when asked.
#[test]
fn xboard_engine_survives_random_sessions() {
    let before = panics();
    let mut rng = seeded_rng(0x0B0A_4D5E);
    let lines_per_session = 100;
    let sessions = (cases() / lines_per_session).max(4);
    for session in 0..sessions {
        let out = SharedOutput::default();
        let mut engine = XboardEngine::new(Registry::builtin(), out.clone());
        let mut lines = vec!["xboard".to_string(), "protover 2".into(), "sd 2".into()];
        lines.extend((0..lines_per_session).map(|_| random_xboard_line(&mut rng)));
        let text = lines.join("\n") + "\n";
        engine.run(Cursor::new(text.clone().into_bytes()));
        out.take();
        engine.run(Cursor::new(b"new\nsd 2\ngo\n".to_vec()));
        let after = out.take();
        assert!(
            after.lines().any(|l| l.starts_with("move ")),
            "session {session}: no move after\n{text}\noutput:\n{after}"
        );
    }
    assert_eq!(panics(), before, "a thread panicked");
    eprintln!(
        "xboard engine: {} random lines in {sessions} sessions, no panic",
        sessions * lines_per_session
    );
}

fn mutate_fen(rng: &mut StdRng, fen: &str) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    let alphabet: Vec<char> = "pnbrqkacjezPNBRQKACJEZ0123456789/ -wbKQkqABCDEFGHIJabcdefghij"
        .chars()
        .collect();
    for _ in 0..rng.gen_range(1..6) {
        let at = rng.gen_range(0..=chars.len());
        match rng.gen_range(0..4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = *alphabet.choose(rng).unwrap(),
            2 => chars.insert(at, *alphabet.choose(rng).unwrap()),
            _ => {
                let n = rng.gen_range(0..40);
                let s: Vec<char> = (0..n).map(|_| *alphabet.choose(rng).unwrap()).collect();
                let at = at.min(chars.len());
                chars.splice(at..at, s);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fen_parser_never_panics() {
    let reg = Registry::builtin();
    let mut rng = seeded_rng(0xFE4);
    let n = cases();
    let (mut total, mut valid) = (0, 0);
    for gt in reg.games() {
        let start = gt.variant.start_fen.clone();
        for _ in 0..n {
            let fen = if rng.gen_bool(0.1) {
                let bytes: Vec<u8> = (0..rng.gen_range(0..80)).map(|_| rng.gen()).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            } else {
                mutate_fen(&mut rng, &start)
            };
            total += 1;
            if let Ok(game) = gt.position(&fen) {
                valid += 1;
                let again = gt.position(&game.fen()).unwrap_or_else(|e| {
                    panic!("{}: {} does not re-read: {e}", gt.variant.name, game.fen())
                });
                assert_eq!(again.fen(), game.fen(), "{}: from {fen}", gt.variant.name);
                let mut list = chimera::types::MoveList::new();
                game.legal_moves(&mut list);
            }
        }
    }
    eprintln!(
        "fen parser: {total} inputs over {} games, no panic ({valid} valid, all round-trip)",
        reg.games().len()
    );
}

/// What the XBoard engine's game should be after each command of a session in force mode,
/// kept by the test: the game type, the game, and the moves played since it was set up.
struct Replica {
    registry: Registry,
    game_type: chimera::game::GameType,
    game: chimera::game::Game,
    played: usize,
    /// The last `setboard` was refused: moves are illegal until a position is set up.
    no_position: bool,
}

impl Replica {
    fn new() -> Replica {
        let registry = Registry::builtin();
        let game_type = registry.find("chess").unwrap().clone();
        let game = game_type.start();
        Replica {
            registry,
            game_type,
            game,
            played: 0,
            no_position: false,
        }
    }

    fn gui_ranks(&self) -> coords::GuiRanks {
        coords::GuiRanks::of(self.game_type.variant.size.ranks)
    }

    fn set(&mut self, gt: chimera::game::GameType) {
        self.game = gt.start();
        self.game_type = gt;
        self.played = 0;
        self.no_position = false;
    }

    /// The game a `variant NAME` command selects, as the engine looks it up.
    fn find(&self, name: &str) -> Option<chimera::game::GameType> {
        let games = self.registry.games();
        games
            .iter()
            .position(|g| describe::describe(g).name == name)
            .map(|i| games[i].clone())
            .or_else(|| self.registry.find(name).ok().cloned())
            .filter(|gt| gt.variant.cancellation.is_none())
    }

    fn play_text(&mut self, text: &str) {
        if self.no_position {
            return;
        }
        let ranks = self.gui_ranks();
        if let Ok(m) = coords::parse_gui_move(&mut self.game, text, ranks) {
            self.game.play(m);
            self.played += 1;
        }
    }

    fn take_back(&mut self, plies: usize) {
        // Refused without a position: the engine's board is not the one the GUI shows.
        if self.played >= plies && !self.no_position {
            for _ in 0..plies {
                self.game.undo();
            }
            self.played -= plies;
        }
    }

    fn setboard(&mut self, fen: &str) {
        let gui = describe::describe(&self.game_type);
        let parsed = coords::fen_from_gui(fen, self.gui_ranks())
            .and_then(|fen| xboard::position_from_gui(&self.game_type, &fen, !gui.native));
        match parsed {
            Ok(g) => {
                self.game = g;
                self.played = 0;
                self.no_position = false;
            }
            Err(_) => self.no_position = true,
        }
    }

    /// A legal move of the game in the GUI's notation, if there is one.
    fn random_move(&self, rng: &mut StdRng) -> Option<String> {
        let mut list = chimera::types::MoveList::new();
        self.game.legal_moves(&mut list);
        let moves = list.as_slice();
        let m = *moves.choose(rng)?;
        Some(coords::move_to_gui(&self.game, m, self.gui_ranks()))
    }

    /// The FEN of a position a few random moves away (valid), sometimes mutated.
    fn random_fen(&self, rng: &mut StdRng) -> String {
        let mut game = self.game.clone();
        let mut list = chimera::types::MoveList::new();
        for _ in 0..rng.gen_range(0..12) {
            game.legal_moves(&mut list);
            match list.as_slice().choose(rng) {
                Some(&m) => game.play(m),
                None => break,
            }
        }
        let fen = game.fen();
        if rng.gen_bool(0.3) {
            mutate_fen(rng, &fen)
        } else {
            fen
        }
    }
}

/// Random XBoard sessions in force mode (as a GUI editing or replaying a game): legal and
/// illegal moves, `undo`, `remove`, `setboard` (valid and broken), `variant` (known, refused
/// and unknown names), `new` and commands that change nothing, with the engine's game compared
/// to the test's after every `d`; at the end the engine's own move must be legal there.
#[test]
fn xboard_engine_keeps_its_game_through_random_edits() {
    let before = panics();
    let mut rng = seeded_rng(0x0F0_4CE5);
    let names: Vec<String> = {
        let reg = Registry::builtin();
        let mut v: Vec<String> = reg
            .games()
            .iter()
            .map(|g| describe::describe(g).name)
            .collect();
        v.extend(reg.names().map(str::to_string));
        v.extend(["fairy", "xiangqi", "cancellation-chess", "nonsense"].map(String::from));
        v
    };
    let quiet = [
        "ping 7",
        "post",
        "nopost",
        "hard",
        "easy",
        ".",
        "hint",
        "bk",
        "random",
        "otim 500",
        "time 500",
        "level 40 5 0",
        "st 1",
        "sd 2",
        "accepted usermove",
        "computer",
        "",
    ];
    let steps = 120;
    let sessions = (cases() / steps).max(4);
    let mut checked = 0;
    for session in 0..sessions {
        let mut replica = Replica::new();
        let mut lines: Vec<String> = ["xboard", "protover 2", "new", "force"]
            .map(String::from)
            .to_vec();
        let mut fens = Vec::new();
        for _ in 0..steps {
            let line = match rng.gen_range(0..100) {
                0..=39 => match replica.random_move(&mut rng) {
                    Some(m) if rng.gen_bool(0.5) => format!("usermove {m}"),
                    Some(m) => m,
                    None => "undo".into(),
                },
                40..=47 => {
                    // Most of these are not moves here; the replica decides as the engine does.
                    let files = b"abcdefghij";
                    let sq = |rng: &mut StdRng| {
                        format!(
                            "{}{}",
                            files[rng.gen_range(0..files.len())] as char,
                            rng.gen_range(0..11)
                        )
                    };
                    format!("usermove {}{}", sq(&mut rng), sq(&mut rng))
                }
                48..=57 => "undo".into(),
                58..=62 => "remove".into(),
                63..=68 => format!("setboard {}", replica.random_fen(&mut rng)),
                69..=73 => format!("variant {}", names.choose(&mut rng).unwrap()),
                74..=76 => "new".into(),
                77..=84 => quiet.choose(&mut rng).unwrap().to_string(),
                _ => "d".into(),
            };
            let word = line.split_whitespace().next().unwrap_or("");
            match word {
                "usermove" => replica.play_text(&line["usermove ".len()..]),
                "undo" => replica.take_back(1),
                "remove" => replica.take_back(2),
                "setboard" => replica.setboard(&line["setboard ".len()..]),
                "variant" => {
                    if let Some(gt) = replica.find(&line["variant ".len()..]) {
                        replica.set(gt);
                    }
                }
                "new" => {
                    let chess = replica.find("normal").unwrap();
                    replica.set(chess);
                }
                "d" => fens.push(replica.game.fen()),
                w if !w.is_empty() && !quiet.contains(&line.as_str()) => replica.play_text(w),
                _ => {}
            }
            lines.push(line.clone());
            if line == "new" {
                lines.push("force".into());
            }
        }
        lines.extend(["d", "sd 1", "go"].map(String::from));
        fens.push(replica.game.fen());
        let out = SharedOutput::default();
        let mut engine = XboardEngine::new(Registry::builtin(), out.clone());
        let text = lines.join("\n") + "\n";
        engine.run(Cursor::new(text.clone().into_bytes()));
        let output = out.take();
        let seen: Vec<&str> = output
            .lines()
            .filter_map(|l| l.strip_prefix("# Fen: "))
            .collect();
        assert_eq!(seen, fens, "session {session}:\n{text}\noutput:\n{output}");
        checked += fens.len();
        let mut list = chimera::types::MoveList::new();
        replica.game.legal_moves(&mut list);
        if replica.no_position {
            assert!(
                output.ends_with("Error (no position set up): go\n")
                    && !output.lines().any(|l| l.starts_with("move ")),
                "session {session}: a move after a refused position\n{text}\n{output}"
            );
        } else if !list.is_empty() {
            let m = output
                .lines()
                .rev()
                .find_map(|l| l.strip_prefix("move "))
                .unwrap_or_else(|| panic!("session {session}: no move\n{text}\n{output}"));
            let ranks = replica.gui_ranks();
            assert!(
                coords::parse_gui_move(&mut replica.game, m, ranks).is_ok(),
                "session {session}: {m} is not legal in {}",
                replica.game.fen()
            );
        }
    }
    assert_eq!(panics(), before, "a thread panicked");
    eprintln!(
        "xboard edits: {} random commands in {sessions} sessions, {checked} positions compared",
        sessions * steps
    );
}

/// A random Betza text from the letters the parser knows (and a few it does not), with the
/// multi-leg `y…a` form mixed in often, so that bent riders and their refusals are reached.
fn random_betza(rng: &mut StdRng) -> String {
    const PARTS: &[&str] = &[
        "m", "c", "f", "b", "l", "r", "s", "v", "i", "n", "p", "e", "o", "y", "a", "fs", "yafs",
        "W", "F", "D", "A", "N", "H", "C", "Z", "G", "K", "Q", "R", "B", "X", "NN", "0", "2", "7",
    ];
    let mut text = String::new();
    for _ in 0..rng.gen_range(1..7) {
        if rng.gen_bool(0.3) {
            text.push_str(
                ["FyafsF", "WyafsW", "yafsF", "fyafscW"]
                    .choose(rng)
                    .unwrap(),
            );
        } else {
            text.push_str(PARTS.choose(rng).unwrap());
        }
    }
    text
}

/// Variant files with random pieces: loading one either fails with errors or gives a game whose
/// start position, legal moves and a short random playout (with take-backs) work.
#[test]
fn variant_files_with_random_pieces_never_panic() {
    let reg = Registry::builtin();
    let mut rng = seeded_rng(0xBE72A);
    let n = cases() / 4;
    let mut loaded = 0;
    for _ in 0..n {
        let betza = random_betza(&mut rng);
        let text = format!(
            "[fuzz : chess]\npiece = x Fuzz {betza} 4\n\
             start = rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        );
        let Ok(games) = reg.check(&text) else {
            continue;
        };
        loaded += 1;
        for gt in games {
            let mut game = gt.start();
            let mut played = 0;
            for _ in 0..12 {
                let mut list = chimera::types::MoveList::new();
                game.legal_moves(&mut list);
                let Some(&m) = list.iter().collect::<Vec<_>>().choose(&mut rng) else {
                    break;
                };
                game.play(*m);
                played += 1;
                assert_eq!(game.hash(), game.compute_hash(), "{betza}: {}", game.fen());
            }
            for _ in 0..played {
                game.undo();
            }
            assert_eq!(game.fen(), gt.start().fen(), "{betza}");
        }
    }
    eprintln!("variant files: {n} random pieces, no panic ({loaded} loaded and played)");
}

/// The bodies of the cargo-fuzz targets (`fuzz/`), compiled here on the stable toolchain.
#[path = "../fuzz/src/lib.rs"]
mod fuzz_targets;

/// Every cargo-fuzz target's seeds (`fuzz/seeds/TARGET/`) and every input a fuzz run once found
/// wrong (`fuzz/regressions/TARGET/`), replayed through the target's own code: coverage-guided
/// runs explore from the seeds, and what they found stays fixed.
#[test]
fn cargo_fuzz_seeds_and_regressions_replay() {
    let before = panics();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut replayed = 0;
    for (name, target) in fuzz_targets::TARGETS {
        let mut inputs = 0;
        for folder in ["seeds", "regressions"] {
            let Ok(entries) = std::fs::read_dir(root.join(folder).join(name)) else {
                continue;
            };
            for entry in entries.flatten() {
                let data = std::fs::read(entry.path()).expect("a fuzz input reads");
                target(&data);
                inputs += 1;
            }
        }
        assert!(inputs > 0, "fuzz/seeds/{name} holds no input");
        replayed += inputs;
    }
    assert_eq!(panics(), before, "a thread panicked");
    eprintln!("cargo-fuzz targets: {replayed} seeds and regressions replayed, no panic");
}
