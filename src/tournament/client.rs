//! The GUI side of UCI and XBoard (CECP v2): handshake, options, the variant, new games, and one
//! move at a time with clocks. Every wait has a deadline; every engine line is parsed without
//! trusting it.

use super::clock::{Clock, TimeControl};
use super::process::{EngineError, Process};
use super::spec::{EngineSpec, Protocol};
use crate::game::Game;
use crate::protocol::xboard::coords;
use crate::types::{Color, Move};
use crate::variant::Variant;
use std::time::{Duration, Instant};
use xboard::XboardState;

mod uci;
mod xboard;

/// How long an engine may take to answer the handshake, `isready` or `ping`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long XBoard engines that do not say `done=0` get to send their features.
const FEATURE_WAIT: Duration = Duration::from_secs(2);
/// How long an engine gets to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(300);

/// An engine's evaluation, from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, with mates as very large values.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match *self {
            Score::Cp(c) => write!(f, "{:+.2}", c as f64 / 100.0),
            Score::Mate(n) if n >= 0 => write!(f, "+M{n}"),
            Score::Mate(n) => write!(f, "-M{}", -n),
        }
    }
}

/// What the engine did with its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, as the engine wrote it.
    Move(String),
    Resign,
    /// An XBoard result claim (`1-0`, `0-1`, `1/2-1/2`) with its comment.
    Claim(String, String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub action: Action,
    pub score: Option<Score>,
    pub depth: Option<u32>,
    /// From sending `go` (or the opponent's move) to the reply.
    pub elapsed: Duration,
}

impl Thought {
    /// The PGN comment: `+0.35/12 0.52s`.
    pub fn comment(&self) -> String {
        let time = format!("{:.2}s", self.elapsed.as_secs_f64());
        match (self.score, self.depth) {
            (Some(s), Some(d)) => format!("{s}/{d} {time}"),
            (Some(s), None) => format!("{s} {time}"),
            _ => time,
        }
    }
}

/// The game as the engine needs it: the root position and every move since, in coordinates.
#[derive(Clone, Copy, Debug)]
pub struct GameView<'a> {
    pub root_fen: &'a str,
    /// The root is the variant's start position (UCI `startpos`; XBoard needs no `setboard`).
    pub root_is_start: bool,
    pub moves: &'a [String],
    /// The same moves as XBoard writes them (castling in Fischer Random games is `O-O`), with
    /// ranks as Chimera counts them.
    pub gui_moves: &'a [String],
    pub to_move: Color,
}

/// The moves played so far, as each protocol writes them.
#[derive(Default, Clone)]
pub struct MoveTexts {
    pub uci: Vec<String>,
    pub gui: Vec<String>,
}

impl MoveTexts {
    /// Records `mv`, about to be played in `game`.
    pub fn push(&mut self, game: &Game, mv: Move) {
        self.uci.push(game.move_to_uci(mv));
        self.gui
            .push(coords::move_to_gui(game, mv, coords::GuiRanks::FromOne));
    }
    pub fn pop(&mut self) {
        self.uci.pop();
        self.gui.pop();
    }
}

/// Both clocks, by colour, and the move's deadline.
pub struct ClockView<'a> {
    pub clocks: [&'a Clock; 2],
    pub deadline: Instant,
}

enum Proto {
    /// UCI keeps no state of its own: each move sends the whole game.
    Uci,
    Xboard(XboardState),
}

pub struct Engine {
    pub name: String,
    spec: EngineSpec,
    process: Process,
    proto: Proto,
    /// The engine's own time control (XBoard `level`).
    tc: TimeControl,
}

fn map_timeout(e: EngineError, what: &str) -> EngineError {
    match e {
        EngineError::Timeout(_) => EngineError::Timeout(what.to_string()),
        other => other,
    }
}

/// Guesses the protocol of an engine by sending `uci`: `uciok`, `id` or `option` lines mean UCI
/// (no XBoard engine says them); a complaint or XBoard feature lines mean XBoard. Silence is
/// waited out as long as a UCI engine is given for its `uciok` (`HANDSHAKE`), so that an
/// engine that loads a network or tablebases before it answers is not taken for an XBoard
/// one; silence past that means XBoard, with a warning. So does an engine that exits on `uci`
/// (Debian's Fairy-Max crashes on it): a UCI engine answers it.
pub fn detect_protocol(spec: &EngineSpec, debug: bool) -> Result<Protocol, EngineError> {
    let mut p = Process::spawn(&spec.launch, &spec.name, debug)?;
    p.send("uci");
    let deadline = Instant::now() + HANDSHAKE;
    loop {
        match p.recv(deadline, "uciok") {
            Ok((line, _)) => {
                let l = line.trim().to_ascii_lowercase();
                if l == "uciok" || l.starts_with("id ") || l.starts_with("option ") {
                    p.shutdown("quit", QUIT_GRACE);
                    return Ok(Protocol::Uci);
                }
                // A UCI engine's `info string` may say "error" too.
                if l.starts_with("info") {
                    continue;
                }
                if l.starts_with("feature")
                    || l.contains("error")
                    || l.contains("illegal")
                    || l.contains("unknown")
                {
                    p.shutdown("quit", QUIT_GRACE);
                    return Ok(Protocol::Xboard);
                }
            }
            Err(EngineError::Timeout(_)) => {
                p.shutdown("quit", QUIT_GRACE);
                log::warn!(
                    "{}: no answer to `uci` in {} s: playing it as an XBoard engine \
                     (proto=uci or proto=xboard says which)",
                    spec.name,
                    HANDSHAKE.as_secs()
                );
                return Ok(Protocol::Xboard);
            }
            Err(EngineError::Crashed) => {
                log::warn!(
                    "{}: exited on `uci`: playing it as an XBoard engine (proto=uci or \
                     proto=xboard says which)",
                    spec.name
                );
                return Ok(Protocol::Xboard);
            }
            Err(e) => return Err(e),
        }
    }
}

impl Engine {
    /// Starts the engine and sets it up for `variant` and the time control `tc`.
    pub fn start(
        spec: &EngineSpec,
        variant: &Variant,
        tc: TimeControl,
        debug: bool,
    ) -> Result<Engine, EngineError> {
        let protocol = match spec.protocol {
            Protocol::Auto => detect_protocol(spec, debug)?,
            p => p,
        };
        let process = Process::spawn(&spec.launch, &spec.name, debug)?;
        let proto = match protocol {
            Protocol::Xboard => Proto::Xboard(XboardState::default()),
            _ => Proto::Uci,
        };
        let mut engine = Engine {
            name: spec.name.clone(),
            spec: spec.clone(),
            process,
            proto,
            tc: spec.tc.unwrap_or(tc),
        };
        match engine.proto {
            Proto::Uci => engine.uci_handshake(variant)?,
            Proto::Xboard(_) => engine.xboard_handshake(variant)?,
        }
        Ok(engine)
    }

    /// Whether the engine can start a game from any position: every UCI engine, and an
    /// XBoard engine that announced `setboard`.
    pub fn sets_up_positions(&self) -> bool {
        match &self.proto {
            Proto::Uci => true,
            Proto::Xboard(state) => state.sets_up_positions(),
        }
    }

    pub fn is_xboard(&self) -> bool {
        matches!(self.proto, Proto::Xboard(_))
    }

    /// Prepares a new game from the view's root position and moves.
    pub fn new_game(&mut self, view: &GameView) -> Result<(), EngineError> {
        match self.proto {
            Proto::Uci => {
                self.process.send("ucinewgame");
                self.sync_ready()
            }
            Proto::Xboard(_) => self.xboard_setup(view),
        }
    }

    /// Asks for a move in the view's position.
    pub fn think(&mut self, view: &GameView, clocks: &ClockView) -> Result<Thought, EngineError> {
        self.process.drain();
        match self.proto {
            Proto::Uci => self.uci_think(view, clocks),
            Proto::Xboard(_) => self.xboard_think(view, clocks),
        }
    }

    /// Tells an XBoard engine the game is over.
    pub fn game_over(&mut self, result: &str, reason: &str) {
        if self.is_xboard() {
            self.process.send(&format!("result {result} {{{reason}}}"));
        }
    }

    /// Sends `quit` without waiting; `finish_quit` then waits and kills.
    pub fn begin_quit(&mut self) {
        self.process.send("quit");
    }

    pub fn finish_quit(mut self) {
        self.process.shutdown("quit", QUIT_GRACE);
    }

    pub fn quit(self) {
        self.finish_quit();
    }
}

/// The view's deadline for a move: the engine's clock plus the margin.
pub fn move_deadline(clock: &Clock, margin: Duration) -> Instant {
    Instant::now() + clock.allowance(margin)
}
