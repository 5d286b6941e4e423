//! Fuzzing the text parsers, in process and deterministic (seeded), CI-fast: the UCI command
//! parser, the UCI engine fed random sessions, and the FEN parser of every built-in game.
//! Inputs are both random bytes and mutations of valid input (which reach deeper). Nothing may
//! panic; a FEN that parses must round-trip. Each test prints how many inputs it ran.
//! `CHIMERA_FUZZ_CASES` raises the count for a longer run.

use chimera::protocol::uci::{parse_command, UciEngine};
use chimera::variant::Registry;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn cases() -> usize {
    std::env::var("CHIMERA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

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
    let mut rng = StdRng::seed_from_u64(0xC41_3E4A);
    let n = cases() * 5;
    let mut accepted = 0;
    for _ in 0..n {
        let line = random_line(&mut rng);
        if parse_command(&line).is_ok() {
            accepted += 1;
        }
    }
    eprintln!("uci parser: {n} inputs, no panic ({accepted} parsed as commands)");
}

/// Random sessions through the whole engine (searches kept tiny): no panic, and the engine
/// still answers afterwards.
#[test]
fn uci_engine_survives_random_sessions() {
    let mut rng = StdRng::seed_from_u64(0x5E55_1011);
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
    eprintln!("uci engine: {n} random lines, no panic");
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
    let mut rng = StdRng::seed_from_u64(0xFE4);
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
