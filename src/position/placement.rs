//! Cancellation plies on the board: a capture by a non-royal piece and each placement ply, with
//! the automatic placements that follow them (`rules::cancellation` decides what; this module
//! applies it, hashes it ahead and takes it back). Games without the rule never come here.

use super::{FenError, Position};
use crate::rules::cancellation::{outcome, Outcome, Pending, KEPT_SIDE, LOGGED};
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceKind, Square};

/// What one cancellation ply took off and put on the board.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlacementLog {
    /// The capturing piece (it left the board), for a capture.
    capturer: Option<Piece>,
    /// Squares where this ply put pieces (its placement and the automatic ones after it).
    placed: u128,
}

/// The effect of a cancellation ply, computed before anything changes.
struct Effect {
    /// For a capture: where the captured piece stands.
    victim: Option<Square>,
    /// Whose pieces are placed.
    placer: Color,
    /// Pieces this ply puts on the board: a placement ply's own piece first, then the automatic ones.
    placed: [(Square, PieceKind); 10],
    len: usize,
    /// What is still owed afterwards (`Pending::NONE` when done).
    pending: Pending,
    side_after: Color,
}

impl Effect {
    fn placed(&self) -> &[(Square, PieceKind)] {
        &self.placed[..self.len]
    }
}

impl<B: Bitboard> Position<B> {
    /// The placements still owed, if any (`remaining == 0` when none).
    #[inline(always)]
    pub fn pending_placement(&self) -> Pending {
        self.state.cancel.position_part()
    }

    /// Are placements pending? Then the only legal moves are placement plies (drops) of the side
    /// to move, and a placement does not necessarily pass the turn.
    #[inline(always)]
    pub fn placement_pending(&self) -> bool {
        self.state.cancel.is_active()
    }

    /// The colour of the `kind` piece the last ply put on `sq` by itself, as an automatic
    /// placement (the capture's remnant where there was no choice, or one following a
    /// placement ply), if it did.
    pub fn placed_automatically(&self, sq: Square, kind: PieceKind) -> Option<Color> {
        // `LOGGED`: the last ply was a cancellation ply, and the log's last entry is its own.
        let log = self.placement_log.last()?;
        let m = self.state.mv;
        let automatic = self.state.cancel.has(LOGGED)
            && log.placed >> sq.index() & 1 == 1
            && !(m.kind() == MoveKind::Drop && m.to() == sq);
        if !automatic {
            return None;
        }
        self.piece_at(sq)
            .filter(|p| p.kind() == kind)
            .map(|p| p.color())
    }

    /// Is `m` (legal here) played by the cancellation rule: a placement, or a capture by a
    /// non-royal piece in a game with the rule?
    #[inline]
    pub fn is_cancellation_ply(&self, m: Move) -> bool {
        if !self.cancellation {
            return false;
        }
        match m.kind() {
            MoveKind::Drop => true,
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::Promotion => {
                self.piece_at(m.to()).is_some()
                    && self
                        .piece_at(m.from())
                        .is_some_and(|p| p.kind() != self.variant.royal)
            }
            _ => false,
        }
    }

    fn cancellation_effect(&self, m: Move) -> Effect {
        let rule = self
            .variant
            .cancellation
            .as_ref()
            .expect("a cancellation game");
        let us = self.side;
        let mut e = Effect {
            victim: None,
            placer: us,
            placed: [(Square::new(0), PieceKind(0)); 10],
            len: 0,
            pending: Pending::NONE,
            side_after: !us,
        };
        let mut occ = self.occupied().to_u128();
        let (start, capturer) = if m.kind() == MoveKind::Drop {
            let p = self.pending_placement();
            e.placed[0] = (m.to(), m.piece());
            e.len = 1;
            occ |= 1u128 << m.to().index();
            let capturer = if p.passes_turn() { us } else { !us };
            (p.after(rule.value(m.piece())), capturer)
        } else {
            let victim = if m.kind() == MoveKind::EnPassant {
                self.ep_victim_square(m)
            } else {
                m.to()
            };
            e.victim = Some(victim);
            occ &= !(1u128 << m.from().index() | 1u128 << victim.index());
            let a = self.piece_at(m.from()).map_or(0, |p| rule.value(p.kind()));
            let d = self.piece_at(victim).map_or(0, |p| rule.value(p.kind()));
            let start = match outcome(a, d) {
                Outcome::BothVanish => Pending::NONE,
                Outcome::Capturer(r) => Pending::new(m.to(), r, true),
                Outcome::Defender(r) => {
                    e.placer = !us;
                    Pending::new(m.to(), r, false)
                }
            };
            (start, us)
        };
        let mut step = crate::rules::cancellation::Step::default();
        let left = rule.resolve(e.placer, start, &mut occ, &mut step, |sq, kind| {
            e.placed[e.len] = (sq, kind);
            e.len += 1;
        });
        e.pending = left;
        e.side_after = if left.is_active() {
            e.placer
        } else {
            !capturer
        };
        e
    }

    /// Plays a cancellation ply (see `is_cancellation_ply`).
    pub(super) fn play_cancellation(&mut self, m: Move) {
        let e = self.cancellation_effect(m);
        let prev = self.state;
        self.history.push(prev);
        self.state.known_unchecked = false;
        let us = self.side;
        let z = &self.tables.zobrist;
        let mut hash = prev.hash ^ self.castling_key(prev.castling) ^ prev.cancel.key();
        if let Some(ep) = prev.ep {
            hash ^= z.en_passant[ep.index()];
        }
        if e.side_after != us {
            hash ^= z.side;
        }
        self.state.hash = hash;
        self.state.ep = None;
        self.state.captured = None;
        self.state.promoted = None;
        self.state.mv = m;
        // Placements belong to the capture: the move-rule count restarts after the whole turn.
        self.state.halfmove = 0;
        let mut log = PlacementLog {
            capturer: None,
            placed: 0,
        };
        let mut rights = self.castle_mask[m.to().index()];
        if let Some(victim) = e.victim {
            self.state.captured = self.remove_hashed(victim);
            log.capturer = self.remove_hashed(m.from());
            rights &= self.castle_mask[m.from().index()] & self.castle_mask[victim.index()];
        }
        for &(sq, kind) in e.placed() {
            self.put_hashed(Piece::new(e.placer, kind), sq);
            log.placed |= 1u128 << sq.index();
        }
        self.state.castling &= rights;
        let mut cancel = e.pending.with(LOGGED);
        if e.side_after == us {
            cancel = cancel.with(KEPT_SIDE);
        }
        self.state.cancel = cancel;
        self.state.hash ^= self.castling_key(self.state.castling) ^ e.pending.key();
        self.side = e.side_after;
        self.placement_log.push(log);
    }

    /// Takes back a cancellation ply (the current state has `LOGGED`).
    pub(super) fn undo_cancellation(&mut self) {
        let m = self.state.mv;
        let kept_side = self.state.cancel.has(KEPT_SIDE);
        let captured = self.state.captured;
        let (Some(log), Some(prev)) = (self.placement_log.pop(), self.history.pop()) else {
            return;
        };
        let mut placed = log.placed;
        while placed != 0 {
            let sq = Square::new(placed.trailing_zeros() as u8);
            placed &= placed - 1;
            self.remove(sq);
        }
        if let Some(capturer) = log.capturer {
            let victim = if m.kind() == MoveKind::EnPassant {
                self.ep_victim_square(m)
            } else {
                m.to()
            };
            if let Some(c) = captured {
                self.put(c, victim);
            }
            self.put(capturer, m.from());
        }
        if !kept_side {
            self.side = !self.side;
        }
        self.state = prev;
    }

    /// The hash after the cancellation ply `m`, without playing it.
    pub(super) fn hash_after_cancellation(&self, m: Move) -> u64 {
        let e = self.cancellation_effect(m);
        let z = &self.tables.zobrist;
        let mut h =
            self.state.hash ^ self.castling_key(self.state.castling) ^ self.state.cancel.key();
        if let Some(ep) = self.state.ep {
            h ^= z.en_passant[ep.index()];
        }
        if e.side_after != self.side {
            h ^= z.side;
        }
        let mut rights = self.state.castling & self.castle_mask[m.to().index()];
        if let Some(victim) = e.victim {
            for sq in [victim, m.from()] {
                if let Some(p) = self.piece_at(sq) {
                    h ^= self.tables.piece_key(p, sq);
                }
            }
            rights &= self.castle_mask[m.from().index()] & self.castle_mask[victim.index()];
        }
        for &(sq, kind) in e.placed() {
            h ^= self.tables.piece_key(Piece::new(e.placer, kind), sq);
        }
        h ^ self.castling_key(rights) ^ e.pending.key()
    }

    /// How many of Black's turns ended since the setup (the fullmove count of a game whose
    /// plies do not always alternate).
    pub(super) fn black_turns_ended(&self) -> u32 {
        let mut side = self.side;
        let mut count = 0;
        let n = self.history.len();
        // Ply i (1-based) left its state in history[i], the last one in `self.state`.
        for i in (1..=n).rev() {
            let s = if i == n {
                &self.state
            } else {
                &self.history[i]
            };
            let before = if s.cancel.has(KEPT_SIDE) { side } else { !side };
            if before == Color::Black && side == Color::White {
                count += 1;
            }
            side = before;
        }
        count
    }
}

/// Checks a pending placement read from a FEN: the rule applies, the destination is free if it
/// is still to fill, and the placer has a real choice (an automatic placement is never pending).
pub(super) fn checked_pending<B: Bitboard>(
    pos: &Position<B>,
    p: Pending,
) -> Result<Pending, FenError> {
    let size = pos.variant.size;
    let Some(rule) = pos.variant.cancellation.as_ref() else {
        return Err(FenError::new(format!(
            "{} has no cancellation captures: no placement field",
            pos.variant.name
        )));
    };
    if pos.ep_square().is_some() {
        return Err(FenError::new(
            "placements pending: the en passant field must be '-'",
        ));
    }
    let occ = pos.occupied().to_u128();
    if p.at_center() && occ >> p.center.index() & 1 != 0 {
        return Err(FenError::new(format!(
            "placement field: the destination {} is occupied",
            size.name(p.center)
        )));
    }
    let placer = pos.side_to_move();
    let mut step = crate::rules::cancellation::Step::default();
    if !p.at_center() {
        // The destination was filled first: with a piece of the placer's (never a King), or
        // left empty only because no piece the remnant could buy may stand there.
        match pos.piece_at(p.center) {
            Some(pc) if pc.color() != placer || pc.kind() == pos.variant.royal => {
                return Err(FenError::new(format!(
                    "placement field: {} holds a piece the placer could not have put there",
                    size.name(p.center)
                )));
            }
            Some(_) => {}
            None => {
                let mut fresh = Pending::new(p.center, p.remaining, p.passes_turn());
                if rule.step(placer, &mut fresh, occ, &mut step) && fresh.at_center() {
                    return Err(FenError::new(format!(
                        "placement field: the destination {} is empty, but a placed piece could stand there",
                        size.name(p.center)
                    )));
                }
            }
        }
    }
    let mut q = p;
    match rule.step(placer, &mut q, occ, &mut step) {
        true if step.count() > 1 => Ok(q),
        _ => Err(FenError::new(format!(
            "placement field: no choice of placement around {} (an automatic placement is made at once)",
            size.name(p.center)
        ))),
    }
}
