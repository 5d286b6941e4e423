//! Fuzzing variant files, in process and seeded like `fuzz.rs`: random but mostly well-formed
//! files (random boards, Betza strings, flags, start positions and rule keys) loaded through
//! UCI's `VariantPath`, as a user would, and every game a file brings (with its relay and
//! cancellation forms) then set up, searched briefly and perft-counted. Nothing may panic; a
//! refused file gets one `info string error` line and leaves the engine playing on; a loaded
//! game answers every `go` with a `bestmove`. A helper's fuzzer found relay rules over a game
//! of Kings and Pawns only panicking this way (session 55).
//! `CHIMERA_FUZZ_CASES` (here a tenth of it) and `CHIMERA_FUZZ_SEED` as in `fuzz.rs`.

mod common;

use chimera::protocol::uci::UciEngine;
use chimera::variant::Registry;
use common::fuzzing::{cases, panics, seeded_rng};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The engine's output, kept for the test to read.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Output {
    /// The lines the engine wrote since the last call, up to its `readyok` (its output thread
    /// writes them after the command returns).
    fn take(&self, engine: &mut UciEngine) -> Vec<String> {
        engine.handle("isready");
        let start = std::time::Instant::now();
        loop {
            {
                let mut bytes = self.0.lock().unwrap();
                let text = String::from_utf8_lossy(&bytes).to_string();
                if text.lines().any(|l| l == "readyok") {
                    bytes.clear();
                    return text
                        .lines()
                        .filter(|&l| l != "readyok")
                        .map(str::to_string)
                        .collect();
                }
            }
            assert!(start.elapsed().as_secs() < 30, "no readyok");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

const ATOMS: &[&str] = &[
    "W", "F", "D", "A", "N", "H", "C", "Z", "G", "K", "Q", "R", "B",
];
const MODIFIERS: &[&str] = &[
    "", "", "", "m", "c", "f", "b", "l", "r", "s", "v", "fl", "br", "fs", "n", "i", "fm", "fc",
];

fn random_betza(rng: &mut StdRng) -> String {
    let mut s = String::new();
    for _ in 0..rng.gen_range(1..=3) {
        s.push_str(MODIFIERS.choose(rng).unwrap());
        let atom = *ATOMS.choose(rng).unwrap();
        s.push_str(atom);
        match rng.gen_range(0..10) {
            0 | 1 => s.push_str(atom),
            2 => s.push_str(&rng.gen_range(0..=9).to_string()),
            _ => {}
        }
    }
    s
}

/// A FEN row by row from the top: `board[rank][file]` holds a letter or nothing.
fn fen_of(board: &[Vec<Option<char>>]) -> String {
    let rows: Vec<String> = board
        .iter()
        .rev()
        .map(|row| {
            let (mut s, mut empty) = (String::new(), 0);
            for sq in row {
                match sq {
                    Some(c) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} w - - 0 1", rows.join("/"))
}

/// One random variant file defining the game `fz` (sometimes as a child of a built-in game).
fn random_file(rng: &mut StdRng) -> String {
    if rng.gen_bool(0.15) {
        let parent = [
            "chess",
            "capablanca",
            "grand",
            "canonical",
            "cannons-and-crabs",
        ]
        .choose(rng)
        .unwrap();
        let mut text = format!("[fz : {parent}]\n");
        let keys = [
            "stalemate = win\n",
            "relay = anti-relay\n",
            "relay = hostile relay\n",
            "cancellation = yes\n",
            "repetition = illegal\n",
            "move-rule = 10\n",
            "piece = -q\n",
            "piece = -p\n",
            "symmetry = rotate\n",
            "chess960 = yes\n",
            "king-leap = yes\n",
        ];
        add_rule_keys(rng, &mut text, &keys);
        return text;
    }
    let files = rng.gen_range(2..=16usize);
    let mut ranks = rng.gen_range(2..=16usize);
    if rng.gen_bool(0.9) {
        while files * ranks > 128 {
            ranks -= 1;
        }
    }
    let mut letters: Vec<char> = "abcdefghijlmnopqrstuvwxyz".chars().collect();
    letters.shuffle(rng);
    letters.truncate(rng.gen_range(0..=5));
    let royal = ["K", "K", "W", "F", "mKcF", "KN"]
        .choose(rng)
        .map(|s| s.to_string())
        .unwrap();
    let mut text = format!("[fz]\nboard = {files}x{ranks}\npiece = k King {royal} 0 royal\n");
    let mut pawns = Vec::new();
    for &l in &letters {
        let pawn = rng.gen_bool(0.25);
        if pawn {
            pawns.push(l);
        }
        let flags = if pawn { " pawn" } else { "" };
        let betza = if pawn && rng.gen_bool(0.5) {
            "fmWfceFifmnD".to_string()
        } else {
            random_betza(rng)
        };
        let value = rng.gen_range(0..=12);
        text.push_str(&format!("piece = {l} P{l} {betza} {value}{flags}\n"));
    }
    let mut board = vec![vec![None; files]; ranks];
    board[0][rng.gen_range(0..files)] = Some('K');
    board[ranks - 1][rng.gen_range(0..files)] = Some('k');
    for &l in &letters {
        for _ in 0..rng.gen_range(0..=3) {
            let (r, f) = (rng.gen_range(0..ranks), rng.gen_range(0..files));
            if board[r][f].is_none() {
                board[r][f] = Some(if rng.gen_bool(0.5) {
                    l.to_ascii_uppercase()
                } else {
                    l
                });
            }
        }
    }
    text.push_str(&format!("start = {}\n", fen_of(&board)));
    let others: String = letters.iter().filter(|l| !pawns.contains(l)).collect();
    if !pawns.is_empty() && !others.is_empty() && rng.gen_bool(0.7) {
        text.push_str(&format!("promote-to = {others}\n"));
    }
    let keys = [
        "stalemate = win\n",
        "stalemate = loss\n",
        "symmetry = rotate\n",
        "facing-kings = 0 1\n",
        "repetition = illegal\n",
        "relay = relay\n",
        "relay = anti-relay\n",
        "relay = converse anti-relay\n",
        "cancellation = yes\n",
        "double-step-ranks = 2\n",
        "promotion-ranks = 1\n",
        "move-rule = 4\n",
        "eval-orientation = diagonal\n",
        "display = diamond\n",
    ];
    add_rule_keys(rng, &mut text, &keys);
    text
}

/// Up to two of `keys` (rule lines), picked at random, added to the file.
fn add_rule_keys(rng: &mut StdRng, text: &mut String, keys: &[&str]) {
    for _ in 0..rng.gen_range(0..=2) {
        text.push_str(keys.choose(rng).unwrap());
    }
}

#[test]
fn random_variant_files_never_panic() {
    let before = panics();
    let cases = cases() / 10;
    let mut rng = seeded_rng(0xF11E_5EED);
    let dir = common::scratch_dir("chimera-fuzz-files");
    let path = dir.join("fz.ini");
    let out = Output::default();
    let mut engine = UciEngine::new(Registry::builtin(), out.clone());
    let (mut loaded, mut games) = (0, 0);
    for _ in 0..cases {
        let text = random_file(&mut rng);
        std::fs::write(&path, &text).unwrap();
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            engine.handle(&format!(
                "setoption name VariantPath value {}",
                path.display()
            ));
            let lines = out.take(&mut engine);
            let errors: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("info string error"))
                .collect();
            assert!(errors.len() <= 1, "{lines:?}");
            if !errors.is_empty() {
                return (false, 0);
            }
            let mut played = 0;
            for name in ["fz", "relay-fz", "anti-relay-fz", "cancellation-fz"] {
                engine.handle(&format!("setoption name UCI_Variant value {name}"));
                if out
                    .take(&mut engine)
                    .iter()
                    .any(|l| l.starts_with("info string error"))
                {
                    continue; // a derived form this game has no room for, refused
                }
                played += 1;
                for cmd in [
                    "position startpos",
                    "d",
                    "eval",
                    "go perft 2",
                    "go nodes 300",
                ] {
                    engine.handle(cmd);
                    engine.wait_for_search();
                }
                let lines = out.take(&mut engine);
                assert!(
                    lines.iter().any(|l| l.starts_with("bestmove")),
                    "{name}: no bestmove: {lines:?}"
                );
            }
            (true, played)
        }));
        match run {
            Ok((ok, played)) if panics() == before => {
                loaded += ok as usize;
                games += played;
            }
            _ => panic!("this variant file made the engine panic:\n{text}"),
        }
        engine.handle("setoption name UCI_Variant value chess");
        out.take(&mut engine);
    }
    std::fs::remove_dir_all(&dir).ok();
    // The engine still plays after it all.
    engine.handle("position startpos moves e2e4");
    engine.handle("go depth 2");
    engine.wait_for_search();
    assert!(out
        .take(&mut engine)
        .iter()
        .any(|l| l.starts_with("bestmove")));
    assert!(loaded > cases / 10, "only {loaded} of {cases} files loaded");
    eprintln!(
        "variant files: {cases} random files, {loaded} loaded, {games} games played, no panic"
    );
}
