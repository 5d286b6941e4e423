//! The UCI front end. Input is read on a thread of its own into a channel, so `isready`, `stop`
//! and `quit` are answered while a search runs. Each line is parsed into a `Command` or a
//! `UciError`; an error becomes one `info string error: …` line and changes nothing.
//!
//! vampirc-uci parses `setoption` (its grammar handles multi-word names and values, and has no
//! squares in it) and formats the `id`, `option`, `uciok` and `readyok` lines. Its move grammar
//! knows only 8x8 squares, so `position … moves`, `go … searchmoves`, `info … pv` and
//! `bestmove` (squares such as `a10`, `j10`, drops `N@e5`) are parsed and written here, with
//! `protocol::notation`.

use crate::game::{Game, GameType};
use crate::perft::{BackgroundPerft, PerftRequest};
use crate::protocol::notation::AutomaticPlacements;
use crate::search::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD, MAX_MULTI_PV, MAX_THREADS};
use crate::search::Searcher;
use crate::variant::Registry;
use crate::with_position;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{mpsc, Arc};
use std::time::Instant;
use vampirc_uci::{UciMessage, UciOptionConfig};

mod command;
mod output;

pub use command::{parse_command, parse_go, parse_lenient, Command, GoCommand, UciError};
use output::{Output, UciListener, Writer};

pub const DEFAULT_HASH_MB: usize = 16;
/// UCI's null move, in `position … moves` (a GUI that sends every move of an analysed line
/// writes a pass so).
const NULL_MOVE: &str = "0000";
/// How often lines waiting for a search look whether it has ended (the input is read in
/// between, so `stop` and `quit` still act at once).
const WAIT_POLL: std::time::Duration = std::time::Duration::from_millis(2);

/// Option values as last set.
struct Options {
    hash_max_mb: usize,
    ponder: bool,
    chess960: bool,
}

/// An input line waiting for a search with limits to end (see `UciEngine::waits`).
struct Waiting {
    /// Its number in the input (for `quit_line`).
    number: u64,
    line: String,
    /// A `stop` or `ponderhit` came while it waited.
    stopped: bool,
    ponderhit: bool,
}

impl Waiting {
    fn new(number: u64, line: String) -> Waiting {
        Waiting {
            number,
            line,
            stopped: false,
            ponderhit: false,
        }
    }
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
    /// The number of the first `quit` line the input thread has read (lines counted from 1;
    /// 0: none yet), so that a `position` whose move list takes seconds to play, and that
    /// only `quit` follows, is left unplayed: nothing could show it.
    quit_line: Arc<AtomicU64>,
    /// The number of the line being handled.
    line: u64,
    /// A move list was left unplayed for the `quit` after it: the session ends at once.
    quit_now: bool,
}

impl UciEngine {
    pub fn new<W: Write + Send + 'static>(registry: Registry, out: W) -> UciEngine {
        let game_type = registry.find("chess").expect("chess is built in").clone();
        let game = game_type.start();
        let searcher =
            Searcher::new(DEFAULT_HASH_MB).expect("the default hash table fits in memory");
        let options = Options {
            hash_max_mb: super::machine_memory_mb(),
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
            quit_line: Arc::default(),
            line: 0,
            quit_now: false,
        }
    }

    fn send(&self, line: &str) {
        self.out.send(Output::Line(line.to_string()));
    }

    fn error(&self, msg: &str) {
        self.tell("error", msg);
    }

    /// Input read in part (the rest left out, or brought into range): the command still runs.
    fn warning(&self, msg: &str) {
        self.tell("warning", msg);
    }

    /// `info string LEVEL: MSG`, the message clipped and made safe for the GUI's terminal.
    fn tell(&self, level: &str, msg: &str) {
        let msg = super::clipped(msg);
        self.send(&format!("info string {level}: {}", super::printable(&msg)));
    }

    /// Runs until `quit` or the end of input. Lines are read on a thread of their own; a search
    /// runs on its own thread too, so every command is answered at once.
    pub fn run<R: BufRead + Send + 'static>(&mut self, input: R) {
        let (tx, rx) = mpsc::channel::<(String, Instant)>();
        let search = self.searcher.handle();
        let perft_stop = self.perft.stop_flag();
        let quit_line = Arc::clone(&self.quit_line);
        let mut lines_read = 0;
        let reader = super::spawn_line_reader(
            input,
            move |line| {
                lines_read += 1;
                // `stop` and `ponderhit` act at once, here: waking up another thread first can
                // take a scheduler's time slice or more when the search threads outnumber the
                // cores. The line is still handed on (to collect the search threads, and for
                // order).
                match command::lone_command(&line) {
                    Some(Command::Stop) => {
                        perft_stop.store(true, Ordering::Relaxed);
                        search.stop_and_answer()
                    }
                    Some(Command::Quit) => {
                        let _ = quit_line.compare_exchange(
                            0,
                            lines_read,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        );
                        perft_stop.store(true, Ordering::Relaxed);
                        search.request_stop()
                    }
                    Some(Command::PonderHit) => search.ponderhit(),
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
        // Lines that wait, in order, for a search or count that ends by itself (see `waits`).
        let mut waiting: VecDeque<Waiting> = VecDeque::new();
        let mut read = 0;
        loop {
            while let Some(w) = waiting.pop_front() {
                if self.waits(&w.line) {
                    waiting.push_front(w);
                    break;
                }
                if !self.handle_waiting(w) {
                    return self.quit();
                }
            }
            let next = if waiting.is_empty() {
                rx.recv().map_err(|_| RecvTimeoutError::Disconnected)
            } else {
                rx.recv_timeout(WAIT_POLL)
            };
            let (line, received) = match next {
                Ok(next) => next,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            read += 1;
            // Behind a waiting line every line waits but `quit`, `stop` and `ponderhit`, which
            // act at once (the input thread has already acted on them): on the running search,
            // and on each search still waiting before them, as it starts.
            match command::lone_command(&line) {
                Some(Command::Stop) => waiting.iter_mut().for_each(|w| w.stopped = true),
                Some(Command::PonderHit) => waiting.iter_mut().for_each(|w| w.ponderhit = true),
                Some(Command::Quit) => {}
                _ if !waiting.is_empty() || self.waits(&line) => {
                    waiting.push_back(Waiting::new(read, line));
                    continue;
                }
                _ => {}
            }
            if !self.handle_numbered(read, &line, received) {
                return self.quit();
            }
        }
        // End of input: each waiting line runs as it would have, once the search before it has
        // ended (at once where no one reads the answers any more: the GUI has died).
        let mut gone = None;
        while let Some(w) = waiting.pop_front() {
            if self.waits(&w.line) {
                self.finish_at_end_of_input(&mut gone);
            }
            if !self.handle_waiting(w) {
                return self.quit();
            }
        }
        self.finish_at_end_of_input(&mut gone);
    }

    /// A line that needs the searcher idle (`go`, `go perft`, `setoption`, `ucinewgame`) waits
    /// while a search runs that will end by itself (and a `go` while such a count runs), as in
    /// Stockfish, so that a script's commands piped in at once are all answered. During a
    /// search that waits for `stop` (`infinite`, `ponder`) the line is refused instead: it
    /// would wait for ever.
    fn waits(&mut self, line: &str) -> bool {
        let search = self.searcher.limited_search_pending();
        let count = self.perft.is_running();
        // Most lines come with nothing running: then they are not read twice.
        if !(search || count) {
            return false;
        }
        match parse_lenient(line).0 {
            Ok(Some(Command::Go(_) | Command::GoPerft { .. })) => true,
            // A count works on its own copy of the game, with the settings it started with.
            Ok(Some(Command::SetOption { .. } | Command::NewGame)) => search,
            _ => false,
        }
    }

    /// Handles a line that waited; false on quit. Its clock runs from now (the wait was not
    /// the engine's thinking time), and a `stop` or `ponderhit` that came after it, while it
    /// waited, acts on what it starts.
    fn handle_waiting(&mut self, w: Waiting) -> bool {
        if !self.handle_numbered(w.number, &w.line, Instant::now()) {
            return false;
        }
        if w.ponderhit {
            self.searcher.ponderhit();
        }
        if w.stopped {
            self.stop();
        }
        true
    }

    /// `stop`: ends a count, and the running search, whose answer goes out now; its threads
    /// are collected by the next command that needs them idle.
    fn stop(&mut self) {
        self.perft.stop();
        self.searcher.stop_and_answer()
    }

    /// Handles line `number` of the input; false on quit.
    fn handle_numbered(&mut self, number: u64, line: &str, received: Instant) -> bool {
        self.line = number;
        self.handle_at(line, received)
    }

    fn quit(&mut self) {
        self.searcher.abandon();
        self.perft.stop();
    }

    /// At the end of input: lets a count or search with limits finish (unless no one reads
    /// its answer any more: `gone`, asked once, as asking takes a moment), and stops one that
    /// would wait for `stop`.
    fn finish_at_end_of_input(&mut self, gone: &mut Option<bool>) {
        let mut reader_gone =
            || *gone.get_or_insert_with(|| super::output_reader_gone(super::READER_GONE_WAIT));
        if self.perft.is_running() && reader_gone() {
            self.perft.stop();
        }
        self.perft.wait();
        if self.searcher.waits_for_stop() || (self.searcher.is_searching() && reader_gone()) {
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
        let (parsed, ignored) = parse_lenient(line);
        if !ignored.is_empty() {
            self.warning(&format!("ignored '{}'", ignored.join(" ")));
        }
        match parsed {
            Ok(None) => true,
            Ok(Some(Command::Quit)) => false,
            Ok(Some(cmd)) => {
                if let Err(e) = self.execute(cmd, received) {
                    self.error(&e);
                }
                !self.quit_now
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
                let mut automatic = AutomaticPlacements::default();
                for m in &moves {
                    // Millions of moves take seconds to play: `quit` must not wait for them.
                    if self.quit_line.load(Ordering::Relaxed) == self.line + 1 {
                        self.quit_now = true;
                        return Ok(());
                    }
                    if m == NULL_MOVE {
                        game.pass().map_err(|e| format!("position: {m}: {e}"))?;
                        continue;
                    }
                    match game.parse_uci(m) {
                        Ok(mv) => game.play(mv),
                        // A flat list does not say whose turn a token belongs to.
                        Err(_) if automatic.skip(&game, m, None) => {}
                        Err(e) => return Err(format!("position: {e}")),
                    }
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
                let mut notes = go.notes;
                for text in &go.search_moves {
                    match self.game.parse_uci(text) {
                        Ok(m) if !limits.search_moves.contains(&m) => limits.search_moves.push(m),
                        Ok(_) => {}
                        Err(e) => notes.push(format!("searchmoves: {e}: left out")),
                    }
                }
                if !go.search_moves.is_empty() && limits.search_moves.is_empty() {
                    notes.push("no legal move among the searchmoves: all moves searched".into());
                }
                let us = self.game.side_to_move().index();
                if limits.time[us].is_none() && limits.time[1 - us].is_some() {
                    // The time manager reads the missing clock as empty: an answer at once.
                    let (ours, theirs) = [("wtime", "btime"), ("btime", "wtime")][us];
                    notes.push(format!(
                        "'{theirs}' but no '{ours}' for the side to move: read as no time left"
                    ));
                }
                if !notes.is_empty() {
                    self.warning(&format!("go: {}", notes.join("; ")));
                }
                // The game's recent part, cut once: the search copies it as it is.
                let root = Arc::new(self.game.clone_recent());
                let listener = UciListener {
                    tx: self.out.sender(),
                    root: root.clone(),
                    chess960: self.options.chess960,
                };
                self.searcher.start(
                    &root,
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
            Command::Stop => self.stop(),
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
        let names = combo_names(&self.registry);
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

    /// Starts `played` from its start position and announces the board, as GUIs for
    /// variants read it.
    fn play_game(&mut self, played: GameType) {
        self.game = played.start();
        self.game_type = played;
        self.registry.release_unused_tables();
        let v = &self.game_type.variant;
        let line = format!(
            "info string variant {} files {} ranks {} startpos {}",
            v.name, v.size.files, v.size.ranks, v.start_fen
        );
        self.send(&line);
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
                    self.play_game(played);
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
                self.play_game(self.played_game());
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

/// cutechess-cli's names for games it knows, where they are not the name Chimera lists the
/// game under: cutechess offers a game to a UCI engine only if the engine's `UCI_Variant`
/// combo holds cutechess's name (`standard` it plays with any engine, by no `UCI_Variant`).
const CUTECHESS_NAMES: &[&str] = &["knightrelay"];

/// `UCI_Variant`'s values: every listed name, each game followed by its name in cutechess-cli
/// where that is one of its aliases.
fn combo_names(registry: &Registry) -> Vec<String> {
    let mut names = registry.listed_names();
    for game in registry.games() {
        let variant = &game.variant;
        let theirs = (variant.aliases.iter()).find(|a| CUTECHESS_NAMES.contains(&a.as_str()));
        let ours = names.iter().position(|n| *n == variant.name);
        if let (Some(theirs), Some(at)) = (theirs, ours) {
            names.insert(at + 1, theirs.clone());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

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
