//! Squares of boards up to 16 files x 16 ranks and at most 128 squares.
//! The index is `rank * files + file`, so a square's meaning depends on the board's width.

use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    pub const fn new(index: u8) -> Square {
        Square(index)
    }
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn raw(self) -> u8 {
        self.0
    }
}

/// The shape of a board: files and ranks, and the coordinate arithmetic that goes with them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

pub const MAX_FILES: u8 = 16;
pub const MAX_RANKS: u8 = 16;
pub const MAX_SQUARES: usize = 128;

impl BoardSize {
    pub fn new(files: u8, ranks: u8) -> Result<BoardSize, String> {
        if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
            return Err(format!("board {files}x{ranks} is outside 1..16 x 1..16"));
        }
        if files as usize * ranks as usize > MAX_SQUARES {
            return Err(format!(
                "board {files}x{ranks} has more than {MAX_SQUARES} squares"
            ));
        }
        Ok(BoardSize { files, ranks })
    }
    pub fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }
    pub fn square(self, file: u8, rank: u8) -> Square {
        Square::new(rank * self.files + file)
    }
    /// The square at signed coordinates, if on the board.
    pub fn try_square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(self.square(file as u8, rank as u8))
        }
    }
    pub fn file(self, sq: Square) -> u8 {
        sq.raw() % self.files
    }
    pub fn rank(self, sq: Square) -> u8 {
        sq.raw() / self.files
    }
    pub fn offset(self, sq: Square, df: i32, dr: i32) -> Option<Square> {
        self.try_square(self.file(sq) as i32 + df, self.rank(sq) as i32 + dr)
    }
    /// The same square seen from the other side (ranks flipped).
    pub fn flip_rank(self, sq: Square) -> Square {
        self.square(self.file(sq), self.ranks - 1 - self.rank(sq))
    }
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (0..self.squares() as u8).map(Square::new)
    }
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq),
            rank: self.rank(sq),
        }
    }
    /// Parses `e4`, `a10`, `p16`. Returns the square and the number of bytes read.
    pub fn parse_prefix(self, text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let f = *bytes.first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f - b'a';
        let mut len = 1;
        let mut rank: u32 = 0;
        while len < bytes.len() && bytes[len].is_ascii_digit() && len < 3 {
            rank = rank * 10 + (bytes[len] - b'0') as u32;
            len += 1;
        }
        if len == 1 || rank == 0 || bytes[1] == b'0' {
            return None;
        }
        // Prefer the one-digit reading when the two-digit rank is off the board (e.g. "a1" + "0").
        let sq = self.try_square(file as i32, rank as i32 - 1);
        match sq {
            Some(s) => Some((s, len)),
            None if len == 3 => {
                let r1 = (bytes[1] - b'0') as i32;
                self.try_square(file as i32, r1 - 1).map(|s| (s, 2))
            }
            None => None,
        }
    }
    pub fn parse(self, text: &str) -> Option<Square> {
        match self.parse_prefix(text) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }
}

/// A square written in algebraic form (`a1`, `j10`).
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}
