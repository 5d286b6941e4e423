//! Making and unmaking moves, with the incremental hash.

use super::Position;
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, Piece, Square};

impl<B: Bitboard> Position<B> {
    /// Where the pawn taken en passant stands: beside the capturer's start, on the target's file.
    #[inline(always)]
    pub fn ep_victim_square(&self, m: Move) -> Square {
        let size = self.variant.size;
        size.square(size.file(m.to()), size.rank(m.from()))
    }

    /// Castling partner's start square and both destinations, for a castling move of `color`.
    #[inline]
    pub fn castle_squares(
        &self,
        color: Color,
        side: usize,
        king_from: Square,
    ) -> Option<(Square, Square, Square)> {
        let spec = self.variant.castling[color.index()][side].as_ref()?;
        let partner = self.partner_square(color, side)?;
        let size = self.variant.size;
        let rank = size.rank(king_from);
        Some((
            partner,
            size.square(spec.king_to, rank),
            size.square(spec.partner_to, rank),
        ))
    }

    /// Puts a piece, updating the hash and the evaluation's additive sum (undo restores both
    /// with the state).
    #[inline(always)]
    pub(super) fn put_hashed(&mut self, piece: Piece, sq: Square) {
        self.put_keyed::<true>(piece, sq);
    }

    #[inline(always)]
    pub(super) fn remove_hashed(&mut self, sq: Square) -> Option<Piece> {
        self.remove_keyed::<true>(sq)
    }

    /// `put_hashed`, the hash left alone unless `HASH`.
    #[inline(always)]
    fn put_keyed<const HASH: bool>(&mut self, piece: Piece, sq: Square) {
        self.put(piece, sq);
        if HASH {
            self.state.hash ^= self.tables.piece_key(piece, sq);
        }
        self.state.additive += self.tables.piece_additive(piece, sq);
    }

    /// `shift`, with the hash (if `HASH`) and the additive sum.
    #[inline(always)]
    fn shift_keyed<const HASH: bool>(&mut self, piece: Piece, from: Square, to: Square) {
        self.shift(piece, from, to);
        if HASH {
            self.state.hash ^=
                self.tables.piece_key(piece, from) ^ self.tables.piece_key(piece, to);
        }
        self.state.additive +=
            self.tables.piece_additive(piece, to) - self.tables.piece_additive(piece, from);
    }

    #[inline(always)]
    fn remove_keyed<const HASH: bool>(&mut self, sq: Square) -> Option<Piece> {
        let p = self.remove(sq)?;
        if HASH {
            self.state.hash ^= self.tables.piece_key(p, sq);
        }
        self.state.additive -= self.tables.piece_additive(p, sq);
        Some(p)
    }

    /// Plays a legal move (as generated for this position).
    pub fn play(&mut self, m: Move) {
        self.play_keyed::<true>(m, 0);
    }

    /// `play`, given `hash_after(m)` (the search computes it anyway, to prefetch the table
    /// entry), so that the hash is not worked out a second time piece by piece. Only the
    /// en-passant square, which `hash_after` leaves out, is added. Cancellation plies are
    /// played as by `play`.
    pub fn play_hashed(&mut self, m: Move, hash_after: u64) {
        self.play_keyed::<false>(m, hash_after);
    }

    /// `play`; unless `INCREMENTAL`, the new hash is `hash_after` plus the en-passant square.
    #[inline(always)]
    fn play_keyed<const INCREMENTAL: bool>(&mut self, m: Move, hash_after: u64) {
        if self.cancellation && self.is_cancellation_ply(m) {
            return self.play_cancellation(m);
        }
        // Pushed straight from `self.state` (no local copy, which the compiler would build on
        // the stack and then copy again): the fields still needed are read from the state
        // before they change.
        self.history.push(self.state);
        self.state.known_unchecked = false;
        let us = self.side;
        if INCREMENTAL {
            let z_castle = self.castling_key(self.state.castling);
            let z_side = self.tables.zobrist.side;
            let mut hash_fix = z_castle ^ z_side;
            if let Some(ep) = self.state.ep {
                hash_fix ^= self.tables.zobrist.en_passant[ep.index()];
            }
            self.state.hash ^= hash_fix;
        } else {
            self.state.hash = hash_after;
        }
        self.state.ep = None;
        self.state.captured = None;
        self.state.promoted = None;
        self.state.cancel = crate::rules::cancellation::Pending::NONE;
        self.state.mv = m;
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion | MoveKind::KingLeap => {
                let captured = self.remove_keyed::<INCREMENTAL>(to);
                let Some(piece) = self.piece_at(from) else {
                    debug_assert!(false, "play: no piece on the from-square");
                    return;
                };
                if captured.is_some() || self.pawn_kinds >> piece.kind().index() & 1 != 0 {
                    self.state.halfmove = 0;
                }
                self.state.captured = captured;
                let placed = if m.kind() == MoveKind::Promotion {
                    self.state.promoted = Some(piece.kind());
                    self.remove_keyed::<INCREMENTAL>(from);
                    let promoted = Piece::new(us, m.piece());
                    self.put_keyed::<INCREMENTAL>(promoted, to);
                    promoted
                } else {
                    self.shift_keyed::<INCREMENTAL>(piece, from, to);
                    piece
                };
                if placed.kind() == self.variant.royal {
                    self.king[us.index()] = to;
                }
                if m.kind() == MoveKind::DoubleStep {
                    self.set_ep_after_double_step(m);
                }
            }
            MoveKind::EnPassant => {
                let victim = self.ep_victim_square(m);
                self.state.captured = self.remove_keyed::<INCREMENTAL>(victim);
                if let Some(piece) = self.piece_at(from) {
                    self.shift_keyed::<INCREMENTAL>(piece, from, to);
                }
                self.state.halfmove = 0;
            }
            MoveKind::CastleHigh | MoveKind::CastleLow => {
                let side = (m.kind() == MoveKind::CastleLow) as usize;
                if let Some((partner_from, king_to, partner_to)) =
                    self.castle_squares(us, side, from)
                {
                    let king = self.remove_keyed::<INCREMENTAL>(from);
                    let partner = self.remove_keyed::<INCREMENTAL>(partner_from);
                    if let (Some(k), Some(p)) = (king, partner) {
                        self.put_keyed::<INCREMENTAL>(k, king_to);
                        self.put_keyed::<INCREMENTAL>(p, partner_to);
                    }
                    self.king[us.index()] = king_to;
                }
            }
            MoveKind::Drop => {
                self.put_keyed::<INCREMENTAL>(Piece::new(us, m.piece()), to);
            }
        }
        self.state.castling &= self.castle_mask[from.index()] & self.castle_mask[to.index()];
        if INCREMENTAL {
            self.state.hash ^= self.castling_key(self.state.castling);
        }
        self.side = !us;
        if self.state.ep.is_some() {
            self.drop_unplayable_ep();
        }
        // The search trusts `hash_after` for every move but the cancellation plies: a move kind
        // it got wrong would corrupt the table and the repetition checks silently.
        debug_assert!(
            INCREMENTAL || self.state.hash == self.compute_hash(),
            "hash_after({m:?}) is not the hash after the move"
        );
    }

    /// FIDE 9.2.3: positions differ by an en-passant capture only where it may be made, so the
    /// square is dropped (and the hash with it) where every capture there is illegal, say by a
    /// pin. Only after a double step beside an enemy pawn. Where a rule module judges moves
    /// (relay, cancellation), the legal moves are generated; elsewhere each capturer's king
    /// safety is tested.
    #[cold]
    pub(super) fn drop_unplayable_ep(&mut self) {
        let Some(ep) = self.state.ep else {
            return;
        };
        let playable = if self.tables.moves_by_rule || self.cancellation {
            let mut list = MoveList::new();
            self.legal_moves(&mut list);
            list.iter().any(|m| m.kind() == MoveKind::EnPassant)
        } else {
            let us = self.side;
            let t = &*self.tables;
            self.variant.kinds().any(|k| {
                t.kind_moves(us, k).en_passant
                    && (t.rev_capture_leaps(us, k, ep) & self.pieces_of(us, k))
                        .squares()
                        .any(|from| self.leaves_king_safe(Move::new(from, ep, MoveKind::EnPassant)))
            })
        };
        if !playable {
            self.state.ep = None;
            self.state.hash ^= self.tables.zobrist.en_passant[ep.index()];
        }
    }

    /// The en-passant square is recorded only when an enemy piece could capture there (a
    /// capture there that is illegal is found out once the move is complete), so that equal
    /// positions hash equal.
    fn set_ep_after_double_step(&mut self, m: Move) {
        let size = self.variant.size;
        let file = size.file(m.from());
        let (r1, r2) = (size.rank(m.from()), size.rank(m.to()));
        let passed = size.square(file, (r1 + r2) / 2);
        if self.piece_at(passed).is_some() {
            // A double step that leapt over a piece (`ifmD`) passed over no empty square.
            return;
        }
        let them = !self.side;
        let t = &*self.tables;
        for k in self.variant.kinds() {
            if !t.kind_moves(them, k).en_passant {
                continue;
            }
            // Pieces of `them` that capture onto `passed` by a leap (the pawn's diagonal).
            if (t.rev_capture_leaps(them, k, passed) & self.pieces_of(them, k)).any() {
                self.state.ep = Some(passed);
                self.state.hash ^= t.zobrist.en_passant[passed.index()];
                return;
            }
        }
    }

    /// Takes back the last move played. A move of one piece with no promotion (most moves by
    /// far) is taken back here; the others in `undo_other`, out of line, so that this path
    /// keeps few registers to save.
    #[inline(always)]
    pub fn undo(&mut self) {
        let m = self.state.mv;
        let one_piece = matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::KingLeap
        );
        if !one_piece || self.state.cancel.has(crate::rules::cancellation::LOGGED) {
            return self.undo_other();
        }
        let captured = self.state.captured;
        // The state restored at once, straight from the history (the board's own updates below
        // leave it alone): held across them, it would be copied out to the stack and back.
        let Some(prev) = self.history.pop() else {
            return;
        };
        self.state = prev;
        self.side = !self.side;
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        if let Some(p) = self.piece_at(to) {
            self.shift(p, to, from);
            if p.kind() == self.variant.royal {
                self.king[us.index()] = from;
            }
        }
        if let Some(c) = captured {
            self.put(c, to);
        }
    }

    /// `undo` of a cancellation ply, a promotion, en passant, castling or a placement.
    #[inline(never)]
    fn undo_other(&mut self) {
        if self.state.cancel.has(crate::rules::cancellation::LOGGED) {
            return self.undo_cancellation();
        }
        let m = self.state.mv;
        let captured = self.state.captured;
        let promoted = self.state.promoted;
        let Some(prev) = self.history.pop() else {
            return;
        };
        self.side = !self.side;
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::KingLeap => {
                debug_assert!(false, "undo_other: {m:?} is taken back by `undo`");
            }
            MoveKind::Promotion => {
                debug_assert!(promoted.is_some(), "play records the kind that promoted");
                if let Some(kind) = promoted {
                    self.remove(to);
                    let pawn = Piece::new(us, kind);
                    self.put(pawn, from);
                    if kind == self.variant.royal {
                        self.king[us.index()] = from;
                    }
                }
                if let Some(c) = captured {
                    self.put(c, to);
                }
            }
            MoveKind::EnPassant => {
                if let Some(piece) = self.remove(to) {
                    self.put(piece, from);
                }
                if let Some(c) = captured {
                    let victim = self.ep_victim_square(m);
                    self.put(c, victim);
                }
            }
            MoveKind::CastleHigh | MoveKind::CastleLow => {
                let side = (m.kind() == MoveKind::CastleLow) as usize;
                if let Some((partner_from, king_to, partner_to)) =
                    self.castle_squares(us, side, from)
                {
                    let king = self.remove(king_to);
                    let partner = self.remove(partner_to);
                    if let (Some(k), Some(p)) = (king, partner) {
                        self.put(k, from);
                        self.put(p, partner_from);
                    }
                    self.king[us.index()] = from;
                }
            }
            MoveKind::Drop => {
                self.remove(to);
            }
        }
        self.state = prev;
    }
}

impl<B: Bitboard> Position<B> {
    /// Passes the turn (for null-move pruning). Never call it while in check or mid-turn
    /// (placements owed): it marks the other side unchecked, true only after a whole turn.
    pub fn play_null(&mut self) {
        debug_assert!(!self.placement_pending(), "null move mid-turn");
        let prev = self.state;
        self.history.push(prev);
        let z = &self.tables.zobrist;
        let mut hash = prev.hash ^ z.side;
        if let Some(ep) = prev.ep {
            hash ^= z.en_passant[ep.index()];
        }
        self.state.hash = hash;
        self.state.ep = None;
        self.state.captured = None;
        self.state.promoted = None;
        self.state.cancel = crate::rules::cancellation::Pending::NONE;
        self.state.mv = Move::NULL;
        self.state.halfmove = prev.halfmove.saturating_add(1);
        // The side that passed was not in check, so the position was legal with the other
        // side not in check either.
        self.state.known_unchecked = true;
        self.side = !self.side;
    }

    pub fn undo_null(&mut self) {
        if let Some(prev) = self.history.pop() {
            self.state = prev;
            self.side = !self.side;
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// The hash of the position after `m`, without playing it. The en-passant square a double
    /// step may create is left out (such a move can never recreate an earlier position). A
    /// move of one piece (the most common kinds by far) is hashed here from its pieces' keys,
    /// with no second dispatch on the move's kind; other moves, and cancellation games, in
    /// `hash_after_any_kind`.
    #[inline(always)]
    pub fn hash_after(&self, m: Move) -> u64 {
        let one_piece = matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion | MoveKind::KingLeap
        );
        let (from, to) = (m.from(), m.to());
        let (Some(piece), true, false) = (self.piece_at(from), one_piece, self.cancellation) else {
            return self.hash_after_any_kind(m);
        };
        let t = &*self.tables;
        let mut hash = self.hash_after_any_move() ^ self.quiet_hash_change(piece, from, to);
        if m.kind() == MoveKind::Promotion {
            hash ^= t.piece_key(piece, to) ^ t.piece_key(Piece::new(self.side, m.piece()), to);
        }
        if let Some(captured) = self.piece_at(to) {
            hash ^= t.piece_key(captured, to);
        }
        hash
    }

    /// `hash_after` for a move of any kind.
    #[inline(never)]
    fn hash_after_any_kind(&self, m: Move) -> u64 {
        if self.is_cancellation_ply(m) {
            return self.hash_after_cancellation(m);
        }
        self.hash_after_any_move() ^ self.hash_change(m)
    }

    /// The part of `hash_after` that is the same for every move (not a cancellation ply):
    /// the side to move flips, the en-passant square and the castling rights are taken out.
    /// A caller hashing many moves of one position takes it once.
    #[inline(always)]
    pub(crate) fn hash_after_any_move(&self) -> u64 {
        let z = &self.tables.zobrist;
        let mut h = self.state.hash ^ z.side ^ self.castling_key(self.state.castling);
        if let Some(ep) = self.state.ep {
            h ^= z.en_passant[ep.index()];
        }
        h
    }

    /// The part of `hash_after` that depends on `m` (not a cancellation ply): the pieces moved,
    /// taken and placed, and the castling rights left.
    #[inline(always)]
    pub(crate) fn hash_change(&self, m: Move) -> u64 {
        let us = self.side;
        let mut h = 0;
        let (from, to) = (m.from(), m.to());
        let key = |p: Option<Piece>, sq: Square| p.map_or(0, |p| self.tables.piece_key(p, sq));
        match m.kind() {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion | MoveKind::KingLeap => {
                let moved = self.piece_at(from);
                let placed = if m.kind() == MoveKind::Promotion {
                    Some(Piece::new(us, m.piece()))
                } else {
                    moved
                };
                h ^= key(self.piece_at(to), to) ^ key(moved, from) ^ key(placed, to);
            }
            MoveKind::EnPassant => {
                let victim = self.ep_victim_square(m);
                let moved = self.piece_at(from);
                h ^= key(self.piece_at(victim), victim) ^ key(moved, from) ^ key(moved, to);
            }
            MoveKind::CastleHigh | MoveKind::CastleLow => {
                let side = (m.kind() == MoveKind::CastleLow) as usize;
                if let Some((psq, kto, pto)) = self.castle_squares(us, side, from) {
                    let (king, partner) = (self.piece_at(from), self.piece_at(psq));
                    h ^= key(king, from) ^ key(king, kto) ^ key(partner, psq) ^ key(partner, pto);
                }
            }
            MoveKind::Drop => h ^= key(Some(Piece::new(us, m.piece())), to),
        }
        h ^ self.castling_key_after(from, to)
    }

    /// Did the game (from its set-up position on) already have the position with this hash?
    /// The position after a null move (the search's pass) never occurred in the game: every
    /// state after the first was reached by a move, except those.
    pub fn seen(&self, hash: u64) -> bool {
        let occurred = |i: usize, s: &super::State| i == 0 || s.mv != Move::NULL;
        self.history
            .iter()
            .enumerate()
            .any(|(i, s)| s.hash == hash && occurred(i, s))
            || (self.state.hash == hash && occurred(self.history.len(), &self.state))
    }

    /// A copy to search from: the same position, with only the part of the game's history
    /// that a search reads. The copy is made at every search start and for every line the
    /// front ends write, so its cost must not grow with the game: a GUI may send thousands
    /// of plies. Kept are the plies back to the halfmove clock's last reset (repetitions;
    /// none past the move rule, which decides on its own from there) and, in games where
    /// repeating is illegal, back to the last capture (`seen_since_last_capture`). A
    /// cancellation game keeps all of it: its placements and turn count read the whole game.
    /// The move number stays as it was; undo stops where the copy's history does.
    pub fn clone_recent(&self) -> Position<B> {
        let len = self.history.len();
        let mut needed = usize::from(self.state.halfmove);
        if self.variant.move_rule > 0 {
            needed = needed.min(usize::from(self.variant.move_rule));
        }
        if self.variant.repetition == crate::variant::RepetitionRule::Illegal {
            let since_capture = std::iter::once(&self.state)
                .chain(self.history.iter().rev())
                .position(|s| s.captured.is_some())
                .unwrap_or(len);
            needed = needed.max(since_capture);
        }
        // A margin of two plies, and an even cut, which keeps the move number's parity.
        let cut = len.saturating_sub(needed + 2) & !1;
        if self.cancellation || cut == 0 {
            return self.clone();
        }
        let mut history = Vec::with_capacity(len - cut + 1024);
        history.extend_from_slice(&self.history[cut..]);
        // Every field but the history as `clone` copies it (a literal, so that the compiler
        // asks for any field added later).
        Position {
            variant: self.variant.clone(),
            tables: self.tables.clone(),
            board: self.board,
            by_color: self.by_color,
            by_kind: self.by_kind,
            group_pieces: self.group_pieces,
            counts: self.counts,
            side: self.side,
            king: self.king,
            partner: self.partner,
            castle_paths: self.castle_paths,
            castling_keys: self.castling_keys,
            castle_mask: self.castle_mask,
            state: self.state,
            history,
            fullmove_base: self.fullmove_base + (cut / 2) as u32,
            black_started: self.black_started,
            cancellation: self.cancellation,
            scan_checks: self.scan_checks,
            pawn_kinds: self.pawn_kinds,
            placement_log: self.placement_log.clone(),
        }
    }

    /// As `seen`, for a position with as many pieces as this one, in a game where no piece
    /// ever comes onto the board (no placements): the earlier positions with that many pieces
    /// are those since the last capture, so the scan goes back only that far.
    pub fn seen_since_last_capture(&self, hash: u64) -> bool {
        debug_assert!(!self.cancellation);
        let mut i = self.history.len();
        let mut s = &self.state;
        loop {
            if s.hash == hash && (i == 0 || s.mv != Move::NULL) {
                return true;
            }
            if s.captured.is_some() || i == 0 {
                return false;
            }
            i -= 1;
            s = &self.history[i];
        }
    }

    /// The hashes that `seen_since_last_capture` could find after a move, as a sieve of 256
    /// bits (bit `hash >> 56`): a hash whose bit is clear is none of them. A generator builds
    /// it once and walks the history only for the few moves whose hash falls on a set bit.
    /// Every ply (null moves too) changes the side to move, which the hash holds, so a
    /// position after a move can only be one an odd number of plies back: the others are
    /// left out, and after a capture the sieve is empty.
    pub fn move_sieve_since_last_capture(&self) -> HashSieve {
        debug_assert!(!self.cancellation);
        let mut sieve = HashSieve([0; 4]);
        let mut i = self.history.len();
        let mut s = &self.state;
        // Pairs of plies back: the position before `s`, then the one before that.
        while s.captured.is_none() && i > 0 {
            s = &self.history[i - 1];
            if i == 1 || s.mv != Move::NULL {
                let top = (s.hash >> 56) as usize;
                sieve.0[top >> 6] |= 1 << (top & 63);
            }
            if s.captured.is_some() || i < 2 {
                break;
            }
            i -= 2;
            s = &self.history[i];
        }
        sieve
    }
}

/// A set of hashes as 256 bits, one for each value of a hash's top byte
/// (`Position::move_sieve_since_last_capture`).
#[derive(Clone, Copy)]
pub struct HashSieve([u64; 4]);

impl HashSieve {
    /// No hash at all.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// False when `hash` is certainly not in the set.
    #[inline(always)]
    pub fn may_hold(&self, hash: u64) -> bool {
        let top = (hash >> 56) as usize;
        self.0[top >> 6] >> (top & 63) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::notation::parse_uci;
    use crate::variant::Registry;
    use crate::with_position;

    /// After White's Ke2, both kings walk round a triangle and the position comes back six
    /// plies later: a repetition. The same position six plies later again, but with a null move
    /// in between (White's walk after Black passes): no repetition, since the position before
    /// the pass cannot come back in a real game.
    #[test]
    fn repetitions_do_not_reach_across_a_null_move() {
        let reg = Registry::builtin();
        let gt = reg.find("chess").unwrap();
        let walks: [(bool, &[&str]); 2] = [
            (false, &["e8d8", "e2d2", "d8d7", "d2d1", "d7e8", "d1e2"]),
            (true, &["e2d2", "e8d8", "d2d1", "d8e8", "d1e2"]),
        ];
        for (null, walk) in walks {
            let mut game = gt.position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
            with_position!(&mut game, p => {
                p.play(parse_uci(p, "e1e2").unwrap());
                let start = p.hash();
                if null {
                    p.play_null();
                }
                for (i, m) in walk.iter().enumerate() {
                    assert_eq!(p.repetitions(), 0, "before {m}");
                    p.play(parse_uci(p, m).unwrap());
                    assert_eq!(p.hash() == start, i + 1 == walk.len());
                }
                assert_eq!(p.repetitions(), usize::from(!null), "null move: {null}");
            });
        }
    }
    /// A search's copy (`clone_recent`) judges as the whole game does: the same repetitions
    /// while the move rule has not decided, the same legal moves (Canonical's no-repetition
    /// rule included), the same FEN, move number included, now and after more plies played
    /// on both. Random games in which each side often walks its last move back, so that
    /// positions recur and the copies are cut.
    #[test]
    fn a_recent_copy_judges_as_the_whole_game() {
        use crate::position::Position;
        use crate::types::{Bitboard, Move, MoveKind, MoveList};
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};

        /// A random legal move, half the time the side's last move walked back.
        fn pick<B: Bitboard>(p: &Position<B>, rng: &mut StdRng, list: &mut MoveList) -> Move {
            p.legal_moves(list);
            let moves = list.as_slice();
            let own_last = p.history.len().checked_sub(1).map(|i| p.history[i].mv);
            let back = own_last.and_then(|m| {
                moves.iter().copied().find(|b| {
                    b.kind() == MoveKind::Normal && b.from() == m.to() && b.to() == m.from()
                })
            });
            match back {
                Some(b) if rng.gen_bool(0.5) => b,
                _ => moves[rng.gen_range(0..moves.len())],
            }
        }

        fn agree<B: Bitboard>(full: &Position<B>, copy: &Position<B>, what: &str) {
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            full.legal_moves(&mut a);
            copy.legal_moves(&mut b);
            assert_eq!(a.as_slice(), b.as_slice(), "{what}");
            assert_eq!(full.fen(), copy.fen(), "{what}");
            let move_rule = full.variant.move_rule;
            if move_rule == 0 || full.halfmove_clock() < move_rule {
                assert_eq!(full.repetition(), copy.repetition(), "{what}");
            }
        }

        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(51);
        let (mut cut, mut repeated) = (0, 0);
        let games = [
            "chess",
            "canonical",
            "canon",
            "cannons-and-crabs",
            "grand",
            "kings-leap",
        ];
        for name in games
            .into_iter()
            .chain(["relay-chess", "cancellation-chess"])
        {
            for _ in 0..3 {
                let mut game = reg.find(name).unwrap().start();
                with_position!(&mut game, p => {
                    let mut list = MoveList::new();
                    for ply in 0..300 {
                        if ply % 20 == 19 {
                            let mut copy = p.clone_recent();
                            cut += usize::from(copy.history.len() < p.history.len());
                            let mut full = p.clone();
                            for step in 0..30 {
                                let what = format!("{name} ply {ply} + {step}: {}", full.fen());
                                agree(&full, &copy, &what);
                                repeated += usize::from(full.repetitions() > 0);
                                full.legal_moves(&mut list);
                                if list.is_empty() {
                                    break;
                                }
                                let m = pick(&full, &mut rng, &mut list);
                                full.play(m);
                                copy.play(m);
                            }
                        }
                        p.legal_moves(&mut list);
                        if list.is_empty() {
                            break;
                        }
                        let m = pick(p, &mut rng, &mut list);
                        p.play(m);
                    }
                });
            }
        }
        assert!(
            cut > 50 && repeated > 50,
            "copies cut {cut}, repetitions met {repeated}"
        );

        // A GUI's long list of shuffles: the copy keeps no more than the move rule's plies.
        let mut game = reg.find("chess").unwrap().start();
        with_position!(&mut game, p => {
            for _ in 0..1000 {
                for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                    p.play(parse_uci(p, m).unwrap());
                }
            }
            let copy = p.clone_recent();
            assert!(copy.history.len() <= 103, "{}", copy.history.len());
            assert_eq!(copy.fen(), p.fen());
        });
    }

    /// `hash_after`'s short way for one-piece moves gives what the move-kind dispatch gives,
    /// and both the hash after playing the move (less the en-passant square); `undo` then
    /// restores the position. On random playouts of every built-in game and of a cancellation
    /// game.
    #[test]
    fn hash_after_and_undo_agree_with_play() {
        use crate::types::MoveList;
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0usize;
        for gt in &reg.games_and(&["cancellation-chess"]) {
            let mut game = gt.start();
            with_position!(&mut game, p => {
                let mut moves = MoveList::new();
                for _ in 0..100 {
                    p.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let before = p.fen();
                    for &m in moves.iter() {
                        let hash = p.hash_after(m);
                        assert_eq!(hash, p.hash_after_any_kind(m), "{}: {m:?}", gt.variant.name);
                        p.play(m);
                        let ep = p.ep_square().map_or(0, |sq| p.tables.zobrist.en_passant[sq.index()]);
                        // A cancellation capture leaves placements owed: hashed as `play` does.
                        if !p.placement_pending() {
                            assert_eq!(hash ^ ep, p.hash(), "{}: {m:?}", gt.variant.name);
                        }
                        p.undo();
                        assert_eq!(p.fen(), before, "{}: {m:?}", gt.variant.name);
                        checked += 1;
                    }
                    p.play(moves.as_slice()[rng.gen_range(0..moves.len())]);
                }
            });
        }
        assert!(checked > 50_000, "{checked}");
    }
}
