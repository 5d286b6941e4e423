//! XBoard (CECP v2) sessions replayed against the `chimera` binary.
//!
//! Each file under `engine-tests/xboard/` is a transcript: `> LINE` is sent to the engine,
//! `< PATTERN` must be the engine's next line of output. Patterns are literal text with `*`
//! (any text) and `{name}` (one word, remembered; later `>` lines may use `{name}`); `\t` is a
//! tab. Thinking output, `#` debug lines and `Hint:` lines are skipped unless the pattern
//! matches them. Lines are sent only up to the next expectation, so a transcript's timing is
//! the same on every run. A header `#! args: ...` gives the command line (default: none, so
//! the first line chooses the protocol). At the end `quit` is sent: the engine must exit
//! cleanly without printing anything that was not expected.
//!
//! The transcripts were written from sessions recorded with XBoard 4.9.1 (its debug log);
//! `scripts/xboard_gui_check.sh` plays the real GUI. `replay_gui_games` (ignored: it needs
//! that script's PGN files) replays XBoard's saved games by Chimera's rules.

mod common;

use chimera::game::Game;
use chimera::protocol::san;
use chimera::protocol::xboard::{self, coords, describe};
use chimera::tournament::{pgn, referee};
use chimera::types::MoveKind;
use chimera::variant::Registry;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Vec<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(common::bin())
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the chimera binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Session {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    /// `chimera xboard` past `protover 2` and its features.
    #[cfg(target_os = "linux")]
    fn after_handshake() -> Session {
        let mut s = Session::start(&["xboard"]);
        s.send("protover 2");
        let deadline = Instant::now() + REPLY_TIMEOUT;
        while s.next_line(deadline).is_some_and(|l| l != "feature done=1") {}
        s
    }

    fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        if let Some(s) = &mut self.stdin {
            let _ = writeln!(s, "{line}");
            let _ = s.flush();
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.log
            .push(format!("> {:?}", String::from_utf8_lossy(bytes)));
        if let Some(s) = &mut self.stdin {
            let _ = s.write_all(bytes);
            let _ = s.flush();
        }
    }

    fn next_line(&mut self, deadline: Instant) -> Option<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => {
                self.log.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    fn transcript(&self) -> String {
        let start = self.log.len().saturating_sub(40);
        self.log[start..].join("\n")
    }

    /// Reads until a line matches `pattern`, skipping only skippable lines.
    fn expect(&mut self, pattern: &str, vars: &mut HashMap<String, String>, at: &str) {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        loop {
            let Some(line) = self.next_line(deadline) else {
                panic!(
                    "{at}: expected `{pattern}`, got nothing (timeout or exit)\n{}",
                    self.transcript()
                );
            };
            if let Some(found) = glob(pattern, &line) {
                vars.extend(found);
                return;
            }
            if !skippable(&line) {
                panic!(
                    "{at}: expected `{pattern}`, got `{line}`\n{}",
                    self.transcript()
                );
            }
        }
    }

    /// Reads until a line is `want`; every line before it must be a reply to bad input.
    fn expect_through(&mut self, want: &str, at: &str) {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        loop {
            let Some(line) = self.next_line(deadline) else {
                panic!(
                    "{at}: expected `{want}`, got nothing (timeout or exit)\n{}",
                    self.transcript()
                );
            };
            if line == want {
                return;
            }
            let reply = [
                "Error (",
                "Illegal move",
                "tellusererror ",
                "highlight ",
                "pong",
            ];
            assert!(
                skippable(&line) || reply.iter().any(|r| line.starts_with(r)),
                "{at}: unexpected `{line}`\n{}",
                self.transcript()
            );
        }
    }

    /// Sends `quit`; the engine must exit with status 0, with no unexpected output.
    fn finish(mut self, at: &str) {
        self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + REPLY_TIMEOUT;
        while let Some(line) = self.next_line(deadline) {
            assert!(
                skippable(&line),
                "{at}: unexpected output `{line}`\n{}",
                self.transcript()
            );
        }
        let status = loop {
            if let Ok(Some(s)) = self.child.try_wait() {
                break s;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!(
                    "{at}: the engine did not exit after quit\n{}",
                    self.transcript()
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        assert!(
            status.success() && !err.contains("panicked"),
            "{at}: exit {status}, stderr:\n{err}\n{}",
            self.transcript()
        );
    }
}

/// Thinking output (`ply score time nodes ...`), debug lines and hints.
fn skippable(line: &str) -> bool {
    let mut w = line.split_whitespace();
    let numbers = (0..4).all(|_| w.next().is_some_and(|x| x.parse::<i64>().is_ok()));
    numbers || line.starts_with('#') || line.starts_with("Hint:")
}

/// Matches `text` against `pattern` (`*` = any text, `{name}` = one word); the captures.
fn glob(pattern: &str, text: &str) -> Option<HashMap<String, String>> {
    #[derive(Debug)]
    enum Tok {
        Lit(char),
        Any,
        Word(String),
    }
    let mut toks = Vec::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => toks.push(Tok::Any),
            '{' => {
                // `{name}` captures a word; any other brace is literal (`{White mates}`).
                let rest: String = chars.clone().collect();
                match rest.split_once('}') {
                    Some((name, _))
                        if !name.is_empty()
                            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                    {
                        toks.push(Tok::Word(name.to_string()));
                        for _ in 0..=name.len() {
                            chars.next();
                        }
                    }
                    _ => toks.push(Tok::Lit('{')),
                }
            }
            '\\' if chars.peek() == Some(&'t') => {
                chars.next();
                toks.push(Tok::Lit('\t'));
            }
            c => toks.push(Tok::Lit(c)),
        }
    }
    fn go(toks: &[Tok], text: &[char], caps: &mut HashMap<String, String>) -> bool {
        match toks.split_first() {
            None => text.is_empty(),
            Some((Tok::Lit(c), rest)) => text.first() == Some(c) && go(rest, &text[1..], caps),
            Some((Tok::Any, rest)) => (0..=text.len()).any(|i| go(rest, &text[i..], caps)),
            Some((Tok::Word(name), rest)) => {
                let max = text.iter().take_while(|c| !c.is_whitespace()).count();
                for n in (1..=max).rev() {
                    if go(rest, &text[n..], caps) {
                        caps.insert(name.clone(), text[..n].iter().collect());
                        return true;
                    }
                }
                false
            }
        }
    }
    let text: Vec<char> = text.chars().collect();
    let mut caps = HashMap::new();
    go(&toks, &text, &mut caps).then_some(caps)
}

fn transcripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/xboard");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

fn run_transcript(path: &Path) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let args: Vec<String> = text
        .lines()
        .find_map(|l| l.strip_prefix("#! args:"))
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut s = Session::start(&arg_refs);
    let mut vars: HashMap<String, String> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        if let Some(cmd) = line.strip_prefix("> ") {
            let mut cmd = cmd.to_string();
            for (k, v) in &vars {
                cmd = cmd.replace(&format!("{{{k}}}"), v);
            }
            s.send(&cmd);
        } else if let Some(p) = line.strip_prefix("< ") {
            s.expect(p, &mut vars, &at);
        } else if line.trim() == "<" {
            s.expect("", &mut vars, &at);
        }
    }
    s.finish(&name);
}

#[test]
fn transcripts_replay() {
    let files = transcripts();
    assert!(files.len() >= 6, "transcripts missing: {files:?}");
    // Each transcript runs its own engine; run them side by side.
    let handles: Vec<_> = files
        .into_iter()
        .map(|f| {
            std::thread::spawn(move || {
                std::panic::catch_unwind(|| run_transcript(&f)).map_err(|e| (f, e))
            })
        })
        .collect();
    let mut failures = Vec::new();
    for h in handles {
        if let Err((f, e)) = h.join().expect("transcript thread") {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            failures.push(format!("{}: {}", f.display(), msg.unwrap_or_default()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn first_command_chooses_the_protocol() {
    let r = common::run_bin(&[], Some(b"\nuci\nisready\nquit\n"), REPLY_TIMEOUT);
    assert!(
        r.stdout.contains("uciok") && r.stdout.contains("readyok"),
        "{}",
        r.describe()
    );
    let r = common::run_bin(
        &[],
        Some(b"xboard\nprotover 2\nping 4\nquit\n"),
        REPLY_TIMEOUT,
    );
    assert!(
        r.stdout.contains("feature done=1") && r.stdout.contains("pong 4"),
        "{}",
        r.describe()
    );
    assert!(!r.stdout.contains("uciok"), "{}", r.describe());
    let r = common::run_bin(
        &["xboard"],
        Some(b"protover 2\nping 4\nquit\n"),
        REPLY_TIMEOUT,
    );
    assert!(
        r.stdout.contains("feature done=1") && r.stdout.contains("pong 4"),
        "{}",
        r.describe()
    );
    // End of input without quit: the engine's move is still made, then a clean exit; also
    // when an analysis was stopped just before (its answer comes after the end of input).
    for input in [
        &b"new\nst 0.1\ngo\n"[..],
        &b"new\nsd 2\nanalyze\nforce\nnew\nsd 2\ngo\n"[..],
    ] {
        let r = common::run_bin(&["xboard"], Some(input), REPLY_TIMEOUT);
        assert!(
            r.code == Some(0) && !r.timed_out && r.stdout.contains("move "),
            "{}",
            r.describe()
        );
    }
}

/// Whatever the GUI sends, the engine answers `ping` and keeps its position.
#[test]
fn garbage_never_crashes() {
    let mut s = Session::start(&["xboard"]);
    let mut vars = HashMap::new();
    s.send("new");
    s.send("force");
    s.send("usermove e2e4");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let words = [
        "usermove",
        "setboard",
        "level",
        "st",
        "sd",
        "time",
        "otim",
        "variant",
        "lift",
        "option",
        "memory",
        "cores",
        "ping",
        "undo",
        "remove",
        "result",
        "e2e4",
        "a0a9",
        "P@",
        "O-O",
        "=",
        "-1",
        "999999999999999999999",
        "kings-leap",
        "grand",
        "8/8/8",
        "w",
        "-",
        "KQkq",
        "{",
        "}",
        "\u{fffd}",
        "@@@@",
        "j10",
        "z9",
        "edit",
    ];
    for round in 0..300 {
        let n = (next() % 6) as usize;
        let mut line = String::new();
        for _ in 0..n {
            line.push_str(words[(next() % words.len() as u64) as usize]);
            line.push(' ');
        }
        // Never end the session or leave the game on purpose.
        let first = line.split_whitespace().next().unwrap_or("");
        if [
            "quit", "new", "variant", "setboard", "undo", "remove", "memory", "cores", "option",
            "edit",
        ]
        .contains(&first)
        {
            continue;
        }
        s.send(&line);
        if round % 50 == 0 {
            s.send_bytes(b"\xff\xfe garbage \x00\x01\n");
            s.send(&"x".repeat(10_000));
        }
        s.send(&format!("ping {round}"));
        s.expect_through(&format!("pong {round}"), "garbage");
    }
    s.send("d");
    s.send("ping 1000");
    s.expect("pong 1000", &mut vars, "garbage");
    s.finish("garbage");
}

// ----- replaying the real GUI's games (scripts/xboard_gui_check.sh) -----

/// XBoard's SAN in Chimera's terms: on 10-rank boards every rank counts from 0, also the
/// rank written after the piece letter to tell two pieces apart (`R0e4`: the rook on rank 1).
fn san_from_gui(text: &str, ranks: coords::GuiRanks) -> Option<String> {
    let b = text.as_bytes();
    if ranks == coords::GuiRanks::FromZero
        && b.len() > 2
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_digit()
    {
        let rank = (b[1] - b'0') as u32 + 1;
        let rest = coords::from_gui(&text[2..], ranks)?;
        return Some(format!("{}{rank}{rest}", b[0] as char));
    }
    coords::from_gui(text, ranks)
}

/// The castling (or King's Leap) XBoard writes `O-O` (`short`) or `O-O-O`: XBoard calls it
/// `O-O` when the King lands on the b-file or the next-to-last file, whichever side its
/// partner is on (so in Embassy Chess, K e1-b1 is `O-O`), and `O-O-O` otherwise.
fn xboard_castling(game: &mut Game, short: bool) -> Option<chimera::types::Move> {
    let size = game.variant().size;
    referee::legal_moves(game).into_iter().find(|m| {
        let (from, to) = (size.file(m.from()) as i32, size.file(m.to()) as i32);
        let king_move = match m.kind() {
            MoveKind::CastleHigh | MoveKind::CastleLow => true,
            MoveKind::KingLeap => (to - from).abs() >= 2 && m.from() != m.to(),
            _ => false,
        };
        king_move && (to == 1 || to == size.files as i32 - 2) == short
    })
}

/// XBoard knows only the pieces' own moves, not the powers a relay lends them, so its SAN is
/// unambiguous by those: a relay game's SAN that is ambiguous by Chimera's rules is read in
/// the base game (same board), and the move with the same squares is taken.
fn relay_san_by_own_moves(
    registry: &Registry,
    game: &Game,
    text: &str,
) -> Option<chimera::types::Move> {
    game.variant().relay?;
    let name = chimera::variant::relay_name::parse(&game.variant().name).ok()?;
    let base = chimera::variant::relay_name::base_candidates(&name.base)
        .iter()
        .find_map(|b| registry.find(b).ok())?
        .clone();
    let mut own = base.position(&game.fen()).ok()?;
    let m = san::parse_move(&mut own, text).ok()?;
    let written = own.move_to_uci(m);
    let mut here = game.clone();
    referee::legal_moves(&mut here)
        .into_iter()
        .find(|x| game.move_to_uci(*x) == written)
}

/// Replays one game XBoard saved: the `Variant` tag names the game; XBoard's castling field
/// is read as the engine reads `setboard`; on 10-rank boards its ranks count from 0; where
/// the game has no castling, XBoard writes the king's two-square leap as `O-O`/`O-O-O`.
fn replay_gui_game(registry: &Registry, g: &pgn::PgnGame) -> Result<(Game, String), String> {
    let variant = g
        .tag("Variant")
        .filter(|v| !v.is_empty())
        .unwrap_or("normal");
    let gt = registry
        .games()
        .iter()
        .find(|t| describe::describe(t).name == variant)
        .or_else(|| registry.find(variant).ok())
        .ok_or_else(|| format!("unknown variant {variant}"))?;
    let ranks = coords::GuiRanks::of(gt.variant.size.ranks);
    let described = describe::describe(gt);
    let native = described.native;
    // XBoard writes no letter only for the piece in its pawn slot (the first of the
    // pieceToCharTable); other pawn-like pieces (the Crab) get theirs.
    let pawn_letter = described
        .lines
        .first()
        .and_then(|l| l.split(['(', ')']).nth(1))
        .and_then(|table| table.chars().next())
        .unwrap_or('P');
    let mut game = match g.tag("FEN") {
        Some(fen) => xboard::position_from_gui(gt, &coords::fen_from_gui(fen, ranks)?, !native)?,
        None => gt.start(),
    };
    for (i, m) in g.moves.iter().enumerate() {
        let text = san_from_gui(&m.san, ranks)
            .ok_or_else(|| format!("ply {}: bad square in {}", i + 1, m.san))?;
        let letterless = text.starts_with(|c: char| c.is_ascii_lowercase());
        let castle = match text.trim_end_matches(['+', '#']) {
            "O-O" => Some(true),
            "O-O-O" => Some(false),
            _ => None,
        };
        let parsed = match castle {
            Some(short) => {
                xboard_castling(&mut game, short).ok_or_else(|| "no such castling".into())
            }
            None => match san::parse_move(&mut game, &text) {
                Err(san::SanError::Ambiguous(..)) if letterless && pawn_letter != '.' => {
                    san::parse_move(&mut game, &format!("{pawn_letter}{text}"))
                }
                Err(e @ san::SanError::Ambiguous(..)) => {
                    relay_san_by_own_moves(registry, &game, &text).ok_or(e)
                }
                other => other,
            }
            .map_err(|e| e.to_string()),
        };
        let mv = parsed.map_err(|e| format!("ply {}: {} ({e})", i + 1, m.san))?;
        if !referee::is_legal(&mut game, mv) {
            return Err(format!(
                "ply {}: {} breaks the no-repetition rule",
                i + 1,
                m.san
            ));
        }
        game.play(mv);
    }
    Ok((game, variant.to_string()))
}

/// Checks every game of the PGN files XBoard saved: the moves are legal by Chimera's rules
/// and the game ended properly (a result by the rules that Chimera's own referee confirms, or
/// an XBoard adjudication of such a result). Returns the number of games and the failures.
fn check_gui_games(files: &[String]) -> (usize, Vec<String>) {
    let registry = Registry::builtin();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let games = pgn::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (n, g) in games.iter().enumerate() {
            count += 1;
            // XBoard writes the reason after the last move's comment (the parser joins
            // them); a comment before the first move is its board diagram.
            let reason = match g.moves.last() {
                Some(m) => m.comment.clone().unwrap_or_default(),
                None => g.final_comment.clone().unwrap_or_default(),
            };
            let label = format!(
                "{file} game {}: {} {} {{{reason}}}",
                n + 1,
                g.tag("Variant").unwrap_or("normal"),
                g.result
            );
            match replay_gui_game(&registry, g) {
                Err(e) => failures.push(format!("{label}: {e}")),
                Ok((mut game, _)) => {
                    let end = xboard::ending(&mut game);
                    let expected = end.map(|e| e.claim());
                    let result_of =
                        |claim: &str| claim.split_whitespace().next().unwrap_or("").to_string();
                    let lower = reason.to_ascii_lowercase();
                    let bad = [
                        "time",
                        "illegal",
                        "false",
                        "exit",
                        "crash",
                        "disconnect",
                        "abort",
                        "timeout",
                    ];
                    // XBoard stops a game at its compiled-in move limit (500 moves in
                    // 4.9.1): a long Canonical game (no repetition, no move rule) can reach
                    // it. Every move was legal and the rules had not ended the game.
                    let gui_limit = reason.contains("Game too long; increase MAX_MOVES");
                    if g.result == "*" && gui_limit && expected.is_none() {
                        println!(
                            "ok   {label} ({} plies; XBoard's move limit, no end by the rules yet)",
                            g.moves.len()
                        );
                    } else if g.result == "*" || bad.iter().any(|b| lower.contains(b)) {
                        failures.push(format!("{label}: did not end by the rules"));
                    } else if let Some(claim) = &expected {
                        if result_of(claim) != g.result {
                            failures.push(format!("{label}: Chimera's rules say {claim}"));
                        } else {
                            println!("ok   {label} ({} plies; rules: {claim})", g.moves.len());
                        }
                    } else if lower.contains("adjudication") {
                        println!(
                            "ok   {label} ({} plies; XBoard adjudicated before the rules end)",
                            g.moves.len()
                        );
                    } else {
                        failures.push(format!(
                            "{label}: the final position is not an end by the rules"
                        ));
                    }
                }
            }
        }
    }
    (count, failures)
}

/// The PGN files named in `CHIMERA_XBOARD_PGN` (space separated), as the script saved them.
#[test]
#[ignore = "needs PGN files from scripts/xboard_gui_check.sh"]
fn replay_gui_games() {
    let files =
        std::env::var("CHIMERA_XBOARD_PGN").expect("CHIMERA_XBOARD_PGN names the PGN files");
    let files: Vec<String> = files.split_whitespace().map(str::to_string).collect();
    let (count, failures) = check_gui_games(&files);
    assert!(count > 0, "no games in {files:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Games XBoard 4.9.1 saved in real runs of `scripts/xboard_gui_check.sh`, kept under
/// `engine-tests/xboard/gui-games/`: XBoard's own SAN (no letter only for the piece in its pawn
/// slot, so the Crab is `X`; ranks from 0 in Grand, also when they tell two pieces apart,
/// `R0e4`; its board diagram before the first move; the reason joined to the last comment)
/// must keep replaying by Chimera's rules.
#[test]
fn recorded_gui_games_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/xboard/gui-games");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| p.to_string_lossy().to_string())
        .collect();
    files.sort();
    let (count, failures) = check_gui_games(&files);
    assert!(count >= 5, "recorded games missing: {files:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ----- a scripted match against Fairy-Max, both engines speaking XBoard -----

fn fairymax() -> Option<PathBuf> {
    let candidates = [
        "/usr/games/fairymax",
        "/usr/bin/fairymax",
        "/usr/local/bin/fairymax",
    ];
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// `chimera match` between Chimera (in XBoard mode) and Fairy-Max (an XBoard engine) in
/// Capablanca Chess, a game both know under XBoard's name: the games must be complete, end by
/// the rules and replay legally. Skipped where Fairy-Max is not installed (the CI script
/// installs it); this test installs nothing.
#[test]
fn fairy_max_match_in_xboard_mode() {
    let Some(fm) = fairymax() else {
        eprintln!("fairymax is not installed: skipped (apt-get install fairymax)");
        return;
    };
    let dir = common::scratch_dir("chimera-fairymax");
    let pgn_path = dir.join("games.pgn");
    let chimera = format!("cmd={} arg=xboard proto=xboard name=Chimera", common::bin());
    let fairy = format!("cmd={} proto=xboard name=Fairy-Max", fm.display());
    let pgn_arg = pgn_path.to_string_lossy().to_string();
    let args = [
        "match",
        "--engine",
        &chimera,
        "--engine",
        &fairy,
        "--variant",
        "capablanca",
        "--games",
        "2",
        "--tc",
        "4+0.05",
        "--draw-after",
        "160",
        "--pgn",
        &pgn_arg,
    ];
    let r = common::run_bin(&args, None, Duration::from_secs(600));
    assert!(r.code == Some(0) && !r.timed_out, "{}", r.describe());
    let text = std::fs::read_to_string(&pgn_path)
        .unwrap_or_else(|e| panic!("{}: {e}\n{}", pgn_path.display(), r.describe()));
    let games = pgn::parse(&text).unwrap();
    assert_eq!(games.len(), 2, "{text}");
    let registry = Registry::builtin();
    for g in &games {
        let term = g.tag("Termination").unwrap_or("");
        assert!(
            ["normal", "adjudication"].contains(&term),
            "the game did not end by the rules: {term}\n{}",
            g.write()
        );
        assert_ne!(g.result, "*", "{}", g.write());
        let mut end = g
            .replay(&registry)
            .unwrap_or_else(|e| panic!("{e}\n{}", g.write()));
        if term == "normal" {
            let claim = xboard::ending(&mut end)
                .map(|e| e.claim())
                .unwrap_or_default();
            assert!(
                claim.starts_with(&g.result),
                "PGN says {}, the rules say {claim}\n{}",
                g.result,
                g.write()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engine's resident MB after a `sd 6` search under these settings.
#[cfg(target_os = "linux")]
fn resident_after_a_search(settings: &[&str]) -> u64 {
    let mut s = Session::after_handshake();
    for command in settings {
        s.send(command);
    }
    s.send("new");
    s.send("sd 6");
    s.send("go");
    s.expect("move *", &mut HashMap::new(), "a move");
    s.send("ping 1");
    s.expect_through("pong 1", "ping");
    let resident = common::resident_mb(s.child.id());
    s.send("quit");
    resident
}

/// `memory N` is the engine's whole allowance (CECP), not the table's: after a search the
/// engine stays within it (the table took all N, and the engine came out about 10 MB over).
#[cfg(target_os = "linux")]
#[test]
fn memory_is_the_whole_allowance() {
    let resident = resident_after_a_search(&["memory 64"]);
    assert!(resident <= 64 + 2, "memory 64: {resident} MB resident");
}

/// The allowance holds the threads too: each one past the first takes its share out of the
/// table's, whichever of `memory` and `cores` comes first (with 64 threads the engine came
/// out 25 MB over `memory 64`).
#[cfg(target_os = "linux")]
#[test]
fn memory_makes_room_for_the_threads() {
    for order in [["memory 64", "cores 64"], ["cores 64", "memory 64"]] {
        let resident = resident_after_a_search(&order);
        assert!(resident <= 64 + 2, "{order:?}: {resident} MB resident");
    }
}

/// A `memory` put off while the engine thinks is applied after its move and before the `ping`
/// that followed it is answered (the `pong` came first, and the table was written afterwards,
/// eating the time of the GUI's next `go`).
#[cfg(target_os = "linux")]
#[test]
fn memory_sent_while_thinking_is_set_before_the_next_pong() {
    let mut s = Session::after_handshake();
    s.send("new");
    s.send("st 0.5");
    s.send("go");
    std::thread::sleep(Duration::from_millis(100));
    s.send("memory 268");
    s.send("ping 1");
    s.expect("move *", &mut HashMap::new(), "the move");
    let deadline = Instant::now() + REPLY_TIMEOUT;
    while s.next_line(deadline).is_some_and(|l| l != "pong 1") {}
    let resident = common::resident_mb(s.child.id());
    assert!(resident >= 240, "at the pong: {resident} MB resident");
    s.send("quit");
}

/// With `nps` the clock is counted in nodes, and a proven mate saves it as it saves a clock:
/// the search ends once the mate is confirmed, a few plies past its length, instead of
/// deepening to the last depth within the move's node budget (10 M nodes here).
#[test]
fn a_clock_in_nodes_is_saved_on_a_proven_mate() {
    let mut s = Session::after_handshake();
    s.send("new");
    s.send("force");
    s.send("setboard r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    s.send("nps 50000");
    s.send("st 200");
    s.send("post");
    s.send("go");
    let deadline = Instant::now() + REPLY_TIMEOUT;
    let mut last_depth = None;
    let best = loop {
        let line = s
            .next_line(deadline)
            .unwrap_or_else(|| panic!("no move before the deadline\n{}", s.transcript()));
        if let Some(mv) = line.strip_prefix("move ") {
            break mv.to_string();
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() > 4 {
            last_depth = fields[0].parse::<u32>().ok().or(last_depth);
        }
    };
    assert_eq!(best, "f3f7", "{}", s.transcript());
    let depth = last_depth.expect("thinking output before the move");
    assert!(
        depth < 20,
        "searched to depth {depth} after the mate was proven\n{}",
        s.transcript()
    );
    s.send("quit");
}
