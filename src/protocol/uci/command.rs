//! UCI input lines parsed into `Command`s; what is wrong with a line becomes a `UciError`.
//! vampirc-uci reads `setoption` (multi-word names and values); the other commands are read
//! here, since its grammar knows only 8x8 squares and no drops.

use crate::search::params::MAX_DEPTH;
use crate::search::SearchLimits;
use std::fmt;
use vampirc_uci::UciMessage;

/// The `go` parameters as written, before the search moves are resolved against the position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GoCommand {
    /// Everything but `search_moves`.
    pub limits: SearchLimits,
    pub search_moves: Vec<String>,
    /// What was left out or brought into range (`depth 0` is read as 1), for the user.
    pub notes: Vec<String>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(GoCommand),
    GoPerft {
        depth: u32,
    },
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, FEN, hash key and checkers.
    Display,
    /// `eval`: the evaluation term by term.
    Eval,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciError {
    Unknown(String),
    /// The command is known; its arguments are not right.
    Syntax {
        command: &'static str,
        detail: String,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            UciError::Unknown(word) => {
                let shown: String = word.chars().take(40).collect();
                write!(f, "unknown command '{}'", shown.escape_default())
            }
            UciError::Syntax { command, detail } => write!(f, "{command}: {detail}"),
        }
    }
}

fn syntax(command: &'static str, detail: impl Into<String>) -> UciError {
    UciError::Syntax {
        command,
        detail: detail.into(),
    }
}

/// The commands that take no words after them.
const ALONE: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
];

/// The commands that take words.
const WITH_WORDS: &[&str] = &["debug", "setoption", "register", "position", "go"];

fn is_command_word(word: &str) -> bool {
    ALONE.contains(&word) || WITH_WORDS.contains(&word)
}

/// `stop`, `quit` or `ponderhit` where `parse_lenient` reads that command from `line`, found
/// without parsing the rest: the input thread asks this of every line, a `position` with a
/// million moves included.
pub fn lone_command(line: &str) -> Option<Command> {
    let first = line.split_whitespace().find(|w| is_command_word(w))?;
    match first {
        "stop" => Some(Command::Stop),
        "quit" => Some(Command::Quit),
        "ponderhit" => Some(Command::PonderHit),
        _ => None,
    }
}

/// Reads a line as the UCI text asks: words before the first command are ignored (`joho debug
/// on` is `debug on`), and so are words after a command that takes none (`isready now`). The
/// words ignored come back too, for a warning; a line with no command at all is an error.
pub fn parse_lenient(line: &str) -> (Result<Option<Command>, UciError>, Vec<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(k) = words.iter().position(|w| is_command_word(w)) else {
        return (parse_command(line), Vec::new());
    };
    let mut ignored: Vec<String> = words[..k].iter().map(|w| w.to_string()).collect();
    let rest = if ALONE.contains(&words[k]) {
        ignored.extend(words[k + 1..].iter().map(|w| w.to_string()));
        words[k]
    } else {
        // From the command word on, as typed (`setoption` reads its name and value as text).
        let start = words[k].as_ptr() as usize - line.as_ptr() as usize;
        &line[start..]
    };
    (parse_command(rest), ignored)
}

/// Parses one line. `Ok(None)` for an empty line (and for `register`: nothing to register).
pub fn parse_command(line: &str) -> Result<Option<Command>, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(None);
    };
    let alone = |c: Command, name: &'static str| -> Result<Option<Command>, UciError> {
        if words.len() == 1 {
            Ok(Some(c))
        } else {
            Err(syntax(
                name,
                format!("unexpected '{}'", words[1].escape_default()),
            ))
        }
    };
    match first {
        "uci" => alone(Command::Uci, "uci"),
        "isready" => alone(Command::IsReady, "isready"),
        "ucinewgame" => alone(Command::NewGame, "ucinewgame"),
        "stop" => alone(Command::Stop, "stop"),
        "ponderhit" => alone(Command::PonderHit, "ponderhit"),
        "quit" => alone(Command::Quit, "quit"),
        "d" => alone(Command::Display, "d"),
        "eval" => alone(Command::Eval, "eval"),
        "register" => Ok(None),
        "debug" => match words.get(1..) {
            Some(["on"] | ["off"]) => Ok(Some(Command::Debug)),
            _ => Err(syntax("debug", "expected 'on' or 'off'")),
        },
        "setoption" => match vampirc_uci::parse_one(line.trim()) {
            UciMessage::SetOption { name, value } if !name.trim().is_empty() => {
                Ok(Some(Command::SetOption {
                    // `Move  Overhead` is `Move Overhead`: option names are words.
                    name: name.split_whitespace().collect::<Vec<_>>().join(" "),
                    value: value.map(|v| v.trim().to_string()),
                }))
            }
            _ => Err(syntax(
                "setoption",
                "expected 'setoption name NAME [value VALUE]'",
            )),
        },
        "position" => parse_position(&words[1..]).map(Some),
        "go" => parse_go(&words[1..]).map(Some),
        other => Err(UciError::Unknown(other.to_string())),
    }
}

fn parse_position(words: &[&str]) -> Result<Command, UciError> {
    let (fen, rest) = match words.first() {
        Some(&"startpos") => (None, &words[1..]),
        Some(&"fen") => {
            let end = words
                .iter()
                .position(|w| *w == "moves")
                .unwrap_or(words.len());
            if end <= 1 {
                return Err(syntax("position", "FEN missing after 'fen'"));
            }
            (Some(words[1..end].join(" ")), &words[end..])
        }
        _ => return Err(syntax("position", "expected 'startpos' or 'fen'")),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", ms)) => ms
            .iter()
            .flat_map(|m| m.split(','))
            .filter(|m| !m.is_empty())
            .map(str::to_string)
            .collect(),
        Some((w, _)) => {
            return Err(syntax(
                "position",
                format!("unexpected '{}'", w.escape_default()),
            ))
        }
    };
    Ok(Command::Position { fen, moves })
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// `go` and its parameters, in any order; each at most once.
pub fn parse_go(words: &[&str]) -> Result<Command, UciError> {
    if words.first() == Some(&"perft") {
        let depth = match words {
            [_, d] => d.parse::<u32>().ok().filter(|d| (1..=20).contains(d)),
            _ => None,
        };
        return depth
            .map(|depth| Command::GoPerft { depth })
            .ok_or_else(|| syntax("go perft", "expected one depth from 1 to 20"));
    }
    // A `go` is always answered with `bestmove` (a GUI waits for it): what cannot be read is
    // left out or brought into range, and noted for one `info string` line.
    let mut go = GoCommand::default();
    let mut seen: Vec<&str> = Vec::new();
    let notes = &mut go.notes;
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        i += 1;
        if !GO_KEYWORDS.contains(&key) || key == "perft" {
            notes.push(format!("ignored '{}'", key.escape_default()));
            continue;
        }
        let repeated = seen.contains(&key);
        if repeated {
            notes.push(format!("'{key}' given twice: the last one read counts"));
        }
        seen.push(key);
        // A limit whose number is missing or unreadable is read as `fallback`, its shortest
        // (the GUI asked for a search that ends, and waits for its `bestmove`), unless it was
        // read before; one with a fraction (`depth 2.0`) is cut to its whole part.
        let mut number = |min: i64, max: i64, fallback: Option<i64>, notes: &mut Vec<String>| {
            let fallback = fallback.filter(|_| !repeated);
            let instead = || fallback.map_or("ignored".to_string(), |v| format!("read as {v}"));
            let Some(text) = words.get(i).filter(|t| !GO_KEYWORDS.contains(*t)) else {
                notes.push(format!("'{key}' without a number: {}", instead()));
                return fallback;
            };
            i += 1;
            let whole = text.parse::<i128>().ok().or_else(|| {
                let v = text.parse::<f64>().ok().filter(|v| v.is_finite())?;
                let whole = v.trunc().clamp(-1e30, 1e30) as i128;
                notes.push(format!("'{key} {}' read as {whole}", text.escape_default()));
                Some(whole)
            });
            let Some(v) = whole else {
                notes.push(format!(
                    "'{key}' needs a number, not '{}': {}",
                    text.escape_default(),
                    instead()
                ));
                return fallback;
            };
            let clamped = v.clamp(min as i128, max as i128) as i64;
            if clamped as i128 != v {
                notes.push(format!("'{key} {v}' read as {clamped}"));
            }
            Some(clamped)
        };
        const MS: i64 = 1 << 40;
        match key {
            "searchmoves" => {
                let first = go.search_moves.len();
                while i < words.len() && !GO_KEYWORDS.contains(&words[i]) {
                    go.search_moves.push(words[i].to_string());
                    i += 1;
                }
                if go.search_moves.len() == first {
                    notes.push("'searchmoves' without moves: ignored".into());
                }
            }
            "ponder" => go.limits.ponder = true,
            "infinite" => go.limits.infinite = true,
            // Some GUIs send a negative time when the clock has run out: read it as 0.
            "wtime" | "btime" | "winc" | "binc" => {
                if let Some(v) = number(-MS, MS, Some(0), notes) {
                    let v = v.max(0) as u64;
                    match key {
                        "wtime" => go.limits.time[0] = Some(v),
                        "btime" => go.limits.time[1] = Some(v),
                        "winc" => go.limits.increment[0] = v,
                        _ => go.limits.increment[1] = v,
                    }
                }
            }
            // `movestogo 0` is not a last move: the clock is read as sudden death.
            "movestogo" => match number(0, 100_000, None, notes) {
                Some(0) => notes.push("'movestogo 0' ignored".into()),
                Some(n) => go.limits.moves_to_go = Some(n as u64),
                None => {}
            },
            "depth" => {
                if let Some(d) = number(1, MAX_DEPTH as i64, Some(1), notes) {
                    go.limits.depth = Some(d as i32);
                }
            }
            "nodes" => {
                if let Some(n) = number(1, i64::MAX, Some(1), notes) {
                    go.limits.nodes = Some(n as u64);
                }
            }
            "mate" => {
                if let Some(n) = number(1, 1_000, Some(1), notes) {
                    go.limits.mate = Some(n as u32);
                }
            }
            _ => {
                if let Some(ms) = number(0, MS, Some(0), notes) {
                    go.limits.movetime = Some(ms as u64);
                }
            }
        }
    }
    Ok(Command::Go(go))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input thread's quick look finds the same `stop`, `quit` and `ponderhit` as the full
    /// parse, and nothing where the full parse finds another command or none.
    #[test]
    fn lone_commands_read_as_the_full_parse_reads_them() {
        let lines = [
            "stop",
            "  quit  ",
            "ponderhit",
            "joho stop",
            "stop now",
            "quitting",
            "Stop",
            "position startpos moves e2e4 stop",
            "go infinite",
            "debug stop",
            "setoption name quit value stop",
            "",
            "isready quit",
        ];
        for line in lines {
            let full = match parse_lenient(line).0 {
                Ok(Some(c @ (Command::Stop | Command::Quit | Command::PonderHit))) => Some(c),
                _ => None,
            };
            assert_eq!(lone_command(line), full, "{line:?}");
        }
    }

    #[test]
    fn go_parameters() {
        let Ok(Some(Command::Go(g))) =
            parse_command("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5")
        else {
            panic!()
        };
        assert_eq!(g.limits.time, [Some(1000), Some(0)]);
        assert_eq!(g.limits.moves_to_go, Some(5));
        let Ok(Some(Command::Go(g))) = parse_command("go searchmoves a10a9 N@e5 depth 3 ponder")
        else {
            panic!()
        };
        assert_eq!(g.search_moves, vec!["a10a9", "N@e5"]);
        assert_eq!(g.limits.depth, Some(3));
        assert!(g.limits.ponder);
        assert_eq!(
            parse_command("go"),
            Ok(Some(Command::Go(GoCommand::default())))
        );
        for bad in ["go perft", "go perft 0", "go perft 3 depth 2"] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }

    /// A search is always started (the GUI waits for its `bestmove`): what cannot be read is
    /// left out or brought into range, with a note for each.
    #[test]
    fn bad_go_parameters_are_noted_not_fatal() {
        let go = |text: &str| match parse_command(text) {
            Ok(Some(Command::Go(g))) => g,
            other => panic!("{text}: {other:?}"),
        };
        type Case = (&'static str, fn(&SearchLimits) -> bool, &'static str);
        let cases: [Case; 15] = [
            // A limit that cannot be read is its shortest: the search still ends by itself.
            (
                "go depth",
                |l| l.depth == Some(1),
                "'depth' without a number: read as 1",
            ),
            ("go depth 0", |l| l.depth == Some(1), "'depth 0' read as 1"),
            (
                "go depth x",
                |l| l.depth == Some(1),
                "'depth' needs a number, not 'x': read as 1",
            ),
            (
                "go depth 2.0",
                |l| l.depth == Some(2),
                "'depth 2.0' read as 2",
            ),
            (
                "go movetime 1e3",
                |l| l.movetime == Some(1000),
                "'movetime 1e3' read as 1000",
            ),
            (
                "go wtime x btime 900",
                |l| l.time == [Some(0), Some(900)],
                "'wtime' needs a number, not 'x': read as 0",
            ),
            (
                "go nodes inf",
                |l| l.nodes == Some(1),
                "'nodes' needs a number, not 'inf': read as 1",
            ),
            (
                "go movestogo x wtime 50",
                |l| l.moves_to_go.is_none() && l.time[0] == Some(50),
                "'movestogo' needs a number, not 'x': ignored",
            ),
            (
                "go nodes -1",
                |l| l.nodes == Some(1),
                "'nodes -1' read as 1",
            ),
            ("go frob depth 2", |l| l.depth == Some(2), "ignored 'frob'"),
            (
                "go depth 3 depth 4",
                |l| l.depth == Some(4),
                "'depth' given twice: the last one read counts",
            ),
            (
                "go depth 3 depth",
                |l| l.depth == Some(3),
                "'depth' given twice: the last one read counts",
            ),
            ("go infinite perft 3", |l| l.infinite, "ignored 'perft'"),
            (
                "go movestogo 0 wtime 50",
                |l| l.moves_to_go.is_none() && l.time[0] == Some(50),
                "'movestogo 0' ignored",
            ),
            (
                "go depth 99999999999999999999999",
                |l| l.depth == Some(MAX_DEPTH),
                "'depth 99999999999999999999999' read as",
            ),
        ];
        for (text, limits_ok, note) in cases {
            let g = go(text);
            assert!(limits_ok(&g.limits), "{text}: {:?}", g.limits);
            assert!(g.notes[0].starts_with(note), "{text}: {:?}", g.notes);
        }
        let g = go("go searchmoves depth 3");
        assert_eq!((g.search_moves.len(), g.limits.depth), (0, Some(3)));
        assert_eq!(g.notes, ["'searchmoves' without moves: ignored"]);
        assert!(go("go wtime -30 btime 10").notes.is_empty());
    }

    #[test]
    fn words_the_uci_text_says_to_skip() {
        let read = |l: &str| parse_lenient(l);
        assert_eq!(
            read("joho debug on"),
            (Ok(Some(Command::Debug)), vec!["joho".into()])
        );
        assert_eq!(
            read("isready now  please"),
            (
                Ok(Some(Command::IsReady)),
                vec!["now".into(), "please".into()]
            )
        );
        assert_eq!(
            read("x setoption name Move Overhead value 30"),
            (
                Ok(Some(Command::SetOption {
                    name: "Move Overhead".into(),
                    value: Some("30".into())
                })),
                vec!["x".into()]
            )
        );
        assert_eq!(read("register later"), (Ok(None), vec![]));
        assert_eq!(
            read("xyzzy plugh"),
            (Err(UciError::Unknown("xyzzy".into())), vec![])
        );
        assert_eq!(
            read("debug maybe").0,
            Err(syntax("debug", "expected 'on' or 'off'"))
        );
        assert_eq!(read(""), (Ok(None), vec![]));
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse_command("  "), Ok(None));
        assert_eq!(parse_command("isready\r\n"), Ok(Some(Command::IsReady)));
        assert!(parse_command("isready now").is_err());
        assert_eq!(
            parse_command("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
        assert_eq!(
            parse_command("setoption name  Move \t Overhead  value 30"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
        assert!(parse_command("setoption name").is_err());
        assert!(parse_command("setoption value 3").is_err());
        assert_eq!(
            parse_command("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2,e8e7"),
            Ok(Some(Command::Position {
                fen: Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1".into()),
                moves: vec!["e1e2".into(), "e8e7".into()]
            }))
        );
    }
}
