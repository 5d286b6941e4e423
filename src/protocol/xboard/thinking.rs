//! The XBoard engine's searches: its own move, pondering on the expected reply, analysis;
//! the search limits from the GUI's clock; thinking output and the move when a search ends.
//! Each search is numbered, so reports of one already discarded are ignored.

use super::{command, coords, ending, Event, XboardEngine, DEFAULT_LEVEL};
use crate::game::Game;
use crate::search::params::MAX_DEPTH;
use crate::search::{time, Listener, Outcome, Report, RootProgress, Score, SearchLimits};
use crate::tournament::referee;
use crate::types::{Color, Move};
use crate::with_position;
use std::io::Write;
use std::sync::mpsc::Sender;
use std::time::Instant;

/// Passes a search's reports to the loop, tagged with the search's number.
pub(super) struct Relay {
    id: u64,
    tx: Sender<Event>,
}

impl Listener for Relay {
    fn report(&mut self, report: &Report) {
        let _ = self.tx.send(Event::Report(self.id, report.clone()));
    }
    fn finished(&mut self, outcome: &Outcome) {
        let _ = self.tx.send(Event::Finished(self.id, outcome.clone()));
    }
    fn root_progress(&mut self, progress: &RootProgress) {
        let _ = self.tx.send(Event::Progress(self.id, *progress));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SearchKind {
    /// The engine's own move.
    Think,
    /// On the opponent's time, after guessing its move.
    Ponder(Move),
    /// A short search of the opponent's move, to find the move to ponder on where no search
    /// of the engine's own has named one (`playother`).
    Guess,
    Analyze,
}

/// A guess at the opponent's move takes this share of the engine's own move's time ...
const GUESS_SHARE: u64 = 8;
/// ... within these bounds (milliseconds).
const GUESS_MIN_MS: u64 = 20;
const GUESS_MAX_MS: u64 = 1_000;

pub(super) struct Running {
    pub(super) id: u64,
    pub(super) kind: SearchKind,
    /// The position searched (after the guessed move when pondering).
    pub(super) root: Game,
}

impl<W: Write> XboardEngine<W> {
    pub(super) fn start_search(
        &mut self,
        kind: SearchKind,
        root: Game,
        limits: SearchLimits,
        at: Instant,
    ) {
        let id = self.next_id;
        self.next_id += 1;
        let relay = Box::new(Relay {
            id,
            tx: self.tx.clone(),
        });
        match self
            .searcher
            .start(&root, self.game_type.eval(), limits, at, relay)
        {
            Ok(()) => self.running = Some(Running { id, kind, root }),
            Err(e) => self.send(&format!("tellusererror Chimera cannot search: {e}")),
        }
    }

    /// Stops any search and forgets it (its result is never played).
    pub(super) fn discard(&mut self) {
        if self.running.take().is_some() {
            self.searcher.stop();
        }
        self.flush_pongs();
        self.apply_deferred();
    }

    pub(super) fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pongs) {
            self.send(format!("pong {n}").trim_end());
        }
    }

    pub(super) fn thinking(&self) -> bool {
        matches!(
            self.running,
            Some(Running {
                kind: SearchKind::Think,
                ..
            })
        )
    }

    /// What the GUI's clock allows for a move of `us`. Pondering starts right after the
    /// engine's own move, before the GUI says how much time is left: the clock is then the
    /// last `time` less what the move took, plus the increment.
    pub(super) fn limits(&self, us: Color, ponder: bool) -> SearchLimits {
        let mut l = SearchLimits {
            ponder,
            depth: self.clock.depth.map(|d| d.min(MAX_DEPTH)),
            gui_lag_ms: self.clock.lag_ms,
            ..SearchLimits::default()
        };
        if let Some(ms) = self.clock.per_move_search_ms() {
            l.movetime = Some(ms);
        } else {
            let level = self.clock.level.unwrap_or(DEFAULT_LEVEL);
            let mut ours = self.clock.ours_ms(level);
            // (Our own count, without `time`, is already the clock after our move.)
            if ponder && self.clock.time_cs.is_some() {
                let spent = self
                    .clock
                    .time_at
                    .map_or(0, |t| t.elapsed().as_millis() as u64);
                ours = ours.saturating_sub(spent) + level.inc_ms;
            }
            l.time[us.index()] = Some(ours);
            l.time[(!us).index()] = Some(
                self.clock
                    .otim_cs
                    .map_or(level.base_ms, |c| c.max(0) as u64 * 10),
            );
            l.increment = [level.inc_ms; 2];
            if level.moves > 0 {
                let done = self.moves_made_since_level(us);
                l.moves_to_go = Some(level.moves as u64 - done % level.moves as u64);
            }
        }
        if let Some(nps) = self.clock.nps.filter(|&n| n > 0) {
            // Time is counted in nodes (no GUI delay counts): the budget becomes a node limit.
            let overhead = self.searcher.options().move_overhead + l.gui_lag_ms;
            let ms = self
                .clock
                .per_move_ms
                .or_else(|| time::budget(&l, us, overhead).map(|b| b.0))
                .unwrap_or(1_000);
            l.nodes = Some((ms.saturating_mul(nps) / 1000).max(1));
            l.nodes_are_clock = true;
            l.movetime = None;
            l.time = [None, None];
        }
        l
    }

    /// The moves `us` made since the clock's session count began: the GUI counts them from
    /// `new`, `setboard` or a later `level` (not the FEN's move number).
    fn moves_made_since_level(&self, us: Color) -> u64 {
        let plies =
            with_position!(&self.game, p => p.plies_played()).saturating_sub(self.clock.level_ply);
        let after_ours = usize::from(self.game.side_to_move() != us);
        ((plies + after_ours) / 2) as u64
    }

    /// The engine is on move: claim the result if the game is over, else search.
    pub(super) fn think(&mut self, at: Instant) {
        if self.no_position {
            self.send("Error (no position set up): go");
            return;
        }
        if let Some(end) = ending(&mut self.game) {
            self.send(&end.claim());
            return;
        }
        let limits = self.limits(self.game.side_to_move(), false);
        self.clock.own_since = Some(at);
        self.start_search(SearchKind::Think, self.game.clone_recent(), limits, at);
    }

    pub(super) fn analyze(&mut self) {
        self.discard();
        self.last_report = None;
        self.progress = None;
        if self.no_position {
            return;
        }
        let search_moves = match self.moves_to_analyse() {
            None => Vec::new(),
            // Every move excluded: nothing to analyse, as in a position without moves.
            Some(moves) if moves.is_empty() => return,
            Some(moves) => moves,
        };
        let limits = SearchLimits {
            infinite: true,
            search_moves,
            ..SearchLimits::default()
        };
        self.start_search(
            SearchKind::Analyze,
            self.game.clone_recent(),
            limits,
            Instant::now(),
        );
    }

    /// Ponders on `guess`, the opponent's expected reply.
    pub(super) fn start_pondering(&mut self, guess: Option<Move>) {
        let Some(guess) = guess else { return };
        let mut root = self.game.clone_recent();
        if !referee::is_legal(&mut root, guess) {
            return;
        }
        let hint = coords::move_to_gui(&root, guess, self.gui_ranks());
        root.play(guess);
        if ending(&mut root).is_some() {
            return;
        }
        if self.post {
            self.send(&format!("Hint: {hint}"));
        }
        let limits = self.limits(root.side_to_move(), true);
        self.start_search(SearchKind::Ponder(guess), root, limits, Instant::now());
    }

    /// Pondering without a reply to expect (`playother`, the engine's last search naming
    /// none): a short search for the opponent first, then pondering on its move, as Crafty
    /// does. The protocol asks an engine told `playother` to ponder when pondering is on.
    pub(super) fn start_guessing(&mut self) {
        if self.no_position || ending(&mut self.game).is_some() {
            return;
        }
        let limits = self.guess_limits();
        self.start_search(
            SearchKind::Guess,
            self.game.clone_recent(),
            limits,
            Instant::now(),
        );
    }

    /// The guess's limits: a share of what the engine's own next move may take (nodes where
    /// the clock counts nodes), and no deeper than `sd`.
    fn guess_limits(&self) -> SearchLimits {
        let engine = !self.game.side_to_move();
        let own = self.limits(engine, false);
        let mut l = SearchLimits {
            depth: own.depth,
            ..SearchLimits::default()
        };
        if let Some(n) = own.nodes {
            l.nodes = Some((n / GUESS_SHARE).max(1));
            return l;
        }
        let overhead = self.searcher.options().move_overhead + own.gui_lag_ms;
        let soft = time::budget(&own, engine, overhead).map_or(GUESS_MAX_MS, |b| b.0);
        l.movetime = Some((soft / GUESS_SHARE).clamp(GUESS_MIN_MS, GUESS_MAX_MS));
        l
    }

    pub(super) fn report(&mut self, id: u64, r: Report) {
        let Some(running) = &self.running else { return };
        // The guess's lines are the opponent's: not shown as the engine's thinking.
        if running.id != id || r.multipv != 1 || running.kind == SearchKind::Guess {
            return;
        }
        let line = if self.post {
            let score = match r.score {
                Score::Centipawns(cp) => cp,
                Score::Mate(n) if n > 0 => 100_000 + n,
                Score::Mate(n) => -100_000 + n,
            };
            let cs = match self.clock.nps.filter(|&n| n > 0) {
                Some(nps) => r.nodes.saturating_mul(100) / nps,
                None => r.time_ms / 10,
            };
            let pv = coords::line_to_gui(&running.root, &r.pv, self.gui_ranks()).join(" ");
            Some(format!(
                "{} {} {} {} {} {} 0\t{}",
                r.depth, score, cs, r.nodes, r.seldepth, r.nps, pv
            ))
        } else {
            None
        };
        self.last_report = Some(r);
        if let Some(l) = line {
            self.send(&l);
        }
    }

    /// The root moves analysis searches: `None` for all of them, else the legal moves the GUI
    /// did not exclude (possibly none).
    fn moves_to_analyse(&mut self) -> Option<Vec<Move>> {
        if self.excluded.is_empty() {
            return None;
        }
        let mut moves = referee::legal_moves(&mut self.game);
        moves.retain(|m| !self.excluded.contains(m));
        Some(moves)
    }

    /// `exclude` (`leave_out`) or `include` a root move, or `all` of them. Analysis restarts
    /// on the new set; when none is left, the running search goes on until a move is included
    /// again (the protocol allows putting the effect off).
    pub(super) fn exclude(&mut self, what: &str, leave_out: bool, line: &str) {
        if self.no_position {
            self.send(&format!(
                "Error (no position set up): {}",
                command::shown(line)
            ));
            return;
        }
        if what == "all" {
            self.excluded.clear();
            if leave_out {
                self.excluded = referee::legal_moves(&mut self.game);
            }
        } else {
            let ranks = self.gui_ranks();
            let Ok(m) = coords::parse_gui_move(&mut self.game, what, ranks) else {
                self.send(&format!(
                    "Error (not a legal move): {}",
                    command::shown(line)
                ));
                return;
            };
            self.excluded.retain(|&x| x != m);
            if leave_out {
                self.excluded.push(m);
            }
        }
        if self.analyzing
            && self
                .moves_to_analyse()
                .is_none_or(|moves| !moves.is_empty())
        {
            self.analyze();
        }
    }

    /// Where the running analysis is among the root moves, for `.` (`stat01`).
    pub(super) fn progress(&mut self, id: u64, p: RootProgress) {
        if self.running.as_ref().is_some_and(|r| r.id == id) {
            self.progress = Some(p);
        }
    }

    /// The answer to `.` in analysis: `stat01: time nodes depth mvleft mvtot mvname`, from the
    /// latest report or root move, whichever is newer.
    pub(super) fn status_line(&mut self) -> String {
        // The analysis waits for a position (the last one set up was refused).
        if self.no_position {
            return "stat01: 0 0 0 0 0".into();
        }
        let total = match self.moves_to_analyse() {
            Some(moves) => moves.len(),
            None => referee::legal_moves(&mut self.game).len(),
        };
        let (cs, nodes, depth) = self
            .last_report
            .as_ref()
            .map_or((0, 0, 0), |r| (r.time_ms / 10, r.nodes, r.depth));
        let Some(p) = self.progress else {
            return format!("stat01: {cs} {nodes} {depth} {total} {total}");
        };
        let name = coords::move_to_gui(&self.game, p.mv, self.gui_ranks());
        format!(
            "stat01: {} {} {} {} {} {name}",
            cs.max(p.time_ms / 10),
            nodes.max(p.nodes),
            p.depth,
            p.total.saturating_sub(p.number),
            p.total
        )
    }

    /// The settings put off while the engine thought (see `deferred`).
    fn apply_deferred(&mut self) {
        for (cmd, line) in std::mem::take(&mut self.deferred) {
            self.execute(cmd, &line, Instant::now());
        }
    }

    pub(super) fn finished(&mut self, id: u64, outcome: Outcome) {
        let Some(running) = &self.running else { return };
        if running.id != id {
            return;
        }
        let kind = running.kind;
        self.running = None;
        if kind == SearchKind::Guess {
            self.searcher.wait();
            if self.ponder && !self.closing && self.engine == Some(!self.game.side_to_move()) {
                self.start_pondering(outcome.best);
            }
            return;
        }
        if kind != SearchKind::Think {
            self.searcher.wait();
            return;
        }
        self.last_score = Some(outcome.score);
        let Some(best) = outcome.best else {
            self.searcher.wait();
            self.apply_deferred();
            if let Some(end) = ending(&mut self.game) {
                self.send(&end.claim());
            }
            self.flush_pongs();
            return;
        };
        let text = coords::move_to_gui(&self.game, best, self.gui_ranks());
        self.game.play(best);
        self.excluded.clear();
        self.send(&format!("move {text}"));
        let level = self.clock.level.unwrap_or(DEFAULT_LEVEL);
        let ply = with_position!(&self.game, p => p.plies_played());
        // This move ended a session of `level`'s moves (none ends where the game was taken
        // back past the `level`: the count is then 0, as the planner's).
        let done = self.moves_made_since_level(!self.game.side_to_move());
        let session_done = level.moves > 0 && done > 0 && done.is_multiple_of(level.moves as u64);
        self.clock.move_sent(level, session_done, ply);
        // The move is out; now collect the search threads (with many threads on few cores
        // they take a while to end). A `ping` held during the search is answered after all
        // the move's output: the claim and the commands put off until the move.
        self.searcher.wait();
        self.apply_deferred();
        self.hint = outcome.ponder;
        if let Some(end) = ending(&mut self.game) {
            self.send(&end.claim());
            self.flush_pongs();
            return;
        }
        self.flush_pongs();
        if self.ponder && !self.closing && self.engine == Some(!self.game.side_to_move()) {
            self.start_pondering(outcome.ponder);
        }
    }
}
