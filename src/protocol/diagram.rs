//! Board drawings for the terminal: the boxed grid of UCI's `d`, the compact grid of
//! `chimera play`, and the diamond view of games played on a board turned 45 degrees (the
//! Canonical family: `display = diamond` in the variant file).
//!
//! The diamond puts each grid point (x, y) (1-based file and rank) on screen row x + y (the
//! highest row on top) and screen column x - y, so the grid's a1 is the bottom corner, its files
//! run up to the right and its ranks up to the left. The coordinates are written outside the
//! four edges, where the missing file 0 / rank 0 and file N+1 / rank N+1 would be: file letters
//! below-right of rank 1 and above-left of the last rank, rank numbers below-left of file a and
//! above-right of the last file.

use crate::game::Game;
use crate::types::{Bitboard, BoardSize, Square};
use crate::variant::BoardView;
use crate::with_position;

/// What to draw: the piece letter on each square, the squares to mark (the last move), and the
/// empty squares to draw as `+` (the zones a piece is confined to: Canonical's fortresses).
#[derive(Clone, Debug)]
pub struct Diagram {
    size: BoardSize,
    /// Piece letter per square index (uppercase White, lowercase Black).
    cells: Vec<Option<char>>,
    /// Squares of the zones pieces are confined to.
    zone: Vec<bool>,
    zone_names: Vec<String>,
    marked: Vec<bool>,
    flipped: bool,
}

/// The letter for a file (0-based).
fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

impl Diagram {
    /// A board of `size` with `cells[square index]` on it; nothing marked, White at the bottom.
    pub fn new(size: BoardSize, cells: Vec<Option<char>>) -> Diagram {
        assert_eq!(cells.len(), size.squares(), "one cell per square");
        Diagram {
            size,
            cells,
            zone: vec![false; size.squares()],
            zone_names: Vec::new(),
            marked: vec![false; size.squares()],
            flipped: false,
        }
    }

    /// The position of `game`, with the zones its pieces are confined to.
    pub fn of(game: &Game) -> Diagram {
        let v = game.variant();
        let size = v.size;
        let cells = with_position!(game, p => size
            .all_squares()
            .map(|sq| p.piece_at(sq).map(|pc| v.letter(pc.color(), pc.kind())))
            .collect());
        let mut d = Diagram::new(size, cells);
        let mut confining: Vec<usize> = v.pieces.iter().filter_map(|p| p.confined).collect();
        confining.sort_unstable();
        confining.dedup();
        for z in confining {
            let zone = &v.zones[z];
            d.zone_names.push(zone.name.clone());
            for sq in zone.squares.iter().flatten() {
                d.zone[sq.index()] = true;
            }
        }
        d
    }

    /// Marks these squares (drawn in brackets: `[P]`).
    pub fn marked(mut self, squares: &[Square]) -> Diagram {
        for sq in squares {
            self.marked[sq.index()] = true;
        }
        self
    }

    /// Black at the bottom (a half turn).
    pub fn flipped(mut self, flipped: bool) -> Diagram {
        self.flipped = flipped;
        self
    }

    fn files(&self) -> Vec<u8> {
        let mut f: Vec<u8> = (0..self.size.files).collect();
        if self.flipped {
            f.reverse();
        }
        f
    }

    /// Ranks from the top of the drawing down.
    fn ranks(&self) -> Vec<u8> {
        let mut r: Vec<u8> = (0..self.size.ranks).collect();
        if !self.flipped {
            r.reverse();
        }
        r
    }

    fn cell(&self, sq: Square, empty: char) -> char {
        match self.cells[sq.index()] {
            Some(c) => c,
            None if self.zone[sq.index()] => '+',
            None => empty,
        }
    }

    /// The grid in boxes, as UCI's `d` draws it: rank numbers on the right, files below.
    pub fn boxed_grid(&self) -> Vec<String> {
        let rule = format!(" {}+", "+---".repeat(self.size.files as usize));
        let mut out = vec![rule.clone()];
        for rank in self.ranks() {
            let mut row = String::from(" |");
            for file in self.files() {
                let c = self.cells[self.size.square(file, rank).index()].unwrap_or(' ');
                row.push_str(&format!(" {c} |"));
            }
            row.push_str(&format!(" {}", rank + 1));
            out.push(row);
            out.push(rule.clone());
        }
        out.push(
            self.files()
                .iter()
                .map(|&f| format!("   {}", file_letter(f)))
                .collect(),
        );
        out
    }

    /// The compact grid of `chimera play`: coordinates on all four sides, empty squares `.`,
    /// marked squares in brackets.
    pub fn grid(&self) -> Vec<String> {
        let letters: String = self
            .files()
            .iter()
            .map(|&f| format!(" {} ", file_letter(f)))
            .collect();
        let letters = format!("    {}", letters.trim_end());
        let mut out = vec![letters.clone()];
        for rank in self.ranks() {
            let mut row = format!("{:>3} ", rank as u32 + 1);
            for file in self.files() {
                let sq = self.size.square(file, rank);
                let c = self.cell(sq, '.');
                if self.marked[sq.index()] {
                    row.push_str(&format!("[{c}]"));
                } else {
                    row.push_str(&format!(" {c} "));
                }
            }
            row.push_str(&format!(" {}", rank as u32 + 1));
            out.push(row);
        }
        out.push(letters);
        out
    }

    /// The diamond view: one line per screen row (points of equal x + y), centred, with the
    /// coordinates outside the four edges. Empty points are `.`, marked ones in brackets.
    pub fn diamond(&self) -> Vec<String> {
        let (nf, nr) = (self.size.files as i32, self.size.ranks as i32);
        // Virtual coordinates 0..=nf+1 by 0..=nr+1: the points, 1-based, and the labels around
        // them. Screen row (from the top) and character column of each.
        let at = |x: i32, y: i32| -> (usize, usize) {
            let (x, y) = if self.flipped {
                (nf + 1 - x, nr + 1 - y)
            } else {
                (x, y)
            };
            (
                (nf + nr + 1 - (x + y)) as usize,
                2 * (x - y + nr) as usize + 2,
            )
        };
        let mut grid = vec![vec![' '; 2 * (nf + nr) as usize + 5]; (nf + nr + 1) as usize];
        let mut put = |(row, pos): (usize, usize), text: &str, align_right: bool| {
            let start = if align_right {
                pos + 1 - text.chars().count()
            } else {
                pos
            };
            for (i, c) in text.chars().enumerate() {
                grid[row][start + i] = c;
            }
        };
        for x in 1..=nf {
            let letter = file_letter((x - 1) as u8).to_string();
            put(at(x, 0), &letter, false);
            put(at(x, nr + 1), &letter, false);
        }
        for y in 1..=nr {
            // Rank numbers on the screen's left edge end where a point would stand.
            put(at(0, y), &y.to_string(), !self.flipped);
            put(at(nf + 1, y), &y.to_string(), self.flipped);
        }
        for x in 1..=nf {
            for y in 1..=nr {
                let sq = self.size.square((x - 1) as u8, (y - 1) as u8);
                let (row, pos) = at(x, y);
                if self.marked[sq.index()] {
                    put((row, pos - 1), &format!("[{}]", self.cell(sq, '.')), false);
                } else {
                    put((row, pos), &self.cell(sq, '.').to_string(), false);
                }
            }
        }
        grid.into_iter()
            .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    /// A line explaining the `+` points, if any are drawn.
    pub fn legend(&self) -> Option<String> {
        if self.zone_names.is_empty() {
            return None;
        }
        Some(format!(
            "+ = empty point of the {} zone{} (pieces confined there)",
            self.zone_names.join(", "),
            if self.zone_names.len() > 1 { "s" } else { "" }
        ))
    }
}

/// Two drawings side by side, the shorter one centred vertically; trailing blanks removed.
pub fn side_by_side(left: &[String], right: &[String], gap: usize) -> Vec<String> {
    let width = left.iter().map(|l| l.chars().count()).max().unwrap_or(0) + gap;
    let rows = left.len().max(right.len());
    let (lo, ro) = ((rows - left.len()) / 2, (rows - right.len()) / 2);
    (0..rows)
        .map(|i| {
            let l = i.checked_sub(lo).and_then(|j| left.get(j));
            let r = i.checked_sub(ro).and_then(|j| right.get(j));
            let l = l.map_or("", String::as_str);
            let r = r.map_or("", String::as_str);
            let pad = width - l.chars().count();
            format!("{l}{}{r}", " ".repeat(pad)).trim_end().to_string()
        })
        .collect()
}

/// UCI's (and XBoard's) `d`: the boxed grid, the diamond view where the game asks for it, FEN,
/// hash key and checkers.
pub fn position_report(game: &Game) -> Vec<String> {
    with_position!(game, p => {
        let v = &*p.variant;
        let size = v.size;
        let d = Diagram::of(game);
        let mut out = vec![String::new()];
        out.extend(d.boxed_grid());
        if v.display == BoardView::Diamond {
            out.push(String::new());
            out.push("Diamond view (as the board is seen):".to_string());
            out.extend(d.diamond());
            out.extend(d.legend());
        }
        out.push(String::new());
        out.push(format!("Variant: {} ({}x{})", v.name, size.files, size.ranks));
        out.push(format!("Fen: {}", p.fen()));
        out.push(format!("Key: {:016X}", p.hash()));
        let checkers: Vec<String> = p.checkers().squares().map(|s| size.name(s).to_string()).collect();
        out.push(format!("Checkers: {}", checkers.join(" ")));
        if let Some(view) = crate::rules::relay::RelayView::new(p) {
            let effects = view.effects();
            let effects = if effects.is_empty() { "none".to_string() } else { effects.join(", ") };
            out.push(format!("Relay effects: {effects}"));
        }
        out
    })
}

/// The board of `chimera play`: the compact grid, with the diamond view beside it where the
/// game asks for it.
pub fn play_board(game: &Game, marked: &[Square], flipped: bool) -> Vec<String> {
    let d = Diagram::of(game).marked(marked).flipped(flipped);
    match game.variant().display {
        BoardView::Grid => d.grid(),
        BoardView::Diamond => {
            let mut out = side_by_side(&d.grid(), &d.diamond(), 6);
            out.extend(d.legend());
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x3 board: White's K on a1, Black's k on c3, a White P on b1.
    fn tiny() -> Diagram {
        let size = BoardSize::new(3, 3).unwrap();
        let mut cells = vec![None; 9];
        cells[size.square(0, 0).index()] = Some('K');
        cells[size.square(1, 0).index()] = Some('P');
        cells[size.square(2, 2).index()] = Some('k');
        Diagram::new(size, cells)
    }

    #[test]
    fn diamond_of_a_tiny_position() {
        let d = tiny();
        assert_eq!(
            d.diamond(),
            [
                "      c   3",
                "    b   k   2",
                "  a   .   .   1",
                "    .   .   .",
                "  3   .   P   c",
                "    2   K   b",
                "      1   a",
            ]
        );
    }

    #[test]
    fn diamond_flipped_and_marked() {
        let size = BoardSize::new(3, 3).unwrap();
        let d = tiny().marked(&[size.square(1, 0)]).flipped(true);
        assert_eq!(
            d.diamond(),
            [
                "      a   1",
                "    b   K   2",
                "  c  [P]  .   3",
                "    .   .   .",
                "  1   .   .   a",
                "    2   k   b",
                "      3   c",
            ]
        );
    }

    #[test]
    fn grid_and_side_by_side() {
        let d = tiny();
        assert_eq!(
            d.grid(),
            [
                "     a  b  c",
                "  3  .  .  k  3",
                "  2  .  .  .  2",
                "  1  K  P  .  1",
                "     a  b  c"
            ]
        );
        let both = side_by_side(&d.grid(), &d.diamond(), 2);
        assert_eq!(both.len(), 7);
        assert_eq!(both[0], format!("{}      c   3", " ".repeat(17)));
        assert_eq!(both[1], "     a  b  c         b   k   2");
    }
}
