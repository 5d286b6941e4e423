//! Move types: a piece's Betza atoms grouped by their vector sets, and the slots built from them.

use super::{participates, MAX_SLOTS, MAX_TYPES};
use crate::variant::betza::{shape_letter, Atom, AtomShape};
use crate::variant::PieceType;

/// One move type: a group of atoms (letters dropped, vectors sorted) and whether its straight
/// leaps keep the no-jump-check rule.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct TypeKey {
    pub(super) atoms: Vec<Atom>,
    pub(super) no_jump_check: bool,
}

impl TypeKey {
    /// The type in Betza notation (`R`, `N`, `mRcpR`, `nNoN`): how `d` names what a piece
    /// gained or lost. The letters are rebuilt from the vectors, which `normalised` keeps.
    pub(super) fn name(&self) -> String {
        // Capture-only atoms last, as in `mRcpR`.
        let mut names: Vec<String> = self.atoms.iter().map(atom_name).collect();
        names.sort_by_key(|n| n.starts_with('c'));
        names.concat()
    }
}

fn atom_name(a: &Atom) -> String {
    let mut s = a.modes.prefix().to_string();
    if a.initial {
        s.push('i');
    }
    if a.lame {
        s.push(if a.diagonal_first { 'o' } else { 'n' });
    }
    let leaper = a
        .vectors
        .first()
        .and_then(|&v| shape_letter(v))
        .unwrap_or('?');
    let (max, hop) = match a.shape {
        AtomShape::Ride { max } => (Some(max), false),
        AtomShape::Hop { max } => (Some(max), true),
        AtomShape::Leap | AtomShape::Bent => (None, false),
    };
    if hop {
        s.push('p');
    }
    match (max, leaper) {
        (None, _) => s.push(leaper),
        (Some(0), 'W') => s.push('R'),
        (Some(0), 'F') => s.push('B'),
        (Some(0), _) => {
            s.push(leaper);
            s.push(leaper);
        }
        (Some(n), _) => s.push_str(&format!("{leaper}{n}")),
    }
    s
}

fn normalised(atom: &Atom) -> Atom {
    let mut a = atom.clone();
    a.letter = ' ';
    a.vectors.sort_unstable();
    a
}

/// A piece's atoms grouped into move types (same vector set = same type).
pub(super) fn piece_types(p: &PieceType) -> Vec<TypeKey> {
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
                    && a.vectors.iter().any(|&(x, y)| {
                        (x == 0 || y == 0 || x.abs() == y.abs()) && x.abs().max(y.abs()) >= 2
                    })
            });
            TypeKey {
                atoms,
                no_jump_check: p.no_jump_check && straight_long,
            }
        })
        .collect()
}

/// The game's move types and each participating kind's types, or why relays cannot apply.
pub(super) fn decompose(pieces: &[PieceType]) -> Result<(Vec<TypeKey>, Vec<Vec<usize>>), String> {
    let mut types: Vec<TypeKey> = Vec::new();
    let mut per_kind = Vec::new();
    for p in pieces {
        let mut mine = Vec::new();
        if participates(p) {
            if p.atoms.iter().any(|a| a.shape == AtomShape::Bent) {
                // relay.md names move types by atom; a bent path is two of them at once.
                return Err(format!(
                    "relay: piece {} has bent moves ('yafs'), which relay rules do not support",
                    p.letter
                ));
            }
            if p.zone_moves.is_some() {
                return Err(format!(
                    "relay: piece {} has zone moves, which relay rules do not support",
                    p.letter
                ));
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
        return Err(format!(
            "relay: {} move types; at most {MAX_TYPES}",
            types.len()
        ));
    }
    Ok((types, per_kind))
}

/// Checks at load time that relay rules can apply to these pieces.
pub fn check_pieces(pieces: &[PieceType]) -> Result<(), String> {
    let slots = slot_plan(pieces)?.len();
    if slots == 0 {
        // Only Kings and Pawns, which take no part (`rules/relay.md`): the rule would change
        // nothing, and a game by that name would only pretend to be a relay game.
        return Err(
            "relay: no piece takes part in relay rules (every piece is royal or pawn-like)".into(),
        );
    }
    if slots > MAX_SLOTS {
        return Err(format!(
            "relay: {slots} move-type slots (types, confined uses); at most {MAX_SLOTS}"
        ));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct SlotDef {
    pub(super) ty: usize,
    pub(super) confined: Option<usize>,
    pub(super) no_jump_check: bool,
}

/// The slots: per type its unconfined slot (natural or gained), then the slots of confined
/// pieces (every type, natural or gained, inside the zone), then plain twins of no-jump-check
/// slots (used to see, which jumps freely).
pub(super) fn slot_plan(pieces: &[PieceType]) -> Result<Vec<SlotDef>, String> {
    let (types, per_kind) = decompose(pieces)?;
    let mut slots: Vec<SlotDef> = Vec::new();
    let add = |d: SlotDef, slots: &mut Vec<SlotDef>| {
        if !slots.contains(&d) {
            slots.push(d);
        }
    };
    for (i, t) in types.iter().enumerate() {
        add(
            SlotDef {
                ty: i,
                confined: None,
                no_jump_check: t.no_jump_check,
            },
            &mut slots,
        );
    }
    for (k, list) in per_kind.iter().enumerate() {
        for &t in list {
            add(
                SlotDef {
                    ty: t,
                    confined: pieces[k].confined,
                    no_jump_check: types[t].no_jump_check,
                },
                &mut slots,
            );
        }
        // A confined piece stays confined with the types it gains.
        if participates(&pieces[k]) && pieces[k].confined.is_some() {
            for (t, key) in types.iter().enumerate() {
                add(
                    SlotDef {
                        ty: t,
                        confined: pieces[k].confined,
                        no_jump_check: key.no_jump_check,
                    },
                    &mut slots,
                );
            }
        }
    }
    for d in slots.clone() {
        if d.no_jump_check {
            add(
                SlotDef {
                    no_jump_check: false,
                    ..d
                },
                &mut slots,
            );
        }
    }
    Ok(slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> PieceType {
        PieceType {
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
        }
    }

    fn types_of(betza: &str) -> usize {
        piece_types(&piece(betza)).len()
    }

    #[test]
    fn type_names_in_betza() {
        let names = |betza: &str| -> Vec<String> {
            piece_types(&piece(betza))
                .iter()
                .map(TypeKey::name)
                .collect()
        };
        assert_eq!(names("QN"), ["R", "B", "N"]);
        assert_eq!(names("mRcpR"), ["mRcpR"]);
        assert_eq!(names("nNoN"), ["nNoN"]);
        assert_eq!(names("WFDA"), ["W", "F", "D", "A"]);
        assert_eq!(names("NN"), ["NN"]);
        assert_eq!(names("W2"), ["W2"]);
        assert_eq!(names("HCZG"), ["H", "C", "Z", "G"]);
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
}
