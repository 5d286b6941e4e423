//! PGN: writing finished games (with `Variant` and `FEN` tags, SAN moves, comments, the result
//! and its reason) and reading them back, so a file can be replayed by Chimera's own rules.

use super::referee::Outcome;
use crate::game::Game;
use crate::protocol::san;
use crate::types::Color;
use crate::variant::Registry;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnMove {
    pub san: String,
    pub comment: Option<String>,
    /// Who made the ply, where known: a turn may hold several plies (a capture and its
    /// placements), so move numbers follow the movers. Unknown movers alternate.
    pub mover: Option<Color>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// A comment after the last move (the reason the game ended).
    pub final_comment: Option<String>,
}

fn escape(value: &str) -> String {
    // A tag is one line: a line break or other control character (typed in `--event`) would
    // end it and hide the game from PGN readers.
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

fn clean_comment(text: &str) -> String {
    text.replace(['{', '}'], "").replace('\n', " ")
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Side to move and move number of the first move, read from the `FEN` tag.
    fn first_move_number(&self) -> (bool, u32) {
        let Some(fen) = self.tag("FEN") else {
            return (true, 1);
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let white = fields.get(1).is_none_or(|s| *s != "b");
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
            .max(1);
        (white, number)
    }

    /// The game as PGN text, lines wrapped at 80 columns, ending with a blank line.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        let (mut white, mut number) = self.first_move_number();
        let last = self.moves.len().wrapping_sub(1);
        let mut previous: Option<bool> = None;
        for (i, m) in self.moves.iter().enumerate() {
            if let Some(c) = m.mover {
                white = c == Color::White;
            }
            // A new move number starts with White's turn; Black's first ply gets "N...".
            if previous == Some(false) && white {
                number += 1;
            }
            if white && previous != Some(true) {
                tokens.push(format!("{number}. {}", m.san));
            } else if i == 0 {
                tokens.push(format!("{number}... {}", m.san));
            } else {
                tokens.push(m.san.clone());
            }
            previous = Some(white);
            // The reason the game ended joins the last move's comment, as cutechess writes it.
            let comment = match (&m.comment, &self.final_comment) {
                (Some(c), Some(f)) if i == last => Some(format!("{c}, {f}")),
                (None, Some(f)) if i == last => Some(f.clone()),
                (c, _) => c.clone(),
            };
            if let Some(c) = comment {
                tokens.push(format!("{{{}}}", clean_comment(&c)));
            }
            white = !white;
        }
        if self.moves.is_empty() {
            if let Some(c) = &self.final_comment {
                tokens.push(format!("{{{}}}", clean_comment(c)));
            }
        }
        tokens.push(self.result.clone());
        // Tokens ("12. e4", "{+0.31/11 0.06s}") stay whole; only a comment too long for a
        // line breaks between words.
        let mut line = String::new();
        for token in tokens {
            let pieces: Vec<&str> = if token.len() > 60 {
                token.split(' ').collect()
            } else {
                vec![token.as_str()]
            };
            for word in pieces {
                if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
            }
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }

    /// Replays the moves by Chimera's rules from the `Variant` and `FEN` tags; the final game.
    pub fn replay(&self, registry: &Registry) -> Result<Game, String> {
        let variant = self.tag("Variant").unwrap_or("chess");
        let gt = registry.find(variant).map_err(|e| e.to_string())?;
        let mut game = match self.tag("FEN") {
            Some(fen) => gt.position(fen).map_err(|e| format!("bad FEN tag: {e}"))?,
            None => gt.start(),
        };
        for (i, m) in self.moves.iter().enumerate() {
            let mv =
                san::parse_move(&mut game, &m.san).map_err(|e| format!("ply {}: {e}", i + 1))?;
            game.play(mv);
        }
        Ok(game)
    }
}

/// Reads every game of a PGN text. Variations and NAGs are skipped.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut chars = text.chars().peekable();
    let mut depth = 0;
    while let Some(&c) = chars.peek() {
        match c {
            '[' if depth == 0 && !in_moves => {
                chars.next();
                let mut line = String::new();
                let mut quoted = false;
                while let Some(ch) = chars.next() {
                    match ch {
                        '\\' if quoted => {
                            if let Some(n) = chars.next() {
                                line.push(n);
                            }
                        }
                        '"' => {
                            quoted = !quoted;
                            line.push(ch);
                        }
                        ']' if !quoted => break,
                        _ => line.push(ch),
                    }
                }
                let (name, value) = line
                    .split_once(' ')
                    .ok_or_else(|| format!("bad tag [{line}]"))?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .unwrap_or(value);
                game.tags.push((name.trim().to_string(), value.to_string()));
            }
            '{' => {
                chars.next();
                let mut comment = String::new();
                for ch in chars.by_ref() {
                    if ch == '}' {
                        break;
                    }
                    comment.push(ch);
                }
                if depth == 0 {
                    match game.moves.last_mut() {
                        Some(m) => match &mut m.comment {
                            Some(c) => {
                                c.push(' ');
                                c.push_str(&comment);
                            }
                            None => m.comment = Some(comment),
                        },
                        None => game.final_comment = Some(comment),
                    }
                }
            }
            ';' => {
                for ch in chars.by_ref() {
                    if ch == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                chars.next();
                depth += 1;
            }
            ')' => {
                chars.next();
                depth = (depth - 1).max(0);
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            _ => {
                let mut token = String::new();
                while let Some(&ch) = chars.peek() {
                    if ch.is_whitespace() || "{}();[".contains(ch) {
                        break;
                    }
                    token.push(ch);
                    chars.next();
                }
                if token.is_empty() {
                    chars.next();
                    continue;
                }
                if depth > 0 {
                    continue;
                }
                in_moves = true;
                if Outcome::from_pgn(&token).is_some() {
                    game.result = token;
                    games.push(std::mem::take(&mut game));
                    in_moves = false;
                    continue;
                }
                if token.starts_with('$') {
                    continue;
                }
                let mv = strip_move_number(&token);
                if mv.is_empty() {
                    continue;
                }
                game.moves.push(PgnMove {
                    san: mv.to_string(),
                    comment: None,
                    mover: None,
                });
            }
        }
    }
    if !game.moves.is_empty() || !game.tags.is_empty() {
        game.result = "*".into();
        games.push(game);
    }
    Ok(games)
}

/// A movetext token without its move number (`12.e4`, `12...e5`, `12.`, `12`); castling
/// written with zeros (`0-0`, `0-0-0`) is a move, not a number.
pub fn strip_move_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.is_empty() {
        ""
    } else if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_back() {
        let mut g = PgnGame::default();
        g.set_tag("Event", "Test \"quoted\"");
        g.set_tag("Variant", "capablanca");
        g.set_tag(
            "FEN",
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 7",
        );
        for (i, s) in ["j5", "Ad3", "Cg6"].iter().enumerate() {
            g.moves.push(PgnMove {
                san: s.to_string(),
                comment: (i == 1).then(|| "+0.25/9 0.1s".to_string()),
                mover: None,
            });
        }
        g.result = "0-1".into();
        g.final_comment = Some("White resigns".into());
        let text = g.write();
        assert!(text.contains("[Event \"Test \\\"quoted\\\"\"]"), "{text}");
        assert!(
            text.contains("7... j5 8. Ad3 {+0.25/9 0.1s} Cg6 {White resigns} 0-1"),
            "{text}"
        );
        let back = parse(&format!("{text}{text}")).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[1].tags, g.tags);
        assert_eq!(back[1].moves[2].comment.as_deref(), Some("White resigns"));
        assert_eq!(back[1].result, "0-1");
    }

    /// A tag value with a line break (`--event $'a\nb'`) stays on its line.
    #[test]
    fn tags_stay_on_one_line() {
        let mut g = PgnGame::default();
        g.set_tag("Event", "multi\nline\r\tevent");
        g.result = "*".into();
        let text = g.write();
        assert!(
            text.starts_with("[Event \"multi line  event\"]\n"),
            "{text}"
        );
        let back = parse(&text).expect("the PGN just written");
        assert_eq!(back[0].tags[0].1, "multi line  event");
    }

    #[test]
    fn turns_of_several_plies_keep_their_numbers() {
        let mut g = PgnGame::default();
        let ply = |san: &str, c: Color| PgnMove {
            san: san.into(),
            comment: None,
            mover: Some(c),
        };
        g.moves = vec![
            ply("e4", Color::White),
            ply("d5", Color::Black),
            ply("exd5", Color::White),
            ply("P@e5", Color::Black),
            ply("Nc6", Color::Black),
            ply("Nf3", Color::White),
        ];
        g.result = "*".into();
        assert!(
            g.write().contains("1. e4 d5 2. exd5 P@e5 Nc6 3. Nf3 *"),
            "{}",
            g.write()
        );
    }

    #[test]
    fn long_games_wrap_and_replay() {
        let registry = Registry::builtin();
        let mut g = PgnGame::default();
        g.set_tag("Variant", "chess");
        for _ in 0..10 {
            for s in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                g.moves.push(PgnMove {
                    san: s.into(),
                    comment: Some("book".into()),
                    mover: None,
                });
            }
        }
        g.result = "*".into();
        let text = g.write();
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        let back = parse(&text).unwrap();
        assert_eq!(back[0].moves.len(), 40);
        let end = back[0].replay(&registry).unwrap();
        assert_eq!(
            end.fen().split(' ').next(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
        );
        let parsed =
            parse("1. e4 (1. d4 d5) e5 $1 2. Qh5 ; comment\n Nc6 3. Bc4 Nf6 4. Qxf7# 1-0").unwrap();
        assert_eq!(parsed[0].moves.len(), 7);
        assert!(parsed[0].replay(&registry).unwrap().in_check());
    }
}
