//! A tiny mock board implementing `EvalBoard`, with movement given as (dx, dy, slides) vectors,
//! a FEN reader, a mirror and a deterministic random position generator.

use crate::{Color, EvalBoard, EvalGameInfo, EvalParams, EvalPieceInfo, Orientation, Role};

pub type Moves = Vec<(i8, i8, bool)>;

pub fn steps(v: &[(i8, i8)]) -> Moves {
    v.iter().map(|&(x, y)| (x, y, false)).collect()
}

pub fn slides(v: &[(i8, i8)]) -> Moves {
    v.iter().map(|&(x, y)| (x, y, true)).collect()
}

pub const ORTH: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub fn king() -> Moves {
    steps(&[ORTH, DIAG].concat())
}
pub fn knight() -> Moves {
    steps(&KNIGHT)
}
pub fn rook() -> Moves {
    slides(&ORTH)
}
pub fn bishop() -> Moves {
    slides(&DIAG)
}
pub fn queen() -> Moves {
    slides(&[ORTH, DIAG].concat())
}
pub fn compound(a: Moves, b: Moves) -> Moves {
    [a, b].concat()
}
/// Cannons and Crabs' cannon as a plain leaper: K, A and D.
pub fn cannon() -> Moves {
    let mut m = king();
    m.extend(steps(&[
        (2, 0),
        (-2, 0),
        (0, 2),
        (0, -2),
        (2, 2),
        (2, -2),
        (-2, 2),
        (-2, -2),
    ]));
    m
}

/// One piece kind of a mock game.
pub struct Kind {
    pub letter: char,
    pub role: Role,
    pub value_cp: i32,
    pub slider: bool,
    pub moves: Moves,
    pub bonus: Option<Vec<i32>>,
}

pub fn royal(letter: char) -> Kind {
    Kind {
        letter,
        role: Role::Royal,
        value_cp: 0,
        slider: false,
        moves: king(),
        bonus: None,
    }
}
pub fn pawn(letter: char, value_cp: i32) -> Kind {
    Kind {
        letter,
        role: Role::PawnLike,
        value_cp,
        slider: false,
        moves: Vec::new(),
        bonus: None,
    }
}
pub fn piece(letter: char, value_cp: i32, moves: Moves) -> Kind {
    let slider = moves.iter().any(|m| m.2);
    Kind {
        letter,
        role: Role::Piece,
        value_cp,
        slider,
        moves,
        bonus: None,
    }
}

/// A mock game: the evaluation's description plus what the mock board needs to move pieces.
pub struct MockGame {
    pub info: EvalGameInfo,
    pub letters: Vec<char>,
    pub moves: Vec<Moves>,
}

impl MockGame {
    /// `start` (board part of a FEN) gives the initial counts.
    pub fn new(
        files: u8,
        ranks: u8,
        orientation: Orientation,
        kinds: Vec<Kind>,
        start: &str,
    ) -> MockGame {
        let letters: Vec<char> = kinds.iter().map(|k| k.letter).collect();
        let moves: Vec<Moves> = kinds.iter().map(|k| k.moves.clone()).collect();
        let probe = MockGame {
            info: EvalGameInfo {
                files,
                ranks,
                orientation,
                pieces: Vec::new(),
            },
            letters: letters.clone(),
            moves: moves.clone(),
        };
        let start = if start.is_empty() {
            None
        } else {
            Some(probe.board(&format!("{start} w")))
        };
        let pieces = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let count = start.as_ref().map_or(1, |b| {
                    b.pieces
                        .iter()
                        .filter(|p| p.0 == Color::White && usize::from(p.1) == i)
                        .count()
                });
                let max_targets = if k.role == Role::Piece {
                    probe.max_targets(i)
                } else {
                    0
                };
                EvalPieceInfo {
                    value_cp: k.value_cp,
                    role: k.role,
                    slider_like: k.slider,
                    max_targets,
                    initial_count: count as u8,
                    bonus_table: k.bonus.clone(),
                }
            })
            .collect();
        MockGame {
            info: EvalGameInfo {
                files,
                ranks,
                orientation,
                pieces,
            },
            letters,
            moves,
        }
    }

    pub fn params(&self) -> EvalParams {
        EvalParams::new(&self.info).expect("mock game compiles")
    }

    /// What the engine would compute: the most targets from any square of an empty board.
    fn max_targets(&self, kind: usize) -> u8 {
        let squares = usize::from(self.info.files) * usize::from(self.info.ranks);
        (0..squares)
            .map(|sq| {
                let b = self.empty_board_with(Color::White, kind as u8, sq as u8);
                b.targets(sq as u8).count_ones()
            })
            .max()
            .unwrap_or(0)
            .min(255) as u8
    }

    fn empty_board_with(&self, color: Color, kind: u8, sq: u8) -> MockBoard<'_> {
        MockBoard {
            game: self,
            stm: Color::White,
            pieces: vec![(color, kind, sq)],
            flood: false,
        }
    }

    /// Reads "board side" (the first two FEN fields). Ranks from the top; letters per game.
    pub fn board(&self, fen: &str) -> MockBoard<'_> {
        let mut fields = fen.split_whitespace();
        let rows: Vec<&str> = fields.next().unwrap().split('/').collect();
        assert_eq!(rows.len(), usize::from(self.info.ranks), "{fen}");
        let mut pieces = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let rank = usize::from(self.info.ranks) - 1 - i;
            let mut file = 0usize;
            let mut run = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                file += run;
                run = 0;
                let kind = self
                    .letters
                    .iter()
                    .position(|&l| l == ch.to_ascii_lowercase())
                    .expect("known letter");
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                pieces.push((
                    color,
                    kind as u8,
                    (rank * usize::from(self.info.files) + file) as u8,
                ));
                file += 1;
            }
            file += run;
            assert_eq!(
                file,
                usize::from(self.info.files),
                "{fen}: rank {}",
                rank + 1
            );
        }
        let stm = match fields.next() {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        MockBoard {
            game: self,
            stm,
            pieces,
            flood: false,
        }
    }
}

#[derive(Clone)]
pub struct MockBoard<'g> {
    pub game: &'g MockGame,
    pub stm: Color,
    pub pieces: Vec<(Color, u8, u8)>,
    /// Every piece claims every square as a target (for overflow tests).
    pub flood: bool,
}

impl MockBoard<'_> {
    fn at(&self, file: i32, rank: i32) -> Option<Option<Color>> {
        let (files, ranks) = (
            i32::from(self.game.info.files),
            i32::from(self.game.info.ranks),
        );
        if !(0..files).contains(&file) || !(0..ranks).contains(&rank) {
            return None;
        }
        let sq = (rank * files + file) as u8;
        Some(self.pieces.iter().find(|p| p.2 == sq).map(|p| p.0))
    }

    /// The colour-swapped, mirrored position with the other side to move.
    pub fn mirrored(&self, params: &EvalParams) -> Self {
        let mut m = self.clone();
        m.stm = self.stm.opposite();
        m.pieces = self
            .pieces
            .iter()
            .map(|&(c, k, s)| (c.opposite(), k, params.mirror(s)))
            .collect();
        m
    }

    pub fn without(&self, sq: u8) -> Self {
        let mut m = self.clone();
        m.pieces.retain(|p| p.2 != sq);
        m
    }

    pub fn to_move(&self, stm: Color) -> Self {
        let mut m = self.clone();
        m.stm = stm;
        m
    }
}

impl EvalBoard for MockBoard<'_> {
    fn side_to_move(&self) -> Color {
        self.stm
    }

    fn for_each_piece<F: FnMut(Color, u8, u8)>(&self, mut f: F) {
        for &(c, k, s) in &self.pieces {
            f(c, k, s);
        }
    }

    fn targets(&self, square: u8) -> u128 {
        let files = i32::from(self.game.info.files);
        let squares = files * i32::from(self.game.info.ranks);
        if self.flood {
            return if squares == 128 {
                u128::MAX
            } else {
                (1u128 << squares) - 1
            };
        }
        let &(color, kind, _) = self
            .pieces
            .iter()
            .find(|p| p.2 == square)
            .expect("a piece on the square");
        let (f0, r0) = (i32::from(square) % files, i32::from(square) / files);
        let mut set = 0u128;
        for &(dx, dy, slide) in &self.game.moves[usize::from(kind)] {
            let (mut f, mut r) = (f0 + i32::from(dx), r0 + i32::from(dy));
            while let Some(occupant) = self.at(f, r) {
                if occupant == Some(color) {
                    break;
                }
                set |= 1u128 << (r * files + f);
                if occupant.is_some() || !slide {
                    break;
                }
                f += i32::from(dx);
                r += i32::from(dy);
            }
        }
        set
    }

    fn pawn_attacks(&self, color: Color) -> u128 {
        let files = i32::from(self.game.info.files);
        let (a, b) = match (self.game.info.orientation, color) {
            (Orientation::Diagonal, Color::White) => ((1, 0), (0, 1)),
            (Orientation::Diagonal, Color::Black) => ((-1, 0), (0, -1)),
            (_, Color::White) => ((1, 1), (-1, 1)),
            (_, Color::Black) => ((1, -1), (-1, -1)),
        };
        let mut set = 0u128;
        for &(c, k, s) in &self.pieces {
            if c != color || self.game.info.pieces[usize::from(k)].role != Role::PawnLike {
                continue;
            }
            let (f0, r0) = (i32::from(s) % files, i32::from(s) / files);
            for (dx, dy) in [a, b] {
                if self.at(f0 + dx, r0 + dy).is_some() {
                    set |= 1u128 << ((r0 + dy) * files + f0 + dx);
                }
            }
        }
        set
    }
}

/// xorshift64*: deterministic, dependency-free.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A random position: one royal per side (if the game has one) and up to `extra` other pieces.
pub fn random_board<'g>(game: &'g MockGame, rng: &mut Rng, extra: usize) -> MockBoard<'g> {
    let squares = usize::from(game.info.files) * usize::from(game.info.ranks);
    let mut free: Vec<u8> = (0..squares as u8).collect();
    let mut take = |rng: &mut Rng| free.swap_remove(rng.below(free.len()));
    let mut pieces = Vec::new();
    let royal = game.info.pieces.iter().position(|p| p.role == Role::Royal);
    if let Some(k) = royal {
        for c in Color::BOTH {
            pieces.push((c, k as u8, take(rng)));
        }
    }
    let others: Vec<usize> = (0..game.info.pieces.len())
        .filter(|&k| Some(k) != royal)
        .collect();
    let n = if others.is_empty() {
        0
    } else {
        rng.below(extra.min(squares - pieces.len()) + 1)
    };
    for _ in 0..n {
        let c = Color::BOTH[rng.below(2)];
        let k = others[rng.below(others.len())];
        pieces.push((c, k as u8, take(rng)));
    }
    let stm = Color::BOTH[rng.below(2)];
    MockBoard {
        game,
        stm,
        pieces,
        flood: false,
    }
}
