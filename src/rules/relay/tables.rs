//! The relay tables of a game: the slot move tables and what relations and attacks need of them.

use super::board::Board;
use super::types::{decompose, slot_plan, SlotDef};
use super::{bits, participates, Mask, MAX_SLOTS, MAX_TYPES};
use crate::movegen::tables::{AttackGroup, Tables};
use crate::types::{Bitboard, Color, PieceKind, Square, MAX_KINDS};
use crate::variant::relay_name::{RelayRule, Side};
use crate::variant::Variant;

/// Reverse movement of one slot for one colour: the rays (and whether they hop) along which an
/// attacker stands, and whether it has reverse lame leaps.
#[derive(Clone, Debug, Default)]
pub(super) struct SlotRev {
    pub(super) rays: Vec<(u16, bool)>,
    pub(super) lame: bool,
}

/// One attack group of the slot tables: its slots and the kinds that could ever move by them
/// (naturally, or by a type they could gain).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct GroupInfo {
    pub(super) slots: Mask,
    pub(super) kinds: Mask,
    /// `kinds` holds every participating kind.
    pub(super) all_part: bool,
}

/// Everything relay rules need, compiled once per game.
pub struct RelayTables<B> {
    pub rule: RelayRule,
    /// Move tables whose kinds are the slots.
    pub slots: Tables<B>,
    pub(super) n: usize,
    pub(super) ntypes: usize,
    /// Each type in Betza notation, for `d`.
    pub(super) type_names: Vec<String>,
    pub(super) nslots: usize,
    /// Participating kinds (bit per kind) and their list.
    pub(super) participating: u32,
    pub(super) part_kinds: Vec<PieceKind>,
    pub(super) kind_types: [Mask; MAX_KINDS],
    pub(super) kind_slot: [[u8; MAX_TYPES]; MAX_KINDS],
    pub(super) type_kinds: [Mask; MAX_TYPES],
    /// Slots of confined pieces (bit per slot) and their zones, [colour * MAX_SLOTS + slot]: the
    /// slot tables confine leaps but not rides, so targets, seeing and attacks are masked here.
    pub(super) confined_slots: Mask,
    pub(super) zones: Vec<B>,
    /// Kinds that lack the slot's type and would move by this slot if they gained it (empty
    /// without relays).
    pub(super) slot_gainers: [Mask; MAX_SLOTS],
    pub(super) slot_type: [u8; MAX_SLOTS],
    /// Kinds that move by the slot naturally.
    pub(super) slot_kinds: [Mask; MAX_SLOTS],
    /// The slot that sees for this one (its plain twin for a no-jump-check slot).
    pub(super) see_slot: [u8; MAX_SLOTS],
    /// Per type, the slots that some kind uses naturally.
    pub(super) type_slots: [Mask; MAX_TYPES],
    pub(super) rev: [Vec<SlotRev>; 2],
    /// Per colour, per attack group of `slots`: which pieces could ever attack through it.
    pub(super) groups: [Vec<GroupInfo>; 2],
    /// [colour][group * n + square]: the squares an attacker of the group could stand on to
    /// reach the square, whatever the occupancy (a quick test before the rays are followed).
    pub(super) group_lines: [Vec<B>; 2],
    /// The base game's attack groups restricted to kings and pawn-like pieces.
    pub(super) fixed_groups: [Vec<AttackGroup>; 2],
    /// [type * n + square]: squares whose change can alter a seeing relation by that type that
    /// involves a piece on the square.
    pub(super) region: Vec<B>,
    /// [colour * n + square]: squares that could make a hopper's screen (the hoppers' lines).
    pub(super) screens: Vec<B>,
    /// [colour * n + square]: the paths of lame leaps onto the square (a departure from one
    /// opens the leap whatever stands elsewhere).
    pub(super) lame_paths: Vec<B>,
    /// This build's identity, the key of the relations memo (`memo`).
    pub(super) id: u64,
}

impl<B: Bitboard> RelayTables<B> {
    /// Builds the relay tables of `variant` (its pieces were checked by `check_pieces`).
    pub fn new(variant: &Variant, rule: RelayRule, real: &Tables<B>) -> RelayTables<B> {
        let pieces = &variant.pieces;
        let (types, per_kind) = decompose(pieces).expect("relay pieces are checked at load");
        let plan = slot_plan(pieces).expect("relay pieces are checked at load");
        assert!(plan.len() <= MAX_SLOTS, "relay slots are checked at load");
        let ntypes = types.len();
        let type_names = types.iter().map(|t| t.name()).collect();
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
                let s = find(SlotDef {
                    ty: t,
                    confined: pieces[k].confined,
                    no_jump_check: types[t].no_jump_check,
                });
                kind_slot[k][t] = s;
                slot_kinds[s as usize] |= 1 << k;
            }
        }
        let mut gain_slot = [0u8; MAX_TYPES];
        let mut type_slots = [0; MAX_TYPES];
        for (t, key) in types.iter().enumerate() {
            gain_slot[t] = find(SlotDef {
                ty: t,
                confined: None,
                no_jump_check: key.no_jump_check,
            });
        }
        let mut slot_gainers = [0; MAX_SLOTS];
        if rule.relay.is_some() {
            for (k, list) in per_kind.iter().enumerate() {
                if !participates(&pieces[k]) {
                    continue;
                }
                for (t, key) in types.iter().enumerate() {
                    if !list.contains(&t) {
                        let s = find(SlotDef {
                            ty: t,
                            confined: pieces[k].confined,
                            no_jump_check: key.no_jump_check,
                        });
                        slot_gainers[s as usize] |= 1 << k;
                    }
                }
            }
        }
        let mut confined_slots = 0;
        let mut zones = vec![!B::EMPTY; 2 * MAX_SLOTS];
        for (i, d) in plan.iter().enumerate() {
            if let Some(z) = d.confined {
                confined_slots |= 1 << i;
                for c in Color::BOTH {
                    zones[c.index() * MAX_SLOTS + i] = variant.zones[z].squares[c.index()]
                        .iter()
                        .fold(B::EMPTY, |acc, &q| acc.with(q));
                }
            }
        }
        let mut slot_type = [0u8; MAX_SLOTS];
        let mut see_slot = [0u8; MAX_SLOTS];
        for (s, d) in plan.iter().enumerate() {
            slot_type[s] = d.ty as u8;
            see_slot[s] = if d.no_jump_check {
                find(SlotDef {
                    no_jump_check: false,
                    ..*d
                })
            } else {
                s as u8
            };
            if slot_kinds[s] != 0 {
                type_slots[d.ty] |= 1 << s;
            }
        }
        let mut rev: [Vec<SlotRev>; 2] = [
            vec![SlotRev::default(); nslots],
            vec![SlotRev::default(); nslots],
        ];
        let mut group_masks: [Vec<Mask>; 2] = [Vec::new(), Vec::new()];
        for c in Color::BOTH {
            for g in &slots.attack_groups[c.index()] {
                let mut mask = 0;
                match g {
                    AttackGroup::Leaps { kinds, .. } => kinds.iter().for_each(|k| mask |= 1 << k.0),
                    AttackGroup::Rays { rays, hop, kinds } => {
                        for k in kinds {
                            mask |= 1 << k.0;
                            rev[c.index()][k.index()]
                                .rays
                                .extend(rays.iter().map(|&r| (r, *hop)));
                        }
                    }
                    AttackGroup::Lame { kind } => {
                        mask |= 1 << kind.0;
                        rev[c.index()][kind.index()].lame = true;
                    }
                }
                group_masks[c.index()].push(mask);
            }
        }
        let groups = [0, 1].map(|c| {
            group_masks[c]
                .iter()
                .map(|&mask| {
                    let mut kinds = 0;
                    for s in bits(mask) {
                        kinds |= slot_kinds[s] | slot_gainers[s];
                    }
                    GroupInfo {
                        slots: mask,
                        kinds,
                        all_part: participating & !kinds == 0,
                    }
                })
                .collect::<Vec<_>>()
        });
        let fixed_groups = [Color::White, Color::Black].map(|c| {
            real.attack_groups[c.index()]
                .iter()
                .filter_map(|g| {
                    let keep = |k: &PieceKind| !participates(&pieces[k.index()]);
                    match g {
                        AttackGroup::Leaps { table_of, kinds } => {
                            let kinds: Vec<PieceKind> =
                                kinds.iter().copied().filter(keep).collect();
                            (!kinds.is_empty()).then_some(AttackGroup::Leaps {
                                table_of: *table_of,
                                kinds,
                            })
                        }
                        AttackGroup::Rays { rays, hop, kinds } => {
                            let kinds: Vec<PieceKind> =
                                kinds.iter().copied().filter(keep).collect();
                            (!kinds.is_empty()).then(|| AttackGroup::Rays {
                                rays: rays.clone(),
                                hop: *hop,
                                kinds,
                            })
                        }
                        AttackGroup::Lame { kind } => {
                            keep(kind).then_some(AttackGroup::Lame { kind: *kind })
                        }
                    }
                })
                .collect()
        });
        let size = variant.size;
        let n = size.squares();
        // A relation between pieces on `from` and `to` changes with either square and with the
        // path between them: `from`'s region takes everything its moves pass through or end
        // on, and each end takes `from`. A ride's path into `to` is then in `to`'s own region
        // (both colours' directions are taken), but a lame leap's leg out of `from` is not its
        // leg back (a Horse's a1-c2 needs b1, c2-a1 needs b2), so legs go to the target too.
        let mut region = vec![B::EMPTY; ntypes * n];
        for t in 0..ntypes {
            let k = PieceKind(gain_slot[t]);
            for from in size.all_squares() {
                let mut reach = B::EMPTY;
                for c in Color::BOTH {
                    reach |= slots.quiet_leaps(c, k, from) | slots.capture_leaps(c, k, from);
                    for r in &slots.kind_moves(c, k).rides {
                        reach |= slots.ride(r.ray, from, B::EMPTY);
                    }
                    for l in slots.lame_leaps(c, k, from) {
                        reach = reach.with(l.target) | l.block;
                        region[t * n + l.target.index()] |= l.block;
                    }
                }
                region[t * n + from.index()] |= reach;
                for to in reach.squares() {
                    region[t * n + to.index()] = region[t * n + to.index()].with(from);
                }
            }
        }
        let group_lines = [Color::White, Color::Black].map(|c| {
            let mut lines = Vec::new();
            for g in &slots.attack_groups[c.index()] {
                for sq in size.all_squares() {
                    lines.push(match g {
                        AttackGroup::Leaps { table_of, .. } => {
                            slots.rev_capture_leaps(c, *table_of, sq)
                        }
                        AttackGroup::Rays { rays, .. } => rays
                            .iter()
                            .fold(B::EMPTY, |acc, &r| acc | slots.ride(r, sq, B::EMPTY)),
                        AttackGroup::Lame { kind } => slots
                            .rev_lame_leaps(c, *kind, sq)
                            .iter()
                            .fold(B::EMPTY, |acc, l| acc.with(l.target)),
                    });
                }
            }
            lines
        });
        let mut screens = vec![B::EMPTY; 2 * n];
        let mut lame_paths = vec![B::EMPTY; 2 * n];
        for c in Color::BOTH {
            for sq in size.all_squares() {
                let i = c.index() * n + sq.index();
                screens[i] = real.screen_lines(c, sq) | slots.screen_lines(c, sq);
                lame_paths[i] = real.lame_exposure(c, sq) | slots.lame_exposure(c, sq);
            }
        }
        RelayTables {
            rule,
            slots,
            n,
            ntypes,
            type_names,
            nslots,
            participating,
            part_kinds,
            kind_types,
            kind_slot,
            type_kinds,
            slot_gainers,
            confined_slots,
            zones,
            slot_type,
            slot_kinds,
            see_slot,
            type_slots,
            rev,
            groups,
            group_lines,
            fixed_groups,
            region,
            screens,
            lame_paths,
            id: super::memo::next_id(),
        }
    }

    /// Number of distinct move types in the game.
    pub fn type_count(&self) -> usize {
        self.ntypes
    }

    /// Type `t` in Betza notation (`R`, `N`, `mRcpR`).
    pub fn type_name(&self, t: usize) -> &str {
        &self.type_names[t]
    }

    /// The natural types of a kind (bit per type; 0 for Kings and pawn-like pieces).
    pub fn natural_types(&self, kind: PieceKind) -> u32 {
        self.kind_types[kind.index()]
    }

    #[inline(always)]
    pub(super) fn matching(side: Side, c: Color, b: &Board<B>) -> B {
        match side {
            Side::Friendly => b.by_color[c.index()],
            Side::Hostile => b.by_color[(!c).index()],
            Side::Bilateral => b.occ,
        }
    }

    /// The squares a slot's piece of colour `c` may stand on and reach (all, unless confined).
    #[inline(always)]
    pub(super) fn zone(&self, c: Color, slot: usize) -> B {
        if self.confined_slots & (1 << slot) == 0 {
            !B::EMPTY
        } else {
            self.zones[c.index() * MAX_SLOTS + slot]
        }
    }

    /// Pieces a piece of colour `c` sees by a slot's natural move from `from` (any occupied
    /// square it could capture on).
    #[inline(always)]
    pub(super) fn captures(&self, c: Color, slot: u8, from: Square, occ: B) -> B {
        if self.confined_slots & (1 << slot) != 0 {
            let zone = self.zone(c, slot as usize);
            return if zone.has(from) {
                self.free_captures(c, slot, from, occ) & zone
            } else {
                B::EMPTY
            };
        }
        self.free_captures(c, slot, from, occ)
    }

    #[inline(always)]
    fn free_captures(&self, c: Color, slot: u8, from: Square, occ: B) -> B {
        let t = &self.slots;
        let k = PieceKind(slot);
        if t.is_symmetric(c, k) {
            // Leaps and combined rides only, moving and capturing alike: one slide.
            return t.reach(c, k, from, occ) & occ;
        }
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
    pub(super) fn rev_reach(&self, c: Color, slot: u8, sq: Square, occ: B) -> B {
        let zone = self.zone(c, slot as usize);
        if !zone.has(sq) {
            return B::EMPTY;
        }
        let t = &self.slots;
        let k = PieceKind(slot);
        let r = &self.rev[c.index()][slot as usize];
        let mut reach = t.rev_capture_leaps(c, k, sq);
        for &(ray, hop) in &r.rays {
            reach |= t.ray_attacks(ray, hop, sq, occ);
        }
        if r.lame {
            for l in t.rev_lame_leaps(c, k, sq) {
                if (l.block & occ).is_empty() {
                    reach = reach.with(l.target);
                }
            }
        }
        reach & zone
    }

    /// The reverse reach of one attack group of `slots` onto `sq`.
    #[inline(always)]
    pub(super) fn group_reach(&self, g: &AttackGroup, sq: Square, color: Color, occ: B) -> B {
        let t = &self.slots;
        match g {
            AttackGroup::Leaps { table_of, .. } => t.rev_capture_leaps(color, *table_of, sq),
            AttackGroup::Rays { rays, hop, .. } => {
                let mut reach = B::EMPTY;
                for &r in rays {
                    reach |= t.ray_attacks(r, *hop, sq, occ);
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

    /// Pieces that could ever attack through attack group `g` on this board: the natural users of
    /// its slots, and with relays the pieces that could gain one of its types.
    #[inline(always)]
    pub(super) fn potential(&self, b: &Board<B>, part: B, g: &GroupInfo) -> B {
        if g.all_part {
            part
        } else {
            b.kinds_bb(g.kinds)
        }
    }

    #[inline(always)]
    pub(super) fn lines(&self, color: Color, gi: usize, sq: Square) -> B {
        self.group_lines[color.index()][gi * self.n + sq.index()]
    }

    #[inline(always)]
    pub fn screens(&self, attacker: Color, sq: Square) -> B {
        self.screens[attacker.index() * self.n + sq.index()]
    }
    #[inline(always)]
    pub(super) fn lame_paths(&self, attacker: Color, sq: Square) -> B {
        self.lame_paths[attacker.index() * self.n + sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::relay_name::Side;
    use crate::variant::Registry;

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
