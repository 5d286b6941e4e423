//! Everything derived from a variant that move generation needs, computed once when the game
//! is created: leap tables, rays, lame-leap paths, reverse (attacker) tables, Zobrist keys.

use crate::types::{Bitboard, BoardSize, Color, PieceKind, Square};
use crate::variant::betza::{Atom, AtomShape};
use crate::variant::Variant;
use nnue_free_eval::{Additive, EvalParams};

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
    /// The rides that are not in the combined set.
    pub other_rides: Vec<RideAtom>,
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

/// A colour's attack groups as `Position::attackers` walks them: each group's kinds as one
/// mask and its table row found by one addition, with no enum to dispatch on per group.
/// Leaps first, so that a test for any attacker stops before the slides where it can.
#[derive(Clone, Default)]
pub struct AttackScan {
    /// (start of the row of `rev_capture_leaps` for the group's table, kinds mask).
    pub leaps: Vec<(usize, u32)>,
    /// Groups with combined lines: (start of the group's row of `group_lines`, kinds mask).
    pub lines: Vec<(usize, u32)>,
    /// The other groups (hoppers, rays sharing a direction, lame leapers), by index.
    pub other: Vec<usize>,
}

/// (reverse rays, hop, kinds) while the attack groups are being collected.
type RayGroup = (Vec<u16>, bool, Vec<PieceKind>);

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
    /// Squares from which a piece's departure may expose that square to an attack of `color`
    /// (rays of its riders and hoppers, paths of its lame leapers): `[color][square]`.
    pub exposure: Vec<B>,
    /// The part of `exposure` that comes from lame leaps' paths: `[color][square]`.
    lame_exposure: Vec<B>,
    /// Squares onto which a piece may create a screen for `color`'s hoppers: `[color][square]`.
    pub screen_lines: Vec<B>,
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
    /// Bit `kind` set for the pawn-like kinds (not royal) and for the royal ones: the
    /// evaluation's roles (`evaluation::eval_params`), read as sets in `role_sets`.
    pawn_like_kinds: u32,
    royal_kinds: u32,
    pub zobrist: Zobrist,
    /// `[from][b]`: the squares beyond `b` on the line from `from` through `b`.
    shadow: Vec<[B; 128]>,
    /// `[pk * n + sq]`: (quiet leaps, the union of the rays of the kind's combined rides),
    /// side by side since `reach` reads both.
    reach_parts: Vec<(B, B)>,
    /// Per colour, `[group * n + sq]`: the union of an attack group's rays, when they go in
    /// distinct primitive directions and do not hop (else empty, and `group_combined` false).
    group_lines: [Vec<B>; 2],
    group_combined: [Vec<bool>; 2],
    /// Per colour: the attack groups laid out for `Position::attackers` (see `AttackScan`).
    attack_scan: [AttackScan; 2],
    /// Per-move-type tables and relations data of a relay / anti-relay game.
    pub relay: Option<Box<crate::rules::relay::RelayTables<B>>>,
    /// A rule module makes the moves (relay games, Knight Relay): see `crate::rules`.
    pub moves_by_rule: bool,
    /// `[piece * 128 + sq]`: what the piece adds to the evaluation's additive terms, kept
    /// summed by the position; all zero until `attach_eval`.
    eval_additive: Vec<Additive>,
    eval_attached: bool,
}

/// Bit `kind` set for each of `kinds`.
fn kind_mask(kinds: &[PieceKind]) -> u32 {
    kinds.iter().fold(0, |m, k| m | 1 << k.index())
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<B: Bitboard> Tables<B> {
    #[inline(always)]
    fn pk(&self, color: Color, kind: PieceKind) -> usize {
        color.index() * self.kinds + kind.index()
    }

    fn ray_id(&mut self, dx: i8, dy: i8, max: u8) -> u16 {
        if let Some(i) = self.ray_vectors.iter().position(|&v| v == (dx, dy, max)) {
            return i as u16;
        }
        let full = if max == 0 {
            None
        } else {
            Some(self.ray_id(dx, dy, 0))
        };
        let id = self.ray_vectors.len() as u16;
        self.ray_vectors.push((dx, dy, max));
        self.ray_full.push(full.unwrap_or(id));
        let delta = dy as i32 * self.size.files as i32 + dx as i32;
        self.ray_positive.push(delta > 0);
        for sq in self.size.all_squares() {
            let mut bb = B::EMPTY;
            let mut cur = sq;
            let mut steps = 0;
            while let Some(next) = self.size.offset(cur, dx as i32, dy as i32) {
                bb = bb.with(next);
                cur = next;
                steps += 1;
                if max != 0 && steps >= max {
                    break;
                }
            }
            self.rays.push(bb);
        }
        id
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
        mask & !self.ray(self.ray_full[ray as usize], b)
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
        let beyond = mask & self.ray(self.ray_full[ray as usize], screen);
        let far = beyond & occ;
        if far.is_empty() {
            return (beyond, B::EMPTY);
        }
        let hurdle = self.nearest(ray, far);
        let cut = beyond & !self.ray(self.ray_full[ray as usize], hurdle);
        (cut.without(hurdle), B::from_square(hurdle))
    }

    #[inline(always)]
    pub fn quiet_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.quiet_leaps[self.pk(color, kind) * self.n + sq.index()]
    }
    #[inline(always)]
    pub fn capture_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.capture_leaps[self.pk(color, kind) * self.n + sq.index()]
    }
    /// Squares from which a `color` `kind` leaps onto `sq` with a capture.
    #[inline(always)]
    pub fn rev_capture_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.rev_capture_leaps[self.pk(color, kind) * self.n + sq.index()]
    }
    #[inline(always)]
    pub fn lame_leaps(&self, color: Color, kind: PieceKind, sq: Square) -> &[LameLeap<B>] {
        let (a, b) = self.lame_index[self.pk(color, kind) * self.n + sq.index()];
        &self.lame[a as usize..b as usize]
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

    pub fn new(variant: &Variant) -> Tables<B> {
        let size = variant.size;
        let n = size.squares();
        assert!(n <= B::CAPACITY, "board does not fit the bitboard width");
        let kinds = variant.pieces.len();
        let mut seed = 0x5EED_C41B_E7A0_0001u64 ^ (n as u64) << 32 ^ kinds as u64;
        let zobrist = Zobrist {
            piece_square: (0..kinds * 2 * 128).map(|_| splitmix(&mut seed)).collect(),
            side: splitmix(&mut seed),
            castling: std::array::from_fn(|_| splitmix(&mut seed)),
            en_passant: std::array::from_fn(|_| splitmix(&mut seed)),
            partner_file: std::array::from_fn(|_| splitmix(&mut seed)),
        };
        let mut t = Tables {
            size,
            n,
            kinds,
            rays: Vec::new(),
            ray_positive: Vec::new(),
            ray_full: Vec::new(),
            ray_vectors: Vec::new(),
            quiet_leaps: vec![B::EMPTY; 2 * kinds * n],
            capture_leaps: vec![B::EMPTY; 2 * kinds * n],
            rev_capture_leaps: vec![B::EMPTY; 2 * kinds * n],
            lame: Vec::new(),
            lame_index: vec![(0, 0); 2 * kinds * n],
            rev_lame: Vec::new(),
            rev_lame_index: vec![(0, 0); 2 * kinds * n],
            bent: Vec::new(),
            bent_index: vec![(0, 0); 2 * kinds * n],
            kind_moves: vec![KindMoves::default(); 2 * kinds],
            attack_groups: [Vec::new(), Vec::new()],
            kind_groups: vec![Vec::new(); 2 * kinds],
            attack_span: vec![B::EMPTY; 2 * kinds * n],
            exposure: vec![B::EMPTY; 2 * n],
            lame_exposure: vec![B::EMPTY; 2 * n],
            screen_lines: vec![B::EMPTY; 2 * n],
            has_hoppers: false,
            promotion_zone: [B::EMPTY; 2],
            compulsory_zone: [B::EMPTY; 2],
            double_step_zone: [B::EMPTY; 2],
            plain_captures: vec![B::EMPTY; 2 * kinds],
            symmetric_kinds: [0; 2],
            pawn_like_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).pawn && !variant.piece(k).royal)
                .fold(0, |m, k| m | 1 << k.index()),
            royal_kinds: variant
                .kinds()
                .filter(|&k| variant.piece(k).royal)
                .fold(0, |m, k| m | 1 << k.index()),
            zobrist,
            shadow: Vec::new(),
            reach_parts: Vec::new(),
            group_lines: [Vec::new(), Vec::new()],
            group_combined: [Vec::new(), Vec::new()],
            attack_scan: [AttackScan::default(), AttackScan::default()],
            relay: None,
            moves_by_rule: variant.relay.is_some() || variant.knight_relay.is_some(),
            eval_additive: vec![Additive::ZERO; kinds * 2 * 128],
            eval_attached: false,
        };
        for color in Color::BOTH {
            for sq in size.all_squares() {
                let rel = variant.relative_rank(color, size.rank(sq));
                let c = color.index();
                if variant.promotion_ranks.contains(&rel) && !variant.promote_to.is_empty() {
                    t.promotion_zone[c] = t.promotion_zone[c].with(sq);
                    if rel == size.ranks - 1 {
                        t.compulsory_zone[c] = t.compulsory_zone[c].with(sq);
                    }
                }
                if variant.double_step_ranks.contains(&rel) {
                    t.double_step_zone[c] = t.double_step_zone[c].with(sq);
                }
            }
        }
        let mut lame_lists: Vec<Vec<LameLeap<B>>> = vec![Vec::new(); 2 * kinds * n];
        let mut rev_lame_lists: Vec<Vec<LameLeap<B>>> = vec![Vec::new(); 2 * kinds * n];
        let mut bent_lists: Vec<Vec<BentRay<B>>> = vec![Vec::new(); 2 * kinds * n];
        // Ray groups for attack detection: (rays, hop) → kinds, per colour.
        let mut ray_groups: [Vec<RayGroup>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            let (flip_x, flip_y): (i8, i8) = match (color, variant.rotate_black) {
                (Color::White, _) => (1, 1),
                (Color::Black, false) => (1, -1),
                (Color::Black, true) => (-1, -1),
            };
            let zone_mask = |z: usize| -> B {
                variant.zones[z].squares[color.index()]
                    .iter()
                    .fold(B::EMPTY, |b, &s| b.with(s))
            };
            for k in variant.kinds() {
                let pk = t.pk(color, k);
                let piece = variant.piece(k);
                let mut capture_rays: Vec<(u16, bool)> = Vec::new();
                let confine = piece.confined.map(zone_mask).unwrap_or(!B::EMPTY);
                // The piece's own atoms apply everywhere; zone moves only on their zone.
                let mut atom_sets: Vec<(&[Atom], B)> = vec![(&piece.atoms, !B::EMPTY)];
                if let Some((z, extra)) = &piece.zone_moves {
                    atom_sets.push((extra, zone_mask(*z)));
                }
                for (atoms, applies) in atom_sets {
                    for atom in atoms {
                        let vectors: Vec<(i8, i8)> = atom
                            .vectors
                            .iter()
                            .map(|&(x, y)| (x * flip_x, y * flip_y))
                            .collect();
                        match atom.shape {
                            AtomShape::Leap if !atom.lame && !atom.initial => {
                                for (sq, to, dx, dy) in
                                    confined_leaps(size, applies, confine, &vectors)
                                {
                                    let i = pk * n + sq.index();
                                    if atom.modes.quiet {
                                        t.quiet_leaps[i] = t.quiet_leaps[i].with(to);
                                    }
                                    if atom.modes.capture {
                                        t.capture_leaps[i] = t.capture_leaps[i].with(to);
                                        let r = pk * n + to.index();
                                        match crate::rules::no_jump_check::attack_block::<B>(
                                            piece, size, sq, dx, dy,
                                        ) {
                                            Some(block) => rev_lame_lists[r].push(LameLeap {
                                                target: sq,
                                                block,
                                                quiet: false,
                                                capture: true,
                                                initial: false,
                                            }),
                                            None => {
                                                t.rev_capture_leaps[r] =
                                                    t.rev_capture_leaps[r].with(sq)
                                            }
                                        }
                                    }
                                }
                            }
                            AtomShape::Leap => {
                                for (sq, to, dx, dy) in
                                    confined_leaps(size, applies, confine, &vectors)
                                {
                                    // An initial move (pawns only) exists only from the
                                    // double-step ranks: elsewhere no list need hold it.
                                    if atom.initial && !t.double_step_zone[color.index()].has(sq) {
                                        continue;
                                    }
                                    let block = if atom.lame {
                                        lame_path::<B>(size, sq, dx, dy, atom.diagonal_first)
                                    } else {
                                        B::EMPTY
                                    };
                                    let leap = LameLeap {
                                        target: to,
                                        block,
                                        quiet: atom.modes.quiet,
                                        capture: atom.modes.capture,
                                        initial: atom.initial,
                                    };
                                    lame_lists[pk * n + sq.index()].push(leap);
                                    if atom.modes.capture && !atom.initial {
                                        rev_lame_lists[pk * n + to.index()]
                                            .push(LameLeap { target: sq, ..leap });
                                    }
                                }
                            }
                            AtomShape::Bent => {
                                // Generated as slides from the first step; as attacks, each
                                // square a bent path reaches is a lame leap blocked by the
                                // path, so that the attack tests, check evasions and pin masks
                                // need nothing of their own for it.
                                t.kind_moves[pk].bent = true;
                                for path in bent_paths::<B>(size, applies, &vectors) {
                                    bent_lists[pk * n + path.from.index()].push(BentRay {
                                        mid: path.mid,
                                        lines: path.lines,
                                        quiet: atom.modes.quiet,
                                        capture: atom.modes.capture,
                                    });
                                    if !atom.modes.capture {
                                        continue;
                                    }
                                    for (to, block) in path.leaps {
                                        rev_lame_lists[pk * n + to.index()].push(LameLeap {
                                            target: path.from,
                                            block,
                                            quiet: false,
                                            capture: true,
                                            initial: false,
                                        });
                                    }
                                }
                            }
                            AtomShape::Ride { max } | AtomShape::Hop { max } => {
                                let hop = matches!(atom.shape, AtomShape::Hop { .. });
                                t.has_hoppers |= hop;
                                for &(dx, dy) in &vectors {
                                    let ray = t.ray_id(dx, dy, max);
                                    t.kind_moves[pk].rides.push(RideAtom {
                                        ray,
                                        quiet: atom.modes.quiet,
                                        capture: atom.modes.capture,
                                        hop,
                                    });
                                    if atom.modes.capture {
                                        capture_rays.push((t.ray_id(-dx, -dy, max), hop));
                                    }
                                }
                            }
                        }
                        t.kind_moves[pk].en_passant |= atom.en_passant;
                    }
                }
                for hop in [false, true] {
                    let mut rays: Vec<u16> = capture_rays
                        .iter()
                        .filter(|r| r.1 == hop)
                        .map(|r| r.0)
                        .collect();
                    rays.sort_unstable();
                    rays.dedup();
                    if rays.is_empty() {
                        continue;
                    }
                    let groups = &mut ray_groups[color.index()];
                    match groups.iter_mut().find(|g| g.0 == rays && g.1 == hop) {
                        Some(g) => g.2.push(k),
                        None => groups.push((rays, hop, vec![k])),
                    }
                }
            }
        }
        let flatten = |lists: Vec<Vec<LameLeap<B>>>,
                       out: &mut Vec<LameLeap<B>>,
                       index: &mut Vec<(u32, u32)>| {
            for (i, list) in lists.into_iter().enumerate() {
                let a = out.len() as u32;
                out.extend(list);
                index[i] = (a, out.len() as u32);
            }
        };
        flatten(lame_lists, &mut t.lame, &mut t.lame_index);
        flatten(rev_lame_lists, &mut t.rev_lame, &mut t.rev_lame_index);
        for (i, list) in bent_lists.into_iter().enumerate() {
            let a = t.bent.len() as u32;
            t.bent.extend(list);
            t.bent_index[i] = (a, t.bent.len() as u32);
        }

        for color in Color::BOTH {
            let ci = color.index();
            // Cheap leap tests first, so that an early exit skips the rays.
            let mut groups: Vec<AttackGroup> = Vec::new();
            for k in variant.kinds() {
                let pk = t.pk(color, k);
                let table = &t.rev_capture_leaps[pk * n..(pk + 1) * n];
                if !table.iter().any(|b| b.any()) {
                    continue;
                }
                let same = groups.iter_mut().find(|g| match g {
                    AttackGroup::Leaps { table_of, .. } => {
                        let o = t.pk(color, *table_of);
                        t.rev_capture_leaps[o * n..(o + 1) * n] == *table
                    }
                    _ => false,
                });
                match same {
                    Some(AttackGroup::Leaps { kinds, .. }) => kinds.push(k),
                    _ => groups.push(AttackGroup::Leaps {
                        table_of: k,
                        kinds: vec![k],
                    }),
                }
            }
            for (rays, hop, kinds) in std::mem::take(&mut ray_groups[ci]) {
                groups.push(AttackGroup::Rays { rays, hop, kinds });
            }
            if let Some((dx, dy)) = variant.facing_kings {
                let rays = vec![t.ray_id(dx, dy, 0), t.ray_id(-dx, -dy, 0)];
                groups.push(AttackGroup::Rays {
                    rays,
                    hop: false,
                    kinds: vec![variant.royal],
                });
            }
            for k in variant.kinds() {
                let pk = t.pk(color, k);
                if (0..n).any(|s| t.rev_lame_index[pk * n + s].0 != t.rev_lame_index[pk * n + s].1)
                {
                    groups.push(AttackGroup::Lame { kind: k });
                }
            }
            for (gi, g) in groups.iter().enumerate() {
                let members = match g {
                    AttackGroup::Rays { kinds, .. } | AttackGroup::Leaps { kinds, .. } => kinds,
                    AttackGroup::Lame { kind } => std::slice::from_ref(kind),
                };
                for &k in members {
                    let pk = t.pk(color, k);
                    t.kind_groups[pk].push(gi);
                }
            }
            t.attack_groups[ci] = groups;
        }
        // Exposure: the lines along which `color`'s riders, hoppers and lame leapers reach a square.
        for color in Color::BOTH {
            let ci = color.index();
            for sq in size.all_squares() {
                let mut lines = B::EMPTY;
                let mut screens = B::EMPTY;
                let mut paths = B::EMPTY;
                for g in &t.attack_groups[ci] {
                    match g {
                        AttackGroup::Rays { rays, hop, .. } => {
                            for &r in rays {
                                let full = t.ray(t.ray_full[r as usize], sq);
                                lines |= full;
                                if *hop {
                                    screens |= full;
                                }
                            }
                        }
                        AttackGroup::Lame { kind } => {
                            for l in t.rev_lame_leaps(color, *kind, sq) {
                                paths |= l.block;
                            }
                        }
                        AttackGroup::Leaps { .. } => {}
                    }
                }
                t.exposure[ci * n + sq.index()] = lines | paths;
                t.lame_exposure[ci * n + sq.index()] = paths;
                t.screen_lines[ci * n + sq.index()] = screens;
            }
        }
        t.build_line_tables();
        t.build_attack_span();
        t.find_plain_captures(variant);
        if let Some(rule) = variant.relay {
            t.relay = Some(Box::new(crate::rules::relay::RelayTables::new(
                variant, rule, &t,
            )));
        }
        t
    }

    /// Is the ray's step primitive (no square of its line skipped)? Then rays of distinct
    /// directions share no square, and the shadow of a blocker cuts only its own ray.
    fn ray_direction(&self, ray: u16) -> Option<(i8, i8)> {
        let (dx, dy, _) = self.ray_vectors[ray as usize];
        let (mut a, mut b) = (dx.unsigned_abs(), dy.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        (a == 1).then_some((dx, dy))
    }

    /// Shadows, and the combined rays of pieces and attack groups (see `slide`).
    fn build_line_tables(&mut self) {
        let size = self.size;
        let n = self.n;
        self.shadow = vec![[B::EMPTY; 128]; n];
        for from in size.all_squares() {
            for b in size.all_squares() {
                let dx = size.file(b) as i32 - size.file(from) as i32;
                let dy = size.rank(b) as i32 - size.rank(from) as i32;
                let (mut g, mut h) = (dx.unsigned_abs(), dy.unsigned_abs());
                while h != 0 {
                    (g, h) = (h, g % h);
                }
                if g == 0 {
                    continue;
                }
                let (ux, uy) = (dx / g as i32, dy / g as i32);
                let mut bb = B::EMPTY;
                let mut cur = b;
                while let Some(next) = size.offset(cur, ux, uy) {
                    bb = bb.with(next);
                    cur = next;
                }
                self.shadow[from.index()][b.index()] = bb;
            }
        }
        self.reach_parts = (0..self.kind_moves.len() * n)
            .map(|i| (self.quiet_leaps[i], B::EMPTY))
            .collect();
        for pk in 0..self.kind_moves.len() {
            let rides = std::mem::take(&mut self.kind_moves[pk].rides);
            let mut dirs: Vec<(i8, i8)> = Vec::new();
            let mut modes = None;
            let mut other = Vec::new();
            for r in &rides {
                let dir = self.ray_direction(r.ray);
                let fits = !r.hop
                    && dir.is_some_and(|d| !dirs.contains(&d))
                    && modes.is_none_or(|m| m == (r.quiet, r.capture));
                if fits {
                    dirs.push(dir.unwrap());
                    modes = Some((r.quiet, r.capture));
                    for sq in 0..n {
                        let line = self.rays[r.ray as usize * n + sq];
                        self.reach_parts[pk * n + sq].1 |= line;
                    }
                } else {
                    other.push(*r);
                }
            }
            let symmetric = other.is_empty()
                && modes.is_none_or(|m| m == (true, true))
                && (0..n).all(|sq| {
                    let i = pk * n + sq;
                    self.quiet_leaps[i] == self.capture_leaps[i]
                        && self.lame_index[i].0 == self.lame_index[i].1
                        && self.bent_index[i].0 == self.bent_index[i].1
                });
            let km = &mut self.kind_moves[pk];
            km.rides = rides;
            km.combined = modes;
            km.other_rides = other;
            if symmetric {
                self.symmetric_kinds[pk / self.kinds] |= 1 << (pk % self.kinds);
            }
        }
        for ci in 0..2 {
            let groups = std::mem::take(&mut self.attack_groups[ci]);
            let mut lines = vec![B::EMPTY; groups.len() * n];
            let mut combined = vec![false; groups.len()];
            for (gi, g) in groups.iter().enumerate() {
                let AttackGroup::Rays {
                    rays, hop: false, ..
                } = g
                else {
                    continue;
                };
                let dirs: Vec<Option<(i8, i8)>> =
                    rays.iter().map(|&r| self.ray_direction(r)).collect();
                let distinct = dirs
                    .iter()
                    .enumerate()
                    .all(|(i, d)| d.is_some() && !dirs[..i].contains(d));
                if !distinct {
                    continue;
                }
                combined[gi] = true;
                for &r in rays {
                    for sq in 0..n {
                        lines[gi * n + sq] |= self.rays[r as usize * n + sq];
                    }
                }
            }
            let mut scan = AttackScan::default();
            for (gi, g) in groups.iter().enumerate() {
                match g {
                    AttackGroup::Leaps { table_of, kinds } => scan
                        .leaps
                        .push(((ci * self.kinds + table_of.index()) * n, kind_mask(kinds))),
                    AttackGroup::Rays { kinds, .. } if combined[gi] => {
                        scan.lines.push((gi * n, kind_mask(kinds)))
                    }
                    _ => scan.other.push(gi),
                }
            }
            self.attack_groups[ci] = groups;
            self.group_lines[ci] = lines;
            self.group_combined[ci] = combined;
            self.attack_scan[ci] = scan;
        }
    }

    fn build_attack_span(&mut self) {
        let n = self.n;
        for color in Color::BOTH {
            for pk in color.index() * self.kinds..(color.index() + 1) * self.kinds {
                for sq in self.size.all_squares() {
                    let mut span = B::EMPTY;
                    for &gi in &self.kind_groups[pk] {
                        span |= match &self.attack_groups[color.index()][gi] {
                            AttackGroup::Leaps { table_of, .. } => {
                                self.rev_capture_leaps(color, *table_of, sq)
                            }
                            AttackGroup::Rays { rays, .. } => {
                                rays.iter().fold(B::EMPTY, |s, &r| s | self.ray(r, sq))
                            }
                            AttackGroup::Lame { kind } => self
                                .rev_lame_leaps(color, *kind, sq)
                                .iter()
                                .fold(B::EMPTY, |s, l| s.with(l.target)),
                        };
                    }
                    self.attack_span[pk * n + sq.index()] = span;
                }
            }
        }
    }

    /// Squares from which a `color` `kind` could attack `target` on some board.
    #[inline(always)]
    pub fn attack_span(&self, color: Color, kind: PieceKind, target: Square) -> B {
        self.attack_span[self.pk(color, kind) * self.n + target.index()]
    }

    fn find_plain_captures(&mut self, variant: &Variant) {
        for color in Color::BOTH {
            for k in variant.kinds() {
                let pk = self.pk(color, k);
                let km = &self.kind_moves[pk];
                if self.is_symmetric(color, k) || !km.rides.is_empty() || km.bent {
                    continue;
                }
                let pawn = variant.piece(k).pawn;
                for sq in self.size.all_squares() {
                    let lame = self.lame_leaps(color, k, sq);
                    let reach = lame
                        .iter()
                        .fold(self.empty_board_reach(color, k, sq), |r, l| {
                            r.with(l.target)
                        });
                    let promotes = pawn && (reach & self.promotion_zone[color.index()]).any();
                    if !promotes && !lame.iter().any(|l| l.capture) {
                        self.plain_captures[pk] = self.plain_captures[pk].with(sq);
                    }
                }
            }
        }
    }

    /// The pawn-like kinds and the royal kinds, bit `kind` each (see `pawn_like_kinds`).
    #[inline(always)]
    pub fn role_kinds(&self) -> (u32, u32) {
        (self.pawn_like_kinds, self.royal_kinds)
    }

    /// Does a `color` `kind` move and capture alike (see `symmetric_kinds`)?
    #[inline(always)]
    pub fn is_symmetric(&self, color: Color, kind: PieceKind) -> bool {
        self.symmetric_kinds[color.index()] >> kind.index() & 1 != 0
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
        let row = &self.shadow[from.index()];
        let shadows = (lines & occ).or_over(B::EMPTY, |b| row[b.index() & 127]);
        lines & !shadows
    }

    /// For a kind with `symmetric` moves: every square it moves or captures to from `sq`, own
    /// pieces' squares included.
    #[inline(always)]
    pub fn reach(&self, color: Color, kind: PieceKind, sq: Square, occ: B) -> B {
        let i = self.pk(color, kind) * self.n + sq.index();
        let (leaps, lines) = self.reach_parts[i];
        leaps | self.slide(sq, lines, occ)
    }

    /// The combined rays of a kind's rides (see `KindMoves::combined`).
    #[inline(always)]
    pub fn ride_lines(&self, color: Color, kind: PieceKind, sq: Square) -> B {
        self.reach_parts[self.pk(color, kind) * self.n + sq.index()].1
    }

    /// `color`'s attack groups laid out for scanning (see `AttackScan`).
    #[inline(always)]
    pub fn attack_scan(&self, color: Color) -> &AttackScan {
        &self.attack_scan[color.index()]
    }

    /// Reverse capture leaps from the row start `row` of an `AttackScan` entry.
    #[inline(always)]
    pub fn rev_capture_leaps_at(&self, row: usize, sq: Square) -> B {
        self.rev_capture_leaps[row + sq.index()]
    }

    /// Combined lines of `color`'s group from the row start `row` of an `AttackScan` entry.
    #[inline(always)]
    pub fn group_lines_at(&self, color: Color, row: usize, sq: Square) -> B {
        self.group_lines[color.index()][row + sq.index()]
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
        self.exposure[attacker.index() * self.n + sq.index()]
    }

    /// The part of `exposure` made of lame leaps' paths.
    #[inline(always)]
    pub fn lame_exposure(&self, attacker: Color, sq: Square) -> B {
        self.lame_exposure[attacker.index() * self.n + sq.index()]
    }

    /// The squares beyond `b` on the line from `from` through `b` (empty when `b` is `from`).
    #[inline(always)]
    pub fn beyond(&self, from: Square, b: Square) -> B {
        self.shadow[from.index()][b.index() & 127]
    }
    #[inline(always)]
    pub fn screen_lines(&self, attacker: Color, sq: Square) -> B {
        self.screen_lines[attacker.index() * self.n + sq.index()]
    }
    #[inline(always)]
    pub fn piece_key(&self, piece: crate::types::Piece, sq: Square) -> u64 {
        self.zobrist.piece_square[piece.index() * 128 + sq.index()]
    }

    /// Fills the additive table from the game's evaluation data (once, when the game is
    /// compiled; positions then keep the sum as they play).
    pub fn attach_eval(&mut self, params: &EvalParams) {
        for kind in 0..self.kinds {
            let kind = PieceKind(kind as u8);
            for color in Color::BOTH {
                let piece = crate::types::Piece::new(color, kind);
                for sq in self.size.all_squares() {
                    self.eval_additive[piece.index() * 128 + sq.index()] =
                        crate::evaluation::piece_additive(params, piece, sq);
                }
            }
        }
        self.eval_attached = true;
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

/// The squares a lame leap passes: every square on the line for straight leaps; for oblique
/// leaps the orthogonal first step (the Mao's path: `nN` is the Xiang Qi horse), or with
/// `diagonal_first` the diagonal one (the Moa).
pub(crate) fn lame_path<B: Bitboard>(
    size: BoardSize,
    from: Square,
    dx: i8,
    dy: i8,
    diagonal_first: bool,
) -> B {
    let (ax, ay) = (dx.abs(), dy.abs());
    let mut block = B::EMPTY;
    if ax == 0 || ay == 0 || ax == ay {
        let steps = ax.max(ay);
        let (ux, uy) = (dx.signum(), dy.signum());
        for i in 1..steps {
            if let Some(s) = size.offset(from, (ux * i) as i32, (uy * i) as i32) {
                block = block.with(s);
            }
        }
    } else {
        let (ox, oy) = if diagonal_first {
            (dx.signum(), dy.signum())
        } else if ay > ax {
            (0, dy.signum())
        } else {
            (dx.signum(), 0)
        };
        if let Some(s) = size.offset(from, ox as i32, oy as i32) {
            block = block.with(s);
        }
    }
    block
}

/// A bent rider's moves from one square through one first step.
struct BentPath<B> {
    from: Square,
    mid: Square,
    /// The two outward rays from `mid`.
    lines: B,
    /// Every square reached (`mid` included) with the squares passed to get there (`mid`
    /// first), as a lame leap's target and block.
    leaps: Vec<(Square, B)>,
}

/// The moves of a bent rider (`AtomShape::Bent`) whose first steps are `vectors`, from every
/// square where the atom `applies`: the first step, then a ride at 45 degrees outward on either
/// side (a diagonal step turns orthogonal, an orthogonal one diagonal).
fn bent_paths<B: Bitboard>(size: BoardSize, applies: B, vectors: &[(i8, i8)]) -> Vec<BentPath<B>> {
    let mut out = Vec::new();
    for from in size.all_squares().filter(|&s| applies.has(s)) {
        for &(vx, vy) in vectors {
            let Some(mid) = size.offset(from, i32::from(vx), i32::from(vy)) else {
                continue;
            };
            let turns: [(i8, i8); 2] = if vx != 0 && vy != 0 {
                [(vx, 0), (0, vy)]
            } else if vy == 0 {
                [(vx, 1), (vx, -1)]
            } else {
                [(1, vy), (-1, vy)]
            };
            let mut lines = B::EMPTY;
            let mut leaps = Vec::new();
            for (wx, wy) in turns {
                let mut path = B::EMPTY.with(mid);
                let mut at = mid;
                while let Some(to) = size.offset(at, i32::from(wx), i32::from(wy)) {
                    leaps.push((to, path));
                    lines = lines.with(to);
                    path = path.with(to);
                    at = to;
                }
            }
            out.push(BentPath {
                from,
                mid,
                lines,
                leaps,
            });
        }
    }
    out
}

/// Every leap `(from, to, dx, dy)` by one of `vectors` from a square where the atom `applies`,
/// staying inside `confine` (the piece's allowed area) at both ends.
fn confined_leaps<'a, B: Bitboard>(
    size: BoardSize,
    applies: B,
    confine: B,
    vectors: &'a [(i8, i8)],
) -> impl Iterator<Item = (Square, Square, i8, i8)> + 'a {
    size.all_squares()
        .filter(move |&s| applies.has(s) && confine.has(s))
        .flat_map(move |sq| {
            vectors.iter().filter_map(move |&(dx, dy)| {
                let to = size.offset(sq, i32::from(dx), i32::from(dy))?;
                confine.has(to).then_some((sq, to, dx, dy))
            })
        })
}
