//! Betza notation → movement atoms. Covers the leapers `W F D A N H C Z G K`, the riders
//! `R B Q` (and any doubled atom, `NN`), range digits (`W2`), and the modifiers
//! `m c f b l r s v i n p e`, `o` (Chimera's extension: lame through the diagonal first
//! step, the Moa), and one multi-leg form of XBetza, the bent rider `yafs`: `FyafsF` is the
//! Gryphon's bent move (a diagonal step, then a rook's slide outward), `WyafsW` the Aanca's.
//! Directions are given for White; Black's are mirrored by rank.

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AtomShape {
    /// Jumps straight to the target.
    Leap,
    /// Repeats the step until blocked; `max` steps at most (0 = unlimited).
    Ride { max: u8 },
    /// Rides, but must jump exactly one piece (the screen) first (`p`).
    Hop { max: u8 },
    /// XBetza's `yafs`: one step by a vector (to an empty square), then a ride at 45 degrees
    /// outward from it (a diagonal step turns orthogonal, an orthogonal one diagonal), on
    /// either side. `modes` are the final leg's.
    Bent,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Modes {
    pub quiet: bool,
    pub capture: bool,
}

impl Modes {
    /// The Betza modifier that says these modes: `m`, `c`, or none for both.
    pub fn prefix(self) -> &'static str {
        match (self.quiet, self.capture) {
            (true, false) => "m",
            (false, true) => "c",
            _ => "",
        }
    }
}

/// One movement component of a piece: a set of step vectors with how they are used.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Atom {
    /// The Betza letter this atom came from (used to name move types).
    pub letter: char,
    pub shape: AtomShape,
    pub vectors: Vec<(i8, i8)>,
    pub modes: Modes,
    /// `n`: blocked when a square on the path is occupied.
    pub lame: bool,
    /// `o` (a Chimera extension): an oblique lame leap whose path is the diagonal first step
    /// (the Moa), where `n` takes the orthogonal first step (the Mao, the Xiang Qi horse).
    pub diagonal_first: bool,
    /// `i`: only a piece's first move (for pawn-like pieces: from its double-step ranks).
    pub initial: bool,
    /// `e`: may capture en passant.
    pub en_passant: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

fn base_vectors(letter: char) -> Option<(Vec<(i8, i8)>, bool)> {
    // (first-octant vector, rider by default)
    let (v, rider) = match letter {
        'W' => ((1, 0), false),
        'F' => ((1, 1), false),
        'D' => ((2, 0), false),
        'A' => ((2, 2), false),
        'H' => ((3, 0), false),
        'G' => ((3, 3), false),
        'N' => ((2, 1), false),
        'C' => ((3, 1), false),
        'Z' => ((3, 2), false),
        'R' => ((1, 0), true),
        'B' => ((1, 1), true),
        _ => return None,
    };
    Some((symmetric(v), rider))
}

/// The Betza letter of a leap's shape, for any of its eight orientations.
pub fn shape_letter((x, y): (i8, i8)) -> Option<char> {
    let (a, b) = (
        x.unsigned_abs().max(y.unsigned_abs()),
        x.unsigned_abs().min(y.unsigned_abs()),
    );
    Some(match (a, b) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 3) => 'G',
        (2, 1) => 'N',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        _ => return None,
    })
}

fn symmetric((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Does vector `v` point the way the direction letters say? Each group is one letter or a
/// two-letters group: a quadrant (`fl`), or XBetza's `fs`/`bs`/`lv`/`rv` (that way, mostly
/// sideways or mostly vertically); on an orthogonal move a group is its two letters' union.
/// The vector passes if any group accepts it.
fn direction_accepts(groups: &[Vec<char>], (dx, dy): (i8, i8)) -> bool {
    if groups.is_empty() {
        return true;
    }
    let one = |c: char| -> bool {
        let oblique = dx != 0 && dy != 0 && dx.abs() != dy.abs();
        let fwd = if oblique {
            dy > 0 && dy.abs() > dx.abs()
        } else {
            dy > 0
        };
        let back = if oblique {
            dy < 0 && dy.abs() > dx.abs()
        } else {
            dy < 0
        };
        let left = if oblique {
            dx < 0 && dx.abs() > dy.abs()
        } else {
            dx < 0
        };
        let right = if oblique {
            dx > 0 && dx.abs() > dy.abs()
        } else {
            dx > 0
        };
        match c {
            'f' => fwd,
            'b' => back,
            'l' => left,
            'r' => right,
            's' => left || right,
            'v' => fwd || back,
            _ => false,
        }
    };
    // The first letter's way, loosely (a sideways knight move still goes forward a little).
    let loose = |c: char| match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        _ => false,
    };
    groups.iter().any(|g| match g.as_slice() {
        [c] => one(*c),
        // No orthogonal move lies in a quadrant: on orthogonal atoms the two letters add up
        // (XBetza: `frW` steps forward or right), as Fairy-Stockfish reads them too.
        [a, b] if dx == 0 || dy == 0 => one(*a) || one(*b),
        // XBetza's `fs`, `bs`, `lv`, `rv`: that way, and mostly sideways (`s`) or mostly
        // vertically (`v`): `fsN` is the two wide forward Knight moves, `lvN` the two narrow
        // leftward ones; a diagonal move is both, so `fsF` is `fF`.
        [a, 's'] => loose(*a) && dx.abs() >= dy.abs(),
        [a, 'v'] => loose(*a) && dy.abs() >= dx.abs(),
        [a, b] => {
            // A quadrant: the vector points both ways, loosely (diagonal and oblique moves).
            loose(*a) && loose(*b) && (one(*a) || one(*b) || dx.abs() == dy.abs())
        }
        _ => false,
    })
}

fn group_directions(letters: &[char]) -> Vec<Vec<char>> {
    let mut groups: Vec<Vec<char>> = Vec::new();
    let vertical = |c: char| c == 'f' || c == 'b';
    let horizontal = |c: char| c == 'l' || c == 'r';
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        if i + 1 < letters.len() {
            let d = letters[i + 1];
            // A doubled letter (`ffN`, XBetza's) reads as the letter once.
            if d == c {
                groups.push(vec![c]);
                i += 2;
                continue;
            }
            if (vertical(c) && horizontal(d))
                || (horizontal(c) && vertical(d))
                || (vertical(c) && d == 's')
                || (horizontal(c) && d == 'v')
            {
                groups.push(vec![c, d]);
                i += 2;
                continue;
            }
        }
        groups.push(vec![c]);
        i += 1;
    }
    groups
}

/// Parses a Betza string into atoms.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut i = 0;
    if chars.is_empty() {
        return Err(BetzaError("empty Betza string".into()));
    }
    while i < chars.len() {
        let mut dirs = Vec::new();
        let (mut m, mut c, mut lame, mut initial, mut hop, mut ep) =
            (false, false, false, false, false, false);
        let mut diagonal_first = false;
        // `y…a`: the bent rider; after `a` come the second leg's modifiers.
        let (mut slide_on, mut second_leg) = (false, None::<Vec<char>>);
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            if let Some(leg) = second_leg.as_mut() {
                match chars[i] {
                    'f' | 's' => leg.push(chars[i]),
                    'm' => m = true,
                    'c' => c = true,
                    other => {
                        return Err(BetzaError(format!(
                            "unsupported modifier '{other}' after 'a' in '{text}' (only the bent rider 'yafs' is supported)"
                        )))
                    }
                }
                i += 1;
                continue;
            }
            match chars[i] {
                'f' | 'b' | 'l' | 'r' | 's' | 'v' => dirs.push(chars[i]),
                'y' => slide_on = true,
                'a' if slide_on && !c => {
                    // The first leg only moves (XBetza's default for a leg that goes on).
                    m = false;
                    second_leg = Some(Vec::new());
                }
                'a' => {
                    return Err(BetzaError(format!(
                        "unsupported multi-leg move in '{text}' (only the bent rider 'yafs' is supported)"
                    )))
                }
                'm' => m = true,
                'c' => c = true,
                // Each names one path; a leap lame on both would be a third reading.
                'n' | 'o' if lame && diagonal_first != (chars[i] == 'o') => {
                    return Err(BetzaError(format!(
                        "'n' and 'o' together in '{text}': give each path its own \
                         component ('nNoN' is blocked only where both paths are)"
                    )))
                }
                'n' => lame = true,
                'o' => {
                    lame = true;
                    diagonal_first = true;
                }
                'i' => initial = true,
                'p' => hop = true,
                'e' => ep = true,
                other => {
                    return Err(BetzaError(format!(
                        "unsupported Betza modifier '{other}' in '{text}'"
                    )))
                }
            }
            i += 1;
        }
        let Some(&letter) = chars.get(i) else {
            return Err(BetzaError(format!(
                "modifiers without a piece letter at the end of '{text}'"
            )));
        };
        i += 1;
        // Compound letters expand into their components, each taking the same modifiers.
        let components: Vec<(char, bool)> = match letter {
            'K' => vec![('W', false), ('F', false)],
            'Q' => vec![('W', true), ('F', true)],
            'R' => vec![('W', true)],
            'B' => vec![('F', true)],
            l if base_vectors(l).is_some() => vec![(l, false)],
            other => {
                return Err(BetzaError(format!(
                    "unknown Betza piece letter '{other}' in '{text}'"
                )))
            }
        };
        // Doubling (NN) makes a rider; a number limits the range.
        let mut rider_by_repeat = false;
        if i < chars.len() && chars[i] == letter && !matches!(letter, 'R' | 'B' | 'Q') {
            rider_by_repeat = true;
            i += 1;
        }
        let mut range: Option<u8> = None;
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            let n: String = chars[start..i].iter().collect();
            range = Some(
                n.parse()
                    .map_err(|_| BetzaError(format!("bad range in '{text}'")))?,
            );
        }
        let bent = match &second_leg {
            Some(leg) => {
                let mut leg = leg.clone();
                leg.sort_unstable();
                let plain = !(lame || initial || hop || ep || rider_by_repeat || range.is_some());
                if leg != ['f', 's'] || !matches!(letter, 'F' | 'W') || !plain {
                    return Err(BetzaError(format!(
                        "unsupported multi-leg move in '{text}' (only the bent riders 'yafsF' and 'yafsW' are supported)"
                    )));
                }
                true
            }
            None if slide_on => {
                return Err(BetzaError(format!(
                    "'y' without a second leg ('a') in '{text}'"
                )))
            }
            None => false,
        };
        let groups = group_directions(&dirs);
        for (base, rides) in components {
            let (vectors, _) = base_vectors(base).expect("component letters are known");
            let vectors: Vec<(i8, i8)> = vectors
                .into_iter()
                .filter(|&v| direction_accepts(&groups, v))
                .collect();
            if vectors.is_empty() {
                continue;
            }
            let riding = rides || rider_by_repeat || range.is_some_and(|r| r != 1);
            // A W or F ride is blocked on its path anyway; a lame rider of longer leaps (a
            // lame nightrider) would need a path per leap, which the tables do not have.
            if lame && (riding || hop) && !matches!(base, 'W' | 'F') {
                return Err(BetzaError(format!(
                    "unsupported lame rider in '{text}' ('n' and 'o' apply to single leaps: \
                     'nN', 'nD', not 'nNN')"
                )));
            }
            let max = match range {
                Some(0) | None => 0,
                Some(r) => r,
            };
            let shape = if bent {
                AtomShape::Bent
            } else if hop {
                AtomShape::Hop { max }
            } else if riding {
                AtomShape::Ride { max }
            } else {
                AtomShape::Leap
            };
            let modes = if !m && !c {
                Modes {
                    quiet: true,
                    capture: true,
                }
            } else {
                Modes {
                    quiet: m,
                    capture: c,
                }
            };
            atoms.push(Atom {
                letter: if rides { letter } else { base },
                shape,
                vectors,
                modes,
                lame,
                diagonal_first,
                initial,
                en_passant: ep,
            });
        }
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vecs(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<_> = parse(text)
            .unwrap()
            .into_iter()
            .flat_map(|a| a.vectors)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn pawn() {
        let atoms = parse("fmWfceFifmnD").unwrap();
        assert_eq!(atoms.len(), 3);
        assert_eq!(atoms[0].vectors, vec![(0, 1)]);
        assert!(atoms[0].modes.quiet && !atoms[0].modes.capture);
        let mut caps = atoms[1].vectors.clone();
        caps.sort();
        assert_eq!(caps, vec![(-1, 1), (1, 1)]);
        assert!(atoms[1].en_passant && atoms[1].modes.capture && !atoms[1].modes.quiet);
        assert_eq!(atoms[2].vectors, vec![(0, 2)]);
        assert!(atoms[2].lame && atoms[2].initial);
    }

    #[test]
    fn knight_and_compounds() {
        assert_eq!(vecs("N").len(), 8);
        assert_eq!(vecs("K").len(), 8);
        assert_eq!(vecs("KAD").len(), 16);
        let q = parse("Q").unwrap();
        assert!(q.iter().all(|a| a.shape == AtomShape::Ride { max: 0 }));
        let rn = parse("RN").unwrap();
        assert_eq!(rn.len(), 2);
        assert_eq!(parse("NN").unwrap()[0].shape, AtomShape::Ride { max: 0 });
        assert_eq!(parse("W2").unwrap()[0].shape, AtomShape::Ride { max: 2 });
        assert_eq!(vecs("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vecs("sW"), vec![(-1, 0), (1, 0)]);
        assert_eq!(vecs("flF"), vec![(-1, 1)]);
    }

    /// XBetza's mostly-sideways and mostly-vertical pairs, as Fairy-Stockfish reads them; a
    /// doubled letter is the letter once.
    #[test]
    fn wide_and_narrow_pairs() {
        assert_eq!(vecs("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vecs("bsN"), vec![(-2, -1), (2, -1)]);
        assert_eq!(vecs("lvN"), vec![(-1, -2), (-1, 2)]);
        assert_eq!(vecs("rvN"), vec![(1, -2), (1, 2)]);
        assert_eq!(vecs("fsF"), vecs("fF"));
        assert_eq!(vecs("lvF"), vecs("lF"));
        assert_eq!(vecs("ffN"), vecs("fN"));
        // `ffs` is `ff` then `s`, not `f` then `fs`.
        assert_eq!(
            vecs("ffsN"),
            vec![(-2, -1), (-2, 1), (-1, 2), (1, 2), (2, -1), (2, 1)]
        );
        assert_eq!(vecs("fsbN"), vec![(-2, 1), (-1, -2), (1, -2), (2, 1)]);
        // On orthogonal atoms the letters still add up.
        assert_eq!(vecs("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
    }

    #[test]
    fn hopper_and_errors() {
        let c = parse("mRcpR").unwrap();
        assert_eq!(c[0].shape, AtomShape::Ride { max: 0 });
        assert_eq!(c[1].shape, AtomShape::Hop { max: 0 });
        assert!(parse("X").is_err());
        assert!(parse("fm").is_err());
        assert!(parse("").is_err());
        assert!(parse("yK").is_err());
    }

    /// `n` on a rider of longer leaps was read and dropped: `nNN` moved as a plain
    /// nightrider past a piece on its path. Refused now; on W and F, whose rides are blocked
    /// on their path anyway, it changes nothing.
    #[test]
    fn lame_riders_of_long_leaps_are_refused() {
        for bad in ["nNN", "nDD", "nN2", "nA0", "oNN", "npN", "npNN"] {
            let told = parse(bad).map(|_| ()).map_err(|e| e.0);
            assert!(
                told.as_ref().is_err_and(|e| e.contains("lame rider")),
                "{bad}: {told:?}"
            );
        }
        assert_eq!(parse("nR").map(|a| a.len()), Ok(1));
        assert_eq!(
            parse("nFF").map(|a| a[0].shape),
            Ok(AtomShape::Ride { max: 0 })
        );
        assert_eq!(parse("nN").map(|a| a[0].shape), Ok(AtomShape::Leap));
    }

    /// `n` and `o` name one path each; on one component they were read as `o` alone.
    #[test]
    fn both_lame_paths_on_one_leap_are_refused() {
        for bad in ["noN", "onN", "fnoC"] {
            let told = parse(bad).map(|_| ()).map_err(|e| e.0);
            assert!(
                told.as_ref().is_err_and(|e| e.contains("'n' and 'o'")),
                "{bad}: {told:?}"
            );
        }
        let either = parse("nNoN").expect("two components");
        assert_eq!(
            either.iter().map(|a| a.diagonal_first).collect::<Vec<_>>(),
            [false, true]
        );
        assert!(parse("nnN").is_ok_and(|a| a[0].lame && !a[0].diagonal_first));
    }

    #[test]
    fn bent_riders() {
        let g = parse("FyafsF").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].shape, AtomShape::Leap);
        assert_eq!(g[1].shape, AtomShape::Bent);
        assert_eq!(g[1].vectors.len(), 4);
        assert!(g[1].modes.quiet && g[1].modes.capture);
        let a = parse("WyafsW").unwrap();
        assert_eq!(a[1].shape, AtomShape::Bent);
        assert!(a[1].vectors.iter().all(|&(x, y)| x == 0 || y == 0));
        // The second leg's modes are the move's; the first leg's directions pick the steps.
        let c = parse("fyafscF").unwrap();
        assert!(c[0].modes.capture && !c[0].modes.quiet);
        assert_eq!(vecs("fyafsF"), vec![(-1, 1), (1, 1)]);
        for bad in [
            "afsF", "yafsN", "yafsK", "yafF", "yafsF2", "ycafsF", "yafsbF", "yF", "yafspF",
        ] {
            assert!(parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
