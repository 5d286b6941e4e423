//! The pieces of a position as bitboards only: cheap to copy and to change by one move.

use super::{bits, Mask};
use crate::position::Position;
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceKind, Square, MAX_KINDS};

/// The pieces of a position as bitboards only: cheap to copy and to change by one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board<B> {
    pub by_color: [B; 2],
    pub by_kind: [B; MAX_KINDS],
    pub occ: B,
}

impl<B: Bitboard> Board<B> {
    pub fn of(pos: &Position<B>) -> Board<B> {
        let mut by_kind = [B::EMPTY; MAX_KINDS];
        for k in pos.variant.kinds() {
            by_kind[k.index()] = pos.pieces_of(Color::White, k) | pos.pieces_of(Color::Black, k);
        }
        let by_color = [pos.pieces(Color::White), pos.pieces(Color::Black)];
        Board {
            by_color,
            by_kind,
            occ: by_color[0] | by_color[1],
        }
    }

    #[inline(always)]
    pub(super) fn kinds_bb(&self, mask: Mask) -> B {
        let mut bb = B::EMPTY;
        for k in bits(mask) {
            bb |= self.by_kind[k];
        }
        bb
    }

    /// The kind of the piece on `sq`, looked for among `mask`'s kinds first.
    pub(super) fn kind_at(&self, sq: Square, mask: Mask) -> PieceKind {
        for k in bits(mask) {
            if self.by_kind[k].has(sq) {
                return PieceKind(k as u8);
            }
        }
        let k = (0..MAX_KINDS)
            .find(|&k| self.by_kind[k].has(sq))
            .unwrap_or(0);
        PieceKind(k as u8)
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square, p: Piece) {
        let keep = !B::from_square(sq);
        self.by_color[p.color().index()] &= keep;
        self.by_kind[p.kind().index()] &= keep;
        self.occ &= keep;
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let bb = B::from_square(sq);
        self.by_color[p.color().index()] |= bb;
        self.by_kind[p.kind().index()] |= bb;
        self.occ |= bb;
    }

    /// Plays `m` (pseudo-legal in `pos`, whose pieces this board holds) on the bitboards;
    /// returns the mover's king square after it.
    pub fn apply(&mut self, pos: &Position<B>, m: Move) -> Option<Square> {
        let us = pos.side_to_move();
        let mut ksq = pos.king(us);
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion | MoveKind::KingLeap => {
                let mover = pos.piece_at(from)?;
                if let Some(c) = pos.piece_at(to) {
                    self.remove(to, c);
                }
                self.remove(from, mover);
                let placed = if m.kind() == MoveKind::Promotion {
                    Piece::new(us, m.piece())
                } else {
                    mover
                };
                self.put(to, placed);
                if mover.kind() == pos.variant.royal {
                    ksq = to;
                }
            }
            MoveKind::EnPassant => {
                let victim = pos.ep_victim_square(m);
                let mover = pos.piece_at(from)?;
                if let Some(c) = pos.piece_at(victim) {
                    self.remove(victim, c);
                }
                self.remove(from, mover);
                self.put(to, mover);
            }
            MoveKind::CastleHigh | MoveKind::CastleLow => {
                let side = (m.kind() == MoveKind::CastleLow) as usize;
                let (psq, kto, pto) = pos.castle_squares(us, side, from)?;
                let (king, partner) = (pos.piece_at(from)?, pos.piece_at(psq)?);
                self.remove(from, king);
                self.remove(psq, partner);
                self.put(kto, king);
                self.put(pto, partner);
                ksq = kto;
            }
            MoveKind::Drop => self.put(to, Piece::new(us, m.piece())),
        }
        Some(ksq)
    }
}
