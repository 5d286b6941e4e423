//! How XBoard sees each game. A game XBoard knows under one of its own names (same board, same
//! start array, same pieces and castling) is announced under that name and needs no
//! description. Every other game is an *engine-defined variant*: after `variant NAME` the
//! engine sends `setup (PIECETOCHAR) WxH+0_fairy FEN` and one `piece` line per piece type in
//! XBetza, so the GUI draws the right pieces and, where Betza describes the rules fully
//! (`GuiGame::exact`), can test legality itself. Where the rules go beyond Betza, the piece
//! lines are a superset of the moves and the engine answers `lift` with the legal targets.
//!
//! Everything here is derived from the variant's data; nothing looks at a game's name except
//! to match it against XBoard's own list.

use crate::game::GameType;
use crate::types::Color;
use crate::variant::betza::{self, shape_letter, Atom, AtomShape};
use crate::variant::{RepetitionRule, StalemateRule, Variant};
use crate::with_position;

/// XBoard's piece types, in the order of its `pieceToCharTable` (one half per colour).
const SLOTS: usize = 44;
const KING_SLOT: usize = SLOTS - 1;
const PAWN_SLOT: usize = 0;
/// The Lance: the only other piece type XBoard promotes on the last rank, so it is kept for a
/// second kind of promoting pawn (and never given to a piece that must not promote).
const LANCE_SLOT: usize = 18;

/// XBoard's pictures for its piece types, as the Betza of the moves each suggests: XBoard's
/// standard moves for the type, or for the Crown (15), a queen's crown, the Amazon's. A piece
/// with exactly these moves gets the slot; one without is drawn with the picture most like
/// its moves (see `likeness`). The images, XBoard 4.9's: Knight, Bishop, Rook, Queen,
/// Advisor, Elephant, Archbishop, Marshall, Gold, Commoner, Cannon, Nightrider, Crowned
/// Bishop, Crowned Rook, Crown.
const SLOT_MOVES: &[(usize, &str)] = &[
    (1, "N"),
    (2, "B"),
    (3, "R"),
    (4, "Q"),
    (5, "F"),
    (6, "A"),
    (7, "BN"),
    (8, "RN"),
    (9, "W"),
    (10, "K"),
    (11, "mRcpR"),
    (12, "NN"),
    (13, "BW"),
    (14, "RF"),
    (15, "QN"),
];

/// The least `likeness` (in thousandths) for which a piece takes a picture of moves not its
/// own: three quarters keeps a Rook-and-Ferz with bent moves on the Crowned Rook, and keeps
/// Cannons and Crabs' Cannon (King, Alfil and Dabbaba moves) off the Commoner.
const LIKENESS_MIN: u32 = 750;

/// The Advisor: XBoard's small, plain picture, for a pawn-like piece kept off the pawn slots
/// (one that does not promote, which XBoard would otherwise promote).
const PLAIN_SLOT: usize = 5;

/// Slots for pieces no picture suits, best first.
const SPARE_SLOTS: &[usize] = &[
    11, 12, 13, 14, 15, 16, 17, 19, 20, 10, 9, 5, 6, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 1, 2, 3, 4, 7, 8,
];

/// A game XBoard plays under its own name.
struct Native {
    name: &'static str,
    /// Board part of the start FEN.
    board: &'static str,
    /// Piece letter and Betza.
    pieces: &'static [(char, &'static str)],
    /// The king's destination files (higher side, lower side), if it castles.
    castling: Option<(u8, u8)>,
}

const CHESS_PIECES: &[(char, &str)] = &[
    ('k', "K"),
    ('q', "Q"),
    ('r', "R"),
    ('b', "B"),
    ('n', "N"),
    ('p', "fmWfceFifmnD"),
];
const CAPA_PIECES: &[(char, &str)] = &[
    ('k', "K"),
    ('q', "Q"),
    ('r', "R"),
    ('b', "B"),
    ('n', "N"),
    ('p', "fmWfceFifmnD"),
    ('a', "BN"),
    ('c', "RN"),
];

const NATIVE: &[Native] = &[
    Native {
        name: "normal",
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        pieces: CHESS_PIECES,
        castling: Some((6, 2)),
    },
    Native {
        name: "capablanca",
        board: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
        pieces: CAPA_PIECES,
        castling: Some((8, 2)),
    },
    Native {
        name: "gothic",
        board: "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR",
        pieces: CAPA_PIECES,
        castling: Some((8, 2)),
    },
    Native {
        name: "janus",
        board: "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR",
        pieces: &[
            ('k', "K"),
            ('q', "Q"),
            ('r', "R"),
            ('b', "B"),
            ('n', "N"),
            ('p', "fmWfceFifmnD"),
            ('j', "BN"),
        ],
        castling: Some((8, 1)),
    },
    Native {
        name: "fischerandom",
        board: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        pieces: CHESS_PIECES,
        castling: Some((6, 2)),
    },
    Native {
        name: "caparandom",
        board: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
        pieces: CAPA_PIECES,
        castling: Some((8, 2)),
    },
    Native {
        name: "grand",
        board: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R",
        pieces: CAPA_PIECES,
        castling: None,
    },
];

/// XBoard's own games, which it finds at the start of a game's name (as XBoard 4.9.1 was seen
/// to: `grand-plus` is Grand to it, `my-gothic` not; `normal` aside, which it leaves to the
/// engine). It plays a game it takes for one of these by its own rules for that game: with
/// legality testing on it refuses the engine's moves, with it off a second engine is refused.
const XBOARD_GAMES: &[&str] = &[
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "shogi",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "elven",
];

/// XBoard's own game that it would take `name` for, if any: one its name starts with, or
/// Fischer Random for a name holding `960`, `frc` or `fischer` and `random` anywhere.
fn xboard_game_in(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    let fischer_random = ["960", "frc"].iter().any(|p| name.contains(p))
        || (name.contains("fischer") && name.contains("random"));
    XBOARD_GAMES
        .iter()
        .copied()
        .find(|game| name.starts_with(game))
        .or(fischer_random.then_some("fischerandom"))
}

/// A game as the GUI is told about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiGame {
    /// The name in `feature variants` and in the GUI's `variant` command.
    pub name: String,
    /// XBoard knows the rules under this name: nothing is sent after `variant`.
    pub native: bool,
    /// XBoard can test legality and judge the game's end with the descriptions sent; when
    /// false, the GUI must run with legality testing off and relies on `highlight`.
    pub exact: bool,
    /// `setup` and `piece` lines sent after `variant` (empty for native games).
    pub lines: Vec<String>,
    /// Why the game is not exact (for the README and `chimera` diagnostics).
    pub beyond_betza: Vec<String>,
}

/// The comparable form of a Betza string: its atoms written in XBetza, sorted.
fn signature(text: &str) -> Option<Vec<String>> {
    let atoms = betza::parse(text).ok()?;
    let mut parts: Vec<String> = atoms
        .iter()
        .flat_map(|a| atom_texts(a, &a.vectors, false).0)
        .collect();
    parts.sort();
    Some(parts)
}

fn native_of(gt: &GameType) -> Option<&'static Native> {
    let v = &*gt.variant;
    let board = v.start_fen.split_whitespace().next().unwrap_or("");
    NATIVE.iter().find(|n| {
        let named = v.name == n.name || v.aliases.iter().any(|a| a == n.name);
        let same_pieces = v.pieces.len() == n.pieces.len()
            && n.pieces.iter().all(|(l, b)| {
                v.kind_of(*l)
                    .is_some_and(|k| signature(&v.piece(k).betza) == signature(b))
            });
        let castling = |side: usize| {
            v.castling.iter().all(|c| {
                c[side].as_ref().map(|s| s.king_to) == n.castling.map(|k| [k.0, k.1][side])
            })
        };
        named && board == n.board && same_pieces && castling(0) && castling(1) && !v.king_leap
    })
}

/// Describes `gt` for XBoard.
pub fn describe(gt: &GameType) -> GuiGame {
    if let Some(n) = native_of(gt) {
        return GuiGame {
            name: n.name.to_string(),
            native: true,
            exact: true,
            lines: Vec::new(),
            beyond_betza: Vec::new(),
        };
    }
    let v = &*gt.variant;
    let mut beyond: Vec<String> = Vec::new();
    let slots = assign_slots(v, &mut beyond);
    let mut table = vec!['.'; 2 * SLOTS];
    for (kind, &slot) in slots.iter().enumerate() {
        let letter = v.pieces[kind].letter;
        table[slot] = letter.to_ascii_uppercase();
        table[SLOTS + slot] = letter;
    }
    let table: String = table.into_iter().collect();
    let mut lines = vec![format!(
        "setup ({table}) {}x{}+0_fairy {}",
        v.size.files, v.size.ranks, v.start_fen
    )];
    // On a copy: describing every game (at start-up, for a file) would otherwise keep every
    // game's tables in the registry, played or not.
    let start = gt.without_tables().start();
    for (i, p) in v.pieces.iter().enumerate() {
        let white = piece_xbetza(v, &start, i, Color::White, &mut beyond);
        let black = piece_xbetza(v, &start, i, Color::Black, &mut Vec::new());
        let upper = p.letter.to_ascii_uppercase();
        if white == black {
            lines.push(format!("piece {upper}& {white}"));
        } else {
            lines.push(format!("piece {upper} {white}"));
            lines.push(format!("piece {} {black}", p.letter));
        }
    }
    if !v.zones.is_empty() {
        beyond.push("pieces confined to zones or with extra moves in zones".into());
    }
    if v.facing_kings.is_some() {
        beyond.push("facing kings".into());
    }
    if v.relay.is_some() {
        beyond.push("relay rules: pieces gain and lose moves by what they see".into());
    }
    if v.cancellation.is_some() {
        beyond.push("cancellation captures".into());
    }
    if v.knight_relay.is_some() {
        beyond.push("knight relay: defended pieces leap as knights, knights are immune".into());
    }
    if v.repetition == RepetitionRule::Illegal {
        beyond.push("repeating a position is illegal".into());
    }
    if v.stalemate != StalemateRule::Draw {
        beyond.push("stalemate is not a draw".into());
    }
    if v.move_rule != 100 {
        beyond.push(format!("the move rule is {} plies, not 100", v.move_rule));
    }
    if v.promotion_limited_by_initial {
        beyond.push("promotion limited to pieces lost".into());
    }
    if let Some(game) = xboard_game_in(&v.name) {
        beyond.push(format!("XBoard takes the name for its own game '{game}'"));
    }
    let last = v.size.ranks - 1;
    if v.pieces.iter().any(|p| p.pawn) && !v.promote_to.is_empty() && v.promotion_ranks != [last] {
        beyond.push("promotion on other ranks than the last".into());
    }
    beyond.sort();
    beyond.dedup();
    GuiGame {
        name: v.name.clone(),
        native: false,
        exact: beyond.is_empty(),
        lines,
        beyond_betza: beyond,
    }
}

fn promotes(v: &Variant, kind: usize) -> bool {
    v.pieces[kind].pawn && !v.promote_to.is_empty() && !v.promotion_ranks.is_empty()
}

/// Chooses XBoard's piece type for each of the game's pieces: the king's for the royal piece,
/// the two promoting types for pawns that promote, a type with the same moves where XBoard has
/// one, else a spare type.
fn assign_slots(v: &Variant, beyond: &mut Vec<String>) -> Vec<usize> {
    let mut slots: Vec<Option<usize>> = vec![None; v.pieces.len()];
    let mut used = [false; SLOTS];
    let take =
        |slots: &mut Vec<Option<usize>>, used: &mut [bool; SLOTS], kind: usize, slot: usize| {
            slots[kind] = Some(slot);
            used[slot] = true;
        };
    take(&mut slots, &mut used, v.royal.index(), KING_SLOT);
    let mut promoting = [PAWN_SLOT, LANCE_SLOT].into_iter();
    // The piece written `p`, if it promotes, gets XBoard's pawn.
    let mut pawns: Vec<usize> = (0..v.pieces.len()).filter(|&k| promotes(v, k)).collect();
    pawns.sort_by_key(|&k| v.pieces[k].letter != 'p');
    for kind in pawns {
        if slots[kind].is_none() {
            match promoting.next() {
                Some(slot) => take(&mut slots, &mut used, kind, slot),
                None => beyond.push("more than two kinds of promoting pawns".into()),
            }
        }
    }
    for kind in 0..v.pieces.len() {
        if slots[kind].is_some() {
            continue;
        }
        let sig = signature(&v.pieces[kind].betza);
        let same = SLOT_MOVES
            .iter()
            .find(|(slot, b)| !used[*slot] && sig.is_some() && signature(b) == sig);
        if let Some(&(slot, _)) = same {
            take(&mut slots, &mut used, kind, slot);
        }
    }
    for kind in 0..v.pieces.len() {
        if slots[kind].is_none() && v.pieces[kind].pawn && !used[PLAIN_SLOT] {
            take(&mut slots, &mut used, kind, PLAIN_SLOT);
        }
    }
    // The likest pictures first, so that a piece does not take the picture another one
    // resembles more.
    let pictures: Vec<(usize, u64)> = (SLOT_MOVES.iter())
        .filter(|(slot, _)| !used[*slot])
        .map(|&(slot, b)| (slot, betza::parse(b).map_or(0, |atoms| reach_near(&atoms))))
        .collect();
    let mut likes: Vec<(u32, usize, usize)> = Vec::new();
    for kind in (0..v.pieces.len()).filter(|&k| slots[k].is_none()) {
        let reach = reach_near(&v.pieces[kind].atoms);
        for &(slot, pictured) in &pictures {
            let score = likeness(reach, pictured);
            if score >= LIKENESS_MIN {
                likes.push((score, kind, slot));
            }
        }
    }
    likes.sort_by_key(|&(score, kind, slot)| (std::cmp::Reverse(score), kind, slot));
    for (_, kind, slot) in likes {
        if slots[kind].is_none() && !used[slot] {
            take(&mut slots, &mut used, kind, slot);
        }
    }
    for kind in 0..v.pieces.len() {
        if slots[kind].is_none() {
            if let Some(&slot) = SPARE_SLOTS.iter().find(|s| !used[**s]) {
                take(&mut slots, &mut used, kind, slot);
            }
        }
    }
    // At most 16 kinds per game, and 43 slots besides the king's: every kind has one.
    slots.into_iter().map(|s| s.unwrap_or(KING_SLOT)).collect()
}

/// The squares a piece's moves reach on an empty board within three squares of it, one bit
/// per square of the 7x7 grid around it: what its picture should suggest. Bent moves are left
/// out (the Tripunch pieces' straight moves say what they are).
fn reach_near(atoms: &[Atom]) -> u64 {
    let mut grid = 0u64;
    for atom in atoms {
        let steps: i8 = match atom.shape {
            AtomShape::Leap => 1,
            AtomShape::Ride { max } | AtomShape::Hop { max } if max > 0 => max.min(3) as i8,
            AtomShape::Ride { .. } | AtomShape::Hop { .. } => 3,
            AtomShape::Bent => 0,
        };
        for &(x, y) in &atom.vectors {
            for k in 1..=steps {
                let (tx, ty) = (i32::from(x) * i32::from(k), i32::from(y) * i32::from(k));
                if tx.abs() <= 3 && ty.abs() <= 3 {
                    grid |= 1 << ((tx + 3) * 7 + ty + 3);
                }
            }
        }
    }
    grid
}

/// How alike two `reach_near` grids are, in thousandths: the squares both reach over the
/// squares either reaches.
fn likeness(a: u64, b: u64) -> u32 {
    match (a | b).count_ones() {
        0 => 0,
        either => (a & b).count_ones() * 1000 / either,
    }
}

/// The XBetza of piece `kind` as XBoard must read it for `color` (XBoard turns Black's moves
/// a half turn; Chimera mirrors them by rank unless the game rotates Black's army).
fn piece_xbetza(
    v: &Variant,
    start: &crate::game::Game,
    kind: usize,
    color: Color,
    beyond: &mut Vec<String>,
) -> String {
    let p = &v.pieces[kind];
    let view = |vs: &[(i8, i8)]| -> Vec<(i8, i8)> {
        if color == Color::White || v.rotate_black {
            vs.to_vec()
        } else {
            vs.iter().map(|&(x, y)| (-x, y)).collect()
        }
    };
    let mut texts: Vec<String> = Vec::new();
    for atom in &p.atoms {
        let (t, exact) = atom_texts(atom, &view(&atom.vectors), p.no_jump_check);
        if !exact {
            beyond.push(format!(
                "piece {}: a move XBetza cannot say",
                p.letter.to_ascii_uppercase()
            ));
        }
        texts.extend(t);
    }
    if p.no_jump_check {
        beyond.push(format!(
            "piece {}: may not jump to attack a king",
            p.letter.to_ascii_uppercase()
        ));
    }
    if p.confined.is_some() {
        beyond.push(format!(
            "piece {}: confined to a zone",
            p.letter.to_ascii_uppercase()
        ));
    }
    if let Some((_, extra)) = &p.zone_moves {
        for atom in extra {
            texts.extend(atom_texts(atom, &view(&atom.vectors), false).0);
        }
    }
    let mut text = compress(texts);
    if kind == v.royal.index() {
        if v.king_leap {
            text.push_str("imD");
            beyond.push("the king's first-move leap".into());
        }
        text.push_str(&castling_xbetza(v, start, color, beyond));
    }
    text
}

/// `W`+`F` is written `K`, `R`+`B` is `Q`.
fn compress(mut texts: Vec<String>) -> String {
    for (a, b, both) in [("W", "F", "K"), ("R", "B", "Q")] {
        if let (Some(i), Some(j)) = (
            texts.iter().position(|t| t == a),
            texts.iter().position(|t| t == b),
        ) {
            texts[i.min(j)] = both.to_string();
            texts.remove(i.max(j));
        }
    }
    texts.dedup();
    join_atoms(&texts)
}

/// Atoms side by side, so that none doubles the letter before it: `nN` then `N` would read
/// as `nNN`, a lame Nightrider. An atom written without modifiers goes first instead.
fn join_atoms(texts: &[String]) -> String {
    let mut out = String::new();
    for t in texts {
        let doubles = out
            .chars()
            .last()
            .is_some_and(|c| c.is_ascii_uppercase() && t.starts_with(c));
        if doubles {
            out.insert_str(0, t);
        } else {
            out.push_str(t);
        }
    }
    out
}

/// The king's castling as XBetza `O<n>` atoms: the king moves n squares toward the corner
/// piece, which lands on the square the king crossed.
fn castling_xbetza(
    v: &Variant,
    start: &crate::game::Game,
    color: Color,
    beyond: &mut Vec<String>,
) -> String {
    let size = v.size;
    let Some(home) = v.king_home else {
        return String::new();
    };
    let kfile = size.file(home[color.index()]) as i32;
    let mut dist = [None, None];
    for (side, d) in dist.iter_mut().enumerate() {
        let Some(spec) = &v.castling[color.index()][side] else {
            continue;
        };
        let partner = with_position!(start, p => p.partner_square(color, side));
        let to = spec.king_to as i32;
        let ok = match partner {
            Some(psq) => {
                let pf = size.file(psq) as i32;
                let toward = if side == 0 { 1 } else { -1 };
                let corner = if side == 0 { size.files as i32 - 1 } else { 0 };
                pf == corner && (to - kfile) * toward >= 2 && spec.partner_to as i32 == to - toward
            }
            None => true, // no right in the start position: nothing for the GUI to show
        };
        if !ok {
            beyond.push("castling XBetza cannot say".into());
            continue;
        }
        if partner.is_some() {
            *d = Some((to - kfile).unsigned_abs());
        }
    }
    // XBoard's `r` is toward the higher file for White; Black's moves are turned a half turn.
    let (high, low) = if color == Color::White {
        ('r', 'l')
    } else {
        ('l', 'r')
    };
    match dist {
        [Some(a), Some(b)] if a == b => format!("isO{a}"),
        [h, l] => {
            let mut s = String::new();
            if let Some(d) = l {
                s.push_str(&format!("i{low}O{d}"));
            }
            if let Some(d) = h {
                s.push_str(&format!("i{high}O{d}"));
            }
            s
        }
    }
}

/// XBetza direction letters selecting exactly vector `v` of its atom: one letter for
/// orthogonal atoms, a quadrant for diagonal ones, and for oblique ones the pair XBoard reads
/// as "wide direction, then narrow direction" (`fr` = two right, one forward).
fn direction_code((x, y): (i8, i8)) -> String {
    let h = if x > 0 { 'r' } else { 'l' };
    let vt = if y > 0 { 'f' } else { 'b' };
    if x == 0 {
        vt.to_string()
    } else if y == 0 {
        h.to_string()
    } else if x.abs() == y.abs() || x.abs() > y.abs() {
        format!("{vt}{h}")
    } else {
        format!("{h}{vt}")
    }
}

/// The vectors one XBetza direction letter selects from an atom's full set, as XBoard reads
/// it (for oblique atoms, `f`/`b` are the narrow forward/backward pairs, `l`/`r` the wide
/// sideways ones).
fn letter_selects(letter: char, (x, y): (i8, i8)) -> bool {
    let oblique = x != 0 && y != 0 && x.abs() != y.abs();
    let vertical = !oblique || y.abs() > x.abs();
    let horizontal = !oblique || x.abs() > y.abs();
    match letter {
        'f' => y > 0 && vertical,
        'b' => y < 0 && vertical,
        'l' => x < 0 && horizontal,
        'r' => x > 0 && horizontal,
        's' => x != 0 && horizontal,
        'v' => y != 0 && vertical,
        _ => false,
    }
}

/// The direction prefix selecting `vectors` out of the full set of their shape.
fn directions(full: &[(i8, i8)], vectors: &[(i8, i8)]) -> String {
    if vectors.len() == full.len() {
        return String::new();
    }
    let orthogonal = full[0].0 == 0 || full[0].1 == 0;
    let diagonal = full[0].0.abs() == full[0].1.abs();
    // One letter that selects exactly these vectors (`s` and `v` mean nothing to diagonal
    // atoms in XBoard).
    let singles: &[char] = if diagonal {
        &['f', 'b', 'l', 'r']
    } else {
        &['f', 'b', 'l', 'r', 's', 'v']
    };
    for &c in singles {
        let chosen: Vec<&(i8, i8)> = full.iter().filter(|&&v| letter_selects(c, v)).collect();
        if chosen.len() == vectors.len() && chosen.iter().all(|v| vectors.contains(v)) {
            return c.to_string();
        }
    }
    if orthogonal {
        // XBoard ORs the letters of orthogonal atoms: `fr` = forward and right.
        let mut out = String::new();
        for c in ['f', 'b', 'l', 'r'] {
            if vectors.iter().any(|&v| letter_selects(c, v)) {
                out.push(c);
            }
        }
        return out;
    }
    let mut sorted = vectors.to_vec();
    sorted.sort_by_key(|&(x, y)| (-y, x));
    sorted.into_iter().map(direction_code).collect()
}

/// One atom as XBetza texts (two for a leap that may not jump to attack a king: a lame one
/// and a "tame" one that never captures a king), and whether XBetza says it exactly.
fn atom_texts(atom: &Atom, vectors: &[(i8, i8)], no_jump_check: bool) -> (Vec<String>, bool) {
    let Some(&first) = vectors.first() else {
        return (Vec::new(), true);
    };
    let Some(base) = shape_letter(first) else {
        return (Vec::new(), false);
    };
    let full = betza::parse(&base.to_string())
        .map(|a| a[0].vectors.clone())
        .unwrap_or_default();
    if full.is_empty() {
        return (Vec::new(), false);
    }
    let dirs = directions(&full, vectors);
    let mut exact = true;
    let mut modes = atom.modes.prefix().to_string();
    if atom.en_passant {
        modes.push('e');
    }
    let range = |max: u8, rider_letter: Option<char>| -> String {
        match (rider_letter, max) {
            (Some(r), 0) => r.to_string(),
            (Some(r), m) => format!("{r}{m}"),
            (None, m) => format!("{base}{m}"),
        }
    };
    let rider_letter = match base {
        'W' => Some('R'),
        'F' => Some('B'),
        _ => None,
    };
    let letter = match atom.shape {
        AtomShape::Leap => base.to_string(),
        AtomShape::Ride { max } => range(max, rider_letter),
        AtomShape::Hop { max } => {
            modes.push('p');
            range(max, rider_letter)
        }
        // The first leg's directions, then the second leg's: its modes are the move's.
        AtomShape::Bent => return (vec![format!("{dirs}yafs{modes}{base}")], true),
    };
    let initial = if atom.initial { "i" } else { "" };
    let mut lame = "";
    if atom.lame {
        if atom.diagonal_first {
            // The Moa's diagonal-first path. XBetza writes it as two legs, a diagonal step
            // then one bent outward (`afsF`), but only for all eight directions; otherwise
            // XBoard gets the unblocked leap (a superset). Either way the game is left to the
            // engine's `highlight` (XBoard versions without multi-leg moves read no `a`).
            exact = false;
            if base == 'N' && dirs.is_empty() && matches!(atom.shape, AtomShape::Leap) {
                return (vec![format!("{initial}afs{modes}F")], exact);
            }
        } else {
            lame = "n";
        }
    }
    let straight = first.0 == 0 || first.1 == 0 || first.0.abs() == first.1.abs();
    let long = first.0.unsigned_abs().max(first.1.unsigned_abs()) >= 2;
    if no_jump_check
        && matches!(atom.shape, AtomShape::Leap)
        && straight
        && long
        && !atom.lame
        && atom.modes.capture
    {
        return (
            vec![
                format!("{initial}{dirs}{modes}n{letter}"),
                format!("{initial}{dirs}{modes}t{letter}"),
            ],
            exact,
        );
    }
    (vec![format!("{initial}{dirs}{modes}{lame}{letter}")], exact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn game(name: &str) -> GuiGame {
        describe(Registry::builtin().find(name).unwrap())
    }

    #[test]
    fn xboard_knows_the_classics() {
        for (ours, theirs) in [
            ("chess", "normal"),
            ("capablanca", "capablanca"),
            ("gothic", "gothic"),
            ("janus", "janus"),
            ("grand", "grand"),
        ] {
            let g = game(ours);
            assert!(g.native && g.lines.is_empty(), "{ours}: {g:?}");
            assert_eq!(g.name, theirs);
        }
    }

    #[test]
    fn a_game_with_a_native_name_but_other_rules_is_described() {
        // A variants file may not reuse a built-in name, so the game is compiled directly.
        let text = "[capablanca]\nboard = 10x8\n\
            start = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
            piece = k King K 0 royal\npiece = q Queen Q 9\npiece = r Rook R 5\n\
            piece = b Bishop B 3\npiece = n Knight N 3\npiece = p Pawn fmWfceFifmnD 1 pawn\n\
            piece = a Archbishop BN 8\npiece = c Chancellor RW 9\n\
            promote-to = q r b n a c\npromotion-ranks = 8\ndouble-step-ranks = 2\n\
            castle-high = i h\ncastle-low = c d\n";
        let specs = crate::variant::spec::parse_file(text, &[]).unwrap();
        let variant = crate::variant::Variant::compile(&specs[0]).unwrap();
        let g = describe(&GameType::new(variant));
        assert!(!g.native);
        assert!(g.lines.iter().any(|l| l == "piece C& RW"), "{g:?}");
        // XBoard would play its own Capablanca Chess under that name, `setup` or not, with
        // legality testing on: the game is not exact, and `d` says why.
        assert!(!g.exact, "{g:?}");
        assert_eq!(
            g.beyond_betza,
            ["XBoard takes the name for its own game 'capablanca'"]
        );
    }

    /// XBoard finds its games by the start of a name; other names leave a game exact.
    #[test]
    fn names_xboard_takes_for_its_own_games() {
        // As XBoard 4.9.1 read each name (its debug log's "recognized … as variant …").
        for (name, theirs) in [
            ("xiangqi", Some("xiangqi")),
            ("Shogi2", Some("shogi")),
            ("grand-plus", Some("grand")),
            ("super-x", Some("super")),
            ("my-960", Some("fischerandom")),
            ("x-frc", Some("fischerandom")),
            ("fischer-random-x", Some("fischerandom")),
            ("my-gothic", None),
            ("relay-indirect-anti-relay-gothic", None),
            ("normal-x", None),
            ("w5-x", None),
            ("paulowich", None),
            ("my-fairy", None),
        ] {
            assert_eq!(xboard_game_in(name), theirs, "{name}");
        }
        let mut r = Registry::builtin();
        r.load("[xiangqi : chess]\n[my-fairy : chess]\n")
            .expect("the test's variants file");
        let described = |name: &str| describe(r.find(name).expect("a game of the test's file"));
        assert!(!described("xiangqi").exact);
        assert!(described("my-fairy").exact);
    }

    #[test]
    fn atoms_never_run_together() {
        let texts = |v: &[&str]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        // `nNN` would be a lame Nightrider.
        assert_eq!(join_atoms(&texts(&["nN", "N"])), "NnN");
        assert_eq!(join_atoms(&texts(&["fmW", "fcF"])), "fmWfcF");
        assert_eq!(join_atoms(&texts(&["W", "N"])), "WN");
        // The Canonical knight, lame on either path: the Mao's path and the Moa's.
        let g = game("canonical");
        assert!(g.lines.iter().any(|l| l == "piece N& nNafsF"), "{g:?}");
    }

    #[test]
    fn paulowich_is_described_exactly() {
        let g = game("paulowich");
        assert!(!g.native && g.exact, "{g:?}");
        assert_eq!(
            g.lines[0],
            format!(
                "setup (PNBRQ...C..................................Kpnbrq...c..................................k) 8x8+0_fairy {}",
                "cnbrkbnq/pppppppp/8/8/8/8/PPPPPPPP/CNBRKBNQ w KQkq - 0 1"
            )
        );
        let pieces: Vec<&str> = g.lines[1..].iter().map(String::as_str).collect();
        assert_eq!(
            pieces,
            [
                "piece K& KisO2",
                "piece Q& Q",
                "piece R& R",
                "piece B& B",
                "piece N& N",
                "piece P& fmWfceFifmnD",
                "piece C& RN"
            ]
        );
    }

    #[test]
    fn asymmetric_castling_gets_one_line_per_colour() {
        let mut r = Registry::builtin();
        r.load("[lopsided : chess]\nboard = 10x8\nstart = rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w KQkq - 0 1\ncastle-high = i h\ncastle-low = b c\n")
            .unwrap();
        let g = describe(r.find("lopsided").unwrap());
        assert!(g.lines.contains(&"piece K KilO3irO4".to_string()), "{g:?}");
        assert!(g.lines.contains(&"piece k KirO3ilO4".to_string()), "{g:?}");
    }

    /// The slot a White piece letter has in a game's `setup` table.
    fn slot_of(g: &GuiGame, letter: char) -> usize {
        let table = g.lines[0].split(['(', ')']).nth(1).expect("a setup table");
        table.chars().position(|c| c == letter).expect("the letter")
    }

    #[test]
    fn pieces_without_a_slot_of_their_own_get_the_likest_picture() {
        // Tripunch: the Reaper (a Rook with the Gryphon's bent moves) is a Crowned Rook, not
        // a Crowned Bishop; the Harvester the other way round; the Combine a Queen.
        let g = game("tripunch");
        assert_eq!(
            [slot_of(&g, 'R'), slot_of(&g, 'B'), slot_of(&g, 'Q')],
            [14, 13, 4]
        );
        // Knight Relay's Knight only moves (`mN`), and still looks like a Knight.
        assert_eq!(slot_of(&game("knight-relay"), 'N'), 1);
        // The Canonical Knight (lame on either path) is a Knight, and its pawns, which must
        // stay off XBoard's promoting pawn slots, the plain Advisor.
        let g = game("canonical");
        assert_eq!([slot_of(&g, 'N'), slot_of(&g, 'P')], [1, PLAIN_SLOT]);
        // The Amazon gets the Crown; Cannons and Crabs' Cannon, like no picture's moves,
        // keeps a spare slot (the Cannon's picture) rather than the Commoner's.
        assert_eq!(slot_of(&game("tutti-frutti"), 'Z'), 15);
        assert_eq!(slot_of(&game("cannons-and-crabs"), 'C'), 11);
    }

    #[test]
    fn beyond_betza_games_are_flagged() {
        let g = game("kings-leap");
        assert!(!g.exact);
        assert!(g.lines.contains(&"piece K& KimD".to_string()), "{g:?}");
        let g = game("cannons-and-crabs");
        assert!(!g.exact);
        assert!(g.lines.contains(&"piece C& KnAtAnDtD".to_string()), "{g:?}");
        // The crab promotes too: it takes XBoard's other promoting type.
        assert!(g.lines[0].starts_with("setup (P"), "{g:?}");
        let table = g.lines[0].split(['(', ')']).nth(1).unwrap();
        assert_eq!(table.chars().nth(LANCE_SLOT), Some('X'));
        let g = game("canonical");
        assert!(!g.exact);
        // Non-promoting pawns stay out of XBoard's pawn type, which would promote them.
        let table = g.lines[0].split(['(', ')']).nth(1).unwrap();
        assert_eq!(table.chars().next(), Some('.'));
        assert!(
            g.lines.contains(&"piece P& fWrWflFbrF".to_string()),
            "{g:?}"
        );
        for name in [
            "tutti-frutti",
            "embassy",
            "chancellor",
            "paulowich-crosswise",
        ] {
            let g = game(name);
            assert!(g.exact && !g.native, "{name}: {g:?}");
        }
        // Bent riders in XBetza's own multi-leg form.
        let g = game("tripunch");
        assert!(g.exact && !g.native, "{g:?}");
        for line in [
            "piece R& RFyafsF",
            "piece B& BWyafsW",
            "piece Q& QyafsFyafsW",
        ] {
            assert!(g.lines.contains(&line.to_string()), "{g:?}");
        }
    }

    #[test]
    fn direction_codes_follow_xboard() {
        assert_eq!(direction_code((0, 1)), "f");
        assert_eq!(direction_code((-1, 0)), "l");
        assert_eq!(direction_code((1, 1)), "fr");
        assert_eq!(direction_code((-1, -1)), "bl");
        assert_eq!(direction_code((2, 1)), "fr");
        assert_eq!(direction_code((1, 2)), "rf");
        assert_eq!(direction_code((-1, -2)), "lb");
        let atoms = betza::parse("fmWfceFifmnD").unwrap();
        let text: Vec<String> = atoms
            .iter()
            .flat_map(|a| atom_texts(a, &a.vectors, false).0)
            .collect();
        assert_eq!(text.concat(), "fmWfceFifmnD");
        let atoms = betza::parse("flNrbNsC").unwrap();
        let text: Vec<String> = atoms
            .iter()
            .flat_map(|a| atom_texts(a, &a.vectors, false).0)
            .collect();
        assert_eq!(text.concat(), "lfflNbrrbNsC");
    }
}
