//! Coordinate move notation (`e2e4`, `a9a10c`, `N@e5`), converted only against a position:
//! text never becomes a `Move` without the legal move list.

use crate::game::Game;
use crate::position::Position;
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, Square};
use crate::with_position;

pub fn move_to_uci<B: Bitboard>(pos: &Position<B>, m: Move) -> String {
    let v = &*pos.variant;
    let size = v.size;
    match m.kind() {
        MoveKind::Drop => format!(
            "{}@{}",
            v.pieces[m.piece().index()].letter.to_ascii_uppercase(),
            size.name(m.to())
        ),
        MoveKind::Promotion => {
            format!(
                "{}{}{}",
                size.name(m.from()),
                size.name(m.to()),
                v.pieces[m.piece().index()].letter
            )
        }
        MoveKind::CastleHigh | MoveKind::CastleLow if king_move_is_ambiguous(pos, m) => {
            king_takes_partner(pos, m)
        }
        _ => format!("{}{}", size.name(m.from()), size.name(m.to())),
    }
}

/// Whether castling `m` needs another form than the king's move (`e1g1`), which would then
/// read as another move or as none: always in a Fischer Random game (as UCI_Chess960 writes
/// it), and in any game where the king does not move or could also step to its castling
/// square by an ordinary move here (a variants file's `castle-high = f e`, or a King that
/// leaps two squares).
pub fn king_move_is_ambiguous<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    if pos.variant.chess960 || m.from() == m.to() {
        return true;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().any(|&o| {
        !o.is_castling() && o.kind() != MoveKind::Drop && o.from() == m.from() && o.to() == m.to()
    })
}

/// As `move_to_uci`, castling written as the king taking its partner in every game when
/// `chess960` is set (the UCI_Chess960 option).
pub fn move_to_uci_in<B: Bitboard>(pos: &Position<B>, m: Move, chess960: bool) -> String {
    if chess960 && m.is_castling() {
        return king_takes_partner(pos, m);
    }
    move_to_uci(pos, m)
}

/// A castling move written as the king taking its partner (`e1h1`: the UCI_Chess960 form).
pub fn king_takes_partner<B: Bitboard>(pos: &Position<B>, m: Move) -> String {
    let side = (m.kind() == MoveKind::CastleLow) as usize;
    let partner = pos
        .partner_square(pos.side_to_move(), side)
        .unwrap_or(m.to());
    let size = pos.variant.size;
    format!("{}{}", size.name(m.from()), size.name(partner))
}

/// Finds the legal move written `text`. Castling is also accepted as the king taking its
/// partner (`e1h1`, the UCI_Chess960 form).
pub fn parse_uci<B: Bitboard>(pos: &Position<B>, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if text.is_empty() || text.len() > 12 || !text.is_ascii() {
        return Err(format!("'{text}' is not a move"));
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let lower = text.to_ascii_lowercase();
    for &m in list.iter() {
        let written = move_to_uci(pos, m);
        if written == text || (m.kind() != MoveKind::Drop && written == lower) {
            return Ok(m);
        }
        // Castling is read in both forms, whichever the game writes. The king's move comes
        // after every other move in the list, so where it reads like another king move (a
        // Fischer Random king one step from its castled square) that move wins.
        if m.is_castling() {
            let size = pos.variant.size;
            let kings_move = format!("{}{}", size.name(m.from()), size.name(m.to()));
            if king_takes_partner(pos, m) == lower || kings_move == lower {
                return Ok(m);
            }
        }
    }
    if looks_like_move(pos, text) {
        Err(format!("illegal move '{text}'"))
    } else {
        Err(format!("'{text}' is not a move"))
    }
}

/// The square and colour of the piece an automatic placement of the last ply put where
/// `text` (`R@e5`) says, if it is one.
fn automatic_placement_named<B: Bitboard>(
    pos: &Position<B>,
    text: &str,
) -> Option<(Square, Color)> {
    let (letter, square) = text.trim().split_once('@')?;
    let mut letters = letter.chars();
    let (Some(letter), None) = (letters.next(), letters.next()) else {
        return None;
    };
    let sq = pos.variant.size.parse(square)?;
    let kind = pos.variant.kind_of(letter)?;
    pos.placed_automatically(sq, kind).map(|color| (sq, color))
}

/// Placements named in a list of moves that take no ply: an automatic placement takes none,
/// but the cancellation rules' own example of a turn writes one (`bestmove R@e5,N@f6,…`), so
/// whoever reads a turn skips it rather than refuse the turn. One reader per list: each such
/// piece is skipped once.
#[derive(Default)]
pub struct AutomaticPlacements {
    /// The plies played when `named` was last cleared, and the squares named since.
    plies: usize,
    named: u128,
}

impl AutomaticPlacements {
    /// Whether `text` names, for the first time, a piece that the last ply of `game` placed
    /// automatically, of colour `owner` where that is given (a turn's plies are one side's).
    pub fn skip(&mut self, game: &Game, text: &str, owner: Option<Color>) -> bool {
        let Some((sq, color)) = with_position!(game, p => automatic_placement_named(p, text))
        else {
            return false;
        };
        let plies = game.plies_played();
        if plies != self.plies {
            (self.plies, self.named) = (plies, 0);
        }
        let bit = 1u128 << sq.index();
        if owner.is_some_and(|o| o != color) || self.named & bit != 0 {
            return false;
        }
        self.named |= bit;
        true
    }
}

fn looks_like_move<B: Bitboard>(pos: &Position<B>, text: &str) -> bool {
    let size = pos.variant.size;
    if let Some((_, sq)) = text.split_once('@') {
        return size.parse(sq).is_some();
    }
    match size.parse_prefix(text) {
        Some((_, n)) => size.parse_prefix(&text[n..]).is_some(),
        None => false,
    }
}

impl Game {
    pub fn move_to_uci(&self, m: Move) -> String {
        with_position!(self, p => move_to_uci(p, m))
    }
    pub fn parse_uci(&self, text: &str) -> Result<Move, String> {
        with_position!(self, p => parse_uci(p, text))
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::Registry;

    /// Castling is written as the king's move only where that reads back as the castling:
    /// a king that stays put, or one whose castling square is also an ordinary move of its
    /// here, takes its partner instead (`e1h1`). Every form written reads back as its move.
    #[test]
    fn castling_is_written_so_that_it_reads_back() {
        let mut r = Registry::builtin();
        let files = "[step-castle : chess]\ncastle-high = f e\ncastle-low = d e\n\
                     [still-castle : chess]\ncastle-high = e f\ncastle-low = c d\n\
                     [dabbaba-king : chess]\npiece = k King KD 0 royal\n";
        r.load(files).expect("the test's variants file loads");
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        for (game, high, low) in [
            ("chess", "e1g1", "e1c1"),
            ("step-castle", "e1h1", "e1a1"),
            ("still-castle", "e1h1", "e1c1"),
            ("dabbaba-king", "e1h1", "e1a1"),
        ] {
            let g = r
                .find(game)
                .map_err(|e| e.to_string())
                .and_then(|gt| gt.position(fen).map_err(|e| e.0))
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let mut list = crate::types::MoveList::new();
            g.legal_moves(&mut list);
            let mut written = Vec::new();
            for &m in list.iter() {
                let text = g.move_to_uci(m);
                assert_eq!(g.parse_uci(&text), Ok(m), "{game}: {text}");
                if m.is_castling() {
                    written.push(text);
                }
            }
            written.sort();
            let mut want = vec![high.to_string(), low.to_string()];
            want.sort();
            assert_eq!(written, want, "{game}");
        }
    }
}
