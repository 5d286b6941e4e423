//! `chimera play`: a human plays an engine (Chimera by default, or any UCI/XBoard engine) or
//! another human in the terminal. The board is drawn after every move with coordinates for any
//! board size, the last move marked and the side to move shown. Moves are typed in SAN or
//! coordinates; when a move needs a choice (the promotion piece) the admissible options are
//! listed. Works the same through a pipe, which is how it is tested.

use crate::game::{Game, GameType};
use crate::protocol::notation::AutomaticPlacements;
use crate::protocol::{diagram, san};
use crate::tournament::client::{
    move_deadline, Action, ClockView, Engine, GameView, MoveTexts, Score,
};
use crate::tournament::clock::{Clock, TimeControl};
use crate::tournament::game::engine_failure;
use crate::tournament::pgn::{PgnGame, PgnMove};
use crate::tournament::process::EngineError;
use crate::tournament::referee::{
    color_name, could_still_win, legal_moves, rule_ending, Ending, Outcome, Termination,
};
use crate::tournament::spec::{EngineSpec, Protocol};
use crate::types::{Color, Move, MoveKind, Square};
use crate::variant::Registry;
use crate::with_position;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The opponent: an engine as in `chimera match --engine` (KEY=VALUE words), or `none` for
    /// two humans at one keyboard. Default: Chimera itself.
    #[arg(long, value_name = "SPEC")]
    pub engine: Option<String>,
    /// The engine's time control (as in `chimera match`); your own clock is shown, not enforced.
    #[arg(long, default_value = "60+1")]
    pub tc: String,
    /// Your colour.
    #[arg(long, default_value = "white", value_parser = ["white", "black"])]
    pub color: String,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// A variants file to load first.
    #[arg(long, value_name = "FILE")]
    pub variants: Option<String>,
    /// Print the engine protocol lines.
    #[arg(long)]
    pub debug: bool,
}

const HELP: &str = "\
Type a move in SAN (e4, Nf3, exd5, e8=Q, O-O) or coordinates (e2e4, e7e8q), or a command:
  help, ?       this text
  moves         list the legal moves
  undo          take back your last move (and the engine's reply); also takeback
  flip          turn the board around
  fen           print the position as FEN
  pgn           print the game so far as PGN
  hint          ask the engine for a move
  draw          offer a draw (the engine accepts if its evaluation is 0.00 or worse for it)
  resign        give up the game
  quit          leave; also exit, q";

/// What happens to the game, for the caller and for tests.
struct Session<W: Write> {
    out: W,
    gt: GameType,
    game: Game,
    root_fen: String,
    root_is_start: bool,
    moves: Vec<Move>,
    sans: Vec<String>,
    texts: MoveTexts,
    /// Who made each ply and its move number (a turn may hold several plies: a capture and
    /// its placements).
    movers: Vec<(Color, u32)>,
    human: [bool; 2],
    /// The players' names for the PGN, fixed at the start: an engine that leaves the game
    /// hands its moves to the person, not its name.
    names: [String; 2],
    engine: Option<Engine>,
    engine_name: String,
    /// How the engine was started (its protocol found), to start it again after a hint it did
    /// not answer in time.
    spec: Option<EngineSpec>,
    /// The time control the engine was started with.
    tc: TimeControl,
    debug: bool,
    clocks: [Clock; 2],
    /// Time each human has used (shown only).
    used: [Duration; 2],
    flipped: bool,
    ending: Option<Ending>,
    /// The game ended by what a human said, not by a move ("Resignation", "Draw agreement"):
    /// `undo` withdraws that and takes back no move.
    said_ending: Option<&'static str>,
    last_score: Option<Score>,
    margin: Duration,
    /// Echo each input line (when input is not a terminal).
    echo: bool,
    /// Where the input's lines end (a CR LF may arrive split across two reads).
    lines: crate::protocol::LineSplitter,
}

fn fmt_clock(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.unsigned_abs();
    format!(
        "{sign}{}:{:02}.{}",
        ms / 60_000,
        ms / 1000 % 60,
        ms % 1000 / 100
    )
}

impl<W: Write> Session<W> {
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn board(&mut self) {
        let last: Vec<Square> = match self.moves.last() {
            Some(m) if m.kind() == MoveKind::Drop => vec![m.to()],
            Some(m) => vec![m.from(), m.to()],
            None => vec![],
        };
        let mut text = String::from("\n");
        for line in diagram::play_board(&self.game, &last, self.flipped) {
            text.push_str(&line);
            text.push('\n');
        }
        let us = self.game.side_to_move();
        if let (Some(s), Some(&(mover, no))) = (self.sans.last(), self.movers.last()) {
            let dots = if mover == Color::White { "." } else { "..." };
            text.push_str(&format!("Last move: {no}{dots} {s}\n"));
        }
        let check = if self.game.in_check() { " (check)" } else { "" };
        let number = with_position!(&self.game, p => p.fullmove_number());
        let times: Vec<String> = Color::BOTH
            .iter()
            .map(|&c| {
                if self.human[c.index()] {
                    format!(
                        "{} used {}",
                        color_name(c),
                        fmt_clock(self.used[c.index()].as_millis() as i64)
                    )
                } else {
                    format!(
                        "{} {}",
                        color_name(c),
                        fmt_clock(self.clocks[c.index()].left_ms)
                    )
                }
            })
            .collect();
        text.push_str(&format!(
            "Move {number}: {} to move{check}    [{}]",
            color_name(us),
            times.join(" | ")
        ));
        self.say(&text);
    }

    fn pgn(&self) -> PgnGame {
        let mut g = PgnGame::default();
        // The seven-tag roster in its order, as the match writes it.
        g.set_tag("Event", "Chimera play");
        g.set_tag("Site", "?");
        g.set_tag("Date", crate::tournament::game::pgn_date());
        g.set_tag("Round", "-");
        g.set_tag("White", self.names[Color::White.index()].clone());
        g.set_tag("Black", self.names[Color::Black.index()].clone());
        let outcome = self
            .ending
            .as_ref()
            .map_or(Outcome::Unfinished, |e| e.outcome);
        g.set_tag("Result", outcome.pgn());
        g.set_tag("Variant", self.gt.variant.name.clone());
        g.set_tag("FEN", self.root_fen.clone());
        g.set_tag("SetUp", "1");
        g.moves = self
            .sans
            .iter()
            .zip(&self.movers)
            .map(|(s, &(c, _))| PgnMove {
                san: s.clone(),
                comment: None,
                mover: Some(c),
            })
            .collect();
        g.result = outcome.pgn().into();
        g.final_comment = self.ending.as_ref().map(|e| e.reason.clone());
        g
    }

    fn play(&mut self, m: Move) {
        let s = san::to_san(&mut self.game, m);
        let number = with_position!(&self.game, p => p.fullmove_number());
        self.movers.push((self.game.side_to_move(), number));
        self.texts.push(&self.game, m);
        self.sans.push(s);
        self.moves.push(m);
        self.game.play(m);
        if let Some(end) = rule_ending(&mut self.game) {
            self.ending = Some(end);
        }
    }

    fn undo_ply(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.sans.pop();
        self.texts.pop();
        self.movers.pop();
        self.game.undo();
        true
    }

    fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.said_ending = None;
    }

    /// `loser` oversteps its time: a loss, or a draw where the opponent could not win (a bare
    /// King where stalemate is a draw), as FIDE has it and as `chimera match` judges it.
    fn time_forfeit(&self, loser: Color, reason: String) -> Ending {
        if could_still_win(&self.game, !loser) {
            Ending::loss(loser, Termination::TimeForfeit, reason)
        } else {
            Ending::new(
                Outcome::Draw,
                Termination::TimeForfeit,
                format!(
                    "Draw: {} loses on time, but the opponent cannot mate",
                    color_name(loser)
                ),
            )
        }
    }

    /// The engine leaves the game, lost to it by `ending`; the person then moves for both
    /// sides after `undo`, and is told so.
    fn engine_leaves(&mut self, ending: Ending) {
        self.engine = None;
        self.end(ending);
        self.human = [true, true];
        self.say(&format!(
            "{} has left the game: after 'undo' you move for both sides.",
            self.engine_name
        ));
    }

    /// After a hint the engine did not give in time it may still be searching, and its late
    /// answer would be read as its next move: it is started again (the old process killed),
    /// or, if that fails, it has left the game.
    fn restart_engine(&mut self) {
        // Dropping the engine kills its process at once.
        self.engine = None;
        let Some(spec) = self.spec.clone() else {
            return;
        };
        let color = if self.human[0] {
            Color::Black
        } else {
            Color::White
        };
        let view = GameView {
            root_fen: &self.root_fen,
            root_is_start: self.root_is_start,
            moves: &self.texts.uci,
            gui_moves: &self.texts.gui,
            to_move: self.game.side_to_move(),
        };
        let started = Engine::start(&spec, &self.gt.variant, self.tc, self.debug)
            .and_then(|mut e| e.new_game(&view).map(|()| e));
        match started {
            Ok(e) => {
                self.engine = Some(e);
                self.say(&format!(
                    "{} was started again, so that its late answer is not taken for a move.",
                    self.engine_name
                ));
            }
            Err(e) => {
                let ending = engine_failure(color, &self.engine_name, &e, true);
                self.engine_leaves(ending);
            }
        }
    }

    fn announce_end(&mut self) {
        if let Some(e) = self.ending.clone() {
            self.say(&format!("Game over: {} {{{}}}", e.outcome.pgn(), e.reason));
            self.say("Type 'pgn' for the game, 'undo' to take back, or 'quit'.");
        }
    }

    /// The engine moves (or the game ends by its failure).
    fn engine_move(&mut self) {
        let us = self.game.side_to_move();
        self.say(&format!("{} is thinking...", self.engine_name));
        let deadline = move_deadline(&self.clocks[us.index()], self.margin);
        let result = {
            let Some(engine) = self.engine.as_mut() else {
                return;
            };
            let view = GameView {
                root_fen: &self.root_fen,
                root_is_start: self.root_is_start,
                moves: &self.texts.uci,
                gui_moves: &self.texts.gui,
                to_move: us,
            };
            let clocks = ClockView {
                clocks: [&self.clocks[0], &self.clocks[1]],
                deadline,
            };
            engine.think(&view, &clocks)
        };
        let who = color_name(us);
        let thought = match result {
            Ok(t) => t,
            Err(e) => {
                let mut ending = engine_failure(us, &self.engine_name, &e, false);
                if ending.termination == Termination::TimeForfeit {
                    ending = self.time_forfeit(us, ending.reason);
                }
                // Taking moves back then leaves a game of two people, and it is said so.
                return self.engine_leaves(ending);
            }
        };
        if !self.clocks[us.index()].charge(thought.elapsed, self.margin) {
            let ending = self.time_forfeit(us, format!("{who} loses on time"));
            return self.end(ending);
        }
        self.last_score = thought.score.or(self.last_score);
        let text = match thought.action {
            Action::Move(m) => m,
            Action::Resign => {
                return self.end(Ending::loss(
                    us,
                    Termination::Normal,
                    format!("{who} resigns"),
                ))
            }
            Action::Claim(r, c) => {
                return self.end(Ending::loss(
                    us,
                    Termination::RulesInfraction,
                    format!("{who} makes a false claim: {r} {{{c}}}"),
                ))
            }
        };
        // A turn may be several plies joined by commas (a capture and its placements).
        let before = self.sans.len();
        let plies: Vec<&str> = text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let mut automatic = AutomaticPlacements::default();
        for ply in &plies {
            if self.ending.is_some() {
                break;
            }
            // Before the turn test: the turn may have passed with the last placement made.
            if automatic.skip(&self.game, ply, Some(us)) {
                continue;
            }
            let legal = self.game.side_to_move() == us;
            match crate::tournament::game::parse_ply(&mut self.game, ply).filter(|_| legal) {
                Some(m) => self.play(m),
                None => {
                    let reason = format!("{who} makes an illegal move: {text}");
                    return self.end(Ending::loss(us, Termination::IllegalMove, reason));
                }
            }
        }
        if plies.is_empty() || (self.ending.is_none() && self.game.side_to_move() == us) {
            let reason = format!("{who} makes an illegal move: {text}");
            return self.end(Ending::loss(us, Termination::IllegalMove, reason));
        }
        let played = self.sans[before..].join(" ");
        let score = thought.score.map(|s| format!(" ({s})")).unwrap_or_default();
        self.say(&format!("{} plays {played}{score}", self.engine_name));
    }

    fn hint(&mut self) {
        if self.ending.is_some() {
            return self.say("The game is over.");
        }
        let us = self.game.side_to_move();
        let per_move = Clock::new(TimeControl::PerMove { ms: 1000 });
        let deadline = Instant::now() + Duration::from_secs(5);
        let result = {
            let Some(engine) = self.engine.as_mut() else {
                return self.say("No engine to ask.");
            };
            let view = GameView {
                root_fen: &self.root_fen,
                root_is_start: self.root_is_start,
                moves: &self.texts.uci,
                gui_moves: &self.texts.gui,
                to_move: us,
            };
            engine.think(
                &view,
                &ClockView {
                    clocks: [&per_move, &per_move],
                    deadline,
                },
            )
        };
        match result {
            Ok(t) => match t.action {
                Action::Move(text) => {
                    // A turn may be several plies joined by commas (a capture and its placements).
                    let mut g = self.game.clone();
                    let mut sans = Vec::new();
                    let mut automatic = AutomaticPlacements::default();
                    for ply in text.split(',').map(str::trim) {
                        if automatic.skip(&g, ply, Some(us)) {
                            continue;
                        }
                        let Ok(m) = san::parse_move(&mut g, ply) else {
                            return self
                                .say(&format!("The engine suggests an illegal move: {text}"));
                        };
                        sans.push(san::to_san(&mut g, m));
                        g.play(m);
                    }
                    let score = t.score.map(|s| format!(" ({s})")).unwrap_or_default();
                    self.say(&format!("Hint: {}{score}", sans.join(" ")));
                }
                _ => self.say("The engine has no suggestion."),
            },
            Err(e) => {
                self.say(&format!("The engine failed to give a hint: {e}"));
                // Still searching, its answer would come as its next move.
                if matches!(e, EngineError::Timeout(_)) {
                    self.restart_engine();
                }
            }
        }
    }

    /// While placements are pending, the piece letter alone (`B`) or the square alone (`c5`)
    /// names the placement when it names only one, as a letter answers the promotion question.
    fn placement_shorthand(&mut self, text: &str) -> Option<Move> {
        if !with_position!(&self.game, p => p.placement_pending()) {
            return None;
        }
        let v = self.gt.variant.clone();
        let size = v.size;
        let legal = legal_moves(&mut self.game);
        let matching: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Drop)
            .filter(|m| {
                let letter = v.letter(Color::White, m.piece()).to_string();
                text.eq_ignore_ascii_case(&letter) || size.name(m.to()).to_string() == text
            })
            .collect();
        match matching.as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }

    /// Reads one line; `None` at the end of input.
    fn read(&mut self, input: &mut dyn BufRead, prompt: &str) -> Option<String> {
        let _ = write!(self.out, "{prompt}");
        let _ = self.out.flush();
        // Bytes, not `read_line`: a line that is not UTF-8 is a bad line to answer, not the
        // end of the input.
        let mut bytes = Vec::new();
        match self.lines.read(input, &mut bytes) {
            Ok(None) | Err(_) => None,
            Ok(Some(_)) => {
                let line = String::from_utf8_lossy(&bytes);
                // Typed input echoes itself; piped input is echoed so the transcript reads well.
                if self.echo {
                    let _ = writeln!(self.out, "{}", line.trim());
                }
                Some(line.trim().to_string())
            }
        }
    }

    /// Handles a typed move; returns false if it was not played.
    fn human_move(&mut self, input: &mut dyn BufRead, text: &str) -> Option<bool> {
        if let Some(m) = self.placement_shorthand(text) {
            self.play(m);
            return Some(true);
        }
        let found = match san::candidates(&mut self.game, text) {
            Ok(f) => f,
            Err(e) => {
                self.say(&format!(
                    "{e}. Type 'help' for commands, 'moves' for the legal moves."
                ));
                return Some(false);
            }
        };
        // A move written without a promotion piece where it need not promote does not, as SAN
        // has it (`a9` in Grand); the piece is asked for only where promotion is compulsory.
        let found = match san::unpromoted(&found) {
            Some(m) => vec![m],
            None => found,
        };
        let chosen = match found.as_slice() {
            [] => {
                self.say(&format!(
                    "Illegal move '{text}'. Type 'moves' for the legal moves."
                ));
                return Some(false);
            }
            [m] => *m,
            // One route's promotions, none of them optional (`unpromoted` took that case).
            many if many.iter().all(|m| {
                m.kind() == MoveKind::Promotion
                    && m.from() == many[0].from()
                    && m.to() == many[0].to()
            }) =>
            {
                let v = self.gt.variant.clone();
                let options: Vec<(String, Move)> = many
                    .iter()
                    .map(|&m| (v.letter(Color::White, m.piece()).to_string(), m))
                    .collect();
                let list: Vec<String> = options
                    .iter()
                    .map(|(l, m)| format!("{l} ({})", v.piece(m.piece()).name))
                    .collect();
                self.say(&format!("Promote to: {}", list.join(", ")));
                loop {
                    let answer = self.read(input, "Choice: ")?;
                    let a = answer.trim().to_ascii_uppercase();
                    if let Some((_, m)) = options.iter().find(|(l, _)| *l == a) {
                        break *m;
                    }
                    if a == "CANCEL" || a.is_empty() {
                        self.say("Move cancelled.");
                        return Some(false);
                    }
                    self.say(&format!("Choose one of: {}", list.join(", ")));
                }
            }
            many => {
                let legal = legal_moves(&mut self.game);
                let names: Vec<String> = many
                    .iter()
                    .map(|&m| san::to_san_with(&mut self.game, m, &legal))
                    .collect();
                self.say(&format!("Ambiguous: {}", names.join(", ")));
                return Some(false);
            }
        };
        self.play(chosen);
        Some(true)
    }

    /// The main loop; returns at `quit` or at the end of input.
    fn run(&mut self, input: &mut dyn BufRead) {
        self.board();
        let mut shown = true;
        loop {
            if self.ending.is_none()
                && !self.human[self.game.side_to_move().index()]
                && self.engine.is_some()
            {
                self.engine_move();
                self.board();
                shown = true;
                continue;
            }
            let fresh = std::mem::replace(&mut shown, false);
            if self.ending.is_some() && fresh {
                self.announce_end();
            }
            let us = self.game.side_to_move();
            let placing = with_position!(&self.game, p => p.placement_pending());
            if self.ending.is_none() && placing && fresh {
                let legal = legal_moves(&mut self.game);
                let names: Vec<String> = legal
                    .iter()
                    .map(|&m| san::to_san_with(&mut self.game, m, &legal))
                    .collect();
                self.say(&format!(
                    "{} places a piece: {}",
                    color_name(us),
                    names.join(", ")
                ));
            }
            let prompt = if self.ending.is_some() {
                "> ".to_string()
            } else {
                format!("{} to move> ", color_name(us))
            };
            let started = Instant::now();
            let Some(line) = self.read(input, &prompt) else {
                break;
            };
            if self.ending.is_none() && self.human[us.index()] {
                self.used[us.index()] += started.elapsed();
            }
            let word = line.to_ascii_lowercase();
            match word.as_str() {
                "" => {}
                "quit" | "exit" => break,
                // Only a lowercase `q`: a capital Q reads as the start of a queen's move.
                "q" if line.trim() == "q" => break,
                "help" | "?" => self.say(HELP),
                "flip" => {
                    self.flipped = !self.flipped;
                    self.board();
                }
                "fen" => {
                    let f = self.game.fen();
                    self.say(&f);
                }
                "pgn" => {
                    let text = self.pgn().write();
                    self.say(text.trim_end());
                }
                "moves" => {
                    let legal = legal_moves(&mut self.game);
                    let mut names: Vec<String> = legal
                        .iter()
                        .map(|&m| san::to_san_with(&mut self.game, m, &legal))
                        .collect();
                    names.sort();
                    self.say(&format!("{} legal moves: {}", names.len(), names.join(" ")));
                }
                "undo" | "takeback" => {
                    if let Some(what) = self.said_ending.take() {
                        self.ending = None;
                        self.say(&format!("{what} withdrawn."));
                        self.board();
                        shown = true;
                        continue;
                    }
                    // Only the engine has moved (you play Black): there is none of yours. A
                    // game the rules ended stays over.
                    if !self.movers.iter().any(|(c, _)| self.human[c.index()]) {
                        self.say("Nothing to take back.");
                        continue;
                    }
                    self.ending = None;
                    // Take back plies until a human's whole turn is undone (a cancellation
                    // turn is a capture and its placements, all by the side to move).
                    while self.undo_ply() {
                        let us = self.game.side_to_move();
                        let mid_turn = self.movers.last().is_some_and(|&(c, _)| c == us);
                        if self.human[us.index()] && !mid_turn {
                            break;
                        }
                    }
                    if let Some(end) = rule_ending(&mut self.game) {
                        self.ending = Some(end);
                    }
                    self.board();
                    shown = true;
                }
                "hint" => self.hint(),
                "resign" if self.ending.is_none() => {
                    self.end(Ending::loss(
                        us,
                        Termination::Normal,
                        format!("{} resigns", color_name(us)),
                    ));
                    self.said_ending = Some("Resignation");
                    shown = true;
                }
                "draw" if self.ending.is_none() => {
                    let accepts = match (&self.engine, self.last_score) {
                        (None, _) => true,
                        (Some(_), Some(s)) => s.centipawns() <= 0,
                        (Some(_), None) => false,
                    };
                    if accepts {
                        self.say("Draw agreed.");
                        self.end(Ending::new(
                            Outcome::Draw,
                            Termination::Normal,
                            "Draw by agreement",
                        ));
                        self.said_ending = Some("Draw agreement");
                        shown = true;
                    } else {
                        self.say(&format!("{} declines the draw.", self.engine_name));
                    }
                }
                _ if self.ending.is_some() => {
                    self.say("The game is over: 'undo', 'pgn', 'fen' or 'quit'.")
                }
                _ => {
                    if !self.human[us.index()] {
                        self.say("It is not your turn.");
                        continue;
                    }
                    match self.human_move(input, &line) {
                        None => break,
                        Some(true) => {
                            self.board();
                            shown = true;
                        }
                        Some(false) => {}
                    }
                }
            }
        }
        if let Some(e) = self.engine.take() {
            e.quit();
        }
        self.say("Bye.");
    }
}

/// Runs a terminal game reading `input` and writing `out`.
pub fn play(
    args: &PlayArgs,
    registry: &Registry,
    input: &mut dyn BufRead,
    out: impl Write,
    echo: bool,
) -> Result<(), String> {
    let gt = registry
        .find(&args.variant)
        .map_err(|e| e.to_string())?
        .clone();
    let tc = TimeControl::parse(&args.tc).map_err(|e| format!("--tc: {e}"))?;
    let game = match &args.fen {
        Some(f) => gt.position(f).map_err(|e| format!("bad FEN: {e}"))?,
        None => gt.start(),
    };
    let human_color = if args.color == "black" {
        Color::Black
    } else {
        Color::White
    };
    let spec = match args.engine.as_deref() {
        Some("none") => None,
        Some(text) => Some(EngineSpec::parse(text)?),
        None => {
            let exe =
                std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            let mut s = EngineSpec::parse("cmd=chimera name=Chimera proto=uci")?;
            s.launch.program = exe.to_string_lossy().to_string();
            Some(s)
        }
    };
    let mut human = [true, true];
    let mut engine = None;
    let mut engine_name = "Human".to_string();
    let mut engine_spec = None;
    let root_fen = game.fen();
    let root_is_start = args
        .fen
        .as_deref()
        .is_none_or(|f| f.trim() == gt.variant.start_fen.trim());
    if let Some(mut spec) = spec {
        spec.variants_file = crate::tournament::variants_file_for_engines(args.variants.as_deref());
        human = [false, false];
        human[human_color.index()] = true;
        if spec.protocol == Protocol::Auto {
            spec.protocol = crate::tournament::client::detect_protocol(&spec, args.debug)
                .map_err(|e| format!("{}: {e}", spec.name))?;
        }
        let mut e = Engine::start(&spec, &gt.variant, tc, args.debug)
            .map_err(|e| format!("{}: {e}", spec.name))?;
        let view = GameView {
            root_fen: &root_fen,
            root_is_start,
            moves: &[],
            gui_moves: &[],
            to_move: game.side_to_move(),
        };
        e.new_game(&view)
            .map_err(|e| format!("{}: {e}", spec.name))?;
        engine_name = e.name.clone();
        engine = Some(e);
        engine_spec = Some(spec);
    }
    let mut session = Session {
        out,
        flipped: human_color == Color::Black && engine.is_some(),
        gt,
        game,
        root_fen,
        root_is_start,
        moves: Vec::new(),
        sans: Vec::new(),
        texts: MoveTexts::default(),
        movers: Vec::new(),
        human,
        names: human.map(|h| {
            if h {
                "Human".to_string()
            } else {
                engine_name.clone()
            }
        }),
        engine,
        engine_name,
        spec: engine_spec,
        tc,
        debug: args.debug,
        clocks: [Clock::new(tc), Clock::new(tc)],
        used: [Duration::ZERO; 2],
        ending: None,
        said_ending: None,
        last_score: None,
        margin: Duration::from_millis(200),
        echo,
        lines: Default::default(),
    };
    let intro = match &session.engine {
        Some(_) => format!(
            "Chimera play: {}. You are {} against {} ({}). Type 'help' for commands.",
            session.gt.variant.name,
            color_name(human_color),
            session.engine_name,
            tc
        ),
        None => format!(
            "Chimera play: {}, two players. Type 'help' for commands.",
            session.gt.variant.name
        ),
    };
    session.say(&intro);
    if let Some(end) = rule_ending(&mut session.game) {
        session.ending = Some(end);
    }
    session.run(input);
    Ok(())
}

/// The `chimera play` subcommand.
pub fn run_cli(args: &PlayArgs, registry: &mut Registry) -> std::process::ExitCode {
    if let Err(e) = crate::tournament::load_variants(registry, args.variants.as_deref()) {
        eprintln!("error: {e}");
        return std::process::ExitCode::from(2);
    }
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    match play(args, registry, &mut input, std::io::stdout(), echo) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
