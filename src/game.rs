//! The one place the bitboard width is chosen: a game type holds tables of 64 or 128 bits,
//! and a `Game` is a position of either width. Everything below is generic.

use crate::movegen::Tables;
use crate::position::{FenError, Position, Setup};
use crate::types::{Bitboard, Color, Move, MoveList};
use crate::variant::Variant;
use nnue_free_eval::EvalParams;
use std::sync::{Arc, OnceLock};

#[derive(Clone)]
enum AnyTables {
    Narrow(Arc<Tables<u64>>),
    Wide(Arc<Tables<u128>>),
}

/// What a game's play needs beyond its rules: built the first time it is asked for, then
/// shared by every copy of the game type.
struct Compiled {
    tables: AnyTables,
    eval: Arc<EvalParams>,
}

/// A game: the variant, and its move tables and evaluation data, built once, when the game is
/// first played (a registry of every game costs no memory for the games nobody chooses), and
/// shared.
#[derive(Clone)]
pub struct GameType {
    pub variant: Arc<Variant>,
    compiled: Arc<OnceLock<Compiled>>,
}

fn max_targets<B: Bitboard>(variant: &Variant, tables: &Tables<B>) -> Vec<u8> {
    variant
        .kinds()
        .map(|k| {
            let most = variant
                .size
                .all_squares()
                .map(|s| tables.empty_board_reach(Color::White, k, s).count());
            most.max().unwrap_or(0).min(255) as u8
        })
        .collect()
}

impl std::fmt::Debug for GameType {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "GameType({})", self.variant.name)
    }
}

impl GameType {
    pub fn new(variant: Variant) -> GameType {
        GameType {
            variant: Arc::new(variant),
            compiled: Arc::new(OnceLock::new()),
        }
    }

    fn compiled(&self) -> &Compiled {
        self.compiled.get_or_init(|| {
            let variant = &*self.variant;
            // The evaluation data needs the tables' reach, and the tables then take the
            // evaluation's per-piece sums.
            let (tables, eval) = if variant.size.squares() <= 64 {
                let mut t = Tables::<u64>::new(variant);
                let eval = crate::evaluation::eval_params(variant, &max_targets(variant, &t));
                t.attach_eval(&eval);
                (AnyTables::Narrow(Arc::new(t)), eval)
            } else {
                let mut t = Tables::<u128>::new(variant);
                let eval = crate::evaluation::eval_params(variant, &max_targets(variant, &t));
                t.attach_eval(&eval);
                (AnyTables::Wide(Arc::new(t)), eval)
            };
            Compiled {
                tables,
                eval: Arc::new(eval),
            }
        })
    }

    /// The same game with its tables not built yet (they are built when it is first played).
    pub fn without_tables(&self) -> GameType {
        GameType {
            variant: self.variant.clone(),
            compiled: Arc::new(OnceLock::new()),
        }
    }

    /// Whether the tables are built and this is the only copy of the game type holding them
    /// (a copy made after they were built shares them).
    pub fn holds_tables_alone(&self) -> bool {
        self.is_compiled() && Arc::strong_count(&self.compiled) == 1
    }

    /// The evaluation's data for this game.
    pub fn eval(&self) -> &Arc<EvalParams> {
        &self.compiled().eval
    }

    /// Whether the tables have been built (tests).
    pub fn is_compiled(&self) -> bool {
        self.compiled.get().is_some()
    }

    pub fn position(&self, fen: &str) -> Result<Game, FenError> {
        let setup = Setup::parse(&self.variant, fen)?;
        Ok(match &self.compiled().tables {
            AnyTables::Narrow(t) => Game::Narrow(Position::from_setup(
                self.variant.clone(),
                t.clone(),
                &setup,
            )?),
            AnyTables::Wide(t) => Game::Wide(Position::from_setup(
                self.variant.clone(),
                t.clone(),
                &setup,
            )?),
        })
    }

    pub fn start(&self) -> Game {
        self.position(&self.variant.start_fen).unwrap_or_else(|e| {
            panic!(
                "start position of {} was checked at load: {e}",
                self.variant.name
            )
        })
    }
}

/// A position of either width.
// The wide position is larger (its bitboards are twice the size), but a game is built once
// and handed to a search by reference: a box would only add a pointer to every use.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Game {
    Narrow(Position<u64>),
    Wide(Position<u128>),
}

/// Runs `$body` with `$p` bound to the position, whatever its width.
#[macro_export]
macro_rules! with_position {
    ($game:expr, $p:ident => $body:expr) => {
        match $game {
            $crate::game::Game::Narrow($p) => $body,
            $crate::game::Game::Wide($p) => $body,
        }
    };
}

impl Game {
    pub fn variant(&self) -> &Arc<Variant> {
        with_position!(self, p => &p.variant)
    }
    pub fn fen(&self) -> String {
        with_position!(self, p => p.fen())
    }
    pub fn side_to_move(&self) -> Color {
        with_position!(self, p => p.side_to_move())
    }
    pub fn legal_moves(&self, list: &mut MoveList) {
        with_position!(self, p => p.legal_moves(list))
    }
    pub fn play(&mut self, m: Move) {
        with_position!(self, p => p.play(m))
    }
    /// A copy to search from, whose cost does not grow with the game
    /// (`Position::clone_recent`).
    pub fn clone_recent(&self) -> Game {
        match self {
            Game::Narrow(p) => Game::Narrow(p.clone_recent()),
            Game::Wide(p) => Game::Wide(p.clone_recent()),
        }
    }
    /// Takes back the last move, or the last pass (`pass`).
    pub fn undo(&mut self) {
        with_position!(self, p => if p.last_move() == Some(Move::NULL) {
            p.undo_null()
        } else {
            p.undo()
        })
    }
    /// A null move: the turn passes with nothing played (UCI's `0000`), as the search's null
    /// move does. Refused in check, where passing would leave the king en prise, mid-turn,
    /// with placements owed, and where the side to move has no move: the game is over
    /// (stalemate), and a pass would let it go on.
    pub fn pass(&mut self) -> Result<(), &'static str> {
        if self.in_check() {
            return Err("a null move is not allowed in check");
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err("a null move is not allowed where the game is over (no legal move)");
        }
        with_position!(self, p => {
            if p.placement_pending() {
                return Err("a null move is not allowed while placements are owed");
            }
            p.play_null();
        });
        Ok(())
    }
    pub fn plies_played(&self) -> usize {
        with_position!(self, p => p.plies_played())
    }
    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }
    pub fn compute_hash(&self) -> u64 {
        with_position!(self, p => p.compute_hash())
    }
    /// Plays `line` from here on a copy: the first move that is not legal where it comes,
    /// described (`e2e5 is not legal in FEN`), if there is one.
    pub fn first_illegal(&self, line: &[Move]) -> Option<String> {
        let mut g = self.clone();
        for &m in line {
            let mut list = MoveList::new();
            g.legal_moves(&mut list);
            if !list.contains(m) {
                return Some(format!("{} is not legal in {}", g.move_to_uci(m), g.fen()));
            }
            g.play(m);
        }
        None
    }
    pub fn in_check(&self) -> bool {
        with_position!(self, p => p.in_check())
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::Registry;

    /// A pass changes only the side to move (and clears en passant), is refused in check and
    /// with placements owed, and `undo` takes it back.
    #[test]
    fn a_pass_changes_only_the_turn() {
        let reg = Registry::builtin();
        let chess = reg.find("chess").expect("chess");
        let mut g = chess
            .position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .expect("FEN");
        let before = g.fen();
        assert_eq!(g.pass(), Ok(()));
        assert_eq!(
            g.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
        );
        assert_eq!(g.hash(), g.compute_hash());
        g.undo();
        assert_eq!(g.fen(), before);

        let mut checked = chess
            .position("rnbqkbnr/ppp1pppp/3p4/1B6/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2")
            .expect("FEN");
        let before = checked.fen();
        assert!(checked.pass().is_err());
        assert_eq!(checked.fen(), before);

        let cancellation = reg.find("cancellation-chess").expect("cancellation-chess");
        let mut owed = cancellation
            .position("4k3/8/8/8/3r4/8/8/Q3K3 w - - 0 1")
            .expect("FEN");
        let m = owed.parse_uci("a1d4").expect("a1d4");
        owed.play(m);
        let before = owed.fen();
        assert!(owed.pass().is_err());
        assert_eq!(owed.fen(), before);

        // Stalemate ends the game: no pass lets it go on.
        let mut stalemate = chess
            .position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
            .expect("FEN");
        let before = stalemate.fen();
        assert!(stalemate.pass().is_err());
        assert_eq!(stalemate.fen(), before);
    }
}
