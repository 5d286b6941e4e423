//! The GUI side of UCI and XBoard (CECP v2): handshake, options, the variant, new games, and one
//! move at a time with clocks. Every wait has a deadline; every engine line is parsed without
//! trusting it.

use super::clock::{Clock, TimeControl};
use super::process::{EngineError, Process};
use super::spec::{EngineSpec, Protocol};
use crate::game::Game;
use crate::protocol::xboard::coords;
use crate::protocol::xboard::describe::zero_based_ranks;
use crate::types::{Color, Move};
use crate::variant::Variant;
use std::time::{Duration, Instant};

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
        self.gui.push(coords::move_to_gui(game, mv, false));
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

#[derive(Default)]
struct UciState {
    /// The values of the engine's `UCI_Variant` combo, if it has one (empty: any string).
    variant_option: Option<Vec<String>>,
}

#[derive(Default)]
struct XboardState {
    setboard: bool,
    usermove: bool,
    ping: bool,
    variants: Option<Vec<String>>,
    /// The variant name to send (`None` for chess as `normal`).
    variant: Option<String>,
    /// What the engine's board holds: root and moves (in Chimera's notation), when in sync.
    synced: Option<(String, Vec<String>)>,
    ping_count: u32,
    /// XBoard counts this game's ranks from 0 (boards of 10 ranks): moves and FENs are
    /// converted on the way in and out.
    zero_based: bool,
}

enum Proto {
    Uci(UciState),
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

/// Guesses the protocol of an engine by sending `uci`: `uciok` means UCI; a complaint, XBoard
/// feature lines or silence mean XBoard.
pub fn detect_protocol(spec: &EngineSpec, debug: bool) -> Result<Protocol, EngineError> {
    let mut p = Process::spawn(&spec.launch, &spec.name, debug)?;
    p.send("uci");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match p.recv(deadline, "uciok") {
            Ok((line, _)) => {
                let l = line.trim().to_ascii_lowercase();
                if l == "uciok" {
                    p.shutdown("quit", QUIT_GRACE);
                    return Ok(Protocol::Uci);
                }
                if l.starts_with("id ")
                    || l.starts_with("option ")
                    || l.starts_with("info")
                    || l.is_empty()
                {
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
                return Ok(Protocol::Xboard);
            }
            Err(e) => return Err(e),
        }
    }
}

/// Parses XBoard `feature` arguments: `a=1 b="two words"`.
pub fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            match r.find('"') {
                Some(end) => {
                    value = r[..end].to_string();
                    rest = r[end + 1..].trim_start();
                }
                None => {
                    value = r.to_string();
                    rest = "";
                }
            }
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        if key.contains(char::is_whitespace) || key.is_empty() {
            break;
        }
        out.push((key, value));
    }
    out
}

/// Reads `score` and `depth` from a UCI `info` line.
fn parse_uci_info(line: &str, score: &mut Option<Score>, depth: &mut Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.contains(&"string")
        || words
            .iter()
            .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return;
    }
    let mut i = 1;
    while i + 1 < words.len() {
        match words[i] {
            "depth" => {
                if let Ok(d) = words[i + 1].parse() {
                    *depth = Some(d);
                }
            }
            "score" if i + 2 < words.len() => {
                let n = words[i + 2].parse::<i32>().ok();
                match (words[i + 1], n) {
                    ("cp", Some(n)) => *score = Some(Score::Cp(n)),
                    ("mate", Some(n)) => *score = Some(Score::Mate(n)),
                    _ => {}
                }
            }
            "pv" => break,
            _ => {}
        }
        i += 1;
    }
}

/// Reads XBoard thinking output: `ply score time nodes pv...`.
fn parse_xboard_thinking(line: &str) -> Option<(u32, Score)> {
    let mut words = line.split_whitespace();
    let ply: u32 = words
        .next()?
        .trim_end_matches(['.', '&', '+', '-'])
        .parse()
        .ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    // time and nodes must be numbers too, or this is not thinking output.
    words.next()?.parse::<u64>().ok()?;
    words.next()?.parse::<u64>().ok()?;
    let s = if score.abs() >= 100_000 {
        let n = (score.abs() - 100_000) as i32;
        Score::Mate(if score > 0 { n } else { -n })
    } else {
        Score::Cp(score.clamp(-99_999, 99_999) as i32)
    };
    Some((ply, s))
}

fn xboard_secs(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.3}", ms as f64 / 1000.0)
            .trim_end_matches('0')
            .to_string()
    }
}

/// The base time of XBoard's `level`: minutes, or `minutes:seconds` (`0:05`, `1:30`, `0:02.5`).
fn xboard_base(ms: u64) -> String {
    let (minutes, rest) = (ms / 60_000, ms % 60_000);
    match (rest / 1000, rest % 1000) {
        (0, 0) => minutes.to_string(),
        (secs, 0) => format!("{minutes}:{secs:02}"),
        (secs, frac) => format!(
            "{minutes}:{secs:02}.{}",
            format!("{frac:03}").trim_end_matches('0')
        ),
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
            _ => Proto::Uci(UciState::default()),
        };
        let mut engine = Engine {
            name: spec.name.clone(),
            spec: spec.clone(),
            process,
            proto,
            tc: spec.tc.unwrap_or(tc),
        };
        match engine.proto {
            Proto::Uci(_) => engine.uci_handshake(variant)?,
            Proto::Xboard(_) => engine.xboard_handshake(variant)?,
        }
        Ok(engine)
    }

    pub fn is_xboard(&self) -> bool {
        matches!(self.proto, Proto::Xboard(_))
    }

    fn uci_handshake(&mut self, variant: &Variant) -> Result<(), EngineError> {
        self.process.send("uci");
        let deadline = Instant::now() + HANDSHAKE;
        let mut variant_option: Option<Vec<String>> = None;
        let mut options: Vec<String> = Vec::new();
        loop {
            let (line, _) = self.process.recv(deadline, "uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or("").trim().to_string();
                if name.eq_ignore_ascii_case("UCI_Variant") {
                    let vars = rest
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_string())
                        .collect();
                    variant_option = Some(vars);
                }
                options.push(name);
            }
        }
        for (name, value) in &self.spec.options {
            if !options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                log::warn!(
                    "{}: option '{name}' is not announced by the engine; sent anyway",
                    self.name
                );
            }
            self.process
                .send(&format!("setoption name {name} value {value}"));
        }
        // A Fischer Random game is, to an engine without it in `UCI_Variant`, its base game
        // with `UCI_Chess960` (the UCI way: castling written as the king taking its partner).
        let chess960 = variant.chess960
            && options
                .iter()
                .any(|o| o.eq_ignore_ascii_case("UCI_Chess960"));
        if chess960 {
            self.process.send("setoption name UCI_Chess960 value true");
        }
        let base = variant.parent.as_deref().filter(|_| chess960);
        let names: Vec<&str> = std::iter::once(variant.name.as_str())
            .chain(variant.aliases.iter().map(String::as_str))
            .chain(base)
            .collect();
        match &variant_option {
            Some(vars) => {
                let chosen = if vars.is_empty() {
                    Some(variant.name.clone())
                } else {
                    names
                        .iter()
                        .find(|n| vars.iter().any(|v| v.eq_ignore_ascii_case(n)))
                        .map(|n| n.to_string())
                };
                match chosen {
                    Some(v) => self
                        .process
                        .send(&format!("setoption name UCI_Variant value {v}")),
                    None if variant.name == "chess" || base == Some("chess") => {}
                    None => {
                        return Err(EngineError::Protocol(format!(
                            "the engine does not play {}",
                            variant.name
                        )));
                    }
                }
            }
            None if variant.name == "chess" || base == Some("chess") => {}
            None => {
                return Err(EngineError::Protocol(format!(
                    "the engine has no UCI_Variant option, so it cannot play {}",
                    variant.name
                )))
            }
        }
        if let Proto::Uci(state) = &mut self.proto {
            state.variant_option = variant_option;
        }
        self.sync_ready()
    }

    fn sync_ready(&mut self) -> Result<(), EngineError> {
        self.process.send("isready");
        let deadline = Instant::now() + HANDSHAKE;
        self.process
            .wait_for(deadline, "readyok", |l| l.trim() == "readyok")
            .map(|_| ())
    }

    fn xboard_handshake(&mut self, variant: &Variant) -> Result<(), EngineError> {
        self.process.send("xboard");
        self.process.send("protover 2");
        let start = Instant::now();
        let mut deadline = start + FEATURE_WAIT;
        let mut state = XboardState {
            zero_based: zero_based_ranks(variant),
            ..XboardState::default()
        };
        loop {
            let (line, _) = match self.process.recv(deadline, "feature done=1") {
                Ok(l) => l,
                // Without done=0, silence after two seconds means: no (more) features.
                Err(EngineError::Timeout(_)) if deadline < start + HANDSHAKE => break,
                Err(e) => return Err(e),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut finished = false;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                let accept = match key.as_str() {
                    "done" => {
                        if on {
                            finished = true;
                        } else {
                            deadline = start + HANDSHAKE;
                        }
                        continue;
                    }
                    "setboard" => {
                        state.setboard = on;
                        true
                    }
                    "usermove" => {
                        state.usermove = on;
                        true
                    }
                    "ping" => {
                        state.ping = on;
                        true
                    }
                    "variants" => {
                        state.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect());
                        true
                    }
                    "myname" => true,
                    // Moves come back in coordinates unless SAN is accepted.
                    "san" => !on,
                    _ => true,
                };
                self.process.send(&format!(
                    "{} {key}",
                    if accept { "accepted" } else { "rejected" }
                ));
            }
            if finished {
                break;
            }
        }
        if variant.name != "chess" {
            let names = std::iter::once(&variant.name).chain(variant.aliases.iter());
            let list = state.variants.clone().unwrap_or_default();
            match names.clone().find(|n| list.iter().any(|v| v == *n)) {
                Some(n) => state.variant = Some(n.clone()),
                None => {
                    return Err(EngineError::Protocol(format!(
                        "the engine does not play {}",
                        variant.name
                    )))
                }
            }
        }
        for (name, value) in &self.spec.options {
            self.process.send(&format!("option {name}={value}"));
        }
        self.proto = Proto::Xboard(state);
        Ok(())
    }

    /// Waits until the engine has read everything sent so far (`ping`, where it has it). Lines
    /// saying a move or position was refused become protocol errors.
    fn xboard_sync(&mut self) -> Result<(), EngineError> {
        let Proto::Xboard(state) = &mut self.proto else {
            return Ok(());
        };
        if !state.ping {
            return Ok(());
        }
        state.ping_count += 1;
        let n = state.ping_count;
        self.process.send(&format!("ping {n}"));
        let deadline = Instant::now() + HANDSHAKE;
        let want = format!("pong {n}");
        loop {
            let (line, _) = self
                .process
                .recv(deadline, "pong")
                .map_err(|e| map_timeout(e, "pong"))?;
            let l = line.trim();
            if l == want {
                return Ok(());
            }
            if l.starts_with("Illegal move") || l.starts_with("Error") {
                return Err(EngineError::Protocol(format!(
                    "the engine refused the position: {l}"
                )));
            }
        }
    }

    /// Prepares a new game from the view's root position and moves.
    pub fn new_game(&mut self, view: &GameView) -> Result<(), EngineError> {
        match self.proto {
            Proto::Uci(_) => {
                self.process.send("ucinewgame");
                self.sync_ready()
            }
            Proto::Xboard(_) => self.xboard_setup(view),
        }
    }

    fn xboard_setup(&mut self, view: &GameView) -> Result<(), EngineError> {
        let tc = self.tc;
        let depth = self.spec.depth;
        let Proto::Xboard(state) = &mut self.proto else {
            return Ok(());
        };
        let p = &mut self.process;
        p.send("new");
        if let Some(v) = &state.variant {
            p.send(&format!("variant {v}"));
        }
        p.send("force");
        match tc {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                let base = xboard_base(base_ms);
                p.send(&format!("level {moves} {base} {}", xboard_secs(inc_ms)));
            }
            TimeControl::PerMove { ms } => p.send(&format!("st {}", xboard_secs(ms))),
        }
        if let Some(d) = depth {
            p.send(&format!("sd {d}"));
        }
        p.send("post");
        p.send("easy");
        if !view.root_is_start {
            if !state.setboard {
                return Err(EngineError::Protocol(
                    "the engine cannot set up a position (no setboard)".into(),
                ));
            }
            p.send(&format!(
                "setboard {}",
                coords::fen_to_gui(view.root_fen, state.zero_based)
            ));
        }
        let prefix = if state.usermove { "usermove " } else { "" };
        for m in view.gui_moves {
            p.send(&format!("{prefix}{}", coords::to_gui(m, state.zero_based)));
        }
        state.synced = Some((view.root_fen.to_string(), view.moves.to_vec()));
        self.xboard_sync()
    }

    /// Asks for a move in the view's position.
    pub fn think(&mut self, view: &GameView, clocks: &ClockView) -> Result<Thought, EngineError> {
        self.process.drain();
        match self.proto {
            Proto::Uci(_) => self.uci_think(view, clocks),
            Proto::Xboard(_) => self.xboard_think(view, clocks),
        }
    }

    fn uci_think(&mut self, view: &GameView, clocks: &ClockView) -> Result<Thought, EngineError> {
        let mut position = if view.root_is_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", view.root_fen)
        };
        if !view.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&view.moves.join(" "));
        }
        self.process.send(&position);
        let me = clocks.clocks[view.to_move.index()];
        let mut go = String::from("go");
        match me.tc {
            TimeControl::PerMove { ms } => go.push_str(&format!(" movetime {ms}")),
            TimeControl::Clock { .. } => {
                let [w, b] = clocks.clocks;
                let inc = |c: &Clock| match c.tc {
                    TimeControl::Clock { inc_ms, .. } => inc_ms,
                    TimeControl::PerMove { .. } => 0,
                };
                go.push_str(&format!(
                    " wtime {} btime {} winc {} binc {}",
                    w.left_ms.max(1),
                    b.left_ms.max(1),
                    inc(w),
                    inc(b)
                ));
                if let Some(n) = me.moves_to_go() {
                    go.push_str(&format!(" movestogo {n}"));
                }
            }
        }
        if let Some(d) = self.spec.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.spec.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        let start = Instant::now();
        self.process.send(&go);
        let (mut score, mut depth) = (None, None);
        loop {
            let (line, at) = self.process.recv(clocks.deadline, "move")?;
            let l = line.trim();
            if l.starts_with("info ") {
                parse_uci_info(l, &mut score, &mut depth);
            } else if let Some(rest) = l.strip_prefix("bestmove") {
                let mv = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("(none)")
                    .to_string();
                return Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed: at.saturating_duration_since(start),
                });
            }
        }
    }

    fn xboard_think(
        &mut self,
        view: &GameView,
        clocks: &ClockView,
    ) -> Result<Thought, EngineError> {
        let in_sync = match &self.proto {
            Proto::Xboard(s) => match &s.synced {
                Some((root, moves)) => root == view.root_fen && view.moves.starts_with(moves),
                None => false,
            },
            Proto::Uci(_) => true,
        };
        if !in_sync {
            let done = view.moves.to_vec();
            self.xboard_setup(&GameView {
                moves: &done,
                ..*view
            })?;
        }
        let Proto::Xboard(state) = &mut self.proto else {
            unreachable!("xboard_think on a UCI engine")
        };
        let (_, known) = state
            .synced
            .get_or_insert_with(|| (view.root_fen.to_string(), Vec::new()));
        let prefix = if state.usermove { "usermove " } else { "" };
        let zero_based = state.zero_based;
        // The engine's move in Chimera's notation (left as it is if it has no such square:
        // the referee then refuses it).
        let from_engine = |mv: &str| coords::from_gui(mv, zero_based).unwrap_or(mv.to_string());
        let p = &mut self.process;
        for m in &view.gui_moves[known.len()..] {
            p.send(&format!("{prefix}{}", coords::to_gui(m, zero_based)));
        }
        known.extend_from_slice(&view.moves[known.len()..]);
        let me = view.to_move;
        let centis = |c: &Clock| (c.left_ms.max(1) + 9) / 10;
        p.send(&format!("time {}", centis(clocks.clocks[me.index()])));
        p.send(&format!("otim {}", centis(clocks.clocks[(!me).index()])));
        let start = Instant::now();
        p.send("go");
        let (mut score, mut depth) = (None, None);
        let result = loop {
            let (line, at) = match p.recv(clocks.deadline, "move") {
                Ok(x) => x,
                Err(e) => break Err(e),
            };
            let l = line.trim();
            let elapsed = at.saturating_duration_since(start);
            let mut words = l.split_whitespace();
            let first = words.next().unwrap_or("");
            if first == "move" {
                let mv = from_engine(words.next().unwrap_or("(none)"));
                break Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed,
                });
            }
            let lower = l.to_ascii_lowercase();
            if let Some(mv) = lower
                .strip_prefix("my move is")
                .map(|r| r.trim_start_matches([' ', ':']).trim())
            {
                let mv = from_engine(&l[l.len() - mv.len()..]);
                break Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed,
                });
            }
            if first == "resign" || lower == "tellics resign" {
                break Ok(Thought {
                    action: Action::Resign,
                    score,
                    depth,
                    elapsed,
                });
            }
            if matches!(first, "1-0" | "0-1" | "1/2-1/2") {
                let comment = l[first.len()..].trim().trim_matches(['{', '}']).to_string();
                break Ok(Thought {
                    action: Action::Claim(first.to_string(), comment),
                    score,
                    depth,
                    elapsed,
                });
            }
            if first.starts_with("Illegal") || first == "Error" || first.starts_with("Error") {
                break Err(EngineError::Protocol(format!(
                    "the engine refused a move: {l}"
                )));
            }
            if let Some((d, s)) = parse_xboard_thinking(l) {
                depth = Some(d);
                score = Some(s);
            }
        };
        // Keep the engine from playing on by itself when the next move comes in.
        p.send("force");
        if let Ok(Thought {
            action: Action::Move(m),
            ..
        }) = &result
        {
            known.push(m.clone());
        }
        result
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_parse() {
        let f = parse_features(
            "myname=\"Fairy-Max 5.0b\" setboard=0 ping=1 variants=\"normal,capablanca\" done=0",
        );
        assert_eq!(f[0], ("myname".to_string(), "Fairy-Max 5.0b".to_string()));
        assert_eq!(f[1], ("setboard".to_string(), "0".to_string()));
        assert_eq!(f[3].1, "normal,capablanca");
        assert_eq!(f[4], ("done".to_string(), "0".to_string()));
        assert!(parse_features("option=\"Resign -check 0\"").len() == 1);
        assert!(parse_features("garbage").is_empty());
    }

    #[test]
    fn info_and_thinking_parse() {
        let (mut s, mut d) = (None, None);
        parse_uci_info(
            "info depth 12 seldepth 20 score cp -35 nodes 100 pv e2e4 e7e5",
            &mut s,
            &mut d,
        );
        assert_eq!((s, d), (Some(Score::Cp(-35)), Some(12)));
        parse_uci_info("info depth 13 score mate 3 pv a1a8", &mut s, &mut d);
        assert_eq!(s, Some(Score::Mate(3)));
        parse_uci_info("info depth 14 score cp 10 lowerbound", &mut s, &mut d);
        assert_eq!(s, Some(Score::Mate(3)));
        parse_uci_info("info string score cp 5", &mut s, &mut d);
        parse_uci_info("info score", &mut s, &mut d);
        assert_eq!(
            parse_xboard_thinking(" 6      -12        9      64146 b1c3 b8c6"),
            Some((6, Score::Cp(-12)))
        );
        assert_eq!(
            parse_xboard_thinking("6. 100003 9 1 a1a8"),
            Some((6, Score::Mate(3)))
        );
        assert_eq!(parse_xboard_thinking("tellics say hello"), None);
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Mate(-2).to_string(), "-M2");
        assert_eq!(xboard_secs(100), "0.1");
        assert_eq!(xboard_secs(2000), "2");
        assert_eq!(xboard_base(120_000), "2");
        assert_eq!(xboard_base(5_000), "0:05");
        assert_eq!(xboard_base(90_000), "1:30");
        assert_eq!(xboard_base(2_500), "0:02.5");
    }
}
