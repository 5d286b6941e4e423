//! What the UCI front end writes: one output thread takes lines, search reports and answers
//! in the order they were sent, so a `bestmove` never overtakes the `info` lines before it.

use super::super::notation::move_to_uci_in;
use crate::game::Game;
use crate::search::tt::Bound;
use crate::search::{Listener, Outcome, Report, RootProgress, Score};
use crate::types::Move;
use crate::with_position;
use std::io::Write;
use std::sync::{mpsc, Arc};

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

/// `cp N` or `mate N`, with UCI's `lowerbound` / `upperbound` when the score is only a bound.
fn format_score(s: Score, bound: Bound) -> String {
    let value = match s {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    match bound {
        Bound::Exact => value,
        Bound::Lower => format!("{value} lowerbound"),
        Bound::Upper => format!("{value} upperbound"),
    }
}

/// The root move being searched is told only once a search has run this long (Stockfish's
/// custom): in short searches the lines would only be noise.
const CURRMOVE_AFTER_MS: u64 = 3_000;

/// What the output thread writes, in the order it was sent.
pub(super) enum Output {
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
    CurrentMove {
        root: Arc<Game>,
        chess960: bool,
        progress: RootProgress,
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
                    // The deepest ply of this iteration can be short of its depth when the
                    // table answers near the root; the nominal depth was reached all the same.
                    r.seldepth.max(r.depth.max(0) as usize),
                    r.multipv,
                    format_score(r.score, r.bound),
                    r.nodes,
                    r.nps,
                    r.hashfull,
                    r.time_ms,
                    pv
                )
            }
            Output::CurrentMove {
                root,
                chess960,
                progress: p,
            } => match format_line(&root, &[p.mv], chess960).first() {
                Some(m) => writeln!(
                    w,
                    "info depth {} currmove {m} currmovenumber {}",
                    p.depth, p.number
                ),
                None => Ok(()),
            },
            Output::Answer {
                root,
                chess960,
                outcome: o,
            } => {
                // `line` starts with `best` (see `SharedContext::answer`).
                if o.best.is_none() {
                    writeln!(
                        w,
                        "info depth 0 score {}",
                        format_score(o.score, Bound::Exact)
                    )?;
                    return writeln!(w, "bestmove (none)");
                }
                // The final statistics (the spec asks for them right before `bestmove`): the
                // search may have run past its last report, or stopped inside an iteration.
                // Before the first iteration is complete there is no score to tell.
                let score = match o.depth {
                    0 => String::new(),
                    _ => format!(" score {}", format_score(o.score, o.bound)),
                };
                writeln!(
                    w,
                    "info depth {}{score} nodes {} nps {} time {} pv {}",
                    o.depth,
                    o.nodes,
                    o.nps(),
                    o.time_ms(),
                    format_line(&root, &o.line, chess960).join(" ")
                )?;
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
pub(super) struct Writer {
    tx: Option<mpsc::Sender<Output>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    pub(super) fn new<W: Write + Send + 'static>(out: W) -> Writer {
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

    pub(super) fn sender(&self) -> mpsc::Sender<Output> {
        self.tx.clone().expect("the writer is open until dropped")
    }

    pub(super) fn send(&self, o: Output) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(o);
        }
    }

    /// Writes everything sent so far and ends the thread.
    pub(super) fn close(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Output::Close);
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Hands a search's reports and answer to the output thread.
pub(super) struct UciListener {
    pub(super) tx: mpsc::Sender<Output>,
    pub(super) root: Arc<Game>,
    pub(super) chess960: bool,
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

    fn root_progress(&mut self, p: &RootProgress) {
        if p.time_ms >= CURRMOVE_AFTER_MS {
            let _ = self.tx.send(Output::CurrentMove {
                root: self.root.clone(),
                chess960: self.chess960,
                progress: *p,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::MoveList;
    use crate::variant::Registry;

    /// A principal variation is written only as far as its moves are legal in turn (a move
    /// from the table may belong to another position): a pinned Knight's move ends it.
    #[test]
    fn lines_stop_at_the_first_illegal_move() {
        let r = Registry::builtin();
        let chess = r.find("chess").expect("chess");
        let free = chess
            .position("4k3/4r3/8/8/8/8/4N3/K7 w - - 0 1")
            .expect("FEN");
        let pinned = chess
            .position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
            .expect("FEN");
        let knight = free.parse_uci("e2c3").expect("e2c3 with the King on a1");
        let king = pinned.parse_uci("e1d1").expect("e1d1");
        let mut after = pinned.clone();
        after.play(king);
        let rook = after.parse_uci("e7e2").expect("e7e2 after e1d1");
        assert_eq!(format_line(&free, &[knight, knight], false), ["e2c3"]);
        assert_eq!(
            format_line(&pinned, &[knight, king], false),
            Vec::<String>::new()
        );
        assert_eq!(
            format_line(&pinned, &[king, rook, knight], false),
            ["e1d1", "e7e2"]
        );
        assert_eq!(
            format_turns(&pinned, &[knight], false),
            Vec::<String>::new()
        );
    }

    /// The line before `bestmove`: a score only once an iteration is complete (a search stopped
    /// before its first one has only the table's or the first legal move, and no score).
    #[test]
    fn the_final_info_has_a_score_only_after_an_iteration() {
        let r = Registry::builtin();
        let game = r.find("chess").expect("chess").start();
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        let best = list.as_slice()[0];
        for (depth, bound, expected) in [
            (0, Bound::Exact, "info depth 0 nodes 0 nps 0 time 0 pv "),
            (
                3,
                Bound::Exact,
                "info depth 3 score cp 25 nodes 5811 nps 2330926 time 2 pv ",
            ),
            (
                3,
                Bound::Lower,
                "info depth 3 score cp 25 lowerbound nodes 5811 ",
            ),
            (
                3,
                Bound::Upper,
                "info depth 3 score cp 25 upperbound nodes 5811 ",
            ),
        ] {
            // The speed comes from the search's microseconds (5,811 nodes in 2,493 µs), as in
            // the iterations' reports, not from the whole milliseconds shown.
            let (nodes, time_us) = if depth == 0 { (0, 0) } else { (5811, 2_493) };
            let outcome = Outcome {
                best: Some(best),
                ponder: None,
                line: vec![best],
                score: Score::Centipawns(25),
                bound,
                depth,
                nodes,
                time_us,
            };
            let mut out = Vec::new();
            Output::Answer {
                root: Arc::new(game.clone()),
                chess960: false,
                outcome,
            }
            .write(&mut out)
            .expect("written");
            let text = String::from_utf8(out).expect("UTF-8");
            let first = text.lines().next().expect("a line");
            assert!(first.starts_with(expected), "{text}");
            assert!(
                text.lines()
                    .nth(1)
                    .is_some_and(|l| l.starts_with("bestmove ")),
                "{text}"
            );
        }
    }
}
