//! A game in progress: board, side to move, rights, counters, the undo stack and the hash.
//! Built only from a checked `Setup` (see `fen`), so a `Position` is always valid.

mod check;
pub mod fen;
mod material;
mod placement;
mod play;

use crate::movegen::tables::GROUP_SLOTS;
use crate::movegen::Tables;
use crate::rules::cancellation::Pending;
use crate::types::{
    Bitboard, Color, Move, MoveKind, Piece, PieceKind, Square, MAX_KINDS, MAX_SQUARES,
};
use crate::variant::Variant;
use nnue_free_eval::Additive;
use std::sync::Arc;

pub use fen::{FenError, Setup};
pub use material::{harmless_kinds, ColourBoundRule};
pub use play::HashSieve;

/// What `play` changes and `undo` restores.
#[derive(Clone, Copy, Debug)]
pub struct State {
    pub castling: u8,
    pub ep: Option<Square>,
    pub halfmove: u16,
    pub captured: Option<Piece>,
    /// The kind that promoted, when the move was a promotion.
    pub promoted: Option<PieceKind>,
    pub hash: u64,
    pub mv: Move,
    /// Cancellation placements still owed (none in other games), with the ply's undo bits.
    pub cancel: Pending,
    /// The evaluation's additive terms summed over the pieces (`Tables::attach_eval`).
    pub additive: Additive,
    /// The side to move is known not to be in check (`in_check_after_move` found so, or a
    /// null move made the position), so the generator need not look for checkers. Every
    /// change of position starts it false.
    pub known_unchecked: bool,
}

#[derive(Clone)]
pub struct Position<B: Bitboard> {
    pub variant: Arc<Variant>,
    pub tables: Arc<Tables<B>>,
    board: [Option<Piece>; MAX_SQUARES],
    by_color: [B; 2],
    by_kind: [B; MAX_KINDS],
    /// `[color][slot]`: the colour's pieces of each of its leap and line attack groups
    /// (`AttackScan`), kept by `put`, `shift` and `remove` so that an attacker scan need not
    /// gather a group's pieces kind by kind.
    group_pieces: [[B; GROUP_SLOTS]; 2],
    counts: [[u8; MAX_KINDS]; 2],
    side: Color,
    king: [Square; 2],
    /// Castling partners' start squares: [color][side], side 0 = higher file.
    partner: [[Option<Square>; 2]; 2],
    /// The squares each castling must find empty and must not cross under attack, worked out
    /// once: the king and partner stand on their start squares while the right lasts.
    castle_paths: [[Option<CastlePath<B>>; 2]; 2],
    /// `[rights]`: the hash key of a set of castling rights, their partners' files included
    /// (see `castling_key`).
    castling_keys: [u64; 16],
    /// Rights kept when a piece leaves or enters a square.
    castle_mask: [u8; MAX_SQUARES],
    state: State,
    history: Vec<State>,
    fullmove_base: u32,
    black_started: bool,
    /// The game has cancellation captures (`variant.cancellation`).
    cancellation: bool,
    /// A cancellation game or one whose moves a rule module makes: every check after a move
    /// is the full scan (`in_check_after_move`), told by one flag on every move.
    scan_checks: bool,
    /// Bit `kind` set for the pawn kinds, whose moves reset the halfmove clock: `play` tests
    /// it for every move, which the variant's piece list would cost a few loads more.
    pawn_kinds: u32,
    /// What each cancellation ply took off and put on the board, for its undo.
    placement_log: Vec<placement::PlacementLog>,
}

/// One castling move of one side, as `Position::generate_castling` tests it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastlePath<B> {
    pub king_from: Square,
    pub king_to: Square,
    /// Every square between the king, the partner and their destinations, theirs included,
    /// but for the king's and the partner's own.
    pub must_be_empty: B,
    /// The squares the king passes over between its start and its destination.
    pub crossed: B,
}

/// The bit of a castling (or King's Leap) right.
#[inline(always)]
pub fn castle_bit(color: Color, side: usize) -> u8 {
    1 << (color.index() * 2 + side)
}

impl<B: Bitboard> Position<B> {
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }
    /// The pawn kinds (royal ones included), bit `kind` each.
    #[inline(always)]
    pub fn pawn_kinds(&self) -> u32 {
        self.pawn_kinds
    }
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> B {
        self.by_color[color.index()]
    }
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> B {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }
    /// Does the legal move `m` take a piece (en passant included)? Placements and castling
    /// never do; any other move does when its target square is occupied.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Drop | MoveKind::CastleHigh | MoveKind::CastleLow => false,
            _ => self.piece_at(m.to()).is_some(),
        }
    }
    /// The pieces of either colour of the kinds in `kinds` (bit `kind` each).
    #[inline(always)]
    pub(crate) fn by_kinds(&self, kinds: u32) -> B {
        let mut set = B::EMPTY;
        let mut rest = kinds;
        while rest != 0 {
            set |= self.by_kind[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        set
    }
    /// The pieces of `color` of the kinds in `kinds` (bit `kind` each).
    #[inline(always)]
    pub fn pieces_of_kinds(&self, color: Color, kinds: u32) -> B {
        self.by_kinds(kinds) & self.by_color[color.index()]
    }
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.king[color.index()]
    }
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.state.ep
    }
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.state.castling
    }
    pub fn partner_square(&self, color: Color, side: usize) -> Option<Square> {
        self.partner[color.index()][side]
    }

    #[inline(always)]
    pub(crate) fn castle_path_of(&self, color: Color, side: usize) -> Option<&CastlePath<B>> {
        self.castle_paths[color.index()][side].as_ref()
    }

    /// The castling path of `side` for a king on `king_from`.
    fn castle_path(&self, color: Color, side: usize, king_from: Square) -> Option<CastlePath<B>> {
        let (partner, king_to, partner_to) = self.castle_squares(color, side, king_from)?;
        let size = self.variant.size;
        let rank = size.rank(king_from);
        let span = |a: Square, b: Square| {
            let (fa, fb) = (size.file(a), size.file(b));
            (fa.min(fb)..=fa.max(fb)).fold(B::EMPTY, |m, f| m.with(size.square(f, rank)))
        };
        let must_be_empty =
            (span(king_from, partner) | span(king_from, king_to) | span(partner, partner_to))
                .without(king_from)
                .without(partner);
        let crossed = span(king_from, king_to).without(king_from).without(king_to);
        Some(CastlePath {
            king_from,
            king_to,
            must_be_empty,
            crossed,
        })
    }
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }
    /// The FEN's move number. It stops at the largest a FEN may give, as the halfmove clock
    /// stops at its own, so that every FEN the engine writes reads back.
    pub fn fullmove_number(&self) -> u32 {
        let turns = if self.cancellation {
            self.black_turns_ended()
        } else {
            (self.history.len() as u32 + self.black_started as u32) / 2
        };
        self.fullmove_base
            .saturating_add(turns)
            .min(fen::MAX_FULLMOVE)
    }
    /// The moves played since the position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history
            .iter()
            .map(|s| s.mv)
            .chain(std::iter::once(self.state.mv))
            .skip(1)
    }
    pub fn plies_played(&self) -> usize {
        self.history.len()
    }
    /// The last ply's move (`Move::NULL` for a pass); `None` before any.
    pub fn last_move(&self) -> Option<Move> {
        (!self.history.is_empty()).then_some(self.state.mv)
    }

    /// The evaluation's additive terms summed over the pieces, kept move by move; `None` when
    /// the tables have no evaluation data attached.
    #[inline(always)]
    pub fn eval_additive(&self) -> Option<Additive> {
        self.tables.eval_attached().then_some(self.state.additive)
    }

    /// The additive sum computed from scratch (the incremental one must always equal it).
    pub fn compute_additive(&self) -> Additive {
        let mut sum = Additive::ZERO;
        for sq in self.variant.size.all_squares() {
            if let Some(p) = self.board[sq.index()] {
                sum += self.tables.piece_additive(p, sq);
            }
        }
        sum
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let z = &self.tables.zobrist;
        let mut h = 0;
        for sq in self.variant.size.all_squares() {
            if let Some(p) = self.board[sq.index()] {
                h ^= self.tables.piece_key(p, sq);
            }
        }
        if self.side == Color::Black {
            h ^= z.side;
        }
        h ^= self.castling_key(self.state.castling);
        if let Some(ep) = self.state.ep {
            h ^= z.en_passant[ep.index()];
        }
        h ^ self.state.cancel.key()
    }

    /// The hash key of the castling rights `rights`, each right's partner file included: the
    /// same placement with the same rights but another partner (Chess960, a FEN naming an
    /// inner rook by its file) is another position. A partner on its corner file adds
    /// nothing, so most games' positions hash as the rights alone.
    #[inline(always)]
    pub(crate) fn castling_key(&self, rights: u8) -> u64 {
        self.castling_keys[rights as usize & 15]
    }

    /// How many times the current position occurred before (same side, same hash), looking
    /// back no further than the last irreversible move, nor past a null move of the search:
    /// the positions before a pass cannot come again after it in a real game, so a "repetition"
    /// across one would be a draw that does not exist.
    pub fn repetitions(&self) -> usize {
        self.repetition().0
    }

    /// `repetitions`, and how many plies back the latest of them occurred (0 when none did).
    pub fn repetition(&self) -> (usize, usize) {
        if self.state.mv == Move::NULL {
            // Reached by a null move (or the start position, with nothing before it).
            return (0, 0);
        }
        let limit = self.state.halfmove as usize;
        let (mut count, mut latest) = (0, 0);
        let h = self.state.hash;
        let len = self.history.len();
        let mut back = 1;
        while back <= limit && back <= len {
            let earlier = &self.history[len - back];
            if back % 2 == 0 && earlier.hash == h {
                if count == 0 {
                    latest = back;
                }
                count += 1;
            }
            if earlier.mv == Move::NULL {
                break;
            }
            back += 1;
        }
        (count, latest)
    }

    /// `hash_change` of a plain move or initial step of `piece` onto the empty square `to`
    /// (no capture, no promotion), for a caller that has the piece at hand: its keys on both
    /// squares and the castling rights left.
    #[inline(always)]
    pub(crate) fn quiet_hash_change(&self, piece: Piece, from: Square, to: Square) -> u64 {
        self.tables.piece_key(piece, from)
            ^ self.tables.piece_key(piece, to)
            ^ self.castling_key_after(from, to)
    }

    /// The key of the castling rights left after a move from `from` to `to` (the part of
    /// `hash_change` that every kind of move but a cancellation ply shares).
    #[inline(always)]
    pub(crate) fn castling_key_after(&self, from: Square, to: Square) -> u64 {
        let rights =
            self.state.castling & self.castle_mask[from.index()] & self.castle_mask[to.index()];
        self.castling_key(rights)
    }

    /// Every occurrence of the current position earlier in the game (for no-repetition rules).
    pub fn occurred_before(&self) -> bool {
        let h = self.state.hash;
        self.history
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|s| s.hash == h)
    }

    /// Inlined, as `remove`: `play` and `undo` call both on every capture, and `play`
    /// `remove` on every move's target, empty most of the time (a call costs more than that).
    #[inline(always)]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        let bb = B::from_square(sq);
        self.by_color[piece.color().index()] |= bb;
        self.by_kind[piece.kind().index()] |= bb;
        self.toggle_group_pieces(piece, bb);
        self.counts[piece.color().index()][piece.kind().index()] += 1;
    }

    /// `remove` from `from` then `put` on the empty `to`, in one pass: the counts stay.
    #[inline(always)]
    fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        debug_assert!(from != to && self.board[to.index()].is_none());
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        let bb = B::from_square(from) | B::from_square(to);
        self.by_color[piece.color().index()] ^= bb;
        self.by_kind[piece.kind().index()] ^= bb;
        self.toggle_group_pieces(piece, bb);
    }

    /// Flips `bb` (squares `piece` leaves or enters) in the sets of the piece's groups.
    #[inline(always)]
    fn toggle_group_pieces(&mut self, piece: Piece, bb: B) {
        let mut slots = self.tables.group_slots(piece);
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            self.group_pieces.as_flattened_mut()[slot & (2 * GROUP_SLOTS - 1)] ^= bb;
            slots &= slots - 1;
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let bb = B::from_square(sq);
        self.by_color[piece.color().index()] &= !bb;
        self.by_kind[piece.kind().index()] &= !bb;
        self.toggle_group_pieces(piece, bb);
        self.counts[piece.color().index()][piece.kind().index()] -= 1;
        Some(piece)
    }

    /// Builds a position from a checked setup. Fails if the setup breaks a rule that needs the
    /// move generator to see (the side not to move in check).
    pub fn from_setup(
        variant: Arc<Variant>,
        tables: Arc<Tables<B>>,
        setup: &Setup,
    ) -> Result<Position<B>, FenError> {
        let scan_checks = variant.cancellation.is_some() || tables.moves_by_rule;
        let mut pos = Position {
            variant: variant.clone(),
            tables,
            board: [None; MAX_SQUARES],
            by_color: [B::EMPTY; 2],
            by_kind: [B::EMPTY; MAX_KINDS],
            group_pieces: [[B::EMPTY; GROUP_SLOTS]; 2],
            counts: [[0; MAX_KINDS]; 2],
            side: setup.side,
            king: [Square::new(0); 2],
            partner: setup.partners,
            castle_paths: [[None; 2]; 2],
            castling_keys: [0; 16],
            castle_mask: [0xFF; MAX_SQUARES],
            state: State {
                castling: setup.castling,
                ep: setup.ep,
                halfmove: setup.halfmove,
                captured: None,
                promoted: None,
                hash: 0,
                mv: Move::NULL,
                cancel: Pending::NONE,
                additive: Additive::ZERO,
                known_unchecked: false,
            },
            history: Vec::with_capacity(1024),
            fullmove_base: setup.fullmove,
            black_started: setup.side == Color::Black,
            cancellation: variant.cancellation.is_some(),
            scan_checks,
            pawn_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).pawn)
                .fold(0, |m, k| m | 1 << k.index()),
            placement_log: Vec::new(),
        };
        for (i, p) in setup.board.iter().enumerate() {
            if let Some(p) = p {
                pos.put(*p, Square::new(i as u8));
            }
        }
        let z = &pos.tables.zobrist;
        let mut partner_keys = [0; 4];
        for (bit, key) in partner_keys.iter_mut().enumerate() {
            // The corner file on the right's side is where most games keep the partner.
            let corner = if bit % 2 == 0 {
                variant.size.files - 1
            } else {
                0
            };
            if let Some(p) = pos.partner[bit / 2][bit % 2] {
                let file = variant.size.file(p);
                if file != corner {
                    *key = z.partner_file[bit * 16 + file as usize];
                }
            }
        }
        pos.castling_keys = std::array::from_fn(|rights| {
            (0..4)
                .filter(|bit| rights & 1 << bit != 0)
                .fold(z.castling[rights], |k, bit| k ^ partner_keys[bit])
        });
        for color in Color::BOTH {
            let kings = pos.pieces_of(color, variant.royal);
            pos.king[color.index()] = kings.lsb();
            let ksq = pos.king[color.index()];
            for side in 0..2 {
                let bit = castle_bit(color, side);
                pos.castle_mask[ksq.index()] &= !bit;
                if let Some(p) = pos.partner[color.index()][side] {
                    pos.castle_mask[p.index()] &= !bit;
                }
                pos.castle_paths[color.index()][side] = pos.castle_path(color, side, ksq);
            }
        }
        // An en-passant square nobody can use is dropped, so equal positions hash equal.
        if let Some(ep) = pos.state.ep {
            let them = pos.side;
            let usable = variant.kinds().any(|k| {
                pos.tables.kind_moves(them, k).en_passant
                    && (pos.tables.rev_capture_leaps(them, k, ep) & pos.pieces_of(them, k)).any()
            });
            if !usable {
                pos.state.ep = None;
            }
        }
        if let Some(p) = setup.pending {
            // Mid-placement the side not to move may be in check (the capture gave it, or the
            // defender's placements are not finished): the check below does not apply.
            pos.state.cancel = placement::checked_pending(&pos, p)?;
            pos.state.hash = pos.compute_hash();
            pos.state.additive = pos.compute_additive();
            return Ok(pos);
        }
        pos.state.hash = pos.compute_hash();
        pos.state.additive = pos.compute_additive();
        let attacked = if pos.tables.moves_by_rule {
            crate::rules::king_attacked(&pos, !pos.side)
        } else {
            pos.is_attacked(pos.king(!pos.side), pos.side, pos.occupied())
        };
        if attacked {
            return Err(FenError::new("the side not to move is in check"));
        }
        pos.drop_unplayable_ep();
        Ok(pos)
    }

    /// The attackers of `color` on `sq` with occupancy `occ`, attacks judged as against a king.
    #[inline]
    pub fn attackers(&self, sq: Square, color: Color, occ: B) -> B {
        self.scan_attackers::<false>(sq, color, occ, B::EMPTY)
    }

    /// The pieces of `color` that can take a piece other than a king on `sq` with occupancy
    /// `occ`: the attackers, and the pieces that take by jumping where they may not attack a
    /// king so (no-jump-check). For exchanges (SEE).
    #[inline]
    pub fn capturers(&self, sq: Square, color: Color, occ: B) -> B {
        self.capturers_beyond_leaps(sq, color, occ, self.leap_attackers(sq, color, occ))
    }

    /// The capturers of `color` on `sq` through its leap groups (`AttackScan` slots
    /// `0..leaps`), which need no slide: an exchange looks at them first, as they often decide
    /// it alone.
    #[inline(always)]
    pub fn leap_attackers(&self, sq: Square, color: Color, occ: B) -> B {
        let scan = self.tables.attack_scan(color);
        self.scan_leaps(scan, sq, color) & occ
    }

    /// `capturers`, given `leap_attackers`.
    #[inline(always)]
    pub fn capturers_beyond_leaps(&self, sq: Square, color: Color, occ: B, leapers: B) -> B {
        let t = &*self.tables;
        let found =
            self.scan_beyond_leaps::<false>(t.attack_scan(color), sq, color, occ, occ, leapers);
        if t.no_jump_check_kinds == 0 {
            return found;
        }
        found | self.jumping_capturers(sq, color)
    }

    /// The capturers of `color` on `sq` among its no-jump-check kinds, which capture anything
    /// but a king by jumping (`capture_leaps`): out of line, so that an exchange's loop, which
    /// most games never send here, keeps its registers.
    #[inline(never)]
    fn jumping_capturers(&self, sq: Square, color: Color) -> B {
        let t = &*self.tables;
        let mut found = B::EMPTY;
        for from in self.pieces_of_kinds(color, t.no_jump_check_kinds).squares() {
            if let Some(p) = self.piece_at(from) {
                if t.capture_leaps(color, p.kind(), from).has(sq) {
                    found = found.with(from);
                }
            }
        }
        found
    }

    /// Is `sq` attacked by `color` with occupancy `occ`, ignoring `color`'s pieces on `removed`
    /// (a piece just captured)? Stops at the first attacker.
    #[inline]
    pub fn is_attacked_without(&self, sq: Square, color: Color, occ: B, removed: B) -> bool {
        self.scan_attackers::<true>(sq, color, occ, removed).any()
    }

    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: B) -> bool {
        self.scan_attackers::<true>(sq, by, occ, B::EMPTY).any()
    }

    #[inline(always)]
    fn kinds_bb(&self, kinds: &[PieceKind]) -> B {
        let mut bb = B::EMPTY;
        for k in kinds {
            bb |= self.by_kind[k.index()];
        }
        bb
    }

    /// Attackers by attack group; with `ANY` it returns as soon as one is found.
    #[inline(always)]
    fn scan_attackers<const ANY: bool>(&self, sq: Square, color: Color, occ: B, removed: B) -> B {
        let present = occ & !removed;
        let scan = self.tables.attack_scan(color);
        let result = self.scan_leaps(scan, sq, color) & present;
        if ANY && result.any() {
            return result;
        }
        self.scan_beyond_leaps::<ANY>(scan, sq, color, occ, present, result)
    }

    /// The pieces of `color`'s leap groups that attack `sq`, standing or not.
    #[inline(always)]
    fn scan_leaps(&self, scan: &crate::movegen::tables::AttackScan, sq: Square, color: Color) -> B {
        let rows = self.tables.scan_row(color, sq);
        let pieces = &self.group_pieces[color.index()];
        let mut result = B::EMPTY;
        for (&leaps, &group) in rows[..scan.leaps].iter().zip(&pieces[..scan.leaps]) {
            result |= leaps & group;
        }
        result
    }

    /// `result` (the leap groups' attackers among `present`) and the attackers of the line
    /// slots and the other groups; with `ANY` it returns as soon as one is found.
    #[inline(always)]
    fn scan_beyond_leaps<const ANY: bool>(
        &self,
        scan: &crate::movegen::tables::AttackScan,
        sq: Square,
        color: Color,
        occ: B,
        present: B,
        mut result: B,
    ) -> B {
        let t = &*self.tables;
        let rows = t.scan_row(color, sq);
        let pieces = &self.group_pieces[color.index()];
        let line_slots = scan.leaps..scan.slots;
        for (&lines, &group) in rows[line_slots.clone()].iter().zip(&pieces[line_slots]) {
            let candidates = lines & group & present;
            if candidates.any() {
                result |= t.slide(sq, lines, occ) & candidates;
                if ANY && result.any() {
                    return result;
                }
            }
        }
        if scan.other.is_empty() {
            return result;
        }
        result | self.scan_other::<ANY>(sq, color, occ, present)
    }

    /// The attackers through `color`'s `other` attack groups (`scan_beyond_leaps`); with `ANY`
    /// it returns as soon as one is found. Out of line: most games have no such group, and
    /// their callers keep their registers.
    #[inline(never)]
    fn scan_other<const ANY: bool>(&self, sq: Square, color: Color, occ: B, present: B) -> B {
        let t = &*self.tables;
        let theirs = self.by_color[color.index()] & present;
        let groups = &t.attack_groups[color.index()];
        let mut result = B::EMPTY;
        for &gi in &t.attack_scan(color).other {
            result |= self.group_attackers(color, gi, &groups[gi], sq, occ, theirs);
            if ANY && result.any() {
                return result;
            }
        }
        result
    }

    /// The pieces of attack group `g` (number `gi` of `color`'s) among `among` that attack `sq`
    /// through that group with occupancy `occ`.
    #[inline(always)]
    fn group_attackers(
        &self,
        color: Color,
        gi: usize,
        g: &crate::movegen::tables::AttackGroup,
        sq: Square,
        occ: B,
        among: B,
    ) -> B {
        use crate::movegen::tables::AttackGroup;
        let t = &*self.tables;
        match g {
            AttackGroup::Leaps { table_of, kinds } => {
                t.rev_capture_leaps(color, *table_of, sq) & self.kinds_bb(kinds) & among
            }
            AttackGroup::Rays { rays, hop, kinds } => {
                let candidates = self.kinds_bb(kinds) & among;
                if candidates.is_empty() {
                    return B::EMPTY;
                }
                let mut result = B::EMPTY;
                if let Some(lines) = t.group_lines(color, gi, sq) {
                    if (lines & candidates).any() {
                        result = t.slide(sq, lines, occ) & candidates;
                    }
                } else if let Some(lines) = t.group_hop_lines(color, gi, sq) {
                    if (lines & candidates).any() {
                        let near = t.slide(sq, lines, occ);
                        result = t.hops_beyond(sq, lines, occ, near) & candidates;
                    }
                } else {
                    for &r in rays {
                        result |= t.ray_attacks(r, *hop, sq, occ) & candidates;
                    }
                }
                result
            }
            AttackGroup::Lame { kind } => {
                let candidates = self.by_kind[kind.index()] & among;
                if candidates.is_empty() {
                    return B::EMPTY;
                }
                // Most squares have no such leaper on any of their paths' far ends.
                let candidates = candidates & t.attack_span(color, *kind, sq);
                if candidates.is_empty() {
                    return B::EMPTY;
                }
                let mut result = B::EMPTY;
                for l in t.rev_lame_leaps(color, *kind, sq) {
                    if candidates.has(l.target) && (l.block & occ).is_empty() {
                        result = result.with(l.target);
                    }
                }
                result
            }
        }
    }

    /// For a side `us` not in check: (our pieces whose departure may expose our king, squares
    /// whose occupation may give an enemy hopper a screen onto it). A move from outside the first
    /// set to outside the second (not the king's, not en passant, not castling) leaves the king
    /// safe. Exact for riders (the first blocker on a line with an enemy rider behind it);
    /// every square of a hopper line that holds an enemy hopper, and every path square of a lame
    /// leap from an enemy lame leaper.
    #[inline(always)]
    pub fn king_exposure(&self, us: Color) -> (B, B) {
        // Usually no enemy rider stands on any of its lines through the king, and no other
        // group (hoppers, lame leapers) needs a look: told so here, in the generator's code,
        // before the call and its setup.
        let t = &*self.tables;
        let them = !us;
        let scan = t.attack_scan(them);
        if scan.other.is_empty() {
            let rows = t.scan_row(them, self.king(us));
            let pieces = &self.group_pieces[them.index()];
            // `slots` is at most `GROUP_SLOTS`: the mask takes no square off.
            let aligned = (scan.leaps..scan.slots)
                .any(|i| (rows[i & (GROUP_SLOTS - 1)] & pieces[i & (GROUP_SLOTS - 1)]).any());
            if !aligned {
                return (B::EMPTY, B::EMPTY);
            }
        }
        self.king_exposure_scan(us)
    }

    /// `king_exposure` by a walk of the enemy's attack groups.
    #[inline(never)]
    fn king_exposure_scan(&self, us: Color) -> (B, B) {
        use crate::movegen::tables::AttackGroup;
        let t = &*self.tables;
        let them = !us;
        let ksq = self.king(us);
        let occ = self.occupied();
        let theirs = self.by_color[them.index()];
        let ours = self.by_color[us.index()];
        let mut from = B::EMPTY;
        let mut to = B::EMPTY;
        let scan = t.attack_scan(them);
        let rows = t.scan_row(them, ksq);
        let pieces = &self.group_pieces[them.index()];
        let line_slots = scan.leaps..scan.slots;
        for (&lines, &candidates) in rows[line_slots.clone()].iter().zip(&pieces[line_slots]) {
            // No rider of the group on any of its lines through the king: no pin.
            if (lines & candidates).is_empty() {
                continue;
            }
            // Our first piece on each line, then the riders seen once those are lifted: one
            // of them beyond such a piece pins it (the lines go in distinct directions).
            let blockers = t.slide(ksq, lines, occ) & ours;
            if blockers.is_empty() {
                continue;
            }
            // Each blocker's next piece along its line (the squares beyond it run away from
            // the king: the nearest is the lowest when the blocker's index is above the
            // king's): one load a blocker, where lifting the blockers for a second slide
            // loads one a piece.
            for b in blockers.squares() {
                let past = t.beyond(ksq, b) & occ;
                if past.any() {
                    let next = if b.index() > ksq.index() {
                        past.lsb()
                    } else {
                        past.msb()
                    };
                    if candidates.has(next) {
                        from = from.with(b);
                    }
                }
            }
        }
        for &gi in &scan.other {
            match &t.attack_groups[them.index()][gi] {
                AttackGroup::Leaps { .. } => {}
                AttackGroup::Rays { rays, hop, kinds } => {
                    let candidates = self.kinds_bb(kinds) & theirs;
                    if t.group_hop_lines(them, gi, ksq)
                        .is_some_and(|lines| (lines & candidates).is_empty())
                    {
                        continue;
                    }
                    for &r in rays {
                        let line = t.ray(r, ksq);
                        if (line & candidates).is_empty() {
                            continue;
                        }
                        if *hop {
                            from |= line & ours;
                            to |= line;
                        } else {
                            // The first piece on the line, if it is ours.
                            let blocker = t.ride(r, ksq, occ) & ours;
                            if blocker.any() && (t.ride(r, ksq, occ & !blocker) & candidates).any()
                            {
                                from |= blocker;
                            }
                        }
                    }
                }
                AttackGroup::Lame { kind } => {
                    let candidates =
                        self.by_kind[kind.index()] & theirs & t.attack_span(them, *kind, ksq);
                    if candidates.is_empty() {
                        continue;
                    }
                    for l in t.rev_lame_leaps(them, *kind, ksq) {
                        if candidates.has(l.target) {
                            from |= l.block;
                        }
                    }
                }
            }
        }
        (from, to)
    }

    /// For a side in check by `checkers`: the squares that a move other than the king's must
    /// leave or reach to have a chance of ending the check (the checker's square and the
    /// squares of its line or lame path to the king, a hopper's screen included). Every square
    /// when there are several checkers (with hoppers, one move may end two checks).
    #[inline]
    pub fn evasion_squares(&self, us: Color, checkers: B) -> B {
        use crate::movegen::tables::AttackGroup;
        if checkers.more_than_one() {
            return !B::EMPTY;
        }
        let t = &*self.tables;
        let them = !us;
        let ksq = self.king(us);
        let c = checkers.lsb();
        let mut squares = checkers;
        for g in &t.attack_groups[them.index()] {
            match g {
                AttackGroup::Leaps { .. } => {}
                AttackGroup::Rays { rays, kinds, .. } => {
                    if !self.kinds_bb(kinds).has(c) {
                        continue;
                    }
                    for &r in rays {
                        if t.ray(r, ksq).has(c) {
                            squares |= t.ride(r, ksq, checkers);
                        }
                    }
                }
                AttackGroup::Lame { kind } => {
                    if !self.by_kind[kind.index()].has(c) {
                        continue;
                    }
                    for l in t.rev_lame_leaps(them, *kind, ksq) {
                        if l.target == c {
                            squares |= l.block;
                        }
                    }
                }
            }
        }
        squares
    }

    pub fn checkers(&self) -> B {
        if self.tables.moves_by_rule {
            return crate::rules::checkers(self);
        }
        self.attackers(self.king(self.side), !self.side, self.occupied())
    }

    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Is the side to move known not to be in check without looking (`State::known_unchecked`)?
    #[inline(always)]
    pub fn known_unchecked(&self) -> bool {
        self.state.known_unchecked
    }

    /// Would the quiet move `m` (a plain move or a pawn's initial step to an empty square) give
    /// check? `None` where only playing it tells: relay games (the move changes which moves
    /// the pieces have) and every other kind of move. Answers as `in_check` after `play(m)`
    /// would, without playing: the mover's bits are moved, the attacks on the enemy king
    /// looked at, and the bits put back. Inline: the usual "no" is told in the caller's code.
    #[inline(always)]
    pub fn quiet_move_gives_check(&mut self, m: Move) -> Option<bool> {
        use crate::types::MoveKind;
        if self.tables.moves_by_rule
            || !matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep)
            || self.piece_at(m.to()).is_some()
        {
            return None;
        }
        let piece = self.piece_at(m.from())?;
        // Most quiet moves give no check: that is told from the tables alone, before any of
        // the piece's bits are moved, by a move that neither leaves nor reaches a line to the
        // enemy king and does not end in its kind's attack span of the king. The rest (the
        // answer `moved_piece_gives_check` gives) out of line, so that this path saves no
        // registers and works out nothing for it.
        let t = &*self.tables;
        let mover = piece.color();
        let ksq = self.king(!mover);
        if !t.exposure(mover, ksq).has(m.from())
            && !t.screen_lines(mover, ksq).has(m.to())
            && !t.attack_span(mover, piece.kind(), ksq).has(m.to())
        {
            return Some(false);
        }
        Some(self.quiet_move_gives_check_by_moving(piece, m))
    }

    /// `quiet_move_gives_check` where the tables alone do not tell: the mover's bits are
    /// moved, the attacks on the enemy king looked at, and the bits put back.
    #[inline(never)]
    fn quiet_move_gives_check_by_moving(&mut self, piece: Piece, m: Move) -> bool {
        let (c, k) = (piece.color().index(), piece.kind().index());
        let moved = B::from_square(m.from()) | B::from_square(m.to());
        let ksq = self.king(!piece.color());
        if !self.check_beyond_moved_piece(
            piece.color(),
            ksq,
            m.from(),
            m.to(),
            self.by_color[c] ^ moved,
        ) && !self
            .tables
            .attack_span(piece.color(), piece.kind(), ksq)
            .has(m.to())
        {
            return false;
        }
        self.by_color[c] ^= moved;
        self.by_kind[k] ^= moved;
        self.toggle_group_pieces(piece, moved);
        let check = self.moved_piece_gives_check(piece, m.from(), m.to());
        self.by_color[c] ^= moved;
        self.by_kind[k] ^= moved;
        self.toggle_group_pieces(piece, moved);
        check
    }
}

#[cfg(test)]
mod tests {
    use super::{Position, GROUP_SLOTS};
    use crate::movegen::tables::AttackGroup;
    use crate::types::{Bitboard, Color, MoveList, Piece, Square};
    use crate::variant::Registry;
    use crate::with_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A game with more leap groups than `GROUP_SLOTS`.
    const LEAPERS: &str = "[many-leapers : chess]
start = dahckzgn/wfpppppp/8/8/8/8/WFPPPPPP/DAHCKZGN w - - 0 1
piece = d Dabbaba D 2
piece = a Alfil A 2
piece = h Threeleaper H 2
piece = c Camel C 3
piece = z Zebra Z 3
piece = g Tripper G 2
piece = w Wazir W 2
piece = f Ferz F 2
promote-to = d a h c z g w f n
castle-partner-high = n
castle-partner-low = d
";

    /// The group sets worked out from the kind sets.
    fn group_pieces_from_scratch<B: Bitboard>(p: &Position<B>) -> Vec<B> {
        let mut sets = vec![B::EMPTY; 2 * GROUP_SLOTS];
        for c in Color::BOTH {
            for k in p.variant.kinds() {
                let mut slots = p.tables.group_slots(Piece::new(c, k));
                while slots != 0 {
                    sets[slots.trailing_zeros() as usize] |= p.pieces_of(c, k);
                    slots &= slots - 1;
                }
            }
        }
        sets
    }

    /// The attackers found group by group through `group_attackers`, which gathers each
    /// group's pieces kind by kind.
    fn reference_attackers<B: Bitboard>(p: &Position<B>, sq: Square, color: Color) -> B {
        let occ = p.occupied();
        let theirs = p.pieces(color);
        let groups = &p.tables.attack_groups[color.index()];
        let mut found = B::EMPTY;
        for (gi, g) in groups.iter().enumerate() {
            found |= p.group_attackers(color, gi, g, sq, occ, theirs);
        }
        found
    }

    /// The group sets the position keeps equal those from scratch through moves, take-backs,
    /// null moves, promotions, drops, cancellation placements and the check test that moves a
    /// piece's bits and puts them back; and the attacker scan that reads them finds what the
    /// group-by-group scan finds, on every square for both colours.
    #[test]
    fn kept_group_pieces_match_the_kinds() {
        let mut reg = Registry::builtin();
        // Eleven leap groups a colour: some are scanned past the kept slots.
        reg.load(LEAPERS).expect("the leapers' game loads");
        let extra = [
            "cancellation-chess",
            "cancellation-grand",
            "cancellation-cannons-and-crabs",
            "relay-chess",
            "anti-relay-grand",
            "many-leapers",
        ];
        let games = reg.games_and(&extra);
        let mut rng = StdRng::seed_from_u64(17);
        let mut checked = 0;
        for gt in &games {
            for _ in 0..3 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    if gt.variant.name == "many-leapers" {
                        let scan = p.tables.attack_scan(Color::White);
                        assert_eq!(scan.slots, GROUP_SLOTS);
                        assert!(scan.other.len() >= 3);
                    }
                    let mut list = MoveList::new();
                    for ply in 0..150 {
                        assert_eq!(
                            p.group_pieces.concat(),
                            group_pieces_from_scratch(p),
                            "{}: {}", gt.variant.name, p.fen()
                        );
                        if ply % 3 == 0 {
                            for sq in p.tables.size.all_squares() {
                                for c in Color::BOTH {
                                    assert_eq!(
                                        p.attackers(sq, c, p.occupied()),
                                        reference_attackers(p, sq, c),
                                        "{}: {} {:?}", gt.variant.name, p.fen(), sq
                                    );
                                }
                            }
                        }
                        checked += 1;
                        if ply % 11 == 5 && !p.in_check() && !p.placement_pending() {
                            p.play_null();
                            p.undo_null();
                        }
                        if ply % 7 == 3 && p.plies_played() > 0 {
                            p.undo();
                            continue;
                        }
                        p.legal_moves(&mut list);
                        if list.is_empty() {
                            break;
                        }
                        for &m in list.iter() {
                            let _ = p.quiet_move_gives_check(m);
                        }
                        p.play(list.as_slice()[rng.gen_range(0..list.len())]);
                    }
                });
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Compares every hopping attack group's attackers on every square with hopping ray by
    /// ray; returns how many were compared.
    fn compare_hop_groups<B: Bitboard>(p: &Position<B>) -> usize {
        let t = &*p.tables;
        let occ = p.occupied();
        let mut compared = 0;
        for color in Color::BOTH {
            for (gi, g) in t.attack_groups[color.index()].iter().enumerate() {
                let AttackGroup::Rays {
                    rays,
                    hop: true,
                    kinds,
                } = g
                else {
                    continue;
                };
                assert!(t.group_hop_lines(color, gi, p.king(color)).is_some());
                let theirs = p.pieces(color);
                let candidates = p.kinds_bb(kinds) & theirs;
                for sq in (0..t.size.squares()).map(|i| Square::new(i as u8)) {
                    let want = rays.iter().fold(B::EMPTY, |a, &r| {
                        a | t.ray_attacks(r, true, sq, occ) & candidates
                    });
                    let got = p.group_attackers(color, gi, g, sq, occ, theirs);
                    assert_eq!(got, want, "{} {sq:?}", p.fen());
                    compared += 1;
                }
            }
        }
        compared
    }

    /// A hopping attack group's attackers found along its combined lines are those found
    /// hopping ray by ray, on every square, on playouts of games with hoppers.
    #[test]
    fn combined_hop_attacks_match_hopping_ray_by_ray() {
        let ini =
            "[hoppers : chess]\nstart = xyzqkzyx/pppppppp/8/8/8/8/PPPPPPPP/XYZQKZYX w - - 0 1\n\
                   castle-high = -\ncastle-low = -\npromote-to = x y z q\n\
                   piece = x Cannon mRcpR 5\npiece = y Hopper pQ 5\npiece = z ShortHop pB3 4\n";
        let mut reg = Registry::builtin();
        reg.load(ini).expect("the test's variants file");
        let mut rng = StdRng::seed_from_u64(3);
        let mut compared = 0;
        for name in ["hoppers", "canonical"] {
            let gt = reg.find(name).expect("its game");
            for _ in 0..8 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut list = MoveList::new();
                    for _ in 0..100 {
                        compared += compare_hop_groups(p);
                        p.legal_moves(&mut list);
                        if list.is_empty() {
                            break;
                        }
                        p.play(list.as_slice()[rng.gen_range(0..list.len())]);
                    }
                });
            }
        }
        assert!(compared > 100_000, "{compared}");
    }
}
