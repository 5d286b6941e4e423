//! Moves and squares as XBoard writes them: coordinate notation (`e2e4`, `e7e8q`, `P@e4`,
//! `O-O`), with ranks counted from 0 on boards of exactly 10 ranks (`a0`..`j9`) and written as
//! the characters after `9` from rank 10 up on taller ones (`e:` is e10), converted to and from
//! Chimera's own notation (`protocol::notation`); FENs from the GUI, read as leniently as XBoard
//! writes them; the `highlight` board for `lift`.

use crate::game::{Game, GameType};
use crate::protocol::notation;
use crate::tournament::referee;
use crate::types::{BoardSize, Color, Move, MoveKind, PieceKind, Square};
use crate::with_position;

/// How XBoard writes a board's ranks: one character each, counted from `'1'`, or from `'0'`
/// on a board of exactly 10 ranks; past `'9'` the characters go on in ASCII (`:` `;` `<` …).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GuiRanks {
    /// At most 9 ranks: XBoard's squares are Chimera's.
    #[default]
    FromOne,
    /// Exactly 10 ranks: `a0`..`j9`.
    FromZero,
    /// 11 to 16 ranks: `e9`, then `e:` for e10 up to `e@` for e16.
    PastNine,
}

impl GuiRanks {
    pub fn of(ranks: u8) -> GuiRanks {
        match ranks {
            ..=9 => GuiRanks::FromOne,
            10 => GuiRanks::FromZero,
            _ => GuiRanks::PastNine,
        }
    }
}

/// Why a move from the GUI was not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move in any notation we read.
    Malformed,
    /// A move, but not a legal one here.
    Illegal,
}

/// `text` with the rank after each lowercase file letter (its digits, or one XBoard character
/// past `9`: `:` … `@`) rewritten by `f`; `None` if `f` refuses one. The rest is copied as it
/// stands.
fn map_ranks(text: &str, f: impl Fn(&str) -> Option<String>) -> Option<String> {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let (mut copied, mut i) = (0, 0);
    while i < b.len() {
        let file = b[i].is_ascii_lowercase();
        i += 1;
        if file && i < b.len() && (b'0'..=b'@').contains(&b[i]) {
            let start = i;
            i += 1;
            while b[start].is_ascii_digit() && i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push_str(&text[copied..start]);
            out.push_str(&f(&text[start..i])?);
            copied = i;
        }
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// A decimal rank moved by `delta`, if it stays within 0..=99.
fn shifted(rank: &str, delta: i32) -> Option<String> {
    let n = rank.parse::<i32>().ok()? + delta;
    (0..=99).contains(&n).then(|| n.to_string())
}

/// Chimera's notation → XBoard's.
pub fn to_gui(text: &str, ranks: GuiRanks) -> String {
    let gui = match ranks {
        GuiRanks::FromOne => None,
        GuiRanks::FromZero => map_ranks(text, |r| shifted(r, -1)),
        GuiRanks::PastNine => map_ranks(text, |r| match r.parse::<u8>() {
            Ok(n @ 10..=16) => Some(char::from(b'0' + n).to_string()),
            _ => Some(r.to_string()),
        }),
    };
    gui.unwrap_or_else(|| text.to_string())
}

/// A message about a position (a FEN error) with its squares and rank numbers as XBoard counts
/// them: only whole words that are a square (`e7`, `'e7'`) or follow `rank`.
pub fn message_to_gui(msg: &str, ranks: GuiRanks) -> String {
    if ranks != GuiRanks::FromZero {
        return msg.to_string();
    }
    let mut out: Vec<String> = Vec::new();
    for word in msg.split(' ') {
        let core = word.trim_matches(|c| matches!(c, '\'' | ':' | ',' | ';' | '(' | ')'));
        let b = core.as_bytes();
        // Only ranks of the board (1 to 10): anything else was quoted as the GUI wrote it.
        let on_board = |digits: &str| digits.parse::<u32>().is_ok_and(|n| (1..=10).contains(&n));
        let square = b.len() >= 2 && b[0].is_ascii_lowercase() && on_board(&core[1..]);
        let rank_number = out.last().is_some_and(|w| w == "rank") && on_board(core);
        let new = match (square, rank_number) {
            (true, _) => to_gui(core, ranks),
            (_, true) => core
                .parse::<u32>()
                .map_or(core.to_string(), |n| n.saturating_sub(1).to_string()),
            _ => core.to_string(),
        };
        out.push(word.replacen(core, &new, 1));
    }
    out.join(" ")
}

/// XBoard's notation → Chimera's (`None` if a rank is out of range).
pub fn from_gui(text: &str, ranks: GuiRanks) -> Option<String> {
    match ranks {
        GuiRanks::FromOne => Some(text.to_string()),
        GuiRanks::FromZero => {
            // XBoard writes 0..9 there: a two-digit rank is not one of its squares.
            let b = text.as_bytes();
            if b.windows(3).any(|w| {
                w[0].is_ascii_lowercase() && w[1].is_ascii_digit() && w[2].is_ascii_digit()
            }) {
                return None;
            }
            map_ranks(text, |r| shifted(r, 1))
        }
        // Two digits are read too (Chimera's own form); only an uppercase letter starts a drop
        // (`P@e4`), so `e@` is a square.
        GuiRanks::PastNine => map_ranks(text, |r| match r.as_bytes() {
            [c @ b':'..=b'@'] => Some((c - b'0').to_string()),
            _ => Some(r.to_string()),
        }),
    }
}

/// A square as XBoard names it.
pub fn square_from_gui(game: &Game, text: &str, ranks: GuiRanks) -> Option<Square> {
    let text = from_gui(text.trim(), ranks)?;
    game.variant().size.parse(&text)
}

/// The engine's move as XBoard reads it: castling as the king's move, or as `O-O` / `O-O-O`
/// where that would be ambiguous (the protocol's form in Fischer Random games, and see
/// `notation::king_move_is_ambiguous`).
pub fn move_to_gui(game: &Game, m: Move, ranks: GuiRanks) -> String {
    if m.is_castling() && with_position!(game, p => notation::king_move_is_ambiguous(p, m)) {
        return game
            .variant()
            .castle_san(game.side_to_move(), m.kind())
            .into();
    }
    to_gui(&game.move_to_uci(m), ranks)
}

/// A line of moves from `game`, in XBoard's notation, as far as they are legal.
pub fn line_to_gui(game: &Game, moves: &[Move], ranks: GuiRanks) -> Vec<String> {
    let mut g = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !with_position!(&g, p => p.is_legal(m)) {
            break;
        }
        out.push(move_to_gui(&g, m, ranks));
        g.play(m);
    }
    out
}

/// A move from the GUI: coordinates (ranks as XBoard counts them), a drop `P@e4`, castling as
/// the king's move, as the king taking its partner, or `O-O` / `O-O-O` (`0-0` too) as SAN names
/// them (`Variant::castle_named`). Only moves the rules allow (repetition rules included).
pub fn parse_gui_move(game: &mut Game, text: &str, ranks: GuiRanks) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 16 || !text.is_ascii() {
        return Err(MoveError::Malformed);
    }
    let allowed = referee::legal_moves(game);
    let mover = game.side_to_move();
    let castle = match text.replace('0', "O").trim_end_matches(['+', '#']) {
        "O-O" => Some(game.variant().castle_named(mover, true)),
        "O-O-O" => Some(game.variant().castle_named(mover, false)),
        _ => None,
    };
    if let Some(kind) = castle {
        return allowed
            .iter()
            .copied()
            .find(|m| m.kind() == kind)
            .ok_or(MoveError::Illegal);
    }
    // `e7e8=q` is read as `e7e8q`; an `=` right after a file letter is XBoard's rank 13
    // (`f=f<`), which stays.
    let mut plain = String::with_capacity(text.len());
    let mut after_file = false;
    for c in text.chars() {
        if c != '=' || after_file {
            plain.push(c);
        }
        after_file = c.is_ascii_lowercase();
    }
    let Some(ours) = from_gui(&plain, ranks) else {
        return Err(MoveError::Malformed);
    };
    match game.parse_uci(&ours) {
        Ok(m) if allowed.contains(&m) => Ok(m),
        Ok(_) => Err(MoveError::Illegal),
        Err(e) if e.starts_with("illegal") => Err(MoveError::Illegal),
        Err(_) => Err(MoveError::Malformed),
    }
}

/// The `highlight` board for the piece on `from`: every square its legal moves go to, yellow
/// for a quiet move, red for a capture, magenta where it may promote; all empty when the piece
/// is not the side to move's or cannot move.
pub fn highlight(game: &mut Game, from: Option<Square>) -> String {
    let size = game.variant().size;
    let mut colours = vec![None; size.squares()];
    if let Some(from) = from {
        let us = game.side_to_move();
        let ours = with_position!(&*game, p => p.piece_at(from).is_some_and(|pc| pc.color() == us));
        if ours {
            for m in referee::legal_moves(game) {
                if m.kind() == MoveKind::Drop || m.from() != from {
                    continue;
                }
                let castle = matches!(m.kind(), MoveKind::CastleHigh | MoveKind::CastleLow);
                // In a Fischer Random game XBoard enters castling as the king taking its
                // partner (the king's own destination may be a plain step, or its square).
                let to = match castle_partner(game, m) {
                    Some(partner) if game.variant().chess960 => partner,
                    _ => m.to(),
                };
                let capture = m.kind() == MoveKind::EnPassant
                    || !castle && with_position!(&*game, p => p.piece_at(m.to()).is_some());
                let c = match m.kind() {
                    MoveKind::Promotion => 'M',
                    _ if capture => 'R',
                    _ => 'Y',
                };
                let slot = &mut colours[to.index()];
                // A square reached by a promotion and by a plain move offers the choice.
                *slot = Some(match (*slot, c) {
                    (Some('M'), _) | (_, 'M') => 'M',
                    (_, c) => c,
                });
            }
        }
    }
    board_field(size, &colours)
}

/// The square of the partner a castling move takes along.
fn castle_partner(game: &Game, m: Move) -> Option<Square> {
    let side = match m.kind() {
        MoveKind::CastleHigh => 0,
        MoveKind::CastleLow => 1,
        _ => return None,
    };
    with_position!(game, p => p.castle_squares(p.side_to_move(), side, m.from()))
        .map(|(partner, _, _)| partner)
}

/// The pieces the piece on `from` may promote to, as XBoard's `choice` names them: capital
/// letters, the most valuable first (the GUI's default). `None` when it has no promotion, so
/// the GUI keeps its own. XBoard cannot know a restricted choice otherwise: Cannons and Crabs
/// promotes to the Marshall and Cardinal only, Grand to the pieces its side has lost. Where
/// the piece may also go to a promotion square without promoting (Grand's optional zone),
/// `None` too: a choice naming only pieces would take the plain move from the user.
pub fn promotion_choice(game: &mut Game, from: Option<Square>) -> Option<String> {
    let from = from?;
    let moves: Vec<Move> = referee::legal_moves(game)
        .into_iter()
        .filter(|m| m.kind() != MoveKind::Drop && m.from() == from)
        .collect();
    let promotes = |m: &Move| m.kind() == MoveKind::Promotion;
    let optional = moves
        .iter()
        .any(|m| !promotes(m) && moves.iter().any(|p| promotes(p) && p.to() == m.to()));
    let mut kinds: Vec<PieceKind> = moves
        .iter()
        .filter(|m| promotes(m))
        .map(|m| m.piece())
        .collect();
    if kinds.is_empty() || optional {
        return None;
    }
    let v = game.variant();
    // Equal values in the game's own order (`promote-to`): Capablanca's queen before its
    // chancellor, as players expect of the default.
    let listed = |k: PieceKind| v.promote_to.iter().position(|&p| p == k);
    kinds.sort_by_key(|&k| {
        (
            std::cmp::Reverse(v.piece(k).value),
            listed(k),
            v.piece(k).letter,
        )
    });
    kinds.dedup();
    Some(
        kinds
            .iter()
            .map(|&k| v.piece(k).letter.to_ascii_uppercase())
            .collect(),
    )
}

/// A FEN's board field from one letter or none per square (indexed as `Square`s), rank by rank
/// from the top.
pub fn board_field(size: BoardSize, cells: &[Option<char>]) -> String {
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        let mut run = 0;
        for file in 0..size.files {
            match cells[size.square(file, rank).index()] {
                Some(c) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A FEN from the GUI in Chimera's terms. XBoard appends holdings to the board (`R8R[-]` in
/// its Grand Chess, which it plays with holdings) and marks promoted pieces with `~`; it
/// leaves out the castling field in games without castling (`... w - 0 1`); and on 10-rank
/// boards the en-passant square's rank counts from 0. An en-passant field that names no
/// square in XBoard's numbering (`e10` there) is refused here, in the GUI's words: read as
/// Chimera's, it would be reported as another square.
pub fn fen_from_gui(fen: &str, ranks: GuiRanks) -> Result<String, String> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(board) = fields.first_mut() {
        if let (Some(open), true) = (board.find('['), board.ends_with(']')) {
            board.truncate(open);
        }
        board.retain(|c| c != '~');
    }
    if fields.len() > 2 {
        // The fields between the side to move and the move counters.
        let words = fields[2..]
            .iter()
            .take_while(|f| f.parse::<u32>().is_err())
            .count();
        if words < 2 {
            let square = |f: &str| {
                let b = f.as_bytes();
                b.len() >= 2 && b[0].is_ascii_lowercase() && (b'0'..=b'@').contains(&b[1])
            };
            let (castling, ep) = match fields.get(2).filter(|_| words == 1) {
                Some(f) if square(f) => ("-".to_string(), f.clone()),
                Some(f) => (f.clone(), "-".to_string()),
                None => ("-".to_string(), "-".to_string()),
            };
            fields.splice(2..2 + words, [castling, ep]);
        }
    }
    if fields.len() > 3 && fields[3] != "-" {
        fields[3] = from_gui(&fields[3], ranks)
            .ok_or_else(|| format!("en passant square {}: no such square", fields[3]))?;
    }
    Ok(fields.join(" "))
}

/// A FEN in Chimera's form as an XBoard engine reads it: the en-passant square counted the
/// GUI's way (the board itself names no squares).
pub fn fen_to_gui(fen: &str, ranks: GuiRanks) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() > 3 && fields[3] != "-" {
        fields[3] = to_gui(&fields[3], ranks);
    }
    fields.join(" ")
}

/// Parses a FEN from the GUI. A castling field the game cannot read as a whole keeps the
/// letters it can read one by one: GUIs write rights their own way in games they do not know
/// (XBoard looks for rooks). With `derive`, for games XBoard only knows from our description,
/// every castling whose king and partner stand on their start squares is added, as XBoard
/// itself allows it then (in King's Leap games: every king on its start square keeps the leap).
pub fn position_from_gui(gt: &GameType, fen: &str, derive: bool) -> Result<Game, String> {
    let first = gt.position(fen).map_err(|e| e.to_string());
    if first.is_ok() && !derive {
        return first;
    }
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() < 2 {
        return first;
    }
    while fields.len() < 3 {
        fields.push("-".into());
    }
    let v = &*gt.variant;
    let with_field = |field: &str| {
        let mut f = fields.clone();
        f[2] = if field.is_empty() {
            "-".to_string()
        } else {
            field.to_string()
        };
        f.join(" ")
    };
    let mut candidates: Vec<char> = if v.king_leap {
        let mut c = Vec::new();
        if fields[2].chars().any(|ch| ch.is_ascii_uppercase()) {
            c.push('K');
        }
        if fields[2].chars().any(|ch| ch.is_ascii_lowercase()) {
            c.push('k');
        }
        c
    } else {
        fields[2].chars().filter(|&c| c != '-').collect()
    };
    if derive {
        let start = gt.start();
        let board = fields[0].clone();
        let Ok(here) = gt
            .position(&format!("{board} w - - 0 1"))
            .or_else(|_| gt.position(&format!("{board} b - - 0 1")))
        else {
            return first;
        };
        for color in Color::BOTH {
            let case = |c: char| {
                if color == Color::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            };
            let Some(home) = v.king_home.map(|h| h[color.index()]) else {
                continue;
            };
            let king_home = with_position!(&here, p => p.king(color)) == home;
            if !king_home {
                continue;
            }
            if v.king_leap {
                candidates.push(case('K'));
                continue;
            }
            for side in 0..2 {
                let Some(psq) = with_position!(&start, p => p.partner_square(color, side)) else {
                    continue;
                };
                let same = with_position!(&start, p => p.piece_at(psq))
                    == with_position!(&here, p => p.piece_at(psq));
                if same {
                    candidates.push(case((b'A' + v.size.file(psq)) as char));
                }
            }
        }
    }
    let mut kept = String::new();
    for c in candidates {
        let mut trial = kept.clone();
        trial.push(c);
        if gt.position(&with_field(&trial)).is_ok() {
            kept = trial;
        }
    }
    match gt.position(&with_field(&kept)) {
        Ok(g) => Ok(g),
        Err(e) => Err(first.err().unwrap_or_else(|| e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    #[test]
    fn position_messages_name_xboards_ranks() {
        let cases = [
            (
                "en passant square e7: no pawn has just passed over it",
                "en passant square e6: no pawn has just passed over it",
            ),
            (
                "a pawn on j1 can never stand there",
                "a pawn on j0 can never stand there",
            ),
            (
                "rank 10 is longer than 10 files",
                "rank 9 is longer than 10 files",
            ),
            ("rank 3: empty run of 0", "rank 2: empty run of 0"),
            (
                "en passant square 'e11' is not a square",
                "en passant square 'e11' is not a square",
            ),
            ("'x' is not a piece of grand", "'x' is not a piece of grand"),
            ("the piece on a10 may not", "the piece on a9 may not"),
        ];
        for (ours, theirs) in cases {
            assert_eq!(message_to_gui(ours, GuiRanks::FromZero), theirs);
            assert_eq!(message_to_gui(ours, GuiRanks::FromOne), ours);
        }
    }

    /// Boards of 11 to 16 ranks: one character per rank, past `9` in ASCII order.
    #[test]
    fn tall_boards_write_ranks_past_nine() {
        assert_eq!(GuiRanks::of(8), GuiRanks::FromOne);
        assert_eq!(GuiRanks::of(10), GuiRanks::FromZero);
        assert_eq!(GuiRanks::of(12), GuiRanks::PastNine);
        let t = GuiRanks::PastNine;
        assert_eq!(to_gui("e9e10", t), "e9e:");
        assert_eq!(to_gui("a16a15q", t), "a@a?q");
        assert_eq!(to_gui("C@e11", t), "C@e;");
        assert_eq!(from_gui("e9e:", t).as_deref(), Some("e9e10"));
        assert_eq!(from_gui("a@a?q", t).as_deref(), Some("a16a15q"));
        assert_eq!(from_gui("C@e;", t).as_deref(), Some("C@e11"));
        // Chimera's own two digits are read too.
        assert_eq!(from_gui("e12e10", t).as_deref(), Some("e12e10"));
        assert_eq!(
            fen_from_gui("8/8 w - e: 0 1", t).as_deref(),
            Ok("8/8 w - e10 0 1")
        );
        assert_eq!(fen_to_gui("8/8 w - e10 0 1", t), "8/8 w - e: 0 1");
    }

    #[test]
    fn ten_rank_boards_count_from_zero() {
        use GuiRanks::{FromOne as One, FromZero as Zero};
        assert_eq!(to_gui("a2a4", Zero), "a1a3");
        assert_eq!(to_gui("a9a10c", Zero), "a8a9c");
        assert_eq!(to_gui("C@e10", Zero), "C@e9");
        assert_eq!(from_gui("a8a9c", Zero).as_deref(), Some("a9a10c"));
        assert_eq!(from_gui("a0a1", Zero).as_deref(), Some("a1a2"));
        assert_eq!(from_gui("a10a9", Zero), None);
        assert_eq!(from_gui("e2e4", One).as_deref(), Some("e2e4"));
        assert_eq!(fen_to_gui("8/8 w - e3 0 1", Zero), "8/8 w - e2 0 1");
        assert_eq!(fen_to_gui("8/8 w - e3 0 1", One), "8/8 w - e3 0 1");
        for (gui, ranks, ours) in [
            ("8/8 w - e2 0 1", Zero, "8/8 w - e3 0 1"),
            // XBoard's Grand Chess: holdings after the board, no castling field.
            ("r8r/10/R8R[-] w - 0 1", Zero, "r8r/10/R8R w - - 0 1"),
            ("8/8[Qq] b e5 0 7", Zero, "8/8 b - e6 0 7"),
            ("8/8 w KQ 3 9", One, "8/8 w KQ - 3 9"),
            ("8/Q~7 w KQkq - 0 1", One, "8/Q7 w KQkq - 0 1"),
            ("8/8 w", One, "8/8 w"),
        ] {
            assert_eq!(fen_from_gui(gui, ranks).as_deref(), Ok(ours), "{gui}");
        }
        // Not a square in XBoard's numbering: refused in the GUI's words, not read as ours
        // (Chimera's e10 would be reported back as e9).
        assert_eq!(
            fen_from_gui("8/8 b - e10 0 1", Zero),
            Err("en passant square e10: no such square".to_string())
        );
    }

    /// A line is written only as far as its moves are legal in turn: a move the table hands
    /// the search may belong to another position (a key collision), and the GUI must never
    /// see it. A pinned Knight's move and a move of a piece that has left its square stop it.
    #[test]
    fn lines_stop_at_the_first_illegal_move() {
        let reg = Registry::builtin();
        let chess = reg.find("chess").expect("chess is built in");
        let free = chess
            .position("4k3/4r3/8/8/8/8/4N3/K7 w - - 0 1")
            .expect("FEN");
        let pinned = chess
            .position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
            .expect("FEN");
        let knight = free.parse_uci("e2c3").expect("e2c3 with the King on a1");
        let king = pinned.parse_uci("e1d1").expect("e1d1");
        let line = |g, moves: &[Move]| line_to_gui(g, moves, GuiRanks::FromOne);
        assert_eq!(line(&free, &[knight, knight]), ["e2c3"]);
        assert_eq!(line(&pinned, &[knight, king]), Vec::<String>::new());
        assert_eq!(line(&pinned, &[king, knight]), ["e1d1"]);
    }

    #[test]
    fn gui_moves() {
        let reg = Registry::builtin();
        let mut g = reg.find("grand").unwrap().start();
        let m = parse_gui_move(&mut g, "e2e4", GuiRanks::FromZero).expect("XBoard's e2e4");
        assert_eq!(g.move_to_uci(m), "e3e5");
        assert_eq!(move_to_gui(&g, m, GuiRanks::FromZero), "e2e4");
        assert_eq!(
            parse_gui_move(&mut g, "e3e5", GuiRanks::FromZero),
            Err(MoveError::Illegal)
        );
        assert_eq!(
            parse_gui_move(&mut g, "hello", GuiRanks::FromZero),
            Err(MoveError::Malformed)
        );
        assert_eq!(
            parse_gui_move(&mut g, "e10e9", GuiRanks::FromZero),
            Err(MoveError::Malformed)
        );
        let mut g = reg
            .find("chess")
            .unwrap()
            .position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
            .unwrap();
        for (text, uci) in [
            ("O-O", "e1g1"),
            ("O-O-O", "e1c1"),
            ("0-0", "e1g1"),
            ("e1g1", "e1g1"),
            ("e1h1", "e1g1"),
        ] {
            let m = parse_gui_move(&mut g, text, GuiRanks::FromOne).expect(text);
            assert_eq!(g.move_to_uci(m), uci, "{text}");
        }
        assert_eq!(
            parse_gui_move(&mut g, "P@e4", GuiRanks::FromOne),
            Err(MoveError::Illegal)
        );
        let mut g = reg
            .find("chess")
            .unwrap()
            .position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
            .unwrap();
        let m = parse_gui_move(&mut g, "a7a8=Q", GuiRanks::FromOne).expect("a7a8=Q");
        assert_eq!(g.move_to_uci(m), "a7a8q");
    }

    /// Fischer Random castling goes both ways as `O-O` / `O-O-O`; the king taking its partner
    /// is read too. Here the king stands on g1 already: O-O moves only the rook (h1 to f1).
    #[test]
    fn fischer_random_castling() {
        let reg = Registry::builtin();
        let mut g = reg
            .find("fischerandom")
            .unwrap()
            .position("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1")
            .unwrap();
        for (text, uci, gui) in [
            ("O-O", "g1h1", "O-O"),
            ("g1h1", "g1h1", "O-O"),
            ("O-O-O", "g1b1", "O-O-O"),
            ("g1b1", "g1b1", "O-O-O"),
            ("g1f1", "g1f1", "g1f1"),
        ] {
            let m = parse_gui_move(&mut g, text, GuiRanks::FromOne).expect(text);
            assert_eq!(g.move_to_uci(m), uci, "{text}");
            assert_eq!(move_to_gui(&g, m, GuiRanks::FromOne), gui, "{text}");
        }
        let m = parse_gui_move(&mut g, "O-O", GuiRanks::FromOne).expect("O-O");
        g.play(m);
        assert_eq!(g.fen(), "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
    }

    #[test]
    fn highlights() {
        let reg = Registry::builtin();
        let mut g = reg
            .find("chess")
            .unwrap()
            .position("4k3/1P6/8/8/8/8/4p3/R3K3 w Q - 0 1")
            .unwrap();
        let e1 = g.variant().size.parse("e1");
        assert_eq!(highlight(&mut g, e1), "8/8/8/8/8/8/3YRY2/8");
        let b7 = g.variant().size.parse("b7");
        assert_eq!(highlight(&mut g, b7), "1M6/8/8/8/8/8/8/8");
        let e8 = g.variant().size.parse("e8");
        assert_eq!(highlight(&mut g, e8), "8/8/8/8/8/8/8/8");
    }

    /// In Fischer Random games castling is entered as the king taking its partner: the
    /// partner's square is marked (as a quiet move), not the king's destination, which may be
    /// a plain step's (c1 below) or the king's own square.
    #[test]
    fn fischer_random_castling_is_highlighted_on_the_partner() {
        let reg = Registry::builtin();
        for (name, fen, lifted, marks) in [
            (
                "fischerandom",
                "rk4rb/pppppppp/8/8/8/8/PPPPPPPP/RK4RB w KQkq - 0 1",
                "b1",
                "8/8/8/8/8/8/8/Y1Y3Y1",
            ),
            (
                "fischerandom",
                "1rk3rb/pppppppp/8/8/8/8/PPPPPPPP/1RK3RB w KQkq - 0 1",
                "c1",
                "8/8/8/8/8/8/8/1Y1Y2Y1",
            ),
            // Elsewhere castling is the king's move to its own destination.
            (
                "capablanca",
                "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
                "f1",
                "10/10/10/10/10/10/4YYY3/2Y1Y1Y1Y1",
            ),
        ] {
            let gt = reg.find(name).expect("a built-in game");
            let mut g = gt.position(fen).expect("a legal test position");
            let from = g.variant().size.parse(lifted);
            assert_eq!(highlight(&mut g, from), marks, "{name} {fen}");
        }
    }

    #[test]
    fn promotion_choices_are_the_games_own() {
        let reg = Registry::builtin();
        let choice = |game: &str, fen: &str, from: &str| {
            let parsed = reg.find(game).map_err(|e| e.to_string());
            let Ok(mut g) = parsed.and_then(|gt| gt.position(fen).map_err(|e| e.to_string()))
            else {
                panic!("{game}: bad test position {fen}");
            };
            let from = g.variant().size.parse(from);
            promotion_choice(&mut g, from)
        };
        let chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(choice("chess", chess, "b7").as_deref(), Some("QRBN"));
        assert_eq!(choice("chess", chess, "e1"), None);
        // The queen and the chancellor are worth the same: the game's listed order decides.
        let capablanca = "5k4/1P8/10/10/10/10/10/5K4 w - - 0 1";
        assert_eq!(
            choice("capablanca", capablanca, "b7").as_deref(),
            Some("QCARBN")
        );
        let crabs = "3k3/X6/7/7/7/3K3 w - - 0 1";
        assert_eq!(
            choice("cannons-and-crabs", crabs, "a5").as_deref(),
            Some("MA")
        );
        // Grand: only pieces the side has lost (here both Rooks and a Knight).
        let grand = "4k5/P9/10/10/10/10/10/10/10/1NBQKCAB2 w - - 0 1";
        assert_eq!(choice("grand", grand, "a9").as_deref(), Some("RN"));
        // On its eighth rank a Grand pawn may stay a pawn: XBoard's own choice stands.
        let optional = "4k5/10/P9/10/10/10/10/10/10/1NBQKCAB2 w - - 0 1";
        assert_eq!(choice("grand", optional, "a8"), None);
    }
}
