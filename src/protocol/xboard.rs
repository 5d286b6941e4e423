//! The XBoard / WinBoard front end (CECP v2), a state machine of its own. Input lines and the
//! search's reports reach one loop through a channel, so the engine's move, its thinking
//! output and every reply leave in the order the GUI must see them, and commands are answered
//! while a search runs (`?`, `force`, `ping` while pondering or analysing).
//!
//! Games XBoard does not know are described to it when chosen (`describe`), moves and squares
//! are converted to XBoard's coordinates (`coords`: ranks from 0 on 10-rank boards), and
//! `lift` is answered with the legal targets, so a human can only make legal moves even where
//! the rules go beyond what XBoard can check.

mod clock;
pub mod command;
pub mod coords;
pub mod describe;
pub mod edit;
mod ending;
mod thinking;

use crate::game::{Game, GameType};
use crate::search::limits::{MAX_MOVE_OVERHEAD, MAX_THREADS};
use crate::search::{Outcome, Report, RootProgress, Score, Searcher};
use crate::tournament::referee;
use crate::types::{Color, Move};
use crate::variant::Registry;
use crate::with_position;
use clock::Clock;
use command::{Command, Level};
pub use coords::position_from_gui;
use coords::MoveError;
use describe::GuiGame;
use edit::{BoardEdit, EditStep};
pub use ending::{ending, Ending};
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;
use thinking::{Running, SearchKind};

pub const DEFAULT_HASH_MB: usize = super::uci::DEFAULT_HASH_MB;
/// What the engine takes besides its table (code, its first thread, the games' tables), as
/// measured with one thread: XBoard's `memory N` leaves the table N minus this, minus
/// `EXTRA_THREAD_KB` for every thread past the first.
const ENGINE_OWN_MB: usize = 14;
/// What each search thread past the first adds once it has searched (its stack, histories
/// and position copies): 0.33–0.48 MB measured.
const EXTRA_THREAD_KB: usize = 512;

/// The table's share of XBoard's `memory` allowance with `threads` search threads (1 MB at
/// least: an allowance too small for the threads still searches, with the smallest table).
fn table_share_mb(memory_mb: usize, threads: usize) -> usize {
    let threads_mb = (threads.saturating_sub(1) * EXTRA_THREAD_KB).div_ceil(1024);
    memory_mb.saturating_sub(ENGINE_OWN_MB + threads_mb).max(1)
}

/// A draw offer is accepted when the engine's last score is this bad or worse (centipawns),
/// or when the position is drawn by rule.
const ACCEPT_DRAW_AT_CP: i32 = -150;

/// XBoard's default time control, used until `level` or `st` arrives.
const DEFAULT_LEVEL: Level = Level {
    moves: 40,
    base_ms: 300_000,
    inc_ms: 0,
};

/// What reaches the engine's loop.
enum Event {
    Input(String, Instant),
    EndOfInput,
    Report(u64, Report),
    Finished(u64, Outcome),
    Progress(u64, RootProgress),
}

/// The XBoard engine: the game, the GUI's settings and the running search.
pub struct XboardEngine<W: Write> {
    registry: Registry,
    /// How XBoard sees each game of the registry (same order).
    gui_games: Vec<GuiGame>,
    game_type: GameType,
    /// The game played before this one, kept with its tables: XBoard starts every game with
    /// `new` (chess) and then `variant NAME`, which would otherwise build NAME's tables again
    /// for each game of a match.
    previous_game_type: Option<GameType>,
    gui: GuiGame,
    game: Game,
    out: W,
    searcher: Searcher,
    tx: Sender<Event>,
    rx: Option<Receiver<Event>>,
    /// The colour the engine plays; `None` in force mode.
    engine: Option<Color>,
    analyzing: bool,
    post: bool,
    ponder: bool,
    clock: Clock,
    running: Option<Running>,
    next_id: u64,
    /// `ping`s received while thinking: answered after the move.
    pongs: Vec<String>,
    /// The GUI accepted the `debug` feature (or said nothing): `#` lines may go out.
    debug_lines: bool,
    last_report: Option<Report>,
    /// The running search's latest root move (`stat01`).
    progress: Option<RootProgress>,
    /// Root moves the GUI excluded from analysis (`exclude`); every new position clears it.
    excluded: Vec<Move>,
    /// The engine's last score after its own move (its point of view).
    last_score: Option<Score>,
    /// The reply expected to the engine's last move.
    hint: Option<Move>,
    /// The input has ended: stop once the engine's move is out.
    closing: bool,
    /// The board being set up in `edit` mode.
    editing: Option<BoardEdit>,
    /// The GUI's last `setboard` or `edit` was refused: until `new`, `variant`, `edit` or
    /// `setboard` sets a position, moves are illegal and nothing is searched (the protocol's
    /// rule), so that the engine never plays on a board the GUI does not show.
    no_position: bool,
    /// `memory`, `cores` and `option` sent while the engine thinks on its own move: applied
    /// once the move is out, so that the move gets its time.
    deferred: Vec<(Command, String)>,
    /// The GUI's last `memory` (MB): `cores` resizes the table within it.
    memory_mb: Option<usize>,
}

impl<W: Write> XboardEngine<W> {
    pub fn new(registry: Registry, out: W) -> XboardEngine<W> {
        let (tx, rx) = mpsc::channel();
        let gui_games: Vec<GuiGame> = registry.games().iter().map(describe::describe).collect();
        let game_type = registry.find("chess").expect("chess is built in").clone();
        let gui = describe::describe(&game_type);
        let game = game_type.start();
        let searcher =
            Searcher::new(DEFAULT_HASH_MB).expect("the default hash table fits in memory");
        XboardEngine {
            registry,
            gui_games,
            game_type,
            previous_game_type: None,
            gui,
            game,
            out,
            searcher,
            tx,
            rx: Some(rx),
            engine: Some(Color::Black),
            analyzing: false,
            post: false,
            ponder: false,
            clock: Clock::default(),
            running: None,
            next_id: 1,
            pongs: Vec::new(),
            debug_lines: true,
            last_report: None,
            progress: None,
            excluded: Vec::new(),
            last_score: None,
            hint: None,
            closing: false,
            editing: None,
            no_position: false,
            deferred: Vec::new(),
            memory_mb: None,
        }
    }

    fn send(&mut self, line: &str) {
        // A closed pipe means the GUI is gone; there is no one left to tell.
        let _ = writeln!(self.out, "{}", super::printable(line));
        let _ = self.out.flush();
    }

    /// `Error (bad parameter): COMMAND` exactly as the protocol has it, the reason apart: XBoard
    /// reads words such as "draw" or "illegal" anywhere in an error line as a verdict on the
    /// game (no more draw offers, the last move taken back).
    fn refuse_parameter(&mut self, line: &str, reason: &str) {
        self.send(&format!("Error (bad parameter): {}", command::shown(line)));
        self.send(&format!("telluser {}", super::clipped(reason)));
    }

    /// A `#` line, unless the GUI rejected the `debug` feature.
    fn debug_line(&mut self, text: &str) {
        if self.debug_lines {
            self.send(&format!("# {text}"));
        }
    }

    /// A new game or position from the GUI (`new`, `variant`, `setboard`, `edit`): the moves
    /// of a time control count from here unless a later `level` says otherwise.
    fn set_position(&mut self, game: Game) {
        self.game = game;
        self.hint = None;
        self.excluded.clear();
        self.no_position = false;
        self.clock.level_ply = 0;
        // Take-backs end at the new position: the plies counted before it are another game's.
        self.clock.own_before.clear();
    }

    /// How XBoard writes this board's ranks.
    fn gui_ranks(&self) -> coords::GuiRanks {
        coords::GuiRanks::of(self.game_type.variant.size.ranks)
    }

    /// The `feature` lines answering `protover`.
    pub fn features(&self) -> Vec<String> {
        // The games, then the relay games every front end lists: XBoard refuses a variant
        // whose name is not in this list. Not the cancellation games a variants file may hold:
        // `variant` refuses them (see `Command::Variant`).
        let mut names: Vec<&str> = (self.gui_games.iter())
            .zip(self.registry.games())
            .filter(|(_, gt)| gt.variant.cancellation.is_none())
            .map(|(g, _)| g.name.as_str())
            .collect();
        for relay in crate::variant::relay_name::listed_names() {
            if !names.contains(relay) {
                names.push(relay);
            }
        }
        vec![
            "feature done=0".to_string(),
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 ics=0 name=0 pause=0 nps=1 debug=1 memory=1 smp=1 exclude=1 setscore=0 highlight=1"
                .to_string(),
            format!("feature myname=\"Chimera {}\"", env!("CARGO_PKG_VERSION")),
            format!("feature variants=\"{}\"", names.join(",")),
            "feature option=\"Clear Hash -button\"".to_string(),
            format!(
                "feature option=\"Move Overhead -spin {} 0 {MAX_MOVE_OVERHEAD}\"",
                self.searcher.options().move_overhead
            ),
            "feature option=\"VariantPath -file \"".to_string(),
            "feature done=1".to_string(),
        ]
    }

    /// Reads a variants file into the registry (`chimera xboard --variants FILE`).
    pub fn load_variants(&mut self, text: &str) -> Result<Vec<String>, String> {
        let names = self.registry.load(text).map_err(|e| e.to_string())?;
        self.gui_games = self
            .registry
            .games()
            .iter()
            .map(describe::describe)
            .collect();
        Ok(names)
    }

    /// Runs until `quit` or the end of input.
    pub fn run<R: BufRead + Send + 'static>(&mut self, input: R) {
        self.closing = false;
        let tx = self.tx.clone();
        let end = self.tx.clone();
        let search = self.searcher.handle();
        let reader = super::spawn_line_reader(
            input,
            move |line| {
                let quit = matches!(command::parse(&line), Ok(Some(Command::Quit)));
                let sent = tx.send(Event::Input(line, Instant::now())).is_ok();
                // The search threads free the cores at once, so that the command loop wakes up
                // soon to end the session. Their answer, queued behind the `quit`, is not read.
                if quit {
                    search.request_stop();
                }
                sent
            },
            move || {
                let _ = end.send(Event::EndOfInput);
            },
        );
        if let Err(e) = reader {
            self.send(&format!(
                "tellusererror Chimera cannot start its input thread: {e}"
            ));
            return;
        }
        let Some(rx) = self.rx.take() else { return };
        while let Ok(event) = rx.recv() {
            if !self.event(event) {
                break;
            }
        }
        self.rx = Some(rx);
        // The session is over: a search still running is not waited for.
        self.searcher.abandon();
        self.discard();
    }

    /// Handles one event; false when the session is over.
    fn event(&mut self, event: Event) -> bool {
        match event {
            Event::Input(line, at) => self.line(&line, at),
            // The input has ended: the engine's own move is still finished for whoever reads
            // it (a script that pipes commands in), anything else stops, and so does the move
            // when no one reads any more (the GUI has died).
            Event::EndOfInput => {
                self.closing = true;
                self.thinking() && !super::output_reader_gone(super::READER_GONE_WAIT)
            }
            Event::Report(id, r) => {
                self.report(id, r);
                true
            }
            Event::Progress(id, p) => {
                self.progress(id, p);
                true
            }
            Event::Finished(id, o) => {
                self.finished(id, o);
                // Once the input is gone, only the engine's own move is waited for: the answer
                // of a search stopped before it (analysis, pondering) does not end the session.
                !self.closing || self.thinking()
            }
        }
    }

    fn line(&mut self, line: &str, at: Instant) -> bool {
        if self.editing.is_some() {
            // Edit mode reads its own commands; `quit` and `ping` keep their meaning.
            return match command::parse(line) {
                // An empty line is nothing, here as everywhere.
                Ok(None) => true,
                Ok(Some(Command::Quit)) => false,
                Ok(Some(ping @ Command::Ping(_))) => {
                    self.execute(ping, line.trim(), at);
                    true
                }
                _ => self.edit_line(line),
            };
        }
        match command::parse(line) {
            Ok(None) => true,
            Ok(Some(Command::Quit)) => false,
            Ok(Some(cmd)) => {
                self.execute(cmd, line.trim(), at);
                true
            }
            Err(e) => {
                let shown = command::shown(line);
                self.send(&format!("Error ({e}): {shown}"));
                if let Some(reason) = e.reason() {
                    self.send(&format!("telluser {reason}"));
                }
                true
            }
        }
    }

    /// One line of `edit` mode.
    fn edit_line(&mut self, line: &str) -> bool {
        let ranks = self.gui_ranks();
        let Some(edit) = &mut self.editing else {
            return true;
        };
        let game = &self.game;
        match edit.apply(line, |t| coords::square_from_gui(game, t, ranks)) {
            Ok(EditStep::Continue) => {}
            Ok(EditStep::Done) => {
                let side = match self.game.side_to_move() {
                    Color::White => 'w',
                    Color::Black => 'b',
                };
                let fen = format!("{} {side} - - 0 1", edit.board_field());
                self.editing = None;
                // As XBoard assumes: castling wherever king and partner stand at home.
                match position_from_gui(&self.game_type, &fen, true) {
                    Ok(g) => self.set_position(g),
                    Err(e) => {
                        let e = coords::message_to_gui(&e, ranks);
                        self.send(&format!("tellusererror Illegal position: {e}"));
                        self.no_position = true;
                    }
                }
                // `edit` stopped the analysis; it goes on with whichever position stands.
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(e) => {
                let shown = command::shown(line);
                log::debug!("edit: {e}");
                self.send(&format!("Error (bad edit command): {shown}"));
            }
        }
        true
    }

    // ----- commands -----

    fn execute(&mut self, cmd: Command, line: &str, at: Instant) {
        match cmd {
            Command::Xboard | Command::FeatureReply | Command::Ignored => {}
            Command::DebugRejected => self.debug_lines = false,
            Command::Protover(_) => {
                for l in self.features() {
                    self.send(&l);
                }
            }
            Command::New => {
                self.discard();
                let chess = self
                    .gui_games
                    .iter()
                    .position(|g| g.name == "normal")
                    .map(|i| self.registry.games()[i].clone())
                    .or_else(|| self.registry.find("chess").ok().cloned());
                if let Some(gt) = chess {
                    self.set_game_type(gt);
                }
                self.engine = Some(Color::Black);
                self.clock.depth = None;
                self.clock.nps = None;
                self.clock.time_cs = None;
                self.clock.otim_cs = None;
                self.clock.time_at = None;
                self.clock.expected_ms = None;
                self.clock.reset_own();
                self.last_score = None;
                self.hint = None;
                if let Err(e) = self.searcher.new_game() {
                    log::warn!("new: {e}");
                }
                if self.analyzing {
                    self.analyze();
                }
            }
            Command::Variant(name) => {
                let found = match self.gui_games.iter().position(|g| g.name == name) {
                    Some(i) => Ok(self.registry.games()[i].clone()),
                    None => self
                        .registry
                        .find(&name)
                        .cloned()
                        .map_err(|e| e.to_string()),
                }
                // A cancellation turn is a capture and then placements, which XBoard cannot
                // be told: those games are played over UCI, `play` or `match`.
                .and_then(|gt| match gt.variant.cancellation {
                    None => Ok(gt),
                    Some(_) => Err(format!(
                        "{}: a cancellation turn cannot be played through XBoard; use UCI, \
                         chimera play or chimera match",
                        gt.variant.name
                    )),
                });
                match found {
                    Ok(gt) => {
                        self.discard();
                        self.set_game_type(gt);
                        for l in self.gui.lines.clone() {
                            self.send(&l);
                        }
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                    Err(reason) => {
                        self.send(&format!(
                            "Error (unsupported variant): {}",
                            command::shown(&name)
                        ));
                        self.send(&format!("telluser {}", super::clipped(&reason)));
                    }
                }
            }
            Command::Force => {
                self.discard();
                self.engine = None;
                self.analyzing = false;
            }
            Command::Go => {
                self.discard();
                self.analyzing = false;
                self.engine = Some(self.game.side_to_move());
                self.think(at);
            }
            Command::PlayOther => {
                self.discard();
                self.analyzing = false;
                self.engine = Some(!self.game.side_to_move());
                if self.ponder {
                    self.start_guessing();
                }
            }
            Command::White | Command::Black => {
                self.discard();
                self.engine = Some(if cmd == Command::White {
                    Color::Black
                } else {
                    Color::White
                });
            }
            Command::Level(level) => {
                self.clock.level = Some(level);
                self.clock.reset_own();
                // Its moves count from here (the protocol's rule for a `level` mid-game).
                self.clock.level_ply = with_position!(&self.game, p => p.plies_played());
                self.clock.per_move_ms = None;
            }
            Command::SearchTime(ms) => self.clock.per_move_ms = Some(ms.max(1)),
            Command::Depth(d) => self.clock.depth = Some(d),
            Command::Nps(n) => self.clock.nps = Some(n),
            Command::Time(cs) => {
                self.clock.time_received(cs);
                self.clock.time_cs = Some(cs);
                self.clock.time_at = Some(at);
            }
            Command::Otim(cs) => self.clock.otim_cs = Some(cs),
            Command::UserMove(text) => self.user_move(&text, at),
            Command::MoveNow => {
                if self.thinking() {
                    // Answered now, from the best move found so far, not when the search
                    // threads next get a core (many threads on few cores take a while).
                    self.searcher.stop_and_answer();
                }
            }
            Command::Ping(n) => {
                if self.thinking() {
                    self.pongs.push(n);
                } else {
                    // `ping` without a number gets a bare `pong`.
                    self.send(format!("pong {n}").trim_end());
                }
            }
            Command::Draw => {
                let drawn = ending(&mut self.game).is_some_and(Ending::is_draw);
                let losing = match self.last_score {
                    Some(Score::Centipawns(cp)) => cp <= ACCEPT_DRAW_AT_CP,
                    Some(Score::Mate(n)) => n <= 0,
                    None => false,
                };
                if self.engine.is_some() && (drawn || losing) {
                    self.send("offer draw");
                }
            }
            Command::Result(_) => {
                self.discard();
                self.engine = None;
            }
            Command::SetBoard(fen) => {
                let ranks = self.gui_ranks();
                let parsed = coords::fen_from_gui(&fen, ranks).and_then(|fen| {
                    position_from_gui(&self.game_type, &fen, !self.gui.native)
                        .map_err(|e| coords::message_to_gui(&e, ranks))
                });
                match parsed {
                    Ok(g) => {
                        self.discard();
                        self.set_position(g);
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                    Err(e) => {
                        self.discard();
                        self.no_position = true;
                        self.send(&format!("tellusererror Illegal position: {e}"))
                    }
                }
            }
            Command::Edit => {
                self.discard();
                let mut edit = BoardEdit::new(&self.game);
                if self.no_position {
                    // The engine's board is not the one the GUI shows (that one was refused):
                    // an edit that adds nothing must not bring it back.
                    edit.clear();
                }
                self.editing = Some(edit);
            }
            Command::Undo | Command::Remove => {
                let plies = if cmd == Command::Undo { 1 } else { 2 };
                let played = with_position!(&self.game, p => p.plies_played());
                // Without a position (the last one set up was refused) there is nothing the
                // GUI shows to take back: the engine's own board is the one it replaced.
                if played < plies || self.no_position {
                    self.send(&format!("Error (command not legal now): {line}"));
                    return;
                }
                self.discard();
                for _ in 0..plies {
                    self.game.undo();
                }
                self.clock.taken_back(played - plies);
                self.hint = None;
                self.excluded.clear();
                if self.analyzing {
                    self.analyze();
                }
            }
            Command::Hard => self.ponder = true,
            Command::Easy => {
                self.ponder = false;
                if matches!(
                    self.running,
                    Some(Running {
                        kind: SearchKind::Ponder(_) | SearchKind::Guess,
                        ..
                    })
                ) {
                    self.discard();
                }
            }
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.engine = None;
                self.analyzing = true;
                self.analyze();
            }
            Command::Exit => {
                if self.analyzing {
                    self.discard();
                    self.analyzing = false;
                }
            }
            Command::Status => {
                if self.analyzing {
                    let line = self.status_line();
                    self.send(&line);
                }
            }
            Command::Hint => {
                if let Some(m) = self.hint {
                    if referee::is_legal(&mut self.game, m) {
                        let text = coords::move_to_gui(&self.game, m, self.gui_ranks());
                        self.send(&format!("Hint: {text}"));
                    }
                }
            }
            Command::Book => {
                self.send(" Chimera has no opening book");
                self.send("");
            }
            Command::Memory(_) | Command::Cores(_) | Command::Option { .. } if self.thinking() => {
                self.deferred.push((cmd, line.to_string()));
            }
            Command::Memory(mb) => {
                // More than the machine has would be paged in for minutes, the engine deaf.
                let machine = super::machine_memory_mb();
                if mb > machine {
                    self.refuse_parameter(line, &format!("this machine has {machine} MB"));
                } else {
                    // `memory` is the engine's whole allowance (CECP): its own few MB of code,
                    // threads and games come out of it before the table's share.
                    let table = table_share_mb(mb, self.searcher.options().threads);
                    let paused = self.pause_for_settings();
                    match self.searcher.set_hash(table) {
                        Ok(()) => self.memory_mb = Some(mb),
                        Err(e) => self.refuse_parameter(line, &e.to_string()),
                    }
                    self.resume_after_settings(paused);
                }
            }
            Command::Cores(n) => {
                let threads = n.min(MAX_THREADS);
                let paused = self.pause_for_settings();
                let mut set = self.searcher.set_threads(threads);
                if let (Ok(()), Some(mb)) = (&set, self.memory_mb) {
                    let table = table_share_mb(mb, threads);
                    if table != self.searcher.hash_mb() {
                        set = self.searcher.set_hash(table);
                    }
                }
                if let Err(e) = set {
                    self.refuse_parameter(line, &e.to_string());
                }
                self.resume_after_settings(paused);
            }
            Command::Option { name, value } => {
                if let Err(e) = self.set_option(&name, value.as_deref()) {
                    self.refuse_parameter(line, &e.to_string());
                }
            }
            Command::Exclude(what) => self.exclude(&what, true, line),
            Command::Include(what) => self.exclude(&what, false, line),
            Command::Lift(sq) => {
                // Without a position the GUI shows, no square has a move to show.
                let from = coords::square_from_gui(&self.game, &sq, self.gui_ranks())
                    .filter(|_| !self.no_position);
                let board = coords::highlight(&mut self.game, from);
                self.send(&format!("highlight {board}"));
                if let Some(pieces) = coords::promotion_choice(&mut self.game, from) {
                    self.send(&format!("choice {pieces}"));
                }
            }
            Command::Put(_) | Command::Hover(_) => {}
            Command::Display => {
                let mut lines = super::uci::display(&self.game);
                let how = if self.gui.exact {
                    "exact".to_string()
                } else {
                    format!("beyond Betza: {}", self.gui.beyond_betza.join("; "))
                };
                lines.push(format!("XBoard: {} ({how})", self.gui.name));
                for l in lines {
                    self.send(&format!("# {l}"));
                }
            }
            Command::Quit => {}
        }
    }

    fn set_game_type(&mut self, gt: GameType) {
        self.gui = describe::describe(&gt);
        self.set_position(gt.start());
        let previous = std::mem::replace(&mut self.game_type, gt);
        if previous.variant.name != self.game_type.variant.name {
            self.previous_game_type = Some(previous);
        }
        self.registry.release_unused_tables();
    }

    /// Settings that need an idle searcher: pondering is dropped, analysis is stopped and
    /// restarted afterwards. The engine's own search never gets here (its settings wait in
    /// `deferred` until the move is out); answers whether an analysis was stopped.
    fn pause_for_settings(&mut self) -> bool {
        debug_assert!(!self.thinking());
        // Not `discard`: it answers held `ping`s, and a `memory` put off until the move is
        // applied here with the move's `ping` still to answer after it.
        match self.running.take() {
            Some(running) => {
                self.searcher.stop();
                running.kind == SearchKind::Analyze
            }
            None => false,
        }
    }

    /// Restarts the analysis `pause_for_settings` stopped. Only that one: a setting applied
    /// while `analyze` itself clears the way (`discard`) must not start a second search.
    fn resume_after_settings(&mut self, paused_analysis: bool) {
        if paused_analysis && self.analyzing && self.running.is_none() {
            self.analyze();
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "clear hash" => {
                let paused = self.pause_for_settings();
                let r = self.searcher.new_game();
                self.resume_after_settings(paused);
                r
            }
            "move overhead" => {
                let v = value.unwrap_or("");
                let ms = v
                    .parse::<u64>()
                    .ok()
                    .filter(|&ms| ms <= MAX_MOVE_OVERHEAD)
                    .ok_or_else(|| {
                        format!("Move Overhead must be a number from 0 to {MAX_MOVE_OVERHEAD}")
                    })?;
                let paused = self.pause_for_settings();
                let r = self.searcher.set_move_overhead(ms);
                self.resume_after_settings(paused);
                r
            }
            "variantpath" => {
                let path = value.unwrap_or("").trim();
                if path.is_empty() {
                    return Ok(());
                }
                let text = crate::variant::spec::read_file(path)?;
                let names = self
                    .load_variants(&text)
                    .map_err(|e| format!("{path}: {e}"))?;
                self.debug_line(&format!(
                    "loaded variants {} (restart the engine for the GUI to list them)",
                    names.join(" ")
                ));
                Ok(())
            }
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    fn user_move(&mut self, text: &str, at: Instant) {
        // Echoed as any refused command is: cut short, control characters escaped.
        let shown = command::shown(text);
        // A move for the side the engine is thinking for: the GUI must send `force` first
        // (or `?` for the engine's move). The search goes on.
        if self.thinking() {
            self.send(&format!("Illegal move (the engine is on move): {shown}"));
            return;
        }
        if self.no_position {
            self.send(&format!("Illegal move (no position set up): {shown}"));
            return;
        }
        let ranks = self.gui_ranks();
        let m = match coords::parse_gui_move(&mut self.game, text, ranks) {
            Ok(m) => m,
            Err(MoveError::Illegal) => {
                self.send(&format!("Illegal move: {shown}"));
                return;
            }
            Err(MoveError::Malformed) => {
                self.send(&format!("Illegal move (not a move): {shown}"));
                return;
            }
        };
        // The expected reply while pondering: the search goes on, now on the engine's clock.
        if let Some(Running {
            kind: SearchKind::Ponder(guess),
            ..
        }) = &self.running
        {
            if *guess == m {
                self.game.play(m);
                self.excluded.clear();
                self.searcher.ponderhit();
                self.clock.own_since = Some(at);
                self.debug_line("ponder hit");
                if let Some(r) = &mut self.running {
                    r.kind = SearchKind::Think;
                }
                return;
            }
        }
        self.discard();
        self.game.play(m);
        self.hint = None;
        self.excluded.clear();
        if self.analyzing {
            self.analyze();
        } else if self.engine == Some(self.game.side_to_move()) {
            self.think(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::MAX_DEPTH;

    /// A cancellation game from a variants file is not offered to XBoard, which could not
    /// play its turns (`variant` refuses it); the file's other games are.
    #[test]
    fn file_cancellation_games_are_not_listed() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let file =
            "[mycancel : chess]\ncancellation = yes\n\n[myrelay : chess]\nrelay = hostile relay\n";
        assert_eq!(
            e.load_variants(file),
            Ok(vec!["mycancel".to_string(), "myrelay".to_string()])
        );
        let features = e.features();
        let listed = features
            .iter()
            .find_map(|l| l.strip_prefix("feature variants=\""))
            .expect("a variants feature");
        let names: Vec<&str> = listed.trim_end_matches('"').split(',').collect();
        assert!(
            names.contains(&"myrelay") && names.contains(&"capablanca"),
            "{names:?}"
        );
        assert!(!names.contains(&"mycancel"), "{names:?}");
        e.line("variant mycancel", Instant::now());
        let out = String::from_utf8_lossy(&e.out);
        assert!(
            out.starts_with("Error (unsupported variant): mycancel"),
            "{out}"
        );
    }

    #[test]
    fn what_the_user_typed_is_echoed_escaped() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in [
            "x\u{1b}[2Jy",
            "usermove e2\u{0}e4",
            "variant \u{202e}",
            "setboard \u{1b}",
        ] {
            e.line(line, now);
        }
        let out = String::from_utf8(e.out.clone()).unwrap();
        // The refused variant has its reason on a `telluser` line of its own.
        assert_eq!(out.lines().count(), 5, "{out}");
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(!out.contains('\u{202e}'), "{out:?}");
        assert!(out.contains("x\\u{1b}[2Jy"), "{out}");
    }

    #[test]
    fn the_clock_becomes_search_limits() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        e.clock.level = Some(Level {
            moves: 40,
            base_ms: 300_000,
            inc_ms: 0,
        });
        e.clock.time_cs = Some(6000);
        e.clock.otim_cs = Some(-20);
        let l = e.limits(Color::Black, false);
        assert_eq!(l.time, [Some(0), Some(60_000)]);
        assert_eq!(l.moves_to_go, Some(40));
        assert!(!l.ponder && l.depth.is_none());
        e.clock.depth = Some(500);
        // `st`: a fifth kept back for the GUI's delays, at most a second.
        e.clock.per_move_ms = Some(2500);
        let l = e.limits(Color::White, true);
        assert_eq!(
            (l.movetime, l.depth, l.ponder),
            (Some(2000), Some(MAX_DEPTH), true)
        );
        e.clock.per_move_ms = Some(30_000);
        assert_eq!(e.limits(Color::White, false).movetime, Some(29_000));
        e.clock.per_move_ms = Some(2500);
        e.clock.nps = Some(1000);
        let l = e.limits(Color::White, false);
        assert_eq!((l.movetime, l.nodes), (None, Some(2500)));
    }

    /// `level 40 …` counts the moves of this game, not the FEN's move number.
    #[test]
    fn the_moves_of_a_session_count_from_the_games_root() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in [
            "level 40 5 0",
            "force",
            "setboard r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 30",
        ] {
            e.line(line, now);
        }
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(40));
        e.line("usermove f1c4", now);
        // Black has made none yet; White, pondering its second move, has made one.
        assert_eq!(e.limits(Color::Black, false).moves_to_go, Some(40));
        assert_eq!(e.limits(Color::White, true).moves_to_go, Some(39));
        e.line("usermove g8f6", now);
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(39));
        for _ in 0..19 {
            for m in [
                "usermove c4b5",
                "usermove f6g8",
                "usermove b5c4",
                "usermove g8f6",
            ] {
                e.line(m, now);
            }
        }
        // 39 moves by White: the session's last move comes next, then a new session.
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(1));
        e.line("usermove c4b5", now);
        e.line("usermove f6g8", now);
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(40));
    }

    /// Without `time` from the GUI the engine's own clock follows take-backs: `remove` gives
    /// back what the moves taken back took, and replaying a session's last move adds the next
    /// session's base once, not again at every replay; taking back past a mid-game `level`
    /// adds none (review of session 52: each replay added a whole base).
    #[test]
    fn the_own_clock_follows_take_backs() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let own_after = |e: &mut XboardEngine<Vec<u8>>, line: &str| {
            let rx = e.rx.take()?;
            e.line(line, Instant::now());
            while e.running.is_some() {
                match rx.recv() {
                    Ok(event) => {
                        e.event(event);
                    }
                    Err(_) => break,
                }
            }
            e.rx = Some(rx);
            e.clock.own_ms
        };
        for line in ["new", "level 2 0:10 0", "sd 1", "easy"] {
            own_after(&mut e, line);
        }
        // Our moves are instant (`sd 1`): the clock moves by whole bases only.
        let near =
            |ms: Option<i64>, want: i64| ms.is_some_and(|ms| (want - 500..=want).contains(&ms));
        own_after(&mut e, "usermove e2e4");
        let after_second = own_after(&mut e, "usermove d2d4");
        assert!(near(after_second, 20_000), "{after_second:?}");
        for _ in 0..3 {
            own_after(&mut e, "remove");
            let replayed = own_after(&mut e, "usermove d2d4");
            assert!(near(replayed, 20_000), "{replayed:?}");
        }
        own_after(&mut e, "new");
        for line in [
            "sd 1",
            "easy",
            "usermove e2e4",
            "usermove d2d4",
            "level 40 0:10 0",
        ] {
            own_after(&mut e, line);
        }
        own_after(&mut e, "remove");
        let past_the_level = own_after(&mut e, "usermove d2d4");
        assert!(near(past_the_level, 10_000), "{past_the_level:?}");
    }

    /// A `level` sent mid-game counts its moves from where it arrives (the protocol's rule:
    /// WinBoard 4.3 sent one at each new session); `new` counts from the start again.
    #[test]
    fn a_level_mid_game_counts_its_moves_from_there() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in ["new", "force", "level 40 5 0"] {
            e.line(line, now);
        }
        for _ in 0..7 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                e.line(&format!("usermove {m}"), now);
            }
        }
        // 14 moves each: 26 to go in the first session.
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(26));
        for (level, to_go) in [(15, 15), (5, 5), (1, 1)] {
            e.line(&format!("level {level} 0:20 0"), now);
            assert_eq!(e.limits(Color::White, false).moves_to_go, Some(to_go));
        }
        e.line("level 5 0:20 0", now);
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            e.line(&format!("usermove {m}"), now);
        }
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(3));
        // Black has made one of them when White has moved.
        e.line("usermove g1f3", now);
        assert_eq!(e.limits(Color::Black, false).moves_to_go, Some(3));
        assert_eq!(e.limits(Color::White, true).moves_to_go, Some(2));
        e.line("new", now);
        e.line("force", now);
        e.line("usermove e2e4", now);
        e.line("usermove e7e5", now);
        assert_eq!(e.limits(Color::White, false).moves_to_go, Some(4));
    }

    /// After `rejected debug` no `#` line goes out (here the one that confirms a variants
    /// file); with the feature accepted it does.
    #[test]
    fn no_debug_lines_once_the_gui_rejects_them() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/engine-tests/variants/exotic-pieces.ini"
        );
        for (reply, shown) in [("accepted debug", true), ("rejected debug", false)] {
            let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
            let now = Instant::now();
            e.line(reply, now);
            e.line(&format!("option VariantPath={path}"), now);
            let out = String::from_utf8_lossy(&e.out);
            assert_eq!(out.contains("# loaded variants"), shown, "{reply}: {out}");
            assert!(!out.contains("Error"), "{out}");
        }
    }

    /// After a refused `setboard`, moves are illegal and nothing is searched until a position
    /// is set up again; the engine never plays on the board it had before.
    #[test]
    fn a_refused_position_blocks_moves_until_the_next_one() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in [
            "new",
            "force",
            "setboard 8/8/8/8/8/8/8/8 w - - 0 1",
            "usermove e2e4",
            "go",
        ] {
            e.line(line, now);
        }
        let out = String::from_utf8_lossy(&std::mem::take(&mut e.out)).into_owned();
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with("tellusererror Illegal position"),
            "{out}"
        );
        assert_eq!(
            lines[1..],
            [
                "Illegal move (no position set up): e2e4",
                "Error (no position set up): go"
            ]
        );
        assert!(e.running.is_none());
        assert_eq!(with_position!(&e.game, p => p.plies_played()), 0);
        e.line("force", now);
        e.line("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1", now);
        e.line("usermove e1g1", now);
        assert_eq!(e.game.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        assert!(e.out.is_empty(), "{:?}", String::from_utf8_lossy(&e.out));
        // `new` ends the refusal too.
        e.line("setboard x", now);
        e.line("new", now);
        e.line("force", now);
        e.line("usermove e2e4", now);
        assert_eq!(with_position!(&e.game, p => p.plies_played()), 1);
    }

    /// `cores` (or `memory`) while the engine thinks on its own move waits for the move (it
    /// used to cut the search short); it is applied as soon as no search of its own runs.
    #[test]
    fn settings_wait_for_the_engines_move() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in [
            "new",
            "level 0 10 0",
            "time 60000",
            "otim 60000",
            "usermove e2e4",
        ] {
            e.line(line, now);
        }
        assert!(e.thinking());
        e.line("cores 2", now);
        // Options too: XBoard sends them from its settings dialog at any time.
        e.line("option Move Overhead=250", now);
        e.line("option Clear Hash", now);
        assert!(e.thinking(), "the search goes on");
        assert_eq!(e.searcher.options().threads, 1);
        assert_ne!(e.searcher.options().move_overhead, 250);
        e.line("force", now);
        assert_eq!(e.searcher.options().threads, 2);
        assert_eq!(e.searcher.options().move_overhead, 250);
        assert!(e.deferred.is_empty());
        // Idle: at once.
        e.line("cores 1", now);
        assert_eq!(e.searcher.options().threads, 1);
    }

    /// `analyze` applies the settings put off during the engine's move, and with them stops
    /// nothing of its own: one analysis starts, and no error (it used to start two, the second
    /// refused with "a search is running").
    #[test]
    fn analysis_after_a_put_off_setting_starts_once() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in ["new", "st 5", "go", "memory 40", "analyze"] {
            e.line(line, now);
        }
        assert!(e.deferred.is_empty());
        assert!(matches!(
            e.running,
            Some(Running {
                kind: SearchKind::Analyze,
                ..
            })
        ));
        let out = String::from_utf8_lossy(&e.out).to_string();
        assert!(!out.contains("tellusererror"), "{out}");
        // A setting sent while analysing stops and restarts the analysis.
        e.line("option Clear Hash", now);
        assert!(matches!(
            e.running,
            Some(Running {
                kind: SearchKind::Analyze,
                ..
            })
        ));
        e.line("exit", now);
        assert!(e.running.is_none());
    }

    /// After a refused `setboard` the GUI shows no board the engine knows: `lift` lights no
    /// square (it used to show the old board's moves).
    #[test]
    fn lift_without_a_position_lights_nothing() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        for line in ["new", "force", "lift e2"] {
            e.line(line, now);
        }
        let out = String::from_utf8_lossy(&e.out).to_string();
        assert!(out.contains("highlight 8/8/8/8/4Y3/4Y3/8/8"), "{out}");
        e.out.clear();
        e.line("setboard 8/8/8 w - - 0 1", now);
        e.out.clear();
        e.line("lift e2", now);
        let out = String::from_utf8_lossy(&e.out).to_string();
        assert_eq!(out.trim(), "highlight 8/8/8/8/8/8/8/8");
    }

    #[test]
    fn gui_castling_fields_are_read_leniently() {
        let reg = Registry::builtin();
        let kl = reg.find("kings-leap").unwrap();
        let g = position_from_gui(
            kl,
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1",
            false,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1"
        );
        let g = position_from_gui(
            kl,
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w - - 0 1",
            true,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Kk - 0 1"
        );
        let chess = reg.find("chess").unwrap();
        let g = position_from_gui(chess, "4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false).unwrap();
        assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(position_from_gui(chess, "4k3/8/8/8/8/8/8/R3K2R w KQkq - 0", false).is_ok());
        assert!(position_from_gui(chess, "4k3/8/8/8/8/8/8/R3K2R x KQ - 0 1", false).is_err());
        // XBoard writes Paulowich's start with `Qq` only (it looks for rooks).
        let pw = reg.find("paulowich").unwrap();
        let g = position_from_gui(
            pw,
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w Qq - 0 1",
            true,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1"
        );
        let g = position_from_gui(
            pw,
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRK1NQ w - - 0 1",
            true,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRK1NQ w KQkq - 0 1"
        );
        let g = position_from_gui(
            pw,
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBR1KNQ w - - 0 1",
            true,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBR1KNQ w kq - 0 1"
        );
    }

    /// XBoard begins each game of a match with `new` (chess) and `variant NAME`: the game's
    /// tables outlive the `new`, and a third game lets them go.
    #[test]
    fn new_then_variant_keeps_the_games_tables() {
        let mut e = XboardEngine::new(Registry::builtin(), Vec::new());
        let now = Instant::now();
        let built = |e: &XboardEngine<Vec<u8>>, name: &str| {
            e.registry.find(name).is_ok_and(|g| g.is_compiled())
        };
        e.line("variant grand", now);
        assert!(built(&e, "grand"));
        e.line("new", now);
        assert!(built(&e, "grand"), "kept through new");
        e.line("variant grand", now);
        e.line("new", now);
        e.line("variant gothic", now);
        assert!(!built(&e, "grand"), "let go once a third game is chosen");
        assert!(built(&e, "gothic") && built(&e, "chess"));
    }
}
