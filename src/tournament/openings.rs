//! Openings: a file of start positions, or random plies from the start (seeded), or both.
//!
//! A file has one opening per line: a FEN (EPD lines with `;` opcodes too, the clocks read from
//! `hmvc` and `fmvn`), optionally followed by `moves M1 M2 ...`; or `startpos [moves ...]`; or a
//! bare list of moves from the start. Moves are SAN or coordinates. `#` starts a comment line.
//! A `.pgn` file gives each game's `FEN` tag and moves.

use super::game::{opening_position, Opening};
use super::pgn;
use super::referee::{legal_moves, rule_ending, Outcome};
use crate::game::GameType;
use rand::{Rng, SeedableRng};

fn parse_line(line: &str) -> Opening {
    // The words after `moves` (which may open the line, or end it with the list left empty)
    // are the move list; those before it the position.
    let words: Vec<&str> = line.split_whitespace().collect();
    let (position, moves) = match words.iter().position(|&w| w == "moves") {
        Some(i) => (
            words[..i].join(" "),
            words[i + 1..].iter().map(|w| w.to_string()).collect(),
        ),
        None => (words.join(" "), Vec::new()),
    };
    let first = position.split_whitespace().next().unwrap_or("");
    if position.is_empty() || position == "startpos" {
        Opening { fen: None, moves }
    } else if first.contains('/') {
        let fen = if position.contains(';') {
            epd_to_fen(&position)
        } else {
            position
        };
        Opening {
            fen: Some(fen),
            moves,
        }
    } else {
        // A bare move list, possibly with move numbers.
        // A result at the end (as a PGN's movetext has one) is no move.
        let mut all: Vec<String> = position
            .split_whitespace()
            .filter(|w| Outcome::from_pgn(w).is_none())
            .map(|w| pgn::strip_move_number(w).to_string())
            .filter(|w| !w.is_empty())
            .collect();
        all.extend(moves);
        Opening {
            fen: None,
            moves: all,
        }
    }
}

/// An EPD line (four FEN fields, then `;`-terminated operations) as a FEN. The clocks come from
/// the `hmvc` (halfmove clock) and `fmvn` (fullmove number) operations where the line has them,
/// else `0 1`; a malformed value is left for the FEN reader to refuse.
fn epd_to_fen(epd: &str) -> String {
    let mut words = epd.split_whitespace();
    let fields: Vec<&str> = words.by_ref().take(4).collect();
    let operations = words.collect::<Vec<_>>().join(" ");
    let (mut halfmoves, mut fullmoves) = ("0", "1");
    for operation in operations.split(';') {
        let mut op = operation.split_whitespace();
        match (op.next(), op.next()) {
            (Some("hmvc"), Some(n)) => halfmoves = n,
            (Some("fmvn"), Some(n)) => fullmoves = n,
            _ => {}
        }
    }
    format!("{} {halfmoves} {fullmoves}", fields.join(" "))
}

/// Reads openings from text (`pgn` for PGN) and checks each against the game: every move legal
/// and the game not already over.
pub fn parse_openings(gt: &GameType, text: &str, is_pgn: bool) -> Result<Vec<Opening>, String> {
    // A byte-order mark, as some editors on Windows write, is no part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut list = Vec::new();
    if is_pgn {
        for (i, g) in pgn::parse(text)?.into_iter().enumerate() {
            let o = Opening {
                fen: g.tag("FEN").map(String::from),
                moves: g.moves.into_iter().map(|m| m.san).collect(),
            };
            check(gt, &o).map_err(|e| format!("game {}: {e}", i + 1))?;
            list.push(o);
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let o = parse_line(line);
            check(gt, &o).map_err(|e| format!("line {}: {e}", i + 1))?;
            list.push(o);
        }
    }
    if list.is_empty() {
        return Err("no openings found".into());
    }
    Ok(list)
}

fn check(gt: &GameType, o: &Opening) -> Result<(), String> {
    let mut g = opening_position(gt, o)?;
    match rule_ending(&mut g) {
        Some(end) => Err(format!("the game is already over ({})", end.reason)),
        None => Ok(()),
    }
}

/// `base` followed by `plies` random legal moves, chosen by `seed`; never a finished game.
/// Where every one of a hundred walks ends the game early (a short game, a long `plies`), the
/// longest walk found stops one ply before its end, so the opening may be shorter than `plies`.
pub fn random_opening(gt: &GameType, base: &Opening, plies: usize, seed: u64) -> Opening {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut longest = base.moves.clone();
    for _ in 0..100 {
        let Ok(mut g) = opening_position(gt, base) else {
            return base.clone();
        };
        let mut moves = base.moves.clone();
        let mut ended = false;
        for _ in 0..plies {
            let legal = legal_moves(&mut g);
            if legal.is_empty() {
                ended = true;
                break;
            }
            let m = legal[rng.gen_range(0..legal.len())];
            moves.push(g.move_to_uci(m));
            g.play(m);
            if rule_ending(&mut g).is_some() {
                moves.pop();
                ended = true;
                break;
            }
        }
        if !ended {
            return Opening {
                fen: base.fen.clone(),
                moves,
            };
        }
        if moves.len() > longest.len() {
            longest = moves;
        }
    }
    Opening {
        fen: base.fen.clone(),
        moves: longest,
    }
}

/// A Fischer Random start of a `chess960` game, chosen by `seed`: the start array's first-rank
/// pieces shuffled (Black's mirroring White's) so that the royal piece stands between two
/// castling partners and each colour-bound kind (a Bishop: every move keeps the square colour)
/// with two or more pieces has them on both colours.
pub fn shuffled_start(gt: &GameType, seed: u64) -> String {
    let v = &*gt.variant;
    let mut fields: Vec<String> = v.start_fen.split_whitespace().map(String::from).collect();
    let mut rows: Vec<String> = fields[0].split('/').map(String::from).collect();
    let expand = |row: &str| -> Vec<Option<char>> {
        let mut out = Vec::new();
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            out.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
            digits.clear();
            out.push(Some(c));
        }
        out.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
        out
    };
    let write = |squares: &[Option<char>]| -> String {
        let mut out = String::new();
        let mut empty = 0;
        for s in squares {
            match s {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(*c);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out
    };
    let Some(last) = rows.len().checked_sub(1) else {
        return v.start_fen.clone();
    };
    let first_rank = expand(&rows[last]);
    let slots: Vec<usize> = (0..first_rank.len())
        .filter(|&i| first_rank[i].is_some())
        .collect();
    let mut pieces: Vec<char> = first_rank.iter().flatten().copied().collect();
    let royal = v.pieces[v.royal.index()].letter.to_ascii_uppercase();
    let colour_bound = |c: char| v.kind_of(c).is_some_and(|k| v.piece(k).colour_bound());
    let is_partner = |c: char, side: usize| {
        let spec = v.castling[0][side].as_ref();
        v.kind_of(c)
            .is_some_and(|k| spec.is_some_and(|s| s.partners & (1 << k.0) != 0))
    };
    let acceptable = |order: &[char]| {
        let Some(k) = order.iter().position(|&c| c == royal) else {
            return false;
        };
        let sides_ok = (0..2).all(|side| {
            v.castling[0][side].is_none()
                || match side {
                    0 => order[k + 1..].iter().any(|&c| is_partner(c, 0)),
                    _ => order[..k].iter().any(|&c| is_partner(c, 1)),
                }
        });
        let colours_ok = order.iter().filter(|&&c| colour_bound(c)).all(|&c| {
            let on: Vec<usize> = (0..order.len())
                .filter(|&i| order[i] == c)
                .map(|i| slots[i] % 2)
                .collect();
            on.len() < 2 || (on.contains(&0) && on.contains(&1))
        });
        sides_ok && colours_ok
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut found = false;
    for _ in 0..10_000 {
        for i in (1..pieces.len()).rev() {
            pieces.swap(i, rng.gen_range(0..=i));
        }
        if acceptable(&pieces) {
            found = true;
            break;
        }
    }
    if !found {
        return v.start_fen.clone();
    }
    let mut white = first_rank.clone();
    for (slot, &c) in slots.iter().zip(&pieces) {
        white[*slot] = Some(c);
    }
    let black: Vec<Option<char>> = white
        .iter()
        .map(|s| s.map(|c| c.to_ascii_lowercase()))
        .collect();
    rows[last] = write(&white);
    rows[0] = write(&black);
    fields[0] = rows.join("/");
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

    /// Castling written with zeros is a move, not a move number; a byte-order mark is no
    /// part of the first move (both used to be refused: '-0', '\u{feff}e4').
    #[test]
    fn zero_castling_and_a_byte_order_mark_are_read() {
        let r = Registry::builtin();
        let gt = r.find("chess").expect("chess is built in");
        let line = "\u{feff}1.e4 e5 2. Nf3 Nc6 3.Bc4 Bc5 4. 0-0 Nf6 5 d3 0-0\n";
        let list = parse_openings(gt, line, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            list[0].moves,
            ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "0-0", "Nf6", "d3", "0-0"]
        );
        let pgn = "\u{feff}[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
        let list = parse_openings(gt, pgn, true).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(list[0].moves.last().map(String::as_str), Some("0-0"));
    }

    #[test]
    fn lines_of_every_form() {
        let r = Registry::builtin();
        let gt = r.find("chess").unwrap();
        let text = "# comment\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";\n\
            startpos moves e2e4 e7e5\n\
            1. e4 c5 2. Nf3\n\
            8/8/8/8/8/8/P7/K1k5 w - - 0 1 moves a3\n";
        let list = parse_openings(gt, text, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(list.len(), 5);
        assert_eq!(
            list[1].fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        assert_eq!(list[2].moves, ["e2e4", "e7e5"]);
        // EPD's clock operations, in any order among the others.
        let epd = "4k3/8/8/8/8/8/8/R3K3 b - - id \"clocks\"; fmvn 41; hmvc 37; c0 \"x\";\n";
        let clocked = parse_openings(gt, epd, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            clocked[0].fen.as_deref(),
            Some("4k3/8/8/8/8/8/8/R3K3 b - - 37 41")
        );
        assert!(parse_openings(gt, "4k3/8/8/8/8/8/8/R3K3 b - - hmvc x;\n", false).is_err());
        assert_eq!(list[3].moves, ["e4", "c5", "Nf3"]);
        // An empty move list, and a result closing a bare one.
        let more = "startpos moves\n8/8/8/8/8/8/P7/K1k5 w - - 0 1 moves\n1. e4 e5 2. Nf3 1/2-1/2\n";
        let more = parse_openings(gt, more, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((more[0].fen.as_deref(), more[0].moves.len()), (None, 0));
        assert_eq!(
            more[1].fen.as_deref(),
            Some("8/8/8/8/8/8/P7/K1k5 w - - 0 1")
        );
        assert_eq!(more[2].moves, ["e4", "e5", "Nf3"]);
        assert!(parse_openings(gt, "startpos moves e2e5\n", false)
            .unwrap_err()
            .contains("line 1"));
        assert!(
            parse_openings(gt, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n", false)
                .unwrap_err()
                .contains("over")
        );
        assert!(parse_openings(gt, "\n# nothing\n", false).is_err());
    }

    #[test]
    fn random_openings_are_seeded() {
        let r = Registry::builtin();
        let gt = r.find("capablanca").unwrap();
        let a = random_opening(gt, &Opening::default(), 8, 42);
        let b = random_opening(gt, &Opening::default(), 8, 42);
        let c = random_opening(gt, &Opening::default(), 8, 43);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.moves.len(), 8);
        opening_position(gt, &a).unwrap();
    }

    /// More random plies than any game of the variant lasts: the longest walk found, one ply
    /// short of its end, not the bare start (which `--random-plies` once fell back to).
    #[test]
    fn random_openings_longer_than_the_game_stop_before_its_end() {
        let r = Registry::builtin();
        let gt = r.find("chess").unwrap();
        // Two kings and a rook: a random walk ends within a few hundred plies (50-move rule).
        let base = Opening {
            fen: Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1".into()),
            moves: Vec::new(),
        };
        let o = random_opening(gt, &base, 100_000, 7);
        assert!(o.moves.len() >= 50, "{} plies", o.moves.len());
        assert!(o.moves.len() < 100_000);
        let mut g = opening_position(gt, &o).unwrap();
        assert!(rule_ending(&mut g).is_none());
    }

    /// Shuffled starts: the king between its rooks, the bishops on both colours, Black
    /// mirroring White, a position the game accepts; different seeds give different arrays.
    #[test]
    fn fischer_random_starts() {
        let r = Registry::builtin();
        for (name, files) in [("fischerandom", 8), ("caparandom", 10)] {
            let gt = r.find(name).unwrap();
            let mut seen = std::collections::HashSet::new();
            for seed in 0..50 {
                let fen = shuffled_start(gt, seed);
                gt.position(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                let rows: Vec<&str> = fen.split(['/', ' ']).collect();
                let (black, white) = (rows[0], rows[7]);
                assert_eq!(white.len(), files, "{fen}");
                assert_eq!(black.to_ascii_uppercase(), white, "{fen}");
                let at = |c: char| white.match_indices(c).map(|(i, _)| i).collect::<Vec<_>>();
                let (k, rooks, bishops) = (at('K')[0], at('R'), at('B'));
                assert!(rooks[0] < k && k < rooks[1], "{fen}");
                assert_eq!((bishops[0] + bishops[1]) % 2, 1, "{fen}");
                seen.insert(white.to_string());
            }
            assert!(seen.len() > 30, "{name}: {} arrays", seen.len());
        }
    }
}
