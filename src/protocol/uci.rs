//! The UCI front end. Input is read on a thread of its own into a channel, so `isready`, `stop`
//! and `quit` are answered while a search runs. Each line is parsed into a `Command` or a
//! `UciError`; an error becomes one `info string error: …` line and changes nothing.
//!
//! vampirc-uci parses `setoption` (its grammar handles multi-word names and values, and has no
//! squares in it) and formats the `id`, `option`, `uciok` and `readyok` lines. Its move grammar
//! knows only 8x8 squares, so `position … moves`, `go … searchmoves`, `info … pv` and
//! `bestmove` (squares such as `a10`, `j10`, drops `N@e5`) are parsed and written here, with
//! `protocol::notation`.

use super::notation::move_to_uci_in;
use crate::game::{Game, GameType};
use crate::perft::{BackgroundPerft, PerftRequest};
use crate::search::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD, MAX_MULTI_PV, MAX_THREADS};
use crate::search::params::MAX_DEPTH;
use crate::search::{Listener, Outcome, Report, Score, SearchLimits, Searcher};
use crate::types::Move;
use crate::variant::Registry;
use crate::with_position;
use std::fmt;
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::Instant;
use vampirc_uci::{UciMessage, UciOptionConfig};

pub const DEFAULT_HASH_MB: usize = 16;

/// The `go` parameters as written, before the search moves are resolved against the position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GoCommand {
    /// Everything but `search_moves`.
    pub limits: SearchLimits,
    pub search_moves: Vec<String>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(GoCommand),
    GoPerft {
        depth: u32,
    },
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, FEN, hash key and checkers.
    Display,
    /// `eval`: the evaluation term by term.
    Eval,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciError {
    Unknown(String),
    /// The command is known; its arguments are not right.
    Syntax {
        command: &'static str,
        detail: String,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            UciError::Unknown(word) => {
                let shown: String = word.chars().take(40).collect();
                write!(f, "unknown command '{}'", shown.escape_default())
            }
            UciError::Syntax { command, detail } => write!(f, "{command}: {detail}"),
        }
    }
}

fn syntax(command: &'static str, detail: impl Into<String>) -> UciError {
    UciError::Syntax {
        command,
        detail: detail.into(),
    }
}

/// Parses one line. `Ok(None)` for an empty line.
pub fn parse_command(line: &str) -> Result<Option<Command>, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(None);
    };
    let alone = |c: Command, name: &'static str| -> Result<Option<Command>, UciError> {
        if words.len() == 1 {
            Ok(Some(c))
        } else {
            Err(syntax(
                name,
                format!("unexpected '{}'", words[1].escape_default()),
            ))
        }
    };
    match first {
        "uci" => alone(Command::Uci, "uci"),
        "isready" => alone(Command::IsReady, "isready"),
        "ucinewgame" => alone(Command::NewGame, "ucinewgame"),
        "stop" => alone(Command::Stop, "stop"),
        "ponderhit" => alone(Command::PonderHit, "ponderhit"),
        "quit" => alone(Command::Quit, "quit"),
        "d" => alone(Command::Display, "d"),
        "eval" => alone(Command::Eval, "eval"),
        "debug" => match words.get(1..) {
            Some(["on"] | ["off"]) => Ok(Some(Command::Debug)),
            _ => Err(syntax("debug", "expected 'on' or 'off'")),
        },
        "setoption" => match vampirc_uci::parse_one(line.trim()) {
            UciMessage::SetOption { name, value } if !name.trim().is_empty() => {
                Ok(Some(Command::SetOption {
                    name: name.trim().to_string(),
                    value: value.map(|v| v.trim().to_string()),
                }))
            }
            _ => Err(syntax(
                "setoption",
                "expected 'setoption name NAME [value VALUE]'",
            )),
        },
        "position" => parse_position(&words[1..]).map(Some),
        "go" => parse_go(&words[1..]).map(Some),
        other => Err(UciError::Unknown(other.to_string())),
    }
}

fn parse_position(words: &[&str]) -> Result<Command, UciError> {
    let (fen, rest) = match words.first() {
        Some(&"startpos") => (None, &words[1..]),
        Some(&"fen") => {
            let end = words
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(words.len());
            if end <= 1 {
                return Err(syntax("position", "FEN missing after 'fen'"));
            }
            (Some(words[1..end].join(" ")), &words[end..])
        }
        _ => return Err(syntax("position", "expected 'startpos' or 'fen'")),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", ms)) => ms
            .iter()
            .flat_map(|m| m.split(','))
            .filter(|m| !m.is_empty())
            .map(str::to_string)
            .collect(),
        Some((w, _)) => {
            return Err(syntax(
                "position",
                format!("unexpected '{}'", w.escape_default()),
            ))
        }
    };
    Ok(Command::Position { fen, moves })
}

const GO_KEYWORDS: &[&str] = &[
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
    "perft",
];

/// `go` and its parameters, in any order; each at most once.
pub fn parse_go(words: &[&str]) -> Result<Command, UciError> {
    if words.first() == Some(&"perft") {
        let depth = match words {
            [_, d] => d.parse::<u32>().ok().filter(|d| (1..=20).contains(d)),
            _ => None,
        };
        return depth
            .map(|depth| Command::GoPerft { depth })
            .ok_or_else(|| syntax("go perft", "expected one depth from 1 to 20"));
    }
    let mut go = GoCommand::default();
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if !GO_KEYWORDS.contains(&key) {
            return Err(syntax(
                "go",
                format!("unknown parameter '{}'", key.escape_default()),
            ));
        }
        if seen.contains(&key) {
            return Err(syntax("go", format!("'{key}' given twice")));
        }
        seen.push(key);
        i += 1;
        let mut number = |min: i64, max: i64| -> Result<i64, UciError> {
            let text = words
                .get(i)
                .ok_or_else(|| syntax("go", format!("'{key}' needs a number")))?;
            i += 1;
            match text.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                _ => Err(syntax(
                    "go",
                    format!(
                        "'{key}' must be a number from {min} to {max}, not '{}'",
                        text.escape_default()
                    ),
                )),
            }
        };
        const MS: i64 = 1 << 40;
        match key {
            "searchmoves" => {
                while i < words.len() && !GO_KEYWORDS.contains(&words[i]) {
                    go.search_moves.push(words[i].to_string());
                    i += 1;
                }
                if go.search_moves.is_empty() {
                    return Err(syntax("go", "'searchmoves' needs at least one move"));
                }
            }
            "ponder" => go.limits.ponder = true,
            "infinite" => go.limits.infinite = true,
            // Some GUIs send a negative time when the clock has run out: read it as 0.
            "wtime" => go.limits.time[0] = Some(number(-MS, MS)?.max(0) as u64),
            "btime" => go.limits.time[1] = Some(number(-MS, MS)?.max(0) as u64),
            "winc" => go.limits.increment[0] = number(-MS, MS)?.max(0) as u64,
            "binc" => go.limits.increment[1] = number(-MS, MS)?.max(0) as u64,
            "movestogo" => go.limits.moves_to_go = Some(number(1, 100_000)? as u64),
            "depth" => go.limits.depth = Some(number(1, MAX_DEPTH as i64)? as i32),
            "nodes" => go.limits.nodes = Some(number(1, i64::MAX)? as u64),
            "mate" => go.limits.mate = Some(number(1, 1_000)? as u32),
            "movetime" => go.limits.movetime = Some(number(0, MS)? as u64),
            _ => return Err(syntax("go", "'perft' must come alone: 'go perft N'")),
        }
    }
    Ok(Command::Go(go))
}

/// Physical memory in MiB (the `Hash` maximum); a generous guess where it cannot be read.
fn machine_memory_mb() -> usize {
    const FALLBACK_MB: usize = 32_768;
    let Ok(text) = std::fs::read_to_string("/proc/meminfo") else {
        return FALLBACK_MB;
    };
    text.lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<usize>()
                .ok()
        })
        .map_or(FALLBACK_MB, |kb| (kb / 1024).max(1))
}

/// Writes moves played in turn from `game` (with `UCI_Chess960`, castling as the king taking
/// its partner).
fn format_line(game: &Game, moves: &[Move], chess960: bool) -> Vec<String> {
    let mut g = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    with_position!(&mut g, p => {
        for &m in moves {
            if !p.is_legal(m) {
                break;
            }
            out.push(move_to_uci_in(p, m, chess960));
            p.play(m);
        }
    });
    out
}

/// The moves of `line` grouped by turn: a turn is the run of plies one side makes before the
/// other moves (one ply, except a cancellation capture and its placements), written joined by
/// commas (`rules/cancellation.md`). A turn the line leaves unfinished is dropped.
fn format_turns(game: &Game, line: &[Move], chess960: bool) -> Vec<String> {
    let mut g = game.clone();
    let mut turns = Vec::new();
    with_position!(&mut g, p => {
        let mut turn: Vec<String> = Vec::new();
        let mut mover = p.side_to_move();
        for &m in line {
            if !p.is_legal(m) {
                break;
            }
            if p.side_to_move() != mover {
                turns.push(turn.join(","));
                turn.clear();
                mover = p.side_to_move();
            }
            turn.push(move_to_uci_in(p, m, chess960));
            p.play(m);
        }
        if !turn.is_empty() && p.side_to_move() != mover {
            turns.push(turn.join(","));
        } else if turns.is_empty() && !turn.is_empty() {
            // The line stops inside the first turn (a search cut short before its first
            // iteration): finish the turn with the most valuable placements, since an unfinished
            // turn is no answer at all.
            while p.side_to_move() == mover {
                let Some(m) = crate::search::strongest_move(p) else {
                    break;
                };
                turn.push(move_to_uci_in(p, m, chess960));
                p.play(m);
            }
            turns.push(turn.join(","));
        }
    });
    turns
}

fn format_score(s: Score) -> String {
    match s {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// What the output thread writes, in the order it was sent.
enum Output {
    Line(String),
    Report {
        root: Arc<Game>,
        chess960: bool,
        report: Report,
    },
    Answer {
        root: Arc<Game>,
        chess960: bool,
        outcome: Outcome,
    },
    /// Ends the output thread once everything sent before it is written (a search's listener
    /// may keep a sender alive, so waiting for every sender to go could wait for ever).
    Close,
}

impl Output {
    fn write(self, w: &mut impl Write) -> std::io::Result<()> {
        match self {
            Output::Close => Ok(()),
            Output::Line(line) => writeln!(w, "{line}"),
            Output::Report {
                root,
                chess960,
                report: r,
            } => {
                let pv = format_line(&root, &r.pv, chess960).join(" ");
                writeln!(
                    w,
                    "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
                    r.depth,
                    r.seldepth,
                    r.multipv,
                    format_score(r.score),
                    r.nodes,
                    r.nps,
                    r.hashfull,
                    r.time_ms,
                    pv
                )
            }
            Output::Answer {
                root,
                chess960,
                outcome: o,
            } => {
                // `line` starts with `best` (see `SharedContext::answer`).
                if o.best.is_none() {
                    writeln!(w, "info depth 0 score {}", format_score(o.score))?;
                    return writeln!(w, "bestmove (none)");
                }
                let turns = format_turns(&root, &o.line, chess960);
                match turns.as_slice() {
                    [b, p, ..] => writeln!(w, "bestmove {b} ponder {p}"),
                    [b] => writeln!(w, "bestmove {b}"),
                    [] => writeln!(w, "bestmove (none)"),
                }
            }
        }
    }
}

/// The output, owned by a thread of its own: whoever writes only sends to a channel, so no
/// search thread ever holds a lock while writing. (A search thread that the scheduler sets
/// aside while holding the output would hold up `bestmove` when threads outnumber cores.)
struct Writer {
    tx: Option<mpsc::Sender<Output>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    fn new<W: Write + Send + 'static>(out: W) -> Writer {
        let (tx, rx) = mpsc::channel::<Output>();
        let thread = std::thread::Builder::new()
            .name("output".into())
            .spawn(move || {
                let mut out = out;
                for o in rx {
                    if matches!(o, Output::Close) {
                        break;
                    }
                    // A closed output means the GUI is gone; there is no one left to tell.
                    let _ = o.write(&mut out).and_then(|_| out.flush());
                }
            })
            .expect("the output thread starts");
        Writer {
            tx: Some(tx),
            thread: Some(thread),
        }
    }

    fn sender(&self) -> mpsc::Sender<Output> {
        self.tx.clone().expect("the writer is open until dropped")
    }

    fn send(&self, o: Output) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(o);
        }
    }

    /// Writes everything sent so far and ends the thread.
    fn close(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Output::Close);
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Hands a search's reports and answer to the output thread.
struct UciListener {
    tx: mpsc::Sender<Output>,
    root: Arc<Game>,
    chess960: bool,
}

impl Listener for UciListener {
    fn report(&mut self, r: &Report) {
        let _ = self.tx.send(Output::Report {
            root: self.root.clone(),
            chess960: self.chess960,
            report: r.clone(),
        });
    }

    fn finished(&mut self, o: &Outcome) {
        let _ = self.tx.send(Output::Answer {
            root: self.root.clone(),
            chess960: self.chess960,
            outcome: o.clone(),
        });
    }
}

/// Option values as last set.
struct Options {
    hash_max_mb: usize,
    ponder: bool,
    chess960: bool,
}

pub struct UciEngine {
    registry: Registry,
    /// The game `UCI_Variant` names.
    chosen: GameType,
    /// The game played: the chosen one, or its Fischer Random form under `UCI_Chess960`.
    game_type: GameType,
    game: Game,
    out: Writer,
    searcher: Searcher,
    /// `go perft` counts on a thread of its own, as a search does.
    perft: BackgroundPerft,
    options: Options,
}

impl UciEngine {
    pub fn new<W: Write + Send + 'static>(registry: Registry, out: W) -> UciEngine {
        let game_type = registry.find("chess").expect("chess is built in").clone();
        let game = game_type.start();
        let searcher =
            Searcher::new(DEFAULT_HASH_MB).expect("the default hash table fits in memory");
        let options = Options {
            hash_max_mb: machine_memory_mb(),
            ponder: false,
            chess960: false,
        };
        UciEngine {
            registry,
            chosen: game_type.clone(),
            game_type,
            game,
            out: Writer::new(out),
            searcher,
            perft: BackgroundPerft::default(),
            options,
        }
    }

    fn send(&self, line: &str) {
        self.out.send(Output::Line(line.to_string()));
    }

    fn error(&self, msg: &str) {
        self.send(&format!("info string error: {}", super::printable(msg)));
    }

    /// Runs until `quit` or the end of input. Lines are read on a thread of their own; a search
    /// runs on its own thread too, so every command is answered at once.
    pub fn run<R: BufRead + Send + 'static>(&mut self, input: R) {
        let (tx, rx) = mpsc::channel::<(String, Instant)>();
        let search = self.searcher.handle();
        let perft_stop = self.perft.stop_flag();
        let reader = super::spawn_line_reader(
            input,
            move |line| {
                // `stop` and `ponderhit` act at once, here: waking up another thread first can
                // take a scheduler's time slice or more when the search threads outnumber the
                // cores. The line is still handed on (to collect the search threads, and for
                // order).
                match parse_command(&line) {
                    Ok(Some(Command::Stop)) => {
                        perft_stop.store(true, Ordering::Relaxed);
                        search.stop_and_answer()
                    }
                    Ok(Some(Command::Quit)) => perft_stop.store(true, Ordering::Relaxed),
                    Ok(Some(Command::PonderHit)) => search.ponderhit(),
                    _ => {}
                }
                tx.send((line, Instant::now())).is_ok()
            },
            || {},
        );
        if let Err(e) = reader {
            self.error(&format!("cannot start the input thread: {e}"));
            return;
        }
        for (line, received) in rx {
            if !self.handle_at(&line, received) {
                self.searcher.stop();
                self.perft.stop();
                return;
            }
        }
        self.perft.wait();
        // End of input: a search that would wait for `stop` forever is stopped; one with limits
        // finishes and answers.
        if self.searcher.waits_for_stop() {
            self.searcher.stop();
        } else {
            self.searcher.wait();
        }
    }

    /// Handles one line; false on quit.
    pub fn handle(&mut self, line: &str) -> bool {
        self.handle_at(line, Instant::now())
    }

    /// Waits for a running search to end by itself (tests, scripts).
    pub fn wait_for_search(&mut self) {
        self.searcher.wait();
        self.perft.wait();
    }

    fn handle_at(&mut self, line: &str, received: Instant) -> bool {
        match parse_command(line) {
            Ok(None) => true,
            Ok(Some(Command::Quit)) => false,
            Ok(Some(cmd)) => {
                if let Err(e) = self.execute(cmd, received) {
                    self.error(&e);
                }
                true
            }
            Err(e) => {
                self.error(&e.to_string());
                true
            }
        }
    }

    fn execute(&mut self, cmd: Command, received: Instant) -> Result<(), String> {
        match cmd {
            Command::Uci => self.identify(),
            Command::Debug => {}
            Command::IsReady => self.send(&UciMessage::ReadyOk.to_string()),
            Command::NewGame => {
                self.searcher.new_game()?;
                self.game = self.game_type.start();
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { fen, moves } => {
                let mut game = match fen {
                    Some(f) => self
                        .game_type
                        .position(&f)
                        .map_err(|e| format!("bad FEN: {e}"))?,
                    None => self.game_type.start(),
                };
                for m in &moves {
                    let mv = game.parse_uci(m).map_err(|e| format!("position: {e}"))?;
                    game.play(mv);
                }
                self.game = game;
            }
            Command::Go(go) => {
                if self.searcher.is_searching() {
                    return Err("go: a search is running; send 'stop' first".into());
                }
                // Waiting here would leave `stop` and `quit` unread behind the `go`.
                if self.perft.is_running() {
                    return Err("go: go perft is counting; send 'stop' first".into());
                }
                let mut limits = go.limits;
                for text in &go.search_moves {
                    let m = self
                        .game
                        .parse_uci(text)
                        .map_err(|e| format!("go searchmoves: {e}"))?;
                    if !limits.search_moves.contains(&m) {
                        limits.search_moves.push(m);
                    }
                }
                let listener = UciListener {
                    tx: self.out.sender(),
                    root: Arc::new(self.game.clone()),
                    chess960: self.options.chess960,
                };
                self.searcher.start(
                    &self.game,
                    self.game_type.eval(),
                    limits,
                    received,
                    Box::new(listener),
                )?;
            }
            Command::GoPerft { depth } => {
                if self.searcher.is_searching() {
                    return Err("go perft: a search is running; send 'stop' first".into());
                }
                if self.perft.is_running() {
                    return Err("go perft: go perft is counting; send 'stop' first".into());
                }
                let request = PerftRequest {
                    depth,
                    divide: true,
                    threads: self.searcher.options().threads,
                    chess960: self.options.chess960,
                };
                let tx = self.out.sender();
                self.perft.start(&self.game, request, move |report| {
                    let lines = match report {
                        Some(r) => {
                            let mut lines = r.lines();
                            lines.push(format!(
                                "info string perft time {} ms nps {}",
                                (r.seconds * 1000.0) as u64,
                                r.nps()
                            ));
                            lines
                        }
                        None => vec!["info string perft stopped".to_string()],
                    };
                    // One message, so that no `readyok` lands between its lines.
                    let _ = tx.send(Output::Line(lines.join("\n")));
                })?;
            }
            // The answer goes out now; the search threads are collected by the next command
            // that needs them idle.
            Command::Stop => {
                self.perft.stop();
                self.searcher.stop_and_answer()
            }
            Command::PonderHit => self.searcher.ponderhit(),
            Command::Display => {
                for line in display(&self.game) {
                    self.send(&line);
                }
            }
            Command::Eval => {
                let text = with_position!(&self.game, p => p.eval_breakdown(self.game_type.eval()));
                for line in text.lines() {
                    self.send(line);
                }
            }
            Command::Quit => {}
        }
        Ok(())
    }

    fn identify(&self) {
        self.send(
            &UciMessage::Id {
                name: Some(format!("Chimera {}", env!("CARGO_PKG_VERSION"))),
                author: None,
            }
            .to_string(),
        );
        self.send(
            &UciMessage::Id {
                name: None,
                author: Some("the Chimera developers".into()),
            }
            .to_string(),
        );
        let spin = |name: &str, default: i64, min: i64, max: i64| UciOptionConfig::Spin {
            name: name.into(),
            default: Some(default),
            min: Some(min),
            max: Some(max),
        };
        let check = |name: &str| UciOptionConfig::Check {
            name: name.into(),
            default: Some(false),
        };
        let names = self.registry.listed_names();
        let options = [
            spin(
                "Hash",
                DEFAULT_HASH_MB as i64,
                1,
                self.options.hash_max_mb as i64,
            ),
            UciOptionConfig::Button {
                name: "Clear Hash".into(),
            },
            spin("Threads", 1, 1, MAX_THREADS as i64),
            spin("MultiPV", 1, 1, MAX_MULTI_PV as i64),
            check("Ponder"),
            spin(
                "Move Overhead",
                DEFAULT_MOVE_OVERHEAD as i64,
                0,
                MAX_MOVE_OVERHEAD as i64,
            ),
            check("UCI_Chess960"),
            UciOptionConfig::Combo {
                name: "UCI_Variant".into(),
                default: Some("chess".into()),
                var: names,
            },
            UciOptionConfig::String {
                name: "VariantPath".into(),
                default: Some("<empty>".into()),
            },
        ];
        for o in options {
            self.send(&UciMessage::Option(o).to_string());
        }
        self.send(&UciMessage::UciOk.to_string());
    }

    /// The chosen game, or under `UCI_Chess960` its Fischer Random form where it has one.
    fn played_game(&self) -> GameType {
        match self.options.chess960 {
            true => self.registry.chess960_form(&self.chosen),
            false => None,
        }
        .unwrap_or_else(|| self.chosen.clone())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let v = value.unwrap_or("");
            match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "option {name}: value must be a number from {min} to {max}, not '{}'",
                    v.escape_default()
                )),
            }
        };
        let check = || -> Result<bool, String> {
            match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                _ => Err(format!("option {name}: value must be true or false")),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb = spin(1, self.options.hash_max_mb as u64)? as usize;
                self.searcher.set_hash(mb)?;
            }
            "clear hash" => self
                .searcher
                .new_game()
                .map_err(|e| e.replacen("ucinewgame", "Clear Hash", 1))?,
            "threads" => self
                .searcher
                .set_threads(spin(1, MAX_THREADS as u64)? as usize)?,
            "multipv" => self
                .searcher
                .set_multi_pv(spin(1, MAX_MULTI_PV as u64)? as usize)?,
            "ponder" => self.options.ponder = check()?,
            "move overhead" => self
                .searcher
                .set_move_overhead(spin(0, MAX_MOVE_OVERHEAD)?)?,
            "uci_chess960" => {
                // The running search's moves would be read in the other notation.
                if self.searcher.is_searching() {
                    return Err("UCI_Chess960: a search is running; send 'stop' first".into());
                }
                self.options.chess960 = check()?;
                let played = self.played_game();
                if !Arc::ptr_eq(&played.variant, &self.game_type.variant) {
                    self.game = played.start();
                    self.game_type = played;
                }
            }
            "uci_variant" => {
                // The running search's answer would be read in the new game.
                if self.searcher.is_searching() {
                    return Err("UCI_Variant: a search is running; send 'stop' first".into());
                }
                self.chosen = self
                    .registry
                    .find(value.unwrap_or(""))
                    .map_err(|e| e.to_string())?
                    .clone();
                self.game_type = self.played_game();
                self.game = self.game_type.start();
                let v = &self.game_type.variant;
                let line = format!(
                    "info string variant {} files {} ranks {} startpos {}",
                    v.name, v.size.files, v.size.ranks, v.start_fen
                );
                self.send(&line);
            }
            "variantpath" => {
                if self.searcher.is_searching() {
                    return Err("VariantPath: a search is running; send 'stop' first".into());
                }
                let path = value.unwrap_or("");
                if path.is_empty() || path == "<empty>" {
                    return Ok(());
                }
                let text = crate::variant::spec::read_file(path)
                    .map_err(|e| format!("VariantPath {e}"))?;
                let names = self
                    .registry
                    .load(&text)
                    .map_err(|e| format!("VariantPath {path}: {e}"))?;
                // The current game keeps its rules until it is chosen again.
                self.send(&format!("info string loaded variants {}", names.join(" ")));
            }
            _ => return Err(format!("unknown option '{}'", name.escape_default())),
        }
        Ok(())
    }
}

impl Drop for UciEngine {
    /// Ends any search, then writes out everything sent (a `bestmove` included).
    fn drop(&mut self) {
        // The search's listener (a sender) goes with it, so the output thread can end.
        self.searcher.stop();
        self.out.close();
    }
}

/// The `d` command: the board with coordinates (any size; the diamond view too where the game
/// asks for it), FEN, hash key and checkers.
pub fn display(game: &Game) -> Vec<String> {
    super::diagram::position_report(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let Ok(Some(Command::Go(g))) =
            parse_command("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5")
        else {
            panic!()
        };
        assert_eq!(g.limits.time, [Some(1000), Some(0)]);
        assert_eq!(g.limits.moves_to_go, Some(5));
        let Ok(Some(Command::Go(g))) = parse_command("go searchmoves a10a9 N@e5 depth 3 ponder")
        else {
            panic!()
        };
        assert_eq!(g.search_moves, vec!["a10a9", "N@e5"]);
        assert_eq!(g.limits.depth, Some(3));
        assert!(g.limits.ponder);
        assert_eq!(
            parse_command("go"),
            Ok(Some(Command::Go(GoCommand::default())))
        );
        for bad in [
            "go depth",
            "go depth 0",
            "go depth x",
            "go nodes -1",
            "go frob",
            "go depth 3 depth 4",
            "go searchmoves",
            "go perft",
            "go infinite perft 3",
        ] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse_command("  "), Ok(None));
        assert_eq!(parse_command("isready\r\n"), Ok(Some(Command::IsReady)));
        assert!(parse_command("isready now").is_err());
        assert_eq!(
            parse_command("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
        assert!(parse_command("setoption name").is_err());
        assert!(parse_command("setoption value 3").is_err());
        assert_eq!(
            parse_command("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2,e8e7"),
            Ok(Some(Command::Position {
                fen: Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1".into()),
                moves: vec!["e1e2".into(), "e8e7".into()]
            }))
        );
    }

    #[test]
    fn board_display_any_size() {
        let reg = Registry::builtin();
        let lines = display(&reg.find("grand").unwrap().start());
        assert!(lines.iter().any(|l| l.ends_with("| 10")), "{lines:#?}");
        assert!(
            lines.iter().any(|l| l.trim_start().starts_with("a   b")),
            "{lines:#?}"
        );
        assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    }
}
