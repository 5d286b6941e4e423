//! Standard algebraic notation for every board size and game: piece letters from the variant,
//! squares such as `j10`, the least disambiguation that makes a move unique, `=Q` promotions,
//! `O-O`/`O-O-O` for castling (toward the higher/lower file unless the game names them the other
//! way for a colour: `Variant::castle_san`), `N@e5` drops, `+`/`#`.
//!
//! The reader accepts SAN and coordinate forms (`Nf3`, `Ng1f3`, `g1f3`, `e8=Q`, `e8Q`, `e7e8q`,
//! `exd5`, `0-0`), matched against the moves the rules allow; `candidates` returns every move an
//! incomplete text could mean (a promotion without its piece), so a caller can ask which.

use crate::game::Game;
use crate::tournament::referee::legal_moves;
use crate::types::{Color, Move, MoveKind, PieceKind, Square};
use crate::variant::Variant;
use crate::with_position;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not a move in any notation.
    NotAMove(String),
    /// A move, but not one the rules allow here.
    Illegal(String),
    /// Several legal moves fit; their SAN is listed.
    Ambiguous(String, Vec<String>),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SanError::NotAMove(t) => write!(f, "'{t}' is not a move"),
            SanError::Illegal(t) => write!(f, "illegal move '{t}'"),
            SanError::Ambiguous(t, list) => write!(f, "'{t}' is ambiguous: {}", list.join(", ")),
        }
    }
}

/// The kind of piece that makes `m` (the dropped kind for a drop).
pub fn moving_kind(game: &Game, m: Move) -> Option<PieceKind> {
    if m.kind() == MoveKind::Drop {
        return Some(m.piece());
    }
    with_position!(game, p => p.piece_at(m.from())).map(|pc| pc.kind())
}

pub fn is_capture(game: &Game, m: Move) -> bool {
    with_position!(game, p => p.is_capture(m))
}

fn upper_letter(game: &Game, kind: PieceKind) -> char {
    game.variant().letter(Color::White, kind)
}

/// The pawn-like kind whose moves are written without a letter: the game's only one, or where
/// there are several (Cannons and Crabs: the Pawn and the Crab) the one lettered `P`. The others
/// keep their letters, so that no two moves share a SAN (`e4` a Pawn's step, `Xe4` a Crab's).
fn letterless_kind(v: &Variant) -> Option<PieceKind> {
    let mut pawns = v.kinds().filter(|&k| v.piece(k).pawn);
    let first = pawns.next()?;
    if pawns.next().is_none() {
        return Some(first);
    }
    v.kinds()
        .find(|&k| v.piece(k).pawn && v.letter(Color::White, k) == 'P')
}

/// SAN without the check suffix, given the moves the rules allow in this position.
fn san_body(game: &Game, m: Move, legal: &[Move]) -> String {
    let v = game.variant().clone();
    let size = v.size;
    match m.kind() {
        MoveKind::CastleHigh | MoveKind::CastleLow => {
            return v.castle_san(game.side_to_move(), m.kind()).into()
        }
        MoveKind::Drop => {
            return format!("{}@{}", upper_letter(game, m.piece()), size.name(m.to()))
        }
        _ => {}
    }
    let Some(kind) = moving_kind(game, m) else {
        return game.move_to_uci(m);
    };
    let pawn = letterless_kind(&v) == Some(kind);
    let capture = is_capture(game, m);
    // Moves of the same kind to the same square (with the same promotion) from elsewhere.
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|o| {
            o.to() == m.to()
                && o.from() != m.from()
                && !o.is_castling()
                && o.kind() != MoveKind::Drop
                && (o.kind() == MoveKind::Promotion) == (m.kind() == MoveKind::Promotion)
                && (m.kind() != MoveKind::Promotion || o.piece() == m.piece())
                && moving_kind(game, **o) == Some(kind)
                && (!pawn || is_capture(game, **o) == capture)
        })
        .map(|o| o.from())
        .collect();
    let (file, rank) = (size.file(m.from()), size.rank(m.from()));
    // A pawn's move along its file, written without a file, means that move even where another
    // pawn could step onto the square off its file (Knight Relay's relayed leaps): see
    // `candidates`.
    let straight = pawn && !capture && size.file(m.to()) == file;
    let rivals: Vec<Square> = if straight {
        rivals
            .into_iter()
            .filter(|&s| size.file(s) == file)
            .collect()
    } else {
        rivals
    };
    let file_char = (b'a' + file) as char;
    let mut out = String::new();
    if !pawn {
        out.push(upper_letter(game, kind));
    }
    let need_file;
    let need_rank;
    if pawn && capture {
        // The file is always written; the rank only if another pawn of that file could take.
        need_file = true;
        need_rank = rivals.iter().any(|&s| size.file(s) == file);
    } else if rivals.is_empty() {
        need_file = false;
        need_rank = false;
    } else if !rivals.iter().any(|&s| size.file(s) == file) {
        need_file = true;
        need_rank = false;
    } else if !rivals.iter().any(|&s| size.rank(s) == rank) {
        need_file = false;
        need_rank = true;
    } else {
        need_file = true;
        need_rank = true;
    }
    if need_file {
        out.push(file_char);
    }
    if need_rank {
        out.push_str(&(rank as u32 + 1).to_string());
    }
    if capture {
        out.push('x');
    }
    out.push_str(&size.name(m.to()).to_string());
    if m.kind() == MoveKind::Promotion {
        out.push('=');
        out.push(upper_letter(game, m.piece()));
    }
    out
}

/// The SAN of `m` (a move the rules allow), with `+` or `#`.
pub fn to_san(game: &mut Game, m: Move) -> String {
    let legal = legal_moves(game);
    to_san_with(game, m, &legal)
}

/// As `to_san`, with the position's legal moves already known.
pub fn to_san_with(game: &mut Game, m: Move, legal: &[Move]) -> String {
    let mut out = san_body(game, m, legal);
    let mover = game.side_to_move();
    game.play(m);
    // Mid-turn (a cancellation capture whose placements the mover still owes) `in_check` is
    // about the mover's own king: a check is marked on the ply that ends the turn.
    if game.side_to_move() != mover && game.in_check() {
        out.push(if legal_moves(game).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    game.undo();
    out
}

/// What a text says about a move; `None` fields are unconstrained.
#[derive(Debug, Default)]
struct Pattern {
    castle: Option<MoveKind>,
    drop: Option<PieceKind>,
    /// `Some(kind)`: that kind moves; with `pawn_only` a pawn-like piece (no letter given).
    kind: Option<PieceKind>,
    pawn_only: bool,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    promotion: Option<PieceKind>,
}

fn parse_pattern(game: &Game, text: &str) -> Option<Pattern> {
    let v = game.variant();
    let size = v.size;
    let mut t: String = text.trim().to_string();
    for suffix in ["e.p.", "ep"] {
        if t.len() > suffix.len() + 1 {
            if let Some(s) = t.strip_suffix(suffix) {
                t = s.trim_end().to_string();
            }
        }
    }
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    if t.is_empty() || !t.is_ascii() || t.len() > 16 {
        return None;
    }
    let castle = t.replace(['0', 'o'], "O");
    let short = match castle.as_str() {
        "O-O" | "OO" => Some(true),
        "O-O-O" | "OOO" => Some(false),
        _ => None,
    };
    if let Some(short) = short {
        return Some(Pattern {
            castle: Some(v.castle_named(game.side_to_move(), short)),
            ..Pattern::default()
        });
    }
    if let Some((piece, sq)) = t.split_once('@') {
        let kind = match piece.chars().collect::<Vec<_>>().as_slice() {
            [] => letterless_kind(v)?,
            [c] => v.kind_of(*c)?,
            _ => return None,
        };
        return Some(Pattern {
            drop: Some(kind),
            to: Some(size.parse(sq)?),
            ..Pattern::default()
        });
    }
    let mut body: Vec<u8> = t.bytes().filter(|&b| b != b'-').collect();
    let mut pattern = Pattern::default();
    // Promotion: `=Q`, `Q` or `q` after the destination.
    if let Some(&last) = body.last() {
        if last.is_ascii_alphabetic() {
            pattern.promotion = Some(v.kind_of(last as char)?);
            body.pop();
            if body.last() == Some(&b'=') {
                body.pop();
            }
        }
    }
    // Destination: the last file letter and the digits after it.
    let digits = body.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || body.len() < digits + 1 {
        return None;
    }
    let dest_start = body.len() - digits - 1;
    let dest = std::str::from_utf8(&body[dest_start..]).ok()?;
    pattern.to = Some(size.parse(dest)?);
    let mut prefix = &body[..dest_start];
    if let Some((&b'x' | &b':', rest)) = prefix.split_last() {
        prefix = rest;
    }
    // Piece letter: uppercase, or lowercase when it cannot be a file of this board.
    let mut letter = None;
    if let Some((&c, rest)) = prefix.split_first() {
        let is_file = c.is_ascii_lowercase() && c - b'a' < size.files;
        if c.is_ascii_uppercase() || (c.is_ascii_lowercase() && !is_file) {
            letter = Some(v.kind_of(c as char)?);
            prefix = rest;
        }
    }
    if let Some((&c, rest)) = prefix.split_first() {
        if c.is_ascii_lowercase() {
            if c - b'a' >= size.files {
                return None;
            }
            pattern.from_file = Some(c - b'a');
            prefix = rest;
        }
    }
    if !prefix.is_empty() {
        let r: u8 = std::str::from_utf8(prefix).ok()?.parse().ok()?;
        if r == 0 || r > size.ranks {
            return None;
        }
        pattern.from_rank = Some(r - 1);
    }
    match letter {
        Some(k) => pattern.kind = Some(k),
        // A full from-square is the coordinate form: any piece.
        None if pattern.from_file.is_some() && pattern.from_rank.is_some() => {}
        None => pattern.pawn_only = true,
    }
    Some(pattern)
}

fn fits(game: &Game, p: &Pattern, m: Move) -> bool {
    let v = game.variant();
    let size = v.size;
    if let Some(c) = p.castle {
        return m.kind() == c;
    }
    if let Some(k) = p.drop {
        return m.kind() == MoveKind::Drop && m.piece() == k && Some(m.to()) == p.to;
    }
    if m.kind() == MoveKind::Drop || Some(m.to()) != p.to {
        return false;
    }
    let Some(kind) = moving_kind(game, m) else {
        return false;
    };
    if let Some(k) = p.kind {
        if kind != k {
            return false;
        }
    }
    if p.pawn_only && !v.piece(kind).pawn {
        return false;
    }
    if p.from_file.is_some_and(|f| f != size.file(m.from()))
        || p.from_rank.is_some_and(|r| r != size.rank(m.from()))
    {
        return false;
    }
    match p.promotion {
        Some(k) => m.kind() == MoveKind::Promotion && m.piece() == k,
        None => true,
    }
}

/// Every move the rules allow that `text` (SAN or coordinates, possibly without a promotion
/// piece) could mean. `Err` only if the text is not a move at all.
pub fn candidates(game: &mut Game, text: &str) -> Result<Vec<Move>, SanError> {
    let legal = legal_moves(game);
    // Coordinates are read first, but a text that starts with a piece letter is SAN: `C2d3`
    // is a Chancellor's move from the second rank, not the coordinates c2d3 (a drop, `N@e5`,
    // reads alike either way).
    let piece_first = text
        .trim_start()
        .starts_with(|c: char| c.is_ascii_uppercase());
    if !piece_first || text.contains('@') {
        if let Ok(m) = game.parse_uci(text) {
            if legal.contains(&m) {
                return Ok(vec![m]);
            }
        }
    }
    let Some(pattern) = parse_pattern(game, text) else {
        return Err(SanError::NotAMove(text.trim().to_string()));
    };
    let mut found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits(game, &pattern, m))
        .collect();
    // A king's move written as such (`Kc1`) is that move, not a castling that also takes the
    // king there (Fischer Random); castling is `O-O`, or the king's move where it is the only
    // one to that square.
    if pattern.castle.is_none() && found.iter().any(|m| !m.is_castling()) {
        found.retain(|m| !m.is_castling());
    }
    // A move written without a letter is the letterless kind's where it has one; another
    // pawn-like piece's only where that kind has none (its letter was left out).
    if pattern.pawn_only {
        let letterless = letterless_kind(game.variant());
        if found.iter().any(|&m| moving_kind(game, m) == letterless) {
            found.retain(|&m| moving_kind(game, m) == letterless);
        }
    }
    // A pawn move written without its file is the one along the file, as SAN has it, when a
    // pawn could also step there from another file (Knight Relay's relayed leaps).
    if pattern.pawn_only && pattern.from_file.is_none() && found.len() > 1 {
        let size = game.variant().size;
        let straight: Vec<Move> = found
            .iter()
            .copied()
            .filter(|m| size.file(m.from()) == size.file(m.to()))
            .collect();
        if !straight.is_empty() {
            return Ok(straight);
        }
    }
    Ok(found)
}

/// The one legal move `text` means. A promotion written without its piece means the move that
/// does not promote, where that is allowed.
pub fn parse_move(game: &mut Game, text: &str) -> Result<Move, SanError> {
    let found = candidates(game, text)?;
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(text.trim().to_string())),
        many => {
            if let Some(m) = unpromoted(many) {
                return Ok(m);
            }
            let legal = legal_moves(game);
            let names = many.iter().map(|&m| to_san_with(game, m, &legal)).collect();
            Err(SanError::Ambiguous(text.trim().to_string(), names))
        }
    }
}

/// Where `found` are one route's moves, promoting or not (a text without its promotion piece),
/// the one that does not promote, if the rules allow it: SAN writes no piece for it.
pub fn unpromoted(found: &[Move]) -> Option<Move> {
    let first = found.first()?;
    if !found
        .iter()
        .all(|m| m.from() == first.from() && m.to() == first.to())
    {
        return None;
    }
    let mut plain = found.iter().filter(|m| m.kind() != MoveKind::Promotion);
    match (plain.next(), plain.next()) {
        (Some(&m), None) => Some(m),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    fn game(variant: &str, fen: Option<&str>) -> Game {
        let r = Registry::builtin();
        let gt = r.find(variant).unwrap();
        match fen {
            Some(f) => gt.position(f).unwrap(),
            None => gt.start(),
        }
    }

    fn san(g: &mut Game, uci: &str) -> String {
        let m = g.parse_uci(uci).unwrap();
        to_san(g, m)
    }

    /// In Knight Relay the Pawn on e2, defended by the g1 Knight, may also leap to d4: `d4` is
    /// still the d-pawn's step, and the leap is written with its file.
    #[test]
    fn pawn_moves_off_their_file_in_knight_relay() {
        let mut g = game("knight-relay", None);
        assert_eq!(san(&mut g, "d2d4"), "d4");
        assert_eq!(san(&mut g, "e2d4"), "ed4");
        for (text, uci) in [("d4", "d2d4"), ("ed4", "e2d4")] {
            let want = g.parse_uci(uci).ok();
            assert!(want.is_some());
            assert_eq!(parse_move(&mut g, text).ok(), want, "{text}");
        }
        assert_eq!(san(&mut g, "e2g3"), "eg3");
    }

    /// Chancellors on f2 and f4 both reach d3, so the one from f2 is `C2d3`; that is its SAN,
    /// not the coordinates c2d3 of the Bishop's move, which is legal too.
    #[test]
    fn a_piece_letter_first_is_san_not_coordinates() {
        let fen = "8rr/2bqkcab2/pppppppppp/9n/10/3n6/3P1C4/PPP1PPPPPP/1NBQKC1BN1/4R4R w - - 5 5";
        let mut g = game("grand", Some(fen));
        assert_eq!(san(&mut g, "f2d3"), "C2d3");
        assert_eq!(parse_move(&mut g, "C2d3").ok(), g.parse_uci("f2d3").ok());
        assert_eq!(parse_move(&mut g, "c2d3").ok(), g.parse_uci("c2d3").ok());
        assert_eq!(san(&mut g, "c2d3"), "Bd3");
    }

    /// In Fischer Random the king on b1 may step to c1 or castle there (O-O-O): `Kc1` is the
    /// step, and the step's SAN reads back as the step.
    #[test]
    fn a_king_step_is_not_the_castling_to_the_same_square() {
        let mut g = game(
            "fischerandom",
            Some("rk5r/pppp1pp1/8/8/8/8/1PPPPPPP/RK5R w KQkq - 0 1"),
        );
        let step = g.parse_uci("b1c1").ok();
        assert!(step.is_some_and(|m| !m.is_castling()));
        assert_eq!(san(&mut g, "b1c1"), "Kc1");
        assert_eq!(parse_move(&mut g, "Kc1").ok(), step);
        let castle = parse_move(&mut g, "O-O-O").ok();
        assert!(castle.is_some_and(|m| m.is_castling()));
    }

    /// Cannons and Crabs has two pawn-like kinds: the Pawn is written without a letter, the
    /// Crab with its `X`, so that a Crab's step to the square before a Pawn is not also `e4`.
    #[test]
    fn crabs_keep_their_letter_beside_pawns() {
        let fen = "rnck1nr/1p1p3/x1xxp1x/7/1P3X1/XCXPNPX/RN1K2R b KQkq - 1 7";
        let mut g = game("cannons-and-crabs-7x7", Some(fen));
        assert_eq!(san(&mut g, "e5e4"), "e4");
        assert_eq!(san(&mut g, "d5e4"), "Xe4");
        assert_eq!(san(&mut g, "c5d4"), "Xcd4");
        assert_eq!(san(&mut g, "d5d4"), "Xdd4");
        for (text, uci) in [
            ("e4", "e5e4"),
            ("Xe4", "d5e4"),
            ("Xfe4", ""),
            ("Xdd4", "d5d4"),
        ] {
            let want = g.parse_uci(uci).ok();
            assert_eq!(parse_move(&mut g, text).ok(), want, "{text}");
        }
        // A Crab's move typed without its letter is still read where no Pawn could mean it.
        let want = g.parse_uci("g5g4").ok();
        assert!(want.is_some());
        assert_eq!(parse_move(&mut g, "g4").ok(), want);
    }

    #[test]
    fn writes_standard_chess_san() {
        let mut g = game("chess", None);
        assert_eq!(san(&mut g, "e2e4"), "e4");
        assert_eq!(san(&mut g, "g1f3"), "Nf3");
        let mut g = game("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        assert_eq!(san(&mut g, "e1g1"), "O-O");
        assert_eq!(san(&mut g, "e1c1"), "O-O-O");
        assert_eq!(san(&mut g, "a1a8"), "Rxa8+");
        assert_eq!(san(&mut g, "a1d1"), "Rd1");
        let mut g = game("chess", Some("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"));
        assert_eq!(san(&mut g, "a1d1"), "Rad1");
        // Knights on b1 and f1 (file), rooks on a1 and a3 (rank), queens on three corners (both).
        let mut g = game("chess", Some("4k3/8/8/8/8/R7/8/RN3N1K w - - 0 1"));
        assert_eq!(san(&mut g, "b1d2"), "Nbd2");
        assert_eq!(san(&mut g, "a1a2"), "R1a2");
        let mut g = game("chess", Some("2k5/8/8/8/Q6Q/8/8/Q6K w - - 0 1"));
        assert_eq!(san(&mut g, "a4d4"), "Qa4d4");
        assert_eq!(san(&mut g, "h4e1"), "Qhe1");
        let mut g = game("chess", Some("7k/4P3/8/3pP3/8/8/8/K7 w - d6 0 1"));
        assert_eq!(san(&mut g, "e5d6"), "exd6");
        assert_eq!(san(&mut g, "e7e8q"), "e8=Q+");
        assert_eq!(san(&mut g, "e7e8n"), "e8=N");
        let mut g = game("chess", Some("7k/8/6K1/8/8/8/8/R7 w - - 0 1"));
        assert_eq!(san(&mut g, "a1a8"), "Ra8#");
    }

    /// Mid-turn the mover's own king may stand exposed until a placement covers it; that is
    /// no check on the opponent. Queen takes rook on d3 (9 − 5): placements owed, e-file open.
    #[test]
    fn no_check_mark_mid_turn() {
        let mut g = game(
            "cancellation-chess",
            Some("4r2k/8/8/8/8/3r4/4Q3/4K3 w - - 0 1"),
        );
        assert_eq!(san(&mut g, "e2d3"), "Qxd3");
        // A check that ends the turn is still marked.
        let mut g = game(
            "cancellation-chess",
            Some("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1"),
        );
        assert_eq!(san(&mut g, "a1a8"), "Ra8#");
    }

    #[test]
    fn writes_large_boards_and_fairy_letters() {
        let mut g = game("capablanca", None);
        assert_eq!(san(&mut g, "c1d3"), "Ad3");
        assert_eq!(san(&mut g, "h1g3"), "Cg3");
        assert_eq!(san(&mut g, "i1h3"), "Nh3");
        let mut g = game("grand", None);
        assert_eq!(san(&mut g, "a3a5"), "a5");
        assert_eq!(san(&mut g, "a1a2"), "Ra2");
        let mut g = game(
            "grand",
            Some("r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"),
        );
        assert_eq!(san(&mut g, "f2e4"), "Ce4");
        let mut g = game("grand", Some("4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1"));
        assert_eq!(san(&mut g, "a8a9"), "a9");
        assert_eq!(san(&mut g, "a8a9c"), "a9=C");
        let mut g = game("capablanca", Some("5k4/10/10/10/10/10/10/R4K3R w KQ - 0 1"));
        assert_eq!(san(&mut g, "f1i1"), "O-O");
        assert_eq!(san(&mut g, "f1c1"), "O-O-O");
    }

    /// `rules/chancellor.md`: the crosswise Black's `O-O` goes toward the a-file queen (d8b8),
    /// its `O-O-O` toward the h-file chancellor (d8f8); White's are Paulowich's. Both ways.
    #[test]
    fn crosswise_black_castling_names() {
        let fen = "q2k3c/pppppppp/8/8/8/8/PPPPPPPP/C3K2Q w KQkq - 0 1";
        let mut g = game("paulowich-crosswise", Some(fen));
        assert_eq!(san(&mut g, "e1g1"), "O-O");
        assert_eq!(san(&mut g, "e1c1"), "O-O-O");
        assert_eq!(uci_of(&mut g, "O-O"), "e1g1");
        // After White's O-O (queen h1 to f1, king on g1).
        let mut g = game(
            "paulowich-crosswise",
            Some("q2k3c/pppppppp/8/8/8/8/PPPPPPPP/C4QK1 b kq - 1 1"),
        );
        assert_eq!(san(&mut g, "d8b8"), "O-O");
        assert_eq!(san(&mut g, "d8f8"), "O-O-O");
        assert_eq!(uci_of(&mut g, "O-O"), "d8b8");
        assert_eq!(uci_of(&mut g, "0-0-0"), "d8f8");
        // Plain Paulowich Black castles as in chess: O-O toward h8.
        let mut g = game("paulowich", Some("c3k2q/8/8/8/8/8/8/C3K2Q b KQkq - 0 1"));
        assert_eq!(san(&mut g, "e8g8"), "O-O");
        assert_eq!(uci_of(&mut g, "O-O-O"), "e8c8");
    }

    fn uci_of(g: &mut Game, text: &str) -> String {
        let m = parse_move(g, text).unwrap();
        g.move_to_uci(m)
    }

    #[test]
    fn reads_san_and_coordinates() {
        let mut g = game("chess", None);
        for (text, uci) in [
            ("e4", "e2e4"),
            ("Nf3", "g1f3"),
            ("Ng1f3", "g1f3"),
            ("g1f3", "g1f3"),
            ("e2-e4", "e2e4"),
            ("nf3", "g1f3"),
        ] {
            assert_eq!(uci_of(&mut g, text), uci, "{text}");
        }
        assert!(matches!(
            parse_move(&mut g, "e5"),
            Err(SanError::Illegal(_))
        ));
        assert!(matches!(
            parse_move(&mut g, "hello"),
            Err(SanError::NotAMove(_))
        ));
        assert!(matches!(
            parse_move(&mut g, "Zf3"),
            Err(SanError::NotAMove(_))
        ));
        let mut g = game("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        assert_eq!(uci_of(&mut g, "O-O"), "e1g1");
        assert_eq!(uci_of(&mut g, "0-0-0"), "e1c1");
        assert_eq!(uci_of(&mut g, "Rxa8+"), "a1a8");
        let mut g = game("chess", Some("4k3/8/8/8/8/8/4K3/R6R w - - 0 1"));
        assert!(matches!(
            parse_move(&mut g, "Rd1"),
            Err(SanError::Ambiguous(..))
        ));
        assert_eq!(uci_of(&mut g, "Rhd1"), "h1d1");
        let mut g = game("chess", Some("7k/4P3/8/8/8/8/8/K7 w - - 0 1"));
        assert_eq!(candidates(&mut g, "e8").unwrap().len(), 4);
        assert_eq!(candidates(&mut g, "e7e8").unwrap().len(), 4);
        assert!(matches!(
            parse_move(&mut g, "e8"),
            Err(SanError::Ambiguous(..))
        ));
        for text in ["e8=Q", "e8Q", "e8q", "e7e8q", "e8=Q+"] {
            assert_eq!(uci_of(&mut g, text), "e7e8q", "{text}");
        }
        let mut g = game("capablanca", None);
        assert_eq!(uci_of(&mut g, "Ad3"), "c1d3");
        assert_eq!(uci_of(&mut g, "j4"), "j2j4");
    }

    #[test]
    fn round_trips_every_move_of_random_games() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for variant in [
            "chess",
            "capablanca",
            "grand",
            "paulowich",
            "kings-leap",
            "chancellor",
        ] {
            for _ in 0..4 {
                let mut g = game(variant, None);
                for _ in 0..120 {
                    let legal = legal_moves(&mut g);
                    if legal.is_empty() {
                        break;
                    }
                    for &m in &legal {
                        let s = to_san_with(&mut g, m, &legal);
                        assert_eq!(parse_move(&mut g, &s), Ok(m), "{variant} {} {s}", g.fen());
                    }
                    let m = legal[rng.gen_range(0..legal.len())];
                    g.play(m);
                }
            }
        }
    }
}
