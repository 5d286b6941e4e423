//! Relay and anti-relay (Mike Nelson; `rules/relay.md`).
//!
//! **Move types.** Each piece's Betza atoms are grouped by their set of step vectors: one group is
//! one move type (a Queen has the Rook move and the Bishop move, a Chancellor the Rook move and the
//! Knight move; the Canonical Bishop `mRcpR` and Knight `nNoN` are one type each, the Cannon `KAD`
//! four). Two pieces share a type when their groups are equal (the cannon's no-jump-check rule
//! travels with its two-step types). Kings and pawn-like pieces take no part.
//!
//! **Compiled once per game** (`RelayTables`, held by the game's `Tables`): a second `Tables` whose
//! "kinds" are *slots* — one per type (the type as gained, never confined) and one per confined
//! natural use of a type — so every type has its own leap tables, rays and reverse (attack) groups;
//! the natural slot of each (kind, type); per type the squares whose occupancy can change a seeing
//! relation by that type (`region`).
//!
//! **Once per position** (`Relations`): the seeing relations from natural moves only (per type,
//! the squares each colour's pieces see), then the effects as bitboards per type: the pieces that
//! lost the type, the pieces that gained it, and per slot the pieces that move by it now.
//! Generation uses a piece's own tables when its set is unchanged and the slots when it is not.
//!
//! **Legality.** Whether our king is attacked after a move depends on the relations of the
//! position after it. They are judged locally on a copy of the bitboards (`Board`, no history):
//! only the enemy pieces that stand on a line to the king are examined, each with a few queries
//! (is it seen by a piece that takes or gives the type; does it see a piece that takes it).
//! A move is examined only when it could matter: in check, king moves, en passant, castling, a
//! piece leaving a line to the king (of any type some piece could use), landing on a hopper's
//! line, or touching the region of an enemy piece that stands on an open line to the king
//! without the type now (a *latent* checker: the move could give the type back, or give it).

use crate::movegen::tables::{AttackGroup, Tables};
use crate::position::{castle_bit, Position};
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, Piece, PieceKind, Square, MAX_KINDS};
use crate::variant::betza::{Atom, AtomShape};
use crate::variant::relay_name::{AntiKind, RelayRule, Side};
use crate::variant::{PieceType, Variant};

/// Distinct move types in one game.
pub const MAX_TYPES: usize = 16;
/// Slots: types as gained, confined natural uses, and plain twins of no-jump-check types.
pub const MAX_SLOTS: usize = 32;

type Mask = u32;

#[inline(always)]
fn bits(mut m: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Does a piece of this kind take part (neither a King nor a pawn-like piece)?
fn participates(p: &PieceType) -> bool {
    !p.royal && !p.pawn
}

/// One move type: a group of atoms (letters dropped, vectors sorted) and whether its straight
/// leaps keep the no-jump-check rule.
#[derive(Clone, PartialEq, Eq, Debug)]
struct TypeKey {
    atoms: Vec<Atom>,
    no_jump_check: bool,
}

fn normalised(atom: &Atom) -> Atom {
    let mut a = atom.clone();
    a.letter = ' ';
    a.vectors.sort_unstable();
    a
}

/// A piece's atoms grouped into move types (same vector set = same type).
fn piece_types(p: &PieceType) -> Vec<TypeKey> {
    let mut groups: Vec<Vec<Atom>> = Vec::new();
    for atom in &p.atoms {
        let a = normalised(atom);
        match groups.iter_mut().find(|g| g[0].vectors == a.vectors) {
            Some(g) => g.push(a),
            None => groups.push(vec![a]),
        }
    }
    groups
        .into_iter()
        .map(|mut atoms| {
            atoms.sort_by_key(|a| format!("{a:?}"));
            let straight_long = atoms.iter().any(|a| {
                matches!(a.shape, AtomShape::Leap)
                    && a.vectors.iter().any(|&(x, y)| (x == 0 || y == 0 || x.abs() == y.abs()) && x.abs().max(y.abs()) >= 2)
            });
            TypeKey { atoms, no_jump_check: p.no_jump_check && straight_long }
        })
        .collect()
}

/// The game's move types and each participating kind's types, or why relays cannot apply.
fn decompose(pieces: &[PieceType]) -> Result<(Vec<TypeKey>, Vec<Vec<usize>>), String> {
    let mut types: Vec<TypeKey> = Vec::new();
    let mut per_kind = Vec::new();
    for p in pieces {
        let mut mine = Vec::new();
        if participates(p) {
            if p.zone_moves.is_some() {
                return Err(format!("relay: piece {} has zone moves, which relay rules do not support", p.letter));
            }
            for key in piece_types(p) {
                let i = match types.iter().position(|t| *t == key) {
                    Some(i) => i,
                    None => {
                        types.push(key);
                        types.len() - 1
                    }
                };
                if !mine.contains(&i) {
                    mine.push(i);
                }
            }
        }
        per_kind.push(mine);
    }
    if types.len() > MAX_TYPES {
        return Err(format!("relay: {} move types; at most {MAX_TYPES}", types.len()));
    }
    Ok((types, per_kind))
}

/// Checks at load time that relay rules can apply to these pieces.
pub fn check_pieces(pieces: &[PieceType]) -> Result<(), String> {
    let slots = slot_plan(pieces)?.len();
    if slots > MAX_SLOTS {
        return Err(format!("relay: {slots} move-type slots (types, confined uses); at most {MAX_SLOTS}"));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct SlotDef {
    ty: usize,
    confined: Option<usize>,
    no_jump_check: bool,
}

/// The slots: per type its gained (unconfined) slot, then confined natural slots, then plain
/// twins of no-jump-check slots (used to see, which jumps freely).
fn slot_plan(pieces: &[PieceType]) -> Result<Vec<SlotDef>, String> {
    let (types, per_kind) = decompose(pieces)?;
    let mut slots: Vec<SlotDef> = Vec::new();
    let add = |d: SlotDef, slots: &mut Vec<SlotDef>| {
        if !slots.contains(&d) {
            slots.push(d);
        }
    };
    for (i, t) in types.iter().enumerate() {
        add(SlotDef { ty: i, confined: None, no_jump_check: t.no_jump_check }, &mut slots);
    }
    for (k, list) in per_kind.iter().enumerate() {
        for &t in list {
            add(SlotDef { ty: t, confined: pieces[k].confined, no_jump_check: types[t].no_jump_check }, &mut slots);
        }
    }
    for d in slots.clone() {
        if d.no_jump_check {
            add(SlotDef { no_jump_check: false, ..d }, &mut slots);
        }
    }
    Ok(slots)
}

/// Reverse movement of one slot for one colour: the rays (and whether they hop) along which an
/// attacker stands, and whether it has reverse lame leaps.
#[derive(Clone, Debug, Default)]
struct SlotRev {
    rays: Vec<(u16, bool)>,
    lame: bool,
}

/// Everything relay rules need, compiled once per game.
pub struct RelayTables<B> {
    pub rule: RelayRule,
    /// Move tables whose kinds are the slots.
    pub slots: Tables<B>,
    n: usize,
    ntypes: usize,
    nslots: usize,
    /// Participating kinds (bit per kind) and their list.
    participating: u32,
    part_kinds: Vec<PieceKind>,
    kind_types: [Mask; MAX_KINDS],
    kind_slot: [[u8; MAX_TYPES]; MAX_KINDS],
    type_kinds: [Mask; MAX_TYPES],
    gain_slot: [u8; MAX_TYPES],
    slot_type: [u8; MAX_SLOTS],
    /// Kinds that move by the slot naturally.
    slot_kinds: [Mask; MAX_SLOTS],
    /// The slot that sees for this one (its plain twin for a no-jump-check slot).
    see_slot: [u8; MAX_SLOTS],
    /// Per type, the slots that some kind uses naturally.
    type_slots: [Mask; MAX_TYPES],
    rev: [Vec<SlotRev>; 2],
    /// Per colour, per attack group of `slots`: the slots of the group.
    group_slots: [Vec<Mask>; 2],
    /// The base game's attack groups restricted to kings and pawn-like pieces.
    fixed_groups: [Vec<AttackGroup>; 2],
    /// [type * n + square]: squares whose change can alter a seeing relation by that type that
    /// involves a piece on the square.
    region: Vec<B>,
    /// [colour * n + square]: lines along which any piece of that colour (any type it could use)
    /// could reach the square, and squares that could make a hopper's screen.
    exposure: Vec<B>,
    screens: Vec<B>,
}

impl<B: Bitboard> RelayTables<B> {
    /// Builds the relay tables of `variant` (its pieces were checked by `check_pieces`).
    pub fn new(variant: &Variant, rule: RelayRule, real: &Tables<B>) -> RelayTables<B> {
        let pieces = &variant.pieces;
        let (types, per_kind) = decompose(pieces).expect("relay pieces are checked at load");
        let plan = slot_plan(pieces).expect("relay pieces are checked at load");
        assert!(plan.len() <= MAX_SLOTS, "relay slots are checked at load");
        let ntypes = types.len();
        let nslots = plan.len();
        let template = &pieces[0];
        let mut sv: Variant = variant.clone();
        sv.relay = None;
        sv.facing_kings = None;
        sv.promote_to.clear();
        sv.bonus_tables.clear();
        sv.royal = PieceKind(0);
        sv.pieces = plan
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let mut p = template.clone();
                p.letter = (b'a' + (i % 26) as u8) as char;
                p.name = format!("slot{i}");
                p.value = 0;
                p.royal = false;
                p.pawn = false;
                p.no_jump_check = d.no_jump_check;
                p.atoms = types[d.ty].atoms.clone();
                p.confined = d.confined;
                p.zone_moves = None;
                p
            })
            .collect();
        let slots = Tables::<B>::new(&sv);
        let find = |d: SlotDef| plan.iter().position(|&x| x == d).expect("planned slot") as u8;

        let mut kind_types = [0; MAX_KINDS];
        let mut kind_slot = [[0u8; MAX_TYPES]; MAX_KINDS];
        let mut type_kinds = [0; MAX_TYPES];
        let mut slot_kinds = [0; MAX_SLOTS];
        let mut participating = 0;
        let mut part_kinds = Vec::new();
        for (k, list) in per_kind.iter().enumerate() {
            if !participates(&pieces[k]) {
                continue;
            }
            participating |= 1 << k;
            part_kinds.push(PieceKind(k as u8));
            for &t in list {
                kind_types[k] |= 1 << t;
                type_kinds[t] |= 1 << k;
                let s = find(SlotDef { ty: t, confined: pieces[k].confined, no_jump_check: types[t].no_jump_check });
                kind_slot[k][t] = s;
                slot_kinds[s as usize] |= 1 << k;
            }
        }
        let mut gain_slot = [0u8; MAX_TYPES];
        let mut type_slots = [0; MAX_TYPES];
        for (t, key) in types.iter().enumerate() {
            gain_slot[t] = find(SlotDef { ty: t, confined: None, no_jump_check: key.no_jump_check });
        }
        let mut slot_type = [0u8; MAX_SLOTS];
        let mut see_slot = [0u8; MAX_SLOTS];
        for (s, d) in plan.iter().enumerate() {
            slot_type[s] = d.ty as u8;
            see_slot[s] = if d.no_jump_check { find(SlotDef { no_jump_check: false, ..*d }) } else { s as u8 };
            if slot_kinds[s] != 0 {
                type_slots[d.ty] |= 1 << s;
            }
        }
        let mut rev: [Vec<SlotRev>; 2] = [vec![SlotRev::default(); nslots], vec![SlotRev::default(); nslots]];
        let mut group_slots: [Vec<Mask>; 2] = [Vec::new(), Vec::new()];
        for c in Color::BOTH {
            for g in &slots.attack_groups[c.index()] {
                let mut mask = 0;
                match g {
                    AttackGroup::Leaps { kinds, .. } => kinds.iter().for_each(|k| mask |= 1 << k.0),
                    AttackGroup::Rays { rays, hop, kinds } => {
                        for k in kinds {
                            mask |= 1 << k.0;
                            rev[c.index()][k.index()].rays.extend(rays.iter().map(|&r| (r, *hop)));
                        }
                    }
                    AttackGroup::Lame { kind } => {
                        mask |= 1 << kind.0;
                        rev[c.index()][kind.index()].lame = true;
                    }
                }
                group_slots[c.index()].push(mask);
            }
        }
        let fixed_groups = [Color::White, Color::Black].map(|c| {
            real.attack_groups[c.index()]
                .iter()
                .filter_map(|g| {
                    let keep = |k: &PieceKind| !participates(&pieces[k.index()]);
                    match g {
                        AttackGroup::Leaps { table_of, kinds } => {
                            let kinds: Vec<PieceKind> = kinds.iter().copied().filter(keep).collect();
                            (!kinds.is_empty()).then_some(AttackGroup::Leaps { table_of: *table_of, kinds })
                        }
                        AttackGroup::Rays { rays, hop, kinds } => {
                            let kinds: Vec<PieceKind> = kinds.iter().copied().filter(keep).collect();
                            (!kinds.is_empty()).then(|| AttackGroup::Rays { rays: rays.clone(), hop: *hop, kinds })
                        }
                        AttackGroup::Lame { kind } => keep(kind).then_some(AttackGroup::Lame { kind: *kind }),
                    }
                })
                .collect()
        });
        let size = variant.size;
        let n = size.squares();
        let full_reach = |s: usize, sq: Square| -> B {
            let k = PieceKind(s as u8);
            let mut reach = B::EMPTY;
            for c in Color::BOTH {
                reach |= slots.quiet_leaps(c, k, sq) | slots.capture_leaps(c, k, sq);
                for r in &slots.kind_moves(c, k).rides {
                    reach |= slots.ride(r.ray, sq, B::EMPTY);
                }
                for l in slots.lame_leaps(c, k, sq) {
                    reach = reach.with(l.target) | l.block;
                }
            }
            reach
        };
        let mut region = vec![B::EMPTY; ntypes * n];
        for t in 0..ntypes {
            let s = gain_slot[t] as usize;
            for from in size.all_squares() {
                let reach = full_reach(s, from);
                region[t * n + from.index()] |= reach;
                for to in reach.squares() {
                    region[t * n + to.index()] = region[t * n + to.index()].with(from);
                }
            }
        }
        let mut exposure = vec![B::EMPTY; 2 * n];
        let mut screens = vec![B::EMPTY; 2 * n];
        for c in Color::BOTH {
            for sq in size.all_squares() {
                let i = c.index() * n + sq.index();
                exposure[i] = real.exposure(c, sq) | slots.exposure(c, sq);
                screens[i] = real.screen_lines(c, sq) | slots.screen_lines(c, sq);
            }
        }
        RelayTables {
            rule,
            slots,
            n,
            ntypes,
            nslots,
            participating,
            part_kinds,
            kind_types,
            kind_slot,
            type_kinds,
            gain_slot,
            slot_type,
            slot_kinds,
            see_slot,
            type_slots,
            rev,
            group_slots,
            fixed_groups,
            region,
            exposure,
            screens,
        }
    }

    /// Number of distinct move types in the game.
    pub fn type_count(&self) -> usize {
        self.ntypes
    }

    /// The natural types of a kind (bit per type; 0 for Kings and pawn-like pieces).
    pub fn natural_types(&self, kind: PieceKind) -> u32 {
        self.kind_types[kind.index()]
    }

    #[inline(always)]
    fn matching(side: Side, c: Color, b: &Board<B>) -> B {
        match side {
            Side::Friendly => b.by_color[c.index()],
            Side::Hostile => b.by_color[(!c).index()],
            Side::Bilateral => b.occ,
        }
    }

    /// Pieces a piece of colour `c` sees by a slot's natural move from `from` (any occupied
    /// square it could capture on).
    #[inline(always)]
    fn captures(&self, c: Color, slot: u8, from: Square, occ: B) -> B {
        let t = &self.slots;
        let k = PieceKind(slot);
        let mut caps = t.capture_leaps(c, k, from) & occ;
        for r in &t.kind_moves(c, k).rides {
            if !r.capture {
                continue;
            }
            if r.hop {
                caps |= t.hop(r.ray, from, occ).1;
            } else {
                caps |= t.ride(r.ray, from, occ) & occ;
            }
        }
        for l in t.lame_leaps(c, k, from) {
            if l.capture && !l.initial && occ.has(l.target) && (l.block & occ).is_empty() {
                caps = caps.with(l.target);
            }
        }
        caps
    }

    /// Squares from which a `c` piece of `slot` captures onto `sq`.
    #[inline(always)]
    fn rev_reach(&self, c: Color, slot: u8, sq: Square, occ: B) -> B {
        let t = &self.slots;
        let k = PieceKind(slot);
        let r = &self.rev[c.index()][slot as usize];
        let mut reach = t.rev_capture_leaps(c, k, sq);
        for &(ray, hop) in &r.rays {
            reach |= if hop { t.hop(ray, sq, occ).1 } else { t.ride(ray, sq, occ) };
        }
        if r.lame {
            for l in t.rev_lame_leaps(c, k, sq) {
                if (l.block & occ).is_empty() {
                    reach = reach.with(l.target);
                }
            }
        }
        reach
    }

    /// The seeing relations of a board and their effects.
    pub fn relations(&self, b: &Board<B>) -> Relations<B> {
        let mut r = Relations {
            part: b.kinds_bb(self.participating),
            nat: [B::EMPTY; MAX_TYPES],
            lost: [B::EMPTY; MAX_TYPES],
            gain: [B::EMPTY; MAX_TYPES],
            use_slot: [B::EMPTY; MAX_SLOTS],
            modified: B::EMPTY,
        };
        let nt = self.ntypes;
        for t in 0..nt {
            r.nat[t] = b.kinds_bb(self.type_kinds[t]);
        }
        let rule = self.rule;
        let direct = match rule.anti {
            Some((side, AntiKind::Direct)) => Some(side),
            _ => None,
        };
        let indirect = match rule.anti {
            Some((side, kind)) if kind != AntiKind::Direct => Some((side, kind)),
            _ => None,
        };
        let mut seen = [[B::EMPTY; MAX_TYPES]; 2];
        for c in Color::BOTH {
            let ours = b.by_color[c.index()];
            if (ours & r.part).is_empty() {
                continue;
            }
            let relay_targets = rule.relay.map_or(B::EMPTY, |s| Self::matching(s, c, b) & r.part);
            let direct_targets = direct.map_or(B::EMPTY, |s| Self::matching(s, c, b) & r.part);
            let indirect_targets = indirect.map_or(B::EMPTY, |(s, _)| Self::matching(s, c, b) & r.part);
            for &k in &self.part_kinds {
                let pieces = b.by_kind[k.index()] & ours;
                if pieces.is_empty() {
                    continue;
                }
                for t in bits(self.kind_types[k.index()]) {
                    let need_seen =
                        (relay_targets & !r.nat[t]).any() || (direct_targets & r.nat[t]).any();
                    let ind_mask = match indirect {
                        Some((_, AntiKind::Normal)) => indirect_targets & r.nat[t],
                        Some((_, AntiKind::Converse)) => indirect_targets & !r.nat[t],
                        Some(_) => indirect_targets,
                        None => B::EMPTY,
                    };
                    if !need_seen && ind_mask.is_empty() {
                        continue;
                    }
                    let slot = self.kind_slot[k.index()][t];
                    for sq in pieces.squares() {
                        let reach = self.captures(c, slot, sq, b.occ) & r.part;
                        seen[c.index()][t] |= reach;
                        if (reach & ind_mask).any() {
                            r.lost[t] = r.lost[t].with(sq);
                        }
                    }
                }
            }
        }
        let seen_by = |side: Side, cb: Color, t: usize| -> B {
            match side {
                Side::Friendly => seen[cb.index()][t],
                Side::Hostile => seen[(!cb).index()][t],
                Side::Bilateral => seen[0][t] | seen[1][t],
            }
        };
        for t in 0..nt {
            for cb in Color::BOTH {
                let theirs = b.by_color[cb.index()] & r.part;
                if let Some(side) = rule.relay {
                    r.gain[t] |= seen_by(side, cb, t) & theirs & !r.nat[t];
                }
                if let Some(side) = direct {
                    r.lost[t] |= seen_by(side, cb, t) & theirs & r.nat[t];
                }
            }
            r.modified |= r.lost[t] | r.gain[t];
        }
        for s in 0..self.nslots {
            let t = self.slot_type[s] as usize;
            r.use_slot[s] = b.kinds_bb(self.slot_kinds[s]) & !r.lost[t];
        }
        for t in 0..nt {
            r.use_slot[self.gain_slot[t] as usize] |= r.gain[t];
        }
        r
    }

    /// The effective types of the piece on `sq` (bit per type).
    pub fn effective_types(&self, rel: &Relations<B>, sq: Square) -> u32 {
        let mut m = 0;
        for t in 0..self.ntypes {
            if ((rel.nat[t] & !rel.lost[t]) | rel.gain[t]).has(sq) {
                m |= 1 << t;
            }
        }
        m
    }

    /// Quiet moves and captures of the piece of colour `c` on `from` by its effective types.
    pub fn effective_targets(&self, rel: &Relations<B>, c: Color, from: Square, occ: B, enemy: B) -> (B, B) {
        let t = &self.slots;
        let empty = !occ;
        let (mut quiet, mut caps) = (B::EMPTY, B::EMPTY);
        for s in 0..self.nslots {
            if !rel.use_slot[s].has(from) {
                continue;
            }
            let k = PieceKind(s as u8);
            quiet |= t.quiet_leaps(c, k, from) & empty;
            caps |= t.capture_leaps(c, k, from) & enemy;
            for r in &t.kind_moves(c, k).rides {
                if r.hop {
                    let (q, x) = t.hop(r.ray, from, occ);
                    if r.quiet {
                        quiet |= q;
                    }
                    if r.capture {
                        caps |= x & enemy;
                    }
                } else {
                    let reach = t.ride(r.ray, from, occ);
                    if r.quiet {
                        quiet |= reach & empty;
                    }
                    if r.capture {
                        caps |= reach & enemy;
                    }
                }
            }
            for l in t.lame_leaps(c, k, from) {
                if l.initial || (l.block & occ).any() {
                    continue;
                }
                if l.quiet && empty.has(l.target) {
                    quiet = quiet.with(l.target);
                }
                if l.capture && enemy.has(l.target) {
                    caps = caps.with(l.target);
                }
            }
        }
        (quiet, caps)
    }

    /// Attackers of `color` on `sq` (as against a King) with the relations `rel` of board `b`.
    pub fn attackers<const ANY: bool>(&self, real: &Tables<B>, b: &Board<B>, rel: &Relations<B>, sq: Square, color: Color) -> B {
        let theirs = b.by_color[color.index()];
        let fixed = scan::<B, ANY>(real, &self.fixed_groups[color.index()], sq, color, b.occ, theirs, |k| b.by_kind[k.index()]);
        if ANY && fixed.any() {
            return fixed;
        }
        fixed
            | scan::<B, ANY>(&self.slots, &self.slots.attack_groups[color.index()], sq, color, b.occ, theirs, |s| {
                rel.use_slot[s.index()]
            })
    }

    /// The reverse reach of one attack group of `slots` onto `sq`.
    #[inline(always)]
    fn group_reach(&self, g: &AttackGroup, sq: Square, color: Color, occ: B) -> B {
        let t = &self.slots;
        match g {
            AttackGroup::Leaps { table_of, .. } => t.rev_capture_leaps(color, *table_of, sq),
            AttackGroup::Rays { rays, hop, .. } => {
                let mut reach = B::EMPTY;
                for &r in rays {
                    reach |= if *hop { t.hop(r, sq, occ).1 } else { t.ride(r, sq, occ) };
                }
                reach
            }
            AttackGroup::Lame { kind } => {
                let mut reach = B::EMPTY;
                for l in t.rev_lame_leaps(color, *kind, sq) {
                    if (l.block & occ).is_empty() {
                        reach = reach.with(l.target);
                    }
                }
                reach
            }
        }
    }

    /// Pieces that could ever move by `slot` on this board: its natural users, and with relays
    /// every participating piece that lacks the type.
    #[inline(always)]
    fn potential_users(&self, b: &Board<B>, part: B, slot: usize) -> B {
        let mut users = b.kinds_bb(self.slot_kinds[slot]);
        let t = self.slot_type[slot] as usize;
        if self.rule.relay.is_some() && self.gain_slot[t] as usize == slot {
            users |= part & !b.kinds_bb(self.type_kinds[t]);
        }
        users
    }

    /// Squares whose change could give an enemy piece on an open line to our king (`ksq`) the
    /// type it lacks now. Called when not in check.
    pub fn latent_region(&self, b: &Board<B>, rel: &Relations<B>, ksq: Square, them: Color) -> B {
        let mut region = B::EMPTY;
        let theirs = b.by_color[them.index()] & rel.part;
        if theirs.is_empty() {
            return region;
        }
        for (g, &mask) in self.slots.attack_groups[them.index()].iter().zip(&self.group_slots[them.index()]) {
            let mut potential = B::EMPTY;
            for s in bits(mask) {
                potential |= self.potential_users(b, rel.part, s);
            }
            let cands = potential & theirs;
            if cands.is_empty() {
                continue;
            }
            let latent = self.group_reach(g, ksq, them, b.occ) & cands;
            for p in latent.squares() {
                for s in bits(mask) {
                    region |= self.region[self.slot_type[s] as usize * self.n + p.index()];
                }
            }
        }
        region
    }

    /// Is the piece of colour `c` and kind `k` on `p` seen by type `t` by one of `who`?
    fn seen_by(&self, b: &Board<B>, p: Square, t: usize, who: B) -> bool {
        for s in bits(self.type_slots[t]) {
            let users = b.kinds_bb(self.slot_kinds[s]) & who;
            if users.is_empty() {
                continue;
            }
            for c in Color::BOTH {
                let u = users & b.by_color[c.index()];
                if u.any() && (self.rev_reach(c, self.see_slot[s], p, b.occ) & u).any() {
                    return true;
                }
            }
        }
        false
    }

    /// Does the piece (colour `c`, kind `k`) on `p` move by type `t` on board `b`? Judged from
    /// the relations that involve it, without computing the others.
    fn has_type(&self, b: &Board<B>, part: B, p: Square, c: Color, k: PieceKind, t: usize) -> bool {
        if self.kind_types[k.index()] & (1 << t) != 0 {
            match self.rule.anti {
                None => true,
                Some((side, AntiKind::Direct)) => !self.seen_by(b, p, t, Self::matching(side, c, b) & part),
                Some((side, kind)) => {
                    let nat = b.kinds_bb(self.type_kinds[t]);
                    let cond = match kind {
                        AntiKind::Normal => nat,
                        AntiKind::Converse => !nat,
                        _ => !B::EMPTY,
                    };
                    let slot = self.kind_slot[k.index()][t];
                    (self.captures(c, slot, p, b.occ) & part & Self::matching(side, c, b) & cond).is_empty()
                }
            }
        } else {
            match self.rule.relay {
                Some(side) => self.seen_by(b, p, t, Self::matching(side, c, b) & part & b.kinds_bb(self.type_kinds[t])),
                None => false,
            }
        }
    }

    /// Is `sq` attacked by `color` on board `b` (relations judged locally)?
    pub fn attacked_on(&self, real: &Tables<B>, b: &Board<B>, sq: Square, color: Color) -> bool {
        let theirs = b.by_color[color.index()];
        let fixed = &self.fixed_groups[color.index()];
        if scan::<B, true>(real, fixed, sq, color, b.occ, theirs, |k| b.by_kind[k.index()]).any() {
            return true;
        }
        let part = b.kinds_bb(self.participating);
        let theirs = theirs & part;
        if theirs.is_empty() {
            return false;
        }
        for (g, &mask) in self.slots.attack_groups[color.index()].iter().zip(&self.group_slots[color.index()]) {
            let mut potential = B::EMPTY;
            for s in bits(mask) {
                potential |= self.potential_users(b, part, s);
            }
            let cands = potential & theirs;
            if cands.is_empty() {
                continue;
            }
            let reach = self.group_reach(g, sq, color, b.occ) & cands;
            for p in reach.squares() {
                let k = b.kind_at(p, self.participating);
                for s in bits(mask) {
                    let t = self.slot_type[s] as usize;
                    let natural = self.slot_kinds[s] & (1 << k.0) != 0;
                    let gainable = self.rule.relay.is_some()
                        && self.gain_slot[t] as usize == s
                        && self.kind_types[k.index()] & (1 << t) == 0;
                    if (natural || gainable) && self.has_type(b, part, p, color, k, t) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Is the mover's king safe after `m` (pseudo-legal in `pos`, whose board is `b`)?
    pub fn safe_after(&self, pos: &Position<B>, b: &Board<B>, m: Move) -> bool {
        let mut after = *b;
        let Some(ksq) = after.apply(pos, m) else { return false };
        !self.attacked_on(&pos.tables, &after, ksq, !pos.side_to_move())
    }

    #[inline(always)]
    pub fn exposure(&self, attacker: Color, sq: Square) -> B {
        self.exposure[attacker.index() * self.n + sq.index()]
    }
    #[inline(always)]
    pub fn screens(&self, attacker: Color, sq: Square) -> B {
        self.screens[attacker.index() * self.n + sq.index()]
    }
}

/// Attackers by attack group (`kind_bb` gives the pieces of a group's kind); with `ANY` it
/// returns at the first attacker found.
#[inline(always)]
fn scan<B: Bitboard, const ANY: bool>(
    t: &Tables<B>,
    groups: &[AttackGroup],
    sq: Square,
    color: Color,
    occ: B,
    theirs: B,
    kind_bb: impl Fn(PieceKind) -> B,
) -> B {
    let mut result = B::EMPTY;
    for g in groups {
        match g {
            AttackGroup::Leaps { table_of, kinds } => {
                let mut cands = B::EMPTY;
                for &k in kinds {
                    cands |= kind_bb(k);
                }
                result |= t.rev_capture_leaps(color, *table_of, sq) & cands & theirs;
            }
            AttackGroup::Rays { rays, hop, kinds } => {
                let mut cands = B::EMPTY;
                for &k in kinds {
                    cands |= kind_bb(k);
                }
                cands &= theirs;
                if cands.is_empty() {
                    continue;
                }
                for &r in rays {
                    let reach = if *hop { t.hop(r, sq, occ).1 } else { t.ride(r, sq, occ) };
                    result |= reach & cands;
                }
            }
            AttackGroup::Lame { kind } => {
                let cands = kind_bb(*kind) & theirs;
                if cands.is_empty() {
                    continue;
                }
                for l in t.rev_lame_leaps(color, *kind, sq) {
                    if cands.has(l.target) && (l.block & occ).is_empty() {
                        result = result.with(l.target);
                    }
                }
            }
        }
        if ANY && result.any() {
            return result;
        }
    }
    result
}

/// The pieces of a position as bitboards only: cheap to copy and to change by one move.
#[derive(Clone, Copy, Debug)]
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
        Board { by_color, by_kind, occ: by_color[0] | by_color[1] }
    }

    #[inline(always)]
    fn kinds_bb(&self, mask: Mask) -> B {
        let mut bb = B::EMPTY;
        for k in bits(mask) {
            bb |= self.by_kind[k];
        }
        bb
    }

    /// The kind of the piece on `sq`, looked for among `mask`'s kinds first.
    fn kind_at(&self, sq: Square, mask: Mask) -> PieceKind {
        for k in bits(mask) {
            if self.by_kind[k].has(sq) {
                return PieceKind(k as u8);
            }
        }
        let k = (0..MAX_KINDS).find(|&k| self.by_kind[k].has(sq)).unwrap_or(0);
        PieceKind(k as u8)
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, p: Piece) {
        let keep = !B::from_square(sq);
        self.by_color[p.color().index()] &= keep;
        self.by_kind[p.kind().index()] &= keep;
        self.occ &= keep;
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece) {
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
                let placed = if m.kind() == MoveKind::Promotion { Piece::new(us, m.piece()) } else { mover };
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

/// The effects of one position: per type, the pieces that lost it and those that gained it;
/// per slot, the pieces that move by it now.
#[derive(Clone, Debug)]
pub struct Relations<B> {
    /// Participating pieces (not Kings, not pawn-like).
    pub part: B,
    pub nat: [B; MAX_TYPES],
    pub lost: [B; MAX_TYPES],
    pub gain: [B; MAX_TYPES],
    pub use_slot: [B; MAX_SLOTS],
    /// Pieces whose effective set differs from their natural one.
    pub modified: B,
}

#[inline(always)]
fn tables_of<B: Bitboard>(pos: &Position<B>) -> &RelayTables<B> {
    pos.tables.relay.as_deref().expect("a relay game has relay tables")
}

/// A position seen with its relations, for the search and evaluation (mobility by effective
/// moves) and for tests.
pub struct RelayView<'a, B: Bitboard> {
    pub pos: &'a Position<B>,
    pub tables: &'a RelayTables<B>,
    pub board: Board<B>,
    pub relations: Relations<B>,
}

impl<'a, B: Bitboard> RelayView<'a, B> {
    /// `None` when the game has no relay rules.
    pub fn new(pos: &'a Position<B>) -> Option<RelayView<'a, B>> {
        let tables = pos.tables.relay.as_deref()?;
        let board = Board::of(pos);
        let relations = tables.relations(&board);
        Some(RelayView { pos, tables, board, relations })
    }
    /// Effective types of the piece on `sq` (bit per type of `RelayTables`).
    pub fn effective_types(&self, sq: Square) -> u32 {
        self.tables.effective_types(&self.relations, sq)
    }
    /// Quiet moves and captures of the piece on `sq` by its effective moves (pseudo-legal;
    /// pawns and Kings by their own moves, the enemy King never a target).
    pub fn targets(&self, sq: Square) -> (B, B) {
        let Some(p) = self.pos.piece_at(sq) else { return (B::EMPTY, B::EMPTY) };
        let c = p.color();
        let occ = self.board.occ;
        let enemy = self.pos.pieces(!c).without(self.pos.king(!c));
        if self.relations.modified.has(sq) {
            self.tables.effective_targets(&self.relations, c, sq, occ, enemy)
        } else {
            let pawn = self.pos.variant.piece(p.kind()).pawn;
            let (q, x, d) = self.pos.targets(c, p.kind(), sq, occ, enemy, pawn);
            (q | d, x)
        }
    }
    /// Attackers of `color` on `sq` as against a King, with effective moves.
    pub fn attackers(&self, sq: Square, color: Color) -> B {
        self.tables.attackers::<false>(&self.pos.tables, &self.board, &self.relations, sq, color)
    }
}

/// Pieces giving check to the side to move, with effective moves.
pub fn checkers<B: Bitboard>(pos: &Position<B>) -> B {
    let rt = tables_of(pos);
    let b = Board::of(pos);
    let rel = rt.relations(&b);
    let us = pos.side_to_move();
    rt.attackers::<false>(&pos.tables, &b, &rel, pos.king(us), !us)
}

/// Is `color`'s King attacked, with effective moves?
pub fn king_attacked<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    let rt = tables_of(pos);
    let b = Board::of(pos);
    rt.attacked_on(&pos.tables, &b, pos.king(color), !color)
}

/// Would the mover's King be safe after the pseudo-legal move `m`?
pub fn leaves_king_safe<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    tables_of(pos).safe_after(pos, &Board::of(pos), m)
}

/// All legal moves of a relay game.
pub fn legal_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    list.clear();
    let t = &*pos.tables;
    let rt = tables_of(pos);
    let v = &*pos.variant;
    let us = pos.side_to_move();
    let them = !us;
    let b = Board::of(pos);
    let rel = rt.relations(&b);
    let occ = b.occ;
    let enemy = pos.pieces(them).without(pos.king(them));
    let ksq = pos.king(us);
    let checkers = rt.attackers::<false>(t, &b, &rel, ksq, them);
    let (careful_from, careful_to) = if checkers.any() {
        (!B::EMPTY, !B::EMPTY)
    } else {
        let latent = rt.latent_region(&b, &rel, ksq, them);
        (rt.exposure(them, ksq) | latent, rt.screens(them, ksq) | latent)
    };
    let ep = pos.ep_square();
    for k in v.kinds() {
        let pieces = pos.pieces_of(us, k);
        if pieces.is_empty() {
            continue;
        }
        let royal = k == v.royal;
        let pawn = v.piece(k).pawn;
        let km = t.kind_moves(us, k);
        for from in pieces.squares() {
            let (quiet, caps, doubles) = if rel.modified.has(from) {
                let (q, c) = rt.effective_targets(&rel, us, from, occ, enemy);
                (q, c, B::EMPTY)
            } else {
                pos.targets(us, k, from, occ, enemy, pawn)
            };
            if royal {
                for to in (quiet | caps).squares() {
                    let m = Move::new(from, to, MoveKind::Normal);
                    if rt.safe_after(pos, &b, m) {
                        list.push(m);
                    }
                }
                continue;
            }
            let check_all = careful_from.has(from);
            let emit = |m: Move, list: &mut MoveList| {
                if (!check_all && !careful_to.has(m.to())) || rt.safe_after(pos, &b, m) {
                    list.push(m);
                }
            };
            let targets = quiet | caps;
            let zone = t.promotion_zone[us.index()];
            if pawn && (targets & zone).any() {
                for to in targets.squares() {
                    if zone.has(to) {
                        for &p in &v.promote_to {
                            if !v.promotion_limited_by_initial
                                || pos.count(us, p) < v.initial_counts[us.index()][p.index()]
                            {
                                emit(Move::promotion(from, to, p), list);
                            }
                        }
                        if !t.compulsory_zone[us.index()].has(to) {
                            emit(Move::new(from, to, MoveKind::Normal), list);
                        }
                    } else {
                        emit(Move::new(from, to, MoveKind::Normal), list);
                    }
                }
            } else {
                for to in targets.squares() {
                    emit(Move::new(from, to, MoveKind::Normal), list);
                }
            }
            for to in doubles.squares() {
                emit(Move::new(from, to, MoveKind::DoubleStep), list);
            }
            if km.en_passant {
                if let Some(ep) = ep {
                    if t.capture_leaps(us, k, from).has(ep) {
                        let m = Move::new(from, ep, MoveKind::EnPassant);
                        if rt.safe_after(pos, &b, m) {
                            list.push(m);
                        }
                    }
                }
            }
        }
    }
    if checkers.is_empty() {
        castling(pos, rt, &b, &rel, list);
        kings_leap(pos, rt, &b, &rel, list);
    }
    crate::rules::no_repetition::filter(pos, list);
}

/// Castling as in the base game; the squares the King crosses are judged in the position before
/// the move and its safety after it, both with effective moves.
fn castling<B: Bitboard>(pos: &Position<B>, rt: &RelayTables<B>, b: &Board<B>, rel: &Relations<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    let rights = pos.castling_rights();
    if rights & (castle_bit(us, 0) | castle_bit(us, 1)) == 0 || pos.variant.king_leap {
        return;
    }
    let them = !us;
    let size = pos.variant.size;
    let kfrom = pos.king(us);
    let occ = b.occ;
    for side in 0..2 {
        if rights & castle_bit(us, side) == 0 {
            continue;
        }
        let Some((psq, kto, pto)) = pos.castle_squares(us, side, kfrom) else { continue };
        let rank = size.rank(kfrom);
        let others = occ.without(kfrom).without(psq);
        let span = |a: Square, c: Square| -> (u8, u8) {
            let (fa, fc) = (size.file(a), size.file(c));
            (fa.min(fc), fa.max(fc))
        };
        let clear = [span(kfrom, psq), span(kfrom, kto), span(psq, pto)]
            .iter()
            .all(|&(a, c)| (a..=c).all(|f| !others.has(size.square(f, rank))));
        if !clear {
            continue;
        }
        let (a, c) = span(kfrom, kto);
        let crossed_safe = (a..=c)
            .map(|f| size.square(f, rank))
            .filter(|&s| s != kfrom && s != kto)
            .all(|s| rt.attackers::<true>(&pos.tables, b, rel, s, them).is_empty());
        if !crossed_safe {
            continue;
        }
        let kind = if side == 0 { MoveKind::CastleHigh } else { MoveKind::CastleLow };
        let m = Move::new(kfrom, kto, kind);
        if rt.safe_after(pos, b, m) {
            list.push(m);
        }
    }
}

/// King's Leap (`rules::kings_leap`) with effective moves: the leapt square is judged with the
/// King still on its square.
fn kings_leap<B: Bitboard>(pos: &Position<B>, rt: &RelayTables<B>, b: &Board<B>, rel: &Relations<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    if !pos.variant.king_leap || pos.castling_rights() & castle_bit(us, 0) == 0 {
        return;
    }
    let them = !us;
    let size = pos.variant.size;
    let from = pos.king(us);
    for (dx, dy) in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
        let (Some(to), Some(mid)) = (size.offset(from, dx, dy), size.offset(from, dx / 2, dy / 2)) else {
            continue;
        };
        if b.occ.has(to) || b.by_color[them.index()].has(mid) || rt.attackers::<true>(&pos.tables, b, rel, mid, them).any() {
            continue;
        }
        let m = Move::new(from, to, MoveKind::KingLeap);
        if rt.safe_after(pos, b, m) {
            list.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn types_of(betza: &str) -> usize {
        let p = PieceType {
            letter: 'x',
            name: "x".into(),
            betza: betza.into(),
            value: 1,
            royal: false,
            pawn: false,
            no_jump_check: false,
            atoms: crate::variant::betza::parse(betza).unwrap(),
            confined: None,
            zone_moves: None,
        };
        piece_types(&p).len()
    }

    #[test]
    fn move_types_from_betza() {
        assert_eq!(types_of("Q"), 2);
        assert_eq!(types_of("RN"), 2);
        assert_eq!(types_of("QN"), 3);
        assert_eq!(types_of("KAD"), 4);
        assert_eq!(types_of("mRcpR"), 1);
        assert_eq!(types_of("nNoN"), 1);
        assert_eq!(types_of("K"), 2);
    }

    #[test]
    fn tables_share_types_between_pieces() {
        let r = Registry::builtin();
        let g = r.find("relay-tutti-frutti").unwrap();
        let relay = g.variant.relay.unwrap();
        assert_eq!(relay.relay, Some(Side::Friendly));
        // Tutti-Frutti: the Rook move, the Bishop move and the Knight move.
        let game = g.start();
        if let crate::game::Game::Narrow(p) = &game {
            let rt = p.tables.relay.as_deref().unwrap();
            assert_eq!(rt.type_count(), 3);
            let z = g.variant.kind_of('z').unwrap();
            assert_eq!(rt.natural_types(z).count_ones(), 3);
            assert_eq!(rt.natural_types(g.variant.royal), 0);
        } else {
            panic!("8x8 is narrow");
        }
    }
}
