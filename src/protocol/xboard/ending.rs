//! How a game ends by its own rules, as Chimera claims it to XBoard (`RESULT {COMMENT}`).

use crate::game::Game;
use crate::tournament::referee;
use crate::types::Color;
use crate::variant::{RepetitionRule, StalemateRule};
use crate::with_position;

/// How a game ended by rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Mate {
        winner: Color,
    },
    /// `winner` is `None` where stalemate draws.
    Stalemate {
        winner: Option<Color>,
    },
    Repetition,
    MoveRule(u16),
    Material,
}

impl Ending {
    /// The `RESULT {COMMENT}` line that claims it.
    pub fn claim(self) -> String {
        let result = |w: Option<Color>| match w {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        match self {
            Ending::Mate { winner } => {
                let who = if winner == Color::White {
                    "White"
                } else {
                    "Black"
                };
                format!("{} {{{who} mates}}", result(Some(winner)))
            }
            Ending::Stalemate { winner } => format!("{} {{Stalemate}}", result(winner)),
            Ending::Repetition => "1/2-1/2 {Draw by repetition}".into(),
            Ending::MoveRule(plies) => format!("1/2-1/2 {{Draw by {} move rule}}", plies / 2),
            Ending::Material => "1/2-1/2 {Insufficient mating material}".into(),
        }
    }

    pub fn is_draw(self) -> bool {
        matches!(
            self,
            Ending::Stalemate { winner: None }
                | Ending::Repetition
                | Ending::MoveRule(_)
                | Ending::Material
        )
    }
}

/// The game's end by its own rules in the current position, if it has ended.
pub fn ending(game: &mut Game) -> Option<Ending> {
    let us = game.side_to_move();
    if referee::legal_moves(game).is_empty() {
        if game.in_check() {
            return Some(Ending::Mate { winner: !us });
        }
        let winner = match game.variant().stalemate {
            StalemateRule::Draw => None,
            StalemateRule::Loss => Some(!us),
            StalemateRule::Win => Some(us),
        };
        return Some(Ending::Stalemate { winner });
    }
    let (repetitions, halfmove) =
        with_position!(&*game, p => (p.repetitions(), p.halfmove_clock()));
    let v = game.variant().clone();
    if v.repetition == RepetitionRule::Draw && repetitions >= 2 {
        return Some(Ending::Repetition);
    }
    if v.move_rule > 0 && halfmove >= v.move_rule {
        return Some(Ending::MoveRule(v.move_rule));
    }
    if referee::insufficient_material(game) {
        return Some(Ending::Material);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn game(name: &str, fen: &str) -> Game {
        Registry::builtin()
            .find(name)
            .unwrap()
            .position(fen)
            .unwrap()
    }

    #[test]
    fn endings_follow_each_games_rules() {
        let mut g = game("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            ending(&mut g).map(Ending::claim).as_deref(),
            Some("1-0 {White mates}")
        );
        let mut g = game("chess", "7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            ending(&mut g).map(Ending::claim).as_deref(),
            Some("1/2-1/2 {Stalemate}")
        );
        let mut g = game("chess", "4k3/8/8/8/8/8/4P3/4K2R w - - 100 80");
        assert_eq!(
            ending(&mut g).map(Ending::claim).as_deref(),
            Some("1/2-1/2 {Draw by 50 move rule}")
        );
    }
}
