//! The interim evaluation: material from the variant's rule values, piece-square tables built
//! for any board size (with the variant's own bonus tables, e.g. Paulowich's Chancellor table),
//! and mobility, tapered by game phase. Everything derived from the variant is computed once
//! in `Evaluator::new`; `evaluate` reads the position only. It sits behind one function so that
//! the `nnue-free-eval` crate can replace it.

use super::params::CENTIPAWNS_PER_PAWN;
use crate::position::Position;
use crate::types::{Bitboard, Color, PieceKind, Square, MAX_KINDS, MAX_SQUARES};
use crate::variant::Variant;

// ---- Weights (hand-set, untuned: a placeholder until the evaluation crate is wired in) ----
/// Bonus per half-square closer to the centre, for ordinary pieces (middlegame, endgame).
const CENTRE_WEIGHT: (i32, i32) = (4, 3);
/// King: bonus per rank of advance (middlegame, negative = stay home) and per half-square
/// closer to the centre in the endgame.
const KING_ADVANCE_MG: i32 = -12;
const KING_CENTRE_EG: i32 = 6;
/// Pawn advance: `mg * r` and `eg * r^2 / (ranks - 1)` for relative rank `r`.
const PAWN_ADVANCE: (i32, i32) = (4, 12);
/// Endgame pawns are worth a little more than a pawn.
const PAWN_EG_VALUE: i32 = 115;
/// Per pseudo-legal target of a piece; pieces worth more than `MOBILITY_HEAVY_VALUE` pawns
/// get the smaller weight.
const MOBILITY_WEIGHT: (i32, i32) = (4, 4);
const MOBILITY_HEAVY_WEIGHT: (i32, i32) = (2, 3);
const MOBILITY_HEAVY_VALUE: i32 = 6;
/// Centipawns per point of a variant's bonus table.
const BONUS_TABLE_WEIGHT: i32 = 3;
/// Bonus for having the move.
const TEMPO: i32 = 15;

/// A middlegame/endgame pair.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

/// The evaluation's terms, for the `eval` command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    Mobility,
}

impl Term {
    pub const ALL: [Term; 3] = [Term::Material, Term::Placement, Term::Mobility];
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::Mobility => "Mobility",
        }
    }
}

/// One term for both colours (each from its own view).
#[derive(Clone, Debug)]
pub struct TermScore {
    pub term: Term,
    pub white: Pair,
    pub black: Pair,
}

/// What the `eval` command prints: each term, the phase and the total.
#[derive(Clone, Debug)]
pub struct Breakdown {
    pub terms: Vec<TermScore>,
    /// Game phase, 0 (bare kings) ..= `phase_max` (start position material).
    pub phase: i32,
    pub phase_max: i32,
    /// White's view, tempo included.
    pub total_white: i32,
}

pub struct Evaluator {
    kinds: usize,
    /// [kind][square seen from White] (material + placement), middlegame/endgame.
    placement: Vec<Pair>,
    material: [Pair; MAX_KINDS],
    mobility: [Pair; MAX_KINDS],
    mobile: [bool; MAX_KINDS],
    pawn: [bool; MAX_KINDS],
    phase_weight: [i32; MAX_KINDS],
    phase_max: i32,
}

impl Evaluator {
    pub fn new(v: &Variant) -> Evaluator {
        let size = v.size;
        let n = size.squares();
        let (files, ranks) = (size.files as i32, size.ranks as i32);
        // Distance from the centre in half-squares (Manhattan), and its maximum.
        let centre_dist = |sq: Square| -> i32 {
            let f = size.file(sq) as i32;
            let r = size.rank(sq) as i32;
            (2 * f - (files - 1)).abs() + (2 * r - (ranks - 1)).abs()
        };
        let max_dist = (files - 1) + (ranks - 1);
        let mut placement = vec![Pair::default(); v.pieces.len() * MAX_SQUARES];
        let mut material = [Pair::default(); MAX_KINDS];
        let mut mobility = [Pair::default(); MAX_KINDS];
        let mut mobile = [false; MAX_KINDS];
        let mut pawn = [false; MAX_KINDS];
        let mut phase_weight = [0; MAX_KINDS];
        for k in v.kinds() {
            let p = v.piece(k);
            let ki = k.index();
            let value = p.value * CENTIPAWNS_PER_PAWN;
            pawn[ki] = p.pawn;
            material[ki] = if p.royal {
                Pair::default()
            } else if p.pawn {
                Pair(value, value * PAWN_EG_VALUE / CENTIPAWNS_PER_PAWN)
            } else {
                Pair(value, value)
            };
            if !p.royal && !p.pawn {
                mobile[ki] = true;
                mobility[ki] = if p.value > MOBILITY_HEAVY_VALUE { Pair(MOBILITY_HEAVY_WEIGHT.0, MOBILITY_HEAVY_WEIGHT.1) } else { Pair(MOBILITY_WEIGHT.0, MOBILITY_WEIGHT.1) };
                phase_weight[ki] = p.value;
            }
            for sq in size.all_squares() {
                let closeness = max_dist - centre_dist(sq);
                let rel_rank = size.rank(sq) as i32;
                let mut s = if p.royal {
                    Pair(KING_ADVANCE_MG * rel_rank, KING_CENTRE_EG * closeness)
                } else if p.pawn {
                    let file_closeness = files - 1 - (2 * size.file(sq) as i32 - (files - 1)).abs();
                    Pair(
                        PAWN_ADVANCE.0 * rel_rank + file_closeness,
                        PAWN_ADVANCE.1 * rel_rank * rel_rank / (ranks - 1).max(1),
                    )
                } else {
                    Pair(CENTRE_WEIGHT.0 * closeness, CENTRE_WEIGHT.1 * closeness)
                };
                if let Some((_, table)) = v.bonus_tables.iter().find(|(bk, _)| *bk == k) {
                    let b = table.get(sq.index()).copied().unwrap_or(0) * BONUS_TABLE_WEIGHT;
                    s += Pair(b, b);
                }
                placement[ki * MAX_SQUARES + sq.index()] = s;
            }
        }
        let _ = n;
        let phase_max = (0..v.pieces.len())
            .map(|k| phase_weight[k] * (v.initial_counts[0][k] as i32 + v.initial_counts[1][k] as i32))
            .sum::<i32>()
            .max(1);
        Evaluator { kinds: v.pieces.len(), placement, material, mobility, mobile, pawn, phase_weight, phase_max }
    }

    /// Adds every term of both colours to `sink`; returns the phase.
    #[inline(always)]
    fn visit<B: Bitboard>(&self, pos: &Position<B>, mut sink: impl FnMut(Term, Color, Pair)) -> i32 {
        let size = pos.variant.size;
        let occ = pos.occupied();
        let mut phase = 0;
        for ki in 0..self.kinds {
            let k = PieceKind(ki as u8);
            for color in Color::BOTH {
                let pieces = pos.pieces_of(color, k);
                if pieces.is_empty() {
                    continue;
                }
                let enemy = pos.pieces(!color);
                let count = pieces.count() as i32;
                phase += self.phase_weight[ki] * count;
                let m = self.material[ki];
                sink(Term::Material, color, Pair(m.0 * count, m.1 * count));
                let mut place = Pair::default();
                let mut mob = 0;
                for sq in pieces.squares() {
                    let seen = if color == Color::White { sq } else { size.flip_rank(sq) };
                    place += self.placement[ki * MAX_SQUARES + seen.index()];
                    if self.mobile[ki] {
                        let (quiet, caps, _) = pos.targets(color, k, sq, occ, enemy, self.pawn[ki]);
                        mob += (quiet | caps).count() as i32;
                    }
                }
                sink(Term::Placement, color, place);
                if mob > 0 {
                    let w = self.mobility[ki];
                    sink(Term::Mobility, color, Pair(w.0 * mob, w.1 * mob));
                }
            }
        }
        phase.min(self.phase_max)
    }

    fn taper(&self, s: Pair, phase: i32) -> i32 {
        (s.0 * phase + s.1 * (self.phase_max - phase)) / self.phase_max
    }

    /// The evaluation in centipawns from the side to move's view.
    #[inline]
    pub fn evaluate<B: Bitboard>(&self, pos: &Position<B>) -> i32 {
        let mut total = Pair::default();
        let phase = self.visit(pos, |_, color, s| {
            if color == Color::White {
                total += s;
            } else {
                total += Pair(-s.0, -s.1);
            }
        });
        let white = self.taper(total, phase);
        let stm = if pos.side_to_move() == Color::White { white } else { -white };
        stm + TEMPO
    }

    pub fn breakdown<B: Bitboard>(&self, pos: &Position<B>) -> Breakdown {
        let mut terms: Vec<TermScore> =
            Term::ALL.iter().map(|&term| TermScore { term, white: Pair::default(), black: Pair::default() }).collect();
        let phase = self.visit(pos, |term, color, s| {
            let t = &mut terms[term as usize];
            if color == Color::White {
                t.white += s;
            } else {
                t.black += s;
            }
        });
        let mut total = Pair::default();
        for t in &terms {
            total += Pair(t.white.0 - t.black.0, t.white.1 - t.black.1);
        }
        let tempo = if pos.side_to_move() == Color::White { TEMPO } else { -TEMPO };
        Breakdown { terms, phase, phase_max: self.phase_max, total_white: self.taper(total, phase) + tempo }
    }

    /// A tapered pair, for printing.
    pub fn tapered(&self, s: Pair, phase: i32) -> i32 {
        self.taper(s, phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;
    use crate::with_position;

    #[test]
    fn start_positions_are_balanced_and_symmetric() {
        let reg = Registry::builtin();
        for gt in reg.games() {
            let ev = Evaluator::new(&gt.variant);
            let game = gt.start();
            with_position!(&game, p => {
                let e = ev.evaluate(p);
                // Symmetric arrays evaluate to the tempo bonus; crosswise arrays almost so.
                assert!((e - TEMPO).abs() < 60, "{}: start eval {e}", gt.variant.name);
                let b = ev.breakdown(p);
                assert_eq!(b.total_white, e, "{}", gt.variant.name);
            });
        }
    }

    #[test]
    fn material_counts() {
        let reg = Registry::builtin();
        let gt = reg.find("chess").unwrap();
        let ev = Evaluator::new(&gt.variant);
        let g = gt.position("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").unwrap();
        with_position!(&g, p => assert!(ev.evaluate(p) > 800));
        let g = gt.position("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1").unwrap();
        with_position!(&g, p => assert!(ev.evaluate(p) < -800));
    }
}
