//! Everything derived from a variant that move generation needs, computed once when the game
//! is created: leap tables, rays, lame-leap paths, reverse (attacker) tables, Zobrist keys.

mod build;

pub(crate) use build::lame_path;

use crate::types::{Bitboard, BoardSize, Color, PieceKind, Square, MAX_KINDS};
use nnue_free_eval::Additive;

/// `Tables::reach_parts`'s layout.
pub(crate) type ReachParts<B> = [[[(B, B); 128]; MAX_KINDS]; 2];

/// `Tables::king_lines`'s layout.
pub(crate) type KingLines<B> = [[(B, B, B); 128]; 2];

/// `Tables::leap_parts`'s layout: per colour, kind and square, (capture leaps, the range of
/// `lame` holding the lame leaps, the range of `lame_groups` holding its leap groups).
pub(crate) type LeapParts<B> = [[[(B, (u32, u32), (u32, u32)); 128]; MAX_KINDS]; 2];

/// A ride or hop along one direction, for one piece kind.
#[derive(Clone, Copy, Debug)]
pub struct RideAtom {
    pub ray: u16,
    pub quiet: bool,
    pub capture: bool,
    pub hop: bool,
}

/// A leap that is blocked when any square of `block` is occupied.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap<B> {
    pub target: Square,
    pub block: B,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
}

/// The targets a leaper of a `grouped_kinds` kind reaches from one square once every square
/// of `block` is empty (empty `block`: its plain leaps). One path square often opens several
/// targets (the Canonical Knight's, the Xiangqi Horse's): one test per path, not per leap,
/// and no modes to read.
#[derive(Clone, Copy, Debug)]
pub struct LameGroup<B> {
    pub block: B,
    pub targets: B,
}

/// A bent rider's move from one square through one first step (`AtomShape::Bent`): once `mid`
/// is empty, a slide from it along `lines` (its two outward rays, in distinct directions).
#[derive(Clone, Copy, Debug)]
pub struct BentRay<B> {
    pub mid: Square,
    pub lines: B,
    pub quiet: bool,
    pub capture: bool,
}

#[derive(Clone, Debug, Default)]
pub struct KindMoves {
    pub rides: Vec<RideAtom>,
    /// Whether the kind has bent rides (`Tables::bent_rays`).
    pub bent: bool,
    pub en_passant: bool,
    /// Rides along distinct primitive directions with the same modes, computed together from
    /// `Tables::ride_lines` (quiet, capture); `None` when there are none.
    pub combined: Option<(bool, bool)>,
    /// Hops along distinct primitive directions with the same modes, computed together from
    /// `Tables::hop_lines` (quiet, capture); `None` when there are none.
    pub hops: Option<(bool, bool)>,
    /// Whether `hop_lines` equal `ride_lines` on every square (the cannon's `mRcpR`): the
    /// ride's slide then also finds the hops' screens.
    pub hops_on_ride_lines: bool,
    /// The rides and hops that are in neither combined set.
    pub other_rides: Vec<RideAtom>,
    /// The kind's moves are only its combined rides and hops: no leaps, lame leaps, bent
    /// rides or other rides from any square (the cannon's `mRcpR`).
    pub lines_only: bool,
}

/// Attackers of one shape, shared by several piece kinds of one colour.
#[derive(Clone, Debug)]
pub enum AttackGroup {
    /// Reverse rides (or hops) along these rays from the attacked square.
    Rays {
        rays: Vec<u16>,
        hop: bool,
        kinds: Vec<PieceKind>,
    },
    /// Reverse leaps, from the table of `table_of`, shared by kinds with identical leaps.
    Leaps {
        table_of: PieceKind,
        kinds: Vec<PieceKind>,
    },
    /// Per-kind reverse lame leaps.
    Lame { kind: PieceKind },
}

/// How many of a colour's leap and line groups have their pieces kept as one set by the
/// position (`Position::group_pieces`); a game with more scans the rest as `other` groups.
pub const GROUP_SLOTS: usize = 8;

/// A colour's attack groups as `Position::attackers` walks them: the leap and line groups
/// in slots, each slot's squares from one row of `scan_rows` and its pieces from one set
/// kept by the position, with no enum to dispatch on per group. Leaps first, so that a test
/// for any attacker stops before the slides where it can.
#[derive(Clone, Default)]
pub struct AttackScan {
    /// Slots `0..leaps` hold leap groups (their reverse capture leaps).
    pub leaps: usize,
    /// Slots `leaps..slots` hold groups with combined lines (the union of their rays).
    pub slots: usize,
    /// The other groups (hoppers, rays sharing a direction, lame leapers, and leap or line
    /// groups past the slots), by index.
    pub other: Vec<usize>,
}

pub struct Zobrist {
    pub piece_square: Vec<u64>,
    pub side: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; 128],
    /// `[castle bit * 16 + file]`: a castling right also hashes its partner's file (see
    /// `Position::castling_key`).
    pub partner_file: [u64; 64],
}

pub struct Tables<B> {
    pub size: BoardSize,
    n: usize,
    kinds: usize,
    rays: Vec<B>,
    ray_positive: Vec<bool>,
    /// The unlimited ray in the same direction, used to cut a ray beyond its first blocker.
    ray_full: Vec<u16>,
    ray_vectors: Vec<(i8, i8, u8)>,
    quiet_leaps: Vec<B>,
    capture_leaps: Vec<B>,
    rev_capture_leaps: Vec<B>,
    lame: Vec<LameLeap<B>>,
    lame_index: Vec<(u32, u32)>,
    /// The leap groups of the `grouped_kinds` kinds (`LameGroup`), by `leap_parts`' ranges.
    lame_groups: Vec<LameGroup<B>>,
    rev_lame: Vec<LameLeap<B>>,
    rev_lame_index: Vec<(u32, u32)>,
    /// Bent rides by first step, for generation; their attacks are lame leaps, by path.
    bent: Vec<BentRay<B>>,
    bent_index: Vec<(u32, u32)>,
    pub kind_moves: Vec<KindMoves>,
    pub attack_groups: [Vec<AttackGroup>; 2],
    /// `[pk]`: the attack groups of the colour that hold the kind.
    kind_groups: Vec<Vec<usize>>,
    /// `[pk * n + target]`: the squares from which the kind could attack `target` on some
    /// board (its groups' reverse leaps, whole rays, lame leaps), to rule an attack out at once.
    attack_span: Vec<B>,
    /// `[color][square]`: (squares from which a piece's departure may expose that square to
    /// an attack of `color` (rays of its riders and hoppers, paths of its lame leapers), the
    /// part of those from lame leaps' paths, squares onto which a piece may create a screen
    /// for `color`'s hoppers). Side by side, as the check after every move reads them
    /// together; rows of 128, as `shadow`'s: no index needs a bounds check.
    king_lines: Box<KingLines<B>>,
    pub has_hoppers: bool,
    /// Per colour: squares where a pawn-like piece may promote / must promote / may make its
    /// initial (`i`) moves from.
    pub promotion_zone: [B; 2],
    pub compulsory_zone: [B; 2],
    pub double_step_zone: [B; 2],
    /// `[pk]`: the squares from which a kind's captures and promotions are just its capture
    /// leaps (no rides, hops or lame captures, and no promotion from there), for quiescence.
    plain_captures: Vec<B>,
    /// `[color]`: bit `kind` set when the kind moves and captures alike (same leaps, every
    /// ride combined and both quiet and capturing, no lame leaps): its targets are `reach`.
    symmetric_kinds: [u32; 2],
    /// `[color]`: bit `kind` set when the kind only leaps (plain or lame leaps, no rides or
    /// hops): the pawns of most games, whose targets are two table reads and a short list.
    leaper_kinds: [u32; 2],
    /// `[color]`: bit `kind` set when the kind is a leaper, not `symmetric`, whose only lame
    /// leap from any square is one initial quiet step blocked exactly by its quiet leaps there
    /// (the pawn's double step): that step needs no scan of its conditions, only whether the
    /// single step is free. Its `reach_parts` hold these steps (`pawn_parts`).
    simple_double_kinds: [u32; 2],
    /// `[color]`: bit `kind` set when the kind is a leaper, neither `symmetric` nor
    /// `simple_double`, whose leaps, plain and lame, all move and capture alike and none is
    /// initial (the Canonical Knight, the Xiangqi Horse and Elephant): its targets are
    /// `lame_reach`, from its `lame_groups`.
    grouped_kinds: [u32; 2],
    /// `[color]`: bit `kind` set when the kind's moves are only quiet combined rides and
    /// capturing hops along the same lines (the cannon's `mRcpR`, `lines_only`): its targets
    /// are one slide and the hops beyond it, with no modes to read.
    cannon_kinds: [u32; 2],
    /// Bit `kind` set for the pawn-like kinds (not royal) and for the royal ones: the
    /// evaluation's roles (`evaluation::eval_params`), read as sets in `role_sets`; the legal
    /// generator reads its pawns from the first (it handles the royal kind before).
    pawn_like_kinds: u32,
    /// `[pk]`: the squares a kind may stand on: its `confined=` zone, else the whole board
    /// (rule modules that give a piece moves of its own kind's tables keep it there).
    confinement: Vec<B>,
    /// Bit `kind` set for the kinds confined to a zone.
    pub confined_kinds: u32,
    /// Bit `kind` set for the kinds with the no-jump-check rule (the Cannons and Crabs
    /// cannon): their attacks on a king are lame leaps, their other captures jump.
    pub no_jump_check_kinds: u32,
    royal_kinds: u32,
    /// The colour-bound pieces of FIDE's other dead positions, where the game allows them.
    pub colour_bound: Option<crate::position::ColourBoundRule<B>>,
    /// The kinds that can never take anything (`position::harmless_kinds`).
    pub harmless_kinds: u32,
    pub zobrist: Zobrist,
    /// `[from][b]`: the squares beyond `b` on the line from `from` through `b`. 128 rows of
    /// 128 whatever the board: no square's index needs a bounds check (rows past the board's
    /// squares are never touched, so never resident).
    shadow: Box<[[B; 128]; 128]>,
    /// `[color][kind][sq]`: (quiet leaps, the union of the rays of the kind's combined rides),
    /// side by side since `reach` reads both. `MAX_KINDS` rows of 128 per colour, as
    /// `shadow`'s: no index needs a bounds check or the game's kind count (the evaluation reads
    /// it for every piece); rows past the game's kinds are never touched, so never resident.
    reach_parts: Box<ReachParts<B>>,
    /// `[color][kind][sq]`: (capture leaps, the lame leaps' range in `lame`), laid out as
    /// `reach_parts` (whose first part is the quiet leaps) and for the same reason: a leaper's
    /// targets read one row of each, with no bounds check or kind count.
    leap_parts: Box<LeapParts<B>>,
    /// `[pk][sq]`: the union of the rays of the kind's combined hops (`KindMoves::hops`).
    hop_lines: Vec<[B; 128]>,
    /// Per colour, `[group * n + sq]`: the union of an attack group's rays, when they go in
    /// distinct primitive directions (else empty); `group_combined` says so for rides,
    /// `group_hops_combined` for hops.
    group_lines: [Vec<B>; 2],
    group_combined: [Vec<bool>; 2],
    group_hops_combined: [Vec<bool>; 2],
    /// Per colour: the attack groups laid out for `Position::attackers` (see `AttackScan`).
    attack_scan: [AttackScan; 2],
    /// `[piece]`: bit `slot` set for each slot of `Position::group_pieces` whose group holds
    /// the piece's kind (the colour's slots numbered from `color * GROUP_SLOTS`).
    group_slots: [u16; 2 * crate::types::MAX_KINDS],
    /// `[color * n + sq]`: per slot of the colour's `AttackScan`, the squares from which its
    /// group could attack `sq` (reverse leaps, or whole lines): a scan reads one row.
    scan_rows: Vec<[B; GROUP_SLOTS]>,
    /// Per-move-type tables and relations data of a relay / anti-relay game.
    pub relay: Option<Box<crate::rules::relay::RelayTables<B>>>,
    /// A rule module makes the moves (relay games, Knight Relay): see `crate::rules`.
    pub moves_by_rule: bool,
    /// `[piece * 128 + sq]`: what the piece adds to the evaluation's additive terms, kept
    /// summed by the position; all zero until `attach_eval`.
    eval_additive: Vec<Additive>,
    eval_attached: bool,
}

impl<B: Bitboard> Tables<B> {
    #[inline(always)]
    fn pk(&self, color: Color, kind: PieceKind) -> usize {
        color.index() * self.kinds + kind.index()
    }

    #[inline(always)]
    pub fn ray(&self, ray: u16, sq: Square) -> B {
        self.rays[ray as usize * self.n + sq.index()]
    }

    #[inline(always)]
    fn nearest(&self, ray: u16, bb: B) -> Square {
        if self.ray_positive[ray as usize] {
            bb.lsb()
        } else {
            bb.msb()
        }
    }

    /// Squares a rider reaches along `ray` from `sq`, the first blocker included.
    #[inline(always)]
    pub fn ride(&self, ray: u16, sq: Square, occ: B) -> B {
        let mask = self.ray(ray, sq);
        let blockers = mask & occ;
        if blockers.is_empty() {
            return mask;
        }
        let b = self.nearest(ray, blockers);
        // `mask`'s squares past `b` are those in `b`'s shadow from `sq` (both lie on the line
        // from `sq` through `b`): one load instead of `ray_full`'s row of `b`.
        mask & !self.beyond(sq, b)
    }

    /// What a rider (or, with `hop`, a hopper) along `ray` from `sq` attacks: every square
    /// up to and including the first piece, or the piece beyond the first screen.
    #[inline(always)]
    pub fn ray_attacks(&self, ray: u16, hop: bool, sq: Square, occ: B) -> B {
        if hop {
            self.hop(ray, sq, occ).1
        } else {
            self.ride(ray, sq, occ)
        }
    }

    /// For a hopper along `ray` from `sq`: (empty squares beyond the screen before the next
    /// piece, the next piece's square if any).
    #[inline(always)]
    pub fn hop(&self, ray: u16, sq: Square, occ: B) -> (B, B) {
        let mask = self.ray(ray, sq);
        let blockers = mask & occ;
        if blockers.is_empty() {
            return (B::EMPTY, B::EMPTY);
        }
        let screen = self.nearest(ray, blockers);
        // As in `ride`: the shadow from `sq` holds the same squares of `mask` as `ray_full`.
        let beyond = mask & self.beyond(sq, screen);
        let far = beyond & occ;
        if far.is_empty() {
            return (beyond, B::EMPTY);
        }
        let hurdle = self.nearest(ray, far);
        let cut = beyond & !self.beyond(sq, hurdle);
        (cut.without(hurdle), B::from_square(hurdle))
    }

    #[inline(always)]
    pub fn quiet_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.reach_parts(color, kind, sq).0
    }
    #[inline(always)]
    pub fn capture_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.leap_parts(color, kind, sq).0
    }
    #[inline(always)]
    fn leap_parts(
        &self,
        color: Color,
        kind: PieceKind,
        sq: Square,
    ) -> &(B, (u32, u32), (u32, u32)) {
        &self.leap_parts[color.index()][kind.index() & (MAX_KINDS - 1)][sq.index() & 127]
    }
    /// `capture_leaps` of a `color` `kind` from every square, by square.
    #[inline(always)]
    pub fn capture_leaps_row(&self, color: Color, kind: PieceKind) -> &[B] {
        let at = self.pk(color, kind) * self.n;
        &self.capture_leaps[at..at + self.n]
    }
    /// Squares from which a `color` `kind` leaps onto `sq` with a capture.
    #[inline(always)]
    pub fn rev_capture_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.rev_capture_leaps[self.pk(color, kind) * self.n + sq.index()]
    }
    #[inline(always)]
    pub fn lame_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> &[LameLeap<B>] {
        let (a, b) = self.leap_parts(color, kind, sq).1;
        &self.lame[a as usize..b as usize]
    }
    /// For a kind that `is_grouped`: every square it moves or captures to from `sq`, own
    /// pieces' squares included: each group's targets whose path is empty. (The compiler
    /// makes the test a branch even with `select_unpredictable`, on the targets or on a mask.)
    #[inline(always)]
    pub fn lame_reach(&self, color: Color, kind: PieceKind, sq: Square, occ: B) -> B {
        let (a, b) = self.leap_parts(color, kind, sq).2;
        self.lame_groups[a as usize..b as usize]
            .iter()
            .fold(B::EMPTY, |reach, g| {
                let open = if (g.block & occ).is_empty() {
                    g.targets
                } else {
                    B::EMPTY
                };
                reach | open
            })
    }
    /// The bent rides of a `color` `kind` from `sq`, one per first step.
    #[inline(always)]
    pub fn bent_rays(&self, color: Color, kind: PieceKind, sq: Square) -> &[BentRay<B>] {
        let (a, b) = self.bent_index[self.pk(color, kind) * self.n + sq.index()];
        &self.bent[a as usize..b as usize]
    }
    /// Lame leaps of a `color` `kind` that land on `sq` (target = where the leaper stands).
    #[inline(always)]
    pub fn rev_lame_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> &[LameLeap<B>] {
        let (a, b) = self.rev_lame_index[self.pk(color, kind) * self.n + sq.index()];
        &self.rev_lame[a as usize..b as usize]
    }
    #[inline(always)]
    pub fn kind_moves(&self, color: Color, kind: PieceKind) -> &KindMoves {
        &self.kind_moves[self.pk(color, kind)]
    }

    /// Squares from which a `color` `kind` could attack `target` on some board.
    #[inline(always)]
    pub fn attack_span(&self, color: Color, kind: PieceKind, target: Square) -> B {
        self.attack_span[self.pk(color, kind) * self.n + target.index()]
    }

    /// The pawn-like kinds and the royal kinds, bit `kind` each (see `pawn_like_kinds`).
    #[inline(always)]
    pub fn role_kinds(&self) -> (u32, u32) {
        (self.pawn_like_kinds, self.royal_kinds)
    }

    /// Does a `color` `kind` only leap (see `leaper_kinds`)?
    #[inline(always)]
    pub fn is_leaper(&self, color: Color, kind: PieceKind) -> bool {
        self.leaper_kinds[color.index()] >> kind.index() & 1 != 0
    }

    /// Is a `color` `kind`'s only lame leap a plain double step (see `simple_double_kinds`)?
    #[inline(always)]
    pub fn is_simple_double(&self, color: Color, kind: PieceKind) -> bool {
        self.simple_double_kinds[color.index()] >> kind.index() & 1 != 0
    }

    /// For a kind that `is_simple_double`: (its quiet leaps, its double steps) from `sq`, one
    /// read; the double steps stand where other kinds' `reach_parts` hold their ride lines.
    #[inline(always)]
    pub fn pawn_parts(&self, color: Color, kind: PieceKind, sq: Square) -> (B, B) {
        self.reach_parts(color, kind, sq)
    }

    /// Are a `color` `kind`'s targets its `lame_reach` (see `grouped_kinds`)?
    #[inline(always)]
    pub fn is_grouped(&self, color: Color, kind: PieceKind) -> bool {
        self.grouped_kinds[color.index()] >> kind.index() & 1 != 0
    }

    /// Is a `color` `kind` a plain cannon (see `cannon_kinds`)?
    #[inline(always)]
    pub fn is_cannon(&self, color: Color, kind: PieceKind) -> bool {
        self.cannon_kinds[color.index()] >> kind.index() & 1 != 0
    }

    /// For a kind that `is_cannon`: (its quiet moves, the squares of the pieces it captures,
    /// own ones included) from `sq`.
    #[inline(always)]
    pub fn cannon_targets(&self, color: Color, kind: PieceKind, sq: Square, occ: B) -> (B, B) {
        let lines = self.ride_lines(color, kind, sq);
        let ride = self.slide(sq, lines, occ);
        (ride & !occ, self.hops_beyond(sq, lines, occ, ride) & occ)
    }

    /// Does a `color` `kind` move and capture alike (see `symmetric_kinds`)?
    #[inline(always)]
    pub fn is_symmetric(&self, color: Color, kind: PieceKind) -> bool {
        self.symmetric_kinds[color.index()] >> kind.index() & 1 != 0
    }

    /// The squares a `color` `kind` may stand on: its zone, or the whole board.
    #[inline(always)]
    pub fn confinement(&self, color: Color, kind: PieceKind) -> B {
        self.confinement[self.pk(color, kind)]
    }

    /// Squares from which a `color` `kind` captures only by its capture leaps and cannot
    /// promote: there its tactical moves are `capture_leaps & enemy`.
    #[inline(always)]
    pub fn plain_captures(&self, color: Color, kind: PieceKind) -> B {
        self.plain_captures[self.pk(color, kind)]
    }

    /// The squares reached along `lines` (rays from `from` in distinct primitive directions),
    /// each ray up to and including its first occupied square.
    #[inline(always)]
    pub fn slide(&self, from: Square, lines: B, occ: B) -> B {
        // Every blocker's shadow, the hidden ones' too: the loads do not wait on each other.
        // Rows of 128: a square's index needs no bounds check there.
        let row = &self.shadow[from.index() & 127];
        let shadows = (lines & occ).or_over(B::EMPTY, |b| row[b.index() & 127]);
        lines & !shadows
    }

    /// For a kind with `symmetric` moves: every square it moves or captures to from `sq`, own
    /// pieces' squares included.
    #[inline(always)]
    pub fn reach(&self, color: Color, kind: PieceKind, sq: Square, occ: B) -> B {
        let (leaps, lines) = self.reach_parts(color, kind, sq);
        leaps | self.slide(sq, lines, occ)
    }

    /// For a kind with `symmetric` moves: (its leaps, the union of its rides' rays) from `sq`,
    /// whose union is its reach on an empty board.
    #[inline(always)]
    pub fn reach_parts(&self, color: Color, kind: PieceKind, sq: Square) -> (B, B) {
        self.reach_parts[color.index()][kind.index() & (MAX_KINDS - 1)][sq.index() & 127]
    }

    /// The combined rays of a kind's rides (see `KindMoves::combined`).
    #[inline(always)]
    pub fn ride_lines(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.reach_parts(color, kind, sq).1
    }

    /// The combined rays of a kind's hops (see `KindMoves::hops`).
    #[inline(always)]
    pub fn hop_lines(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.hop_lines[self.pk(color, kind)][sq.index() & 127]
    }

    /// The squares a hopper along `lines` (rays from `from` in distinct primitive directions)
    /// reaches beyond its screens, each ray's next piece included, given `near`, the slide
    /// along the same lines (`slide(from, lines, occ)`).
    #[inline(always)]
    pub fn hops_beyond(&self, from: Square, lines: B, occ: B, near: B) -> B {
        let screens = near & occ;
        if screens.is_empty() {
            return B::EMPTY;
        }
        // With the screens lifted each ray runs on to its next piece: what lies past `near`.
        self.slide(from, lines, occ & !screens) & !near
    }

    /// `color`'s attack groups laid out for scanning (see `AttackScan`).
    #[inline(always)]
    pub fn attack_scan(&self, color: Color) -> &AttackScan {
        &self.attack_scan[color.index()]
    }

    /// The slots of `Position::group_pieces` that hold `piece` (see `group_slots`).
    #[inline(always)]
    pub fn group_slots(&self, piece: crate::types::Piece) -> u16 {
        self.group_slots[piece.index() & (2 * crate::types::MAX_KINDS - 1)]
    }

    /// Per slot of `color`'s `AttackScan`, the squares from which the group could attack `sq`.
    #[inline(always)]
    pub fn scan_row(&self, color: Color, sq: Square) -> &[B; GROUP_SLOTS] {
        &self.scan_rows[color.index() * self.n + sq.index()]
    }

    /// The combined rays of attack group `group` of `color` from `sq`, if it has them.
    #[inline(always)]
    pub fn group_lines(&self, color: Color, group: usize, sq: Square) -> Option<B> {
        if self.group_combined[color.index()][group] {
            Some(self.group_lines[color.index()][group * self.n + sq.index()])
        } else {
            None
        }
    }

    /// The combined rays of hopping attack group `group` of `color` from `sq`, if it has them.
    #[inline(always)]
    pub fn group_hop_lines(&self, color: Color, group: usize, sq: Square) -> Option<B> {
        if self.group_hops_combined[color.index()][group] {
            Some(self.group_lines[color.index()][group * self.n + sq.index()])
        } else {
            None
        }
    }

    /// Squares a piece reaches from `sq` on an otherwise empty board (moves and captures).
    pub fn empty_board_reach(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        let mut reach = self.quiet_leaps(color, kind, sq) | self.capture_leaps(color, kind, sq);
        for r in &self.kind_moves(color, kind).rides {
            if !r.hop {
                reach |= self.ride(r.ray, sq, B::EMPTY);
            }
        }
        for l in self.lame_leaps(color, kind, sq) {
            if !l.initial {
                reach = reach.with(l.target);
            }
        }
        for b in self.bent_rays(color, kind, sq) {
            reach |= b.lines.with(b.mid);
        }
        reach
    }

    /// The attack groups of `color` that hold `kind`.
    #[inline(always)]
    pub fn kind_groups(&self, color: Color, kind: PieceKind) -> &[usize] {
        &self.kind_groups[self.pk(color, kind)]
    }

    #[inline(always)]
    pub fn exposure(&self, attacker: Color, sq: Square) -> B {
        self.king_lines(attacker, sq).0
    }

    #[inline(always)]
    fn king_lines(&self, attacker: Color, sq: Square) -> &(B, B, B) {
        &self.king_lines[attacker.index() & 1][sq.index() & 127]
    }

    /// The part of `exposure` made of lame leaps' paths.
    #[inline(always)]
    pub fn lame_exposure(&self, attacker: Color, sq: Square) -> B {
        self.king_lines(attacker, sq).1
    }

    /// The squares beyond `b` on the line from `from` through `b` (empty when `b` is `from`).
    #[inline(always)]
    pub fn beyond(&self, from: Square, b: Square) -> B {
        self.shadow[from.index() & 127][b.index() & 127]
    }
    #[inline(always)]
    pub fn screen_lines(&self, attacker: Color, sq: Square) -> B {
        self.king_lines(attacker, sq).2
    }
    #[inline(always)]
    pub fn piece_key(&self, piece: crate::types::Piece, sq: Square) -> u64 {
        self.zobrist.piece_square[piece.index() * 128 + sq.index()]
    }

    /// Whether `attach_eval` was called: the positions' additive sums are then meaningful.
    #[inline(always)]
    pub fn eval_attached(&self) -> bool {
        self.eval_attached
    }

    #[inline(always)]
    pub fn piece_additive(&self, piece: crate::types::Piece, sq: Square) -> Additive {
        self.eval_additive[piece.index() * 128 + sq.index()]
    }
}

/// Accessors for the evaluation (`crate::evaluation`).
impl<B: Bitboard> Tables<B> {
    /// The kinds of `color` that move and capture alike, bit `kind` each (see
    /// `symmetric_kinds`): the evaluation reads them once per side, not once per piece.
    #[inline(always)]
    pub fn symmetric_kinds(&self, color: Color) -> u32 {
        self.symmetric_kinds[color.index()]
    }
}
