//! The referee: the moves the rules allow (with no-repetition games' repeats removed) and how a
//! game ends by the variant's rules. Everything is read from the variant's data.

use crate::game::Game;
use crate::types::{Color, Move, MoveList};
use crate::variant::{RepetitionRule, StalemateRule};
use crate::with_position;

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    /// Not finished (aborted).
    Unfinished,
}

impl Outcome {
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unfinished => "*",
        }
    }
    pub fn from_pgn(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::Win(Color::White)),
            "0-1" => Some(Outcome::Win(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unfinished),
            _ => None,
        }
    }
    /// The points `c` scores (in half points).
    pub fn half_points(self, c: Color) -> u32 {
        match self {
            Outcome::Win(w) if w == c => 2,
            Outcome::Draw => 1,
            _ => 0,
        }
    }
}

/// How a game ended, as PGN's `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    TimeForfeit,
    IllegalMove,
    /// The engine crashed or could not be started.
    Abandoned,
    StalledConnection,
    Adjudication,
    /// A protocol error or a false claim.
    RulesInfraction,
    Unterminated,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Abandoned => "abandoned",
            Termination::StalledConnection => "stalled connection",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules infraction",
            Termination::Unterminated => "unterminated",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: Outcome,
    pub termination: Termination,
    /// One line for people: `White mates`, `Black makes an illegal move: e2e5`.
    pub reason: String,
}

impl Ending {
    pub fn new(outcome: Outcome, termination: Termination, reason: impl Into<String>) -> Ending {
        Ending {
            outcome,
            termination,
            reason: reason.into(),
        }
    }
    /// `loser` loses the game for `reason`.
    pub fn loss(loser: Color, termination: Termination, reason: impl Into<String>) -> Ending {
        Ending::new(Outcome::Win(!loser), termination, reason)
    }
}

/// The moves the rules allow (the generator already removes the repeats of no-repetition games).
pub fn legal_moves(game: &mut Game) -> Vec<Move> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Is `m` a move the rules allow here?
pub fn is_legal(game: &mut Game, m: Move) -> bool {
    legal_moves(game).contains(&m)
}

/// Whether `color` could still win, so that the opponent's time forfeit is its win and not a
/// draw: it has anything but its royal piece, or the game does not draw a stalemate (a bare
/// King then wins by leaving the other side without a move, as in the Canonical games).
pub fn could_still_win(game: &Game, color: Color) -> bool {
    with_position!(game, p => {
        let v = &*p.variant;
        v.stalemate != StalemateRule::Draw
            || v.kinds().any(|k| k != v.royal && p.count(color, k) > 0)
    })
}

/// FIDE's dead positions, as far as a game's data tells them (`Position::dead_material`).
pub fn insufficient_material(game: &Game) -> bool {
    with_position!(game, p => p.dead_material())
}

/// How the game stands by the rules after the last move: `None` while it goes on.
pub fn rule_ending(game: &mut Game) -> Option<Ending> {
    let us = game.side_to_move();
    if legal_moves(game).is_empty() {
        if game.in_check() {
            return Some(Ending::loss(
                us,
                Termination::Normal,
                format!("{} mates", color_name(!us)),
            ));
        }
        return Some(match game.variant().stalemate {
            StalemateRule::Draw => {
                Ending::new(Outcome::Draw, Termination::Normal, "Draw by stalemate")
            }
            StalemateRule::Loss => Ending::loss(
                us,
                Termination::Normal,
                format!("{} wins by stalemate", color_name(!us)),
            ),
            StalemateRule::Win => Ending::new(
                Outcome::Win(us),
                Termination::Normal,
                format!("{} wins by stalemate", color_name(us)),
            ),
        });
    }
    let (repetitions, halfmove, move_rule) =
        with_position!(&*game, p => (p.repetitions(), p.halfmove_clock(), p.variant.move_rule));
    if game.variant().repetition == RepetitionRule::Draw && repetitions >= 2 {
        return Some(Ending::new(
            Outcome::Draw,
            Termination::Normal,
            "Draw by 3-fold repetition",
        ));
    }
    if move_rule > 0 && halfmove >= move_rule {
        return Some(Ending::new(
            Outcome::Draw,
            Termination::Normal,
            format!("Draw by {}-move rule", move_rule / 2),
        ));
    }
    if insufficient_material(game) {
        return Some(Ending::new(
            Outcome::Draw,
            Termination::Normal,
            "Draw by insufficient mating material",
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn game(variant: &str, fen: &str) -> Game {
        Registry::builtin()
            .find(variant)
            .unwrap()
            .position(fen)
            .unwrap()
    }

    #[test]
    fn mate_stalemate_and_material() {
        let mut g = game("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(rule_ending(&mut g).unwrap().reason, "White mates");
        let mut g = game("chess", "7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert_eq!(rule_ending(&mut g).unwrap().outcome, Outcome::Draw);
        let mut g = game("chess", "7k/8/6NK/8/8/8/8/8 b - - 0 1");
        assert!(insufficient_material(&g));
        assert_eq!(
            rule_ending(&mut g).unwrap().reason,
            "Draw by insufficient mating material"
        );
        let g = game("chess", "7k/8/6RK/8/8/8/8/8 b - - 0 1");
        assert!(!insufficient_material(&g));
        let g = game("chess", "7k/8/5NNK/8/8/8/8/8 b - - 0 1");
        assert!(!insufficient_material(&g));
        assert!(could_still_win(&g, Color::White));
        assert!(!could_still_win(&g, Color::Black));
        // Canon: stalemate wins for the stalemating side, so a bare King may still win on time.
        let g = game("canon", "4k2/7/2r4/7/7/7/K6 b - - 0 1");
        assert!(could_still_win(&g, Color::White));
        // Qa1xRd4 in cancellation chess: the kings alone are on the board until White places
        // the remnant (a minor piece and a pawn), so no draw yet.
        let mut g = game("cancellation-chess", "4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1");
        let m = g.parse_uci("a1d4").unwrap();
        g.play(m);
        assert!(!insufficient_material(&g));
        assert!(rule_ending(&mut g).is_none());
    }

    #[test]
    fn repetition_and_move_rule() {
        let mut g = game("chess", "4k3/8/8/8/8/8/4P3/4K2R w - - 0 1");
        let moves = ["h1h2", "e8d8", "h2h1", "d8e8", "h1h2", "e8d8", "h2h1"];
        for m in moves {
            assert!(rule_ending(&mut g).is_none());
            let mv = g.parse_uci(m).unwrap();
            g.play(mv);
        }
        assert!(rule_ending(&mut g).is_none());
        let mv = g.parse_uci("d8e8").unwrap();
        g.play(mv);
        assert_eq!(
            rule_ending(&mut g).unwrap().reason,
            "Draw by 3-fold repetition"
        );
        let mut g = game("chess", "4k3/8/8/8/8/8/4P3/4K2R w - - 99 80");
        let mv = g.parse_uci("h1h2").unwrap();
        g.play(mv);
        assert_eq!(rule_ending(&mut g).unwrap().reason, "Draw by 50-move rule");
    }
}
