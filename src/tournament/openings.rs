//! Openings: a file of start positions, or random plies from the start (seeded), or both.
//!
//! A file has one opening per line: a FEN (EPD lines with `;` opcodes too), optionally followed by
//! `moves M1 M2 ...`; or `startpos [moves ...]`; or a bare list of moves from the start. Moves are
//! SAN or coordinates. `#` starts a comment line. A `.pgn` file gives each game's `FEN` tag and moves.

use super::game::{opening_position, Opening};
use super::pgn;
use super::referee::{legal_moves, rule_ending};
use crate::game::GameType;
use rand::{Rng, SeedableRng};

fn parse_line(line: &str) -> Opening {
    let (position, moves) = match line.split_once(" moves ") {
        Some((p, m)) => (p.trim(), m.split_whitespace().map(String::from).collect()),
        None if line.starts_with("moves ") => {
            ("", line[6..].split_whitespace().map(String::from).collect())
        }
        None => (line.trim(), Vec::new()),
    };
    let first = position.split_whitespace().next().unwrap_or("");
    if position.is_empty() || position == "startpos" {
        Opening { fen: None, moves }
    } else if first.contains('/') {
        let fen = match position.split_once(';') {
            // EPD: four fields, then operations.
            Some((head, _)) => {
                let fields: Vec<&str> = head.split_whitespace().take(4).collect();
                format!("{} 0 1", fields.join(" "))
            }
            None => position.to_string(),
        };
        Opening {
            fen: Some(fen),
            moves,
        }
    } else {
        // A bare move list, possibly with move numbers.
        let mut all: Vec<String> = position
            .split_whitespace()
            .map(|w| {
                w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .to_string()
            })
            .filter(|w| !w.is_empty())
            .collect();
        all.extend(moves);
        Opening {
            fen: None,
            moves: all,
        }
    }
}

/// Reads openings from text (`pgn` for PGN) and checks each against the game: every move legal
/// and the game not already over.
pub fn parse_openings(gt: &GameType, text: &str, is_pgn: bool) -> Result<Vec<Opening>, String> {
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
pub fn random_opening(gt: &GameType, base: &Opening, plies: usize, seed: u64) -> Opening {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..100 {
        let Ok(mut g) = opening_position(gt, base) else {
            return base.clone();
        };
        let mut moves = base.moves.clone();
        let mut ok = true;
        for _ in 0..plies {
            let legal = legal_moves(&mut g);
            if legal.is_empty() {
                ok = false;
                break;
            }
            let m = legal[rng.gen_range(0..legal.len())];
            moves.push(g.move_to_uci(m));
            g.play(m);
            if rule_ending(&mut g).is_some() {
                ok = false;
                break;
            }
        }
        if ok {
            return Opening {
                fen: base.fen.clone(),
                moves,
            };
        }
    }
    base.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Registry;

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
        assert_eq!(list[3].moves, ["e4", "c5", "Nf3"]);
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
}
