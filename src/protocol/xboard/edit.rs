//! XBoard's `edit` mode: the board set up piece by piece (`c`, `Pa4`, `xa4`, `#`, `.`), for GUIs
//! that do not use `setboard`. The pieces are kept as FEN letters, so that the finished board
//! goes through the same FEN reader as `setboard` and is refused the same way.

use crate::game::Game;
use crate::types::{BoardSize, Color, Square};
use crate::with_position;

/// A board being edited.
pub struct BoardEdit {
    size: BoardSize,
    /// FEN letters by square index, `None` for an empty square.
    cells: Vec<Option<char>>,
    /// The colour of the pieces placed next (`c` switches it).
    color: Color,
    /// The game's piece letters (lowercase).
    letters: Vec<char>,
}

/// What one line of edit mode asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum EditStep {
    Continue,
    /// `.`: the edit is over.
    Done,
}

impl BoardEdit {
    /// Starts from `game`'s board, placing White's pieces.
    pub fn new(game: &Game) -> BoardEdit {
        let v = game.variant();
        let cells = v
            .size
            .all_squares()
            .map(|sq| {
                with_position!(game, p => p.piece_at(sq)).map(|pc| v.letter(pc.color(), pc.kind()))
            })
            .collect();
        BoardEdit {
            size: v.size,
            cells,
            color: Color::White,
            letters: v.pieces.iter().map(|p| p.letter).collect(),
        }
    }

    /// Applies one line; `square` reads a square as the GUI names it.
    pub fn apply(
        &mut self,
        line: &str,
        square: impl Fn(&str) -> Option<Square>,
    ) -> Result<EditStep, String> {
        let line = line.trim();
        match line {
            "." => return Ok(EditStep::Done),
            "c" | "C" => self.color = !self.color,
            "#" => self.clear(),
            _ => {
                let mut chars = line.chars();
                let letter = chars.next().filter(char::is_ascii_alphabetic);
                let at = chars.as_str();
                let (Some(letter), Some(sq)) = (letter, square(at)) else {
                    return Err(format!("not an edit command: {line}"));
                };
                let index = self.index(sq).ok_or_else(|| format!("no square {at}"))?;
                if letter != 'x' && !self.letters.contains(&letter.to_ascii_lowercase()) {
                    return Err(format!("'{letter}' is not a piece of this game"));
                }
                self.cells[index] = match letter {
                    'x' => None,
                    _ if self.color == Color::White => Some(letter.to_ascii_uppercase()),
                    _ => Some(letter.to_ascii_lowercase()),
                };
            }
        }
        Ok(EditStep::Continue)
    }

    /// Empties the board (`#`).
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
    }

    fn index(&self, sq: Square) -> Option<usize> {
        let i = sq.index();
        (i < self.cells.len()).then_some(i)
    }

    /// The board field of a FEN (rank by rank from the top).
    pub fn board_field(&self) -> String {
        super::coords::board_field(self.size, &self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn start(name: &str) -> Game {
        Registry::builtin().find(name).unwrap().start()
    }

    #[test]
    fn the_start_board_reads_back_as_it_was() {
        for name in [
            "chess",
            "capablanca",
            "grand",
            "chancellor",
            "cannons-and-crabs",
        ] {
            let game = start(name);
            let edit = BoardEdit::new(&game);
            let fen = game.fen();
            assert_eq!(edit.board_field(), fen.split(' ').next().unwrap(), "{name}");
        }
    }

    #[test]
    fn pieces_are_placed_in_the_current_colour_and_removed() {
        let game = start("chess");
        let size = game.variant().size;
        let square = |t: &str| size.parse(t);
        let mut edit = BoardEdit::new(&game);
        for line in ["#", "Ke1", "Ra1", "c", "Ke8", "Pd5", "xa1"] {
            assert_eq!(edit.apply(line, square), Ok(EditStep::Continue), "{line}");
        }
        assert_eq!(edit.board_field(), "4k3/8/8/3p4/8/8/8/4K3");
        for bad in ["K", "Kz9", "1e4", "ke", "Ke1x", "", "Ze4"] {
            assert!(edit.apply(bad, square).is_err(), "{bad}");
        }
        assert_eq!(edit.board_field(), "4k3/8/8/3p4/8/8/8/4K3");
        assert_eq!(edit.apply(".", square), Ok(EditStep::Done));
    }
}
