//! CECP v2 input: each line becomes a typed `Command` or a typed `CommandError`, which the
//! engine prints as `Error (KIND): LINE`.

use std::fmt;

/// A time control from `level MPS BASE INC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Moves per session; 0 = the whole game.
    pub moves: u32,
    pub base_ms: u64,
    pub inc_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Xboard,
    Protover(u32),
    /// `accepted` / `rejected` FEATURE.
    FeatureReply,
    /// `rejected debug`: the GUI does not want `#` lines.
    DebugRejected,
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    /// The obsolete `white` / `black`: the engine plays the other colour.
    White,
    Black,
    Level(Level),
    /// `st SECONDS`, in milliseconds.
    SearchTime(u64),
    /// `sd DEPTH`.
    Depth(i32),
    /// `nps RATE` (0: count CPU time, which is the wall clock here).
    Nps(u64),
    /// `time` / `otim`, in centiseconds (negative when a flag has fallen).
    Time(i64),
    Otim(i64),
    /// `usermove MOVE`, or a move alone.
    UserMove(String),
    /// `?`
    MoveNow,
    Ping(String),
    Draw,
    Result(String),
    SetBoard(String),
    /// `edit`: the lines up to `.` set the board up (see `edit`).
    Edit,
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    /// `.` in analyze mode.
    Status,
    Hint,
    Book,
    Memory(usize),
    Cores(usize),
    Option {
        name: String,
        value: Option<String>,
    },
    /// `exclude MOVE|all`, `include MOVE|all`: the root moves analysis leaves out.
    Exclude(String),
    Include(String),
    Lift(String),
    Put(String),
    Hover(String),
    /// Commands with nothing to do here: `random`, `computer`, `name`, `rating`, `ics`, ...
    Ignored,
    /// `d`: the board as `#` debug lines.
    Display,
    Quit,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    Unknown,
    Missing,
    Bad,
    TooMany,
    /// A setting's value out of range (`memory`, `cores`): a bad parameter, with the reason
    /// the GUI is told on a line of its own.
    Setting(String),
}

impl CommandError {
    /// What to tell the user besides the error line.
    pub fn reason(&self) -> Option<&str> {
        match self {
            CommandError::Setting(reason) => Some(reason),
            _ => None,
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            CommandError::Unknown => "unknown command",
            CommandError::Missing => "missing parameter",
            CommandError::Bad | CommandError::Setting(_) => "bad parameter",
            CommandError::TooMany => "too many parameters",
        })
    }
}

/// A line as an error message shows it: trimmed, at most 80 characters, control characters
/// escaped so that nothing the user typed reaches the GUI's terminal raw.
pub fn shown(line: &str) -> String {
    let line: String = line.trim().chars().take(80).collect();
    crate::protocol::printable(&line).into_owned()
}

/// Does `word` look like a move, so that a bare move line is taken as `usermove`?
pub fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    // A rank is a digit, or on boards of 11 to 16 ranks one of XBoard's characters past `9`
    // (`e:` is e10, see `coords::GuiRanks`).
    let square_start = b.len() >= 4 && b[0].is_ascii_lowercase() && (b'0'..=b'@').contains(&b[1]);
    let drop = b.len() >= 4 && b[0].is_ascii_alphabetic() && b[1] == b'@';
    let castle = matches!(
        word.trim_end_matches(['+', '#']),
        "O-O" | "O-O-O" | "0-0" | "0-0-0"
    );
    square_start || drop || castle || word == "@@@@"
}

/// Seconds (`30`, `0.5`) in milliseconds.
fn seconds_ms(text: &str) -> Option<u64> {
    let v: f64 = text.parse().ok()?;
    (0.0..1e9).contains(&v).then(|| (v * 1000.0).round() as u64)
}

/// The longest `level` base read (about 35 years): the clock's arithmetic stays far from
/// overflowing.
const MAX_BASE_MS: u64 = 1 << 40;

/// `level`'s base: minutes (`5`, `0.5`) or `MIN:SEC`, at most `MAX_BASE_MS`. An ICS-style
/// `+INC` after it (`25+5`) is read past, as the increment has a field of its own; anything
/// else is refused, not read up to its first stray character (a typo `5;30` is not 5 minutes).
fn base_ms(text: &str) -> Option<u64> {
    let text = match text.split_once('+') {
        Some((base, inc)) if !inc.is_empty() && inc.bytes().all(|b| b.is_ascii_digit()) => base,
        Some(_) => return None,
        None => text,
    };
    if !text
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
    {
        return None;
    }
    let ms = match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = if m.is_empty() { 0 } else { m.parse().ok()? };
            let s = seconds_ms(s)?;
            m.checked_mul(60_000)?.checked_add(s)
        }
        None => seconds_ms(text).and_then(|s| s.checked_mul(60)),
    };
    ms.filter(|&ms| ms <= MAX_BASE_MS)
}

/// Parses one line. `Ok(None)` for an empty line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let args: Vec<&str> = words.collect();
    let rest = line[first.len()..].trim();
    let none = |c: Command| {
        if args.is_empty() {
            Ok(Some(c))
        } else {
            Err(CommandError::TooMany)
        }
    };
    let one = || match args.as_slice() {
        [] => Err(CommandError::Missing),
        [a] => Ok(*a),
        _ => Err(CommandError::TooMany),
    };
    let number = |min: i64, max: i64| -> Result<i64, CommandError> {
        let v: i64 = one()?.parse().map_err(|_| CommandError::Bad)?;
        if (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(CommandError::Bad)
        }
    };
    let setting = |min: i64, max: i64, what: &str| {
        number(min, max).map_err(|e| match e {
            CommandError::Bad => CommandError::Setting(format!("{what} from {min} to {max}")),
            e => e,
        })
    };
    const BIG: i64 = 1 << 40;
    let cmd = match first {
        "xboard" => Command::Xboard,
        "protover" => Command::Protover(number(1, 1000)? as u32),
        "rejected" if args.as_slice() == ["debug"] => Command::DebugRejected,
        "accepted" | "rejected" => Command::FeatureReply,
        "new" => return none(Command::New),
        // The rest of the line: a typed title may have spaces ("Relay King's Leap Chess").
        "variant" if rest.is_empty() => return Err(CommandError::Missing),
        "variant" => Command::Variant(rest.to_string()),
        "force" => return none(Command::Force),
        "go" => return none(Command::Go),
        "playother" => return none(Command::PlayOther),
        "white" => return none(Command::White),
        "black" => return none(Command::Black),
        "level" => match args.as_slice() {
            [m, b, i] => Command::Level(Level {
                moves: m.parse().map_err(|_| CommandError::Bad)?,
                base_ms: base_ms(b).ok_or(CommandError::Bad)?,
                inc_ms: seconds_ms(i).ok_or(CommandError::Bad)?,
            }),
            [] | [_] | [_, _] => return Err(CommandError::Missing),
            _ => return Err(CommandError::TooMany),
        },
        "st" => Command::SearchTime(seconds_ms(one()?).ok_or(CommandError::Bad)?),
        "sd" => Command::Depth(number(1, 1000)? as i32),
        "nps" => Command::Nps(number(0, BIG)? as u64),
        "time" => Command::Time(number(-BIG, BIG)?),
        "otim" => Command::Otim(number(-BIG, BIG)?),
        "usermove" => Command::UserMove(one()?.to_string()),
        "?" => return none(Command::MoveNow),
        // A ping's answer is matched to it by the number, so one without is refused.
        "ping" if rest.is_empty() => return Err(CommandError::Missing),
        "ping" => Command::Ping(rest.to_string()),
        "draw" => return none(Command::Draw),
        "result" => Command::Result(rest.to_string()),
        "setboard" => {
            if rest.is_empty() {
                return Err(CommandError::Missing);
            }
            Command::SetBoard(rest.to_string())
        }
        "edit" => return none(Command::Edit),
        "undo" => return none(Command::Undo),
        "remove" => return none(Command::Remove),
        "hard" => return none(Command::Hard),
        "easy" => return none(Command::Easy),
        "post" => return none(Command::Post),
        "nopost" => return none(Command::NoPost),
        "analyze" => return none(Command::Analyze),
        "exit" => return none(Command::Exit),
        "." => return none(Command::Status),
        "hint" => return none(Command::Hint),
        "bk" => return none(Command::Book),
        "memory" => Command::Memory(setting(1, 1 << 30, "memory takes a number of MB")? as usize),
        "cores" => Command::Cores(setting(1, 1 << 16, "cores takes a number of threads")? as usize),
        "option" => {
            if rest.is_empty() {
                return Err(CommandError::Missing);
            }
            match rest.split_once('=') {
                Some((n, v)) => Command::Option {
                    name: n.trim().to_string(),
                    value: Some(v.trim().to_string()),
                },
                None => Command::Option {
                    name: rest.to_string(),
                    value: None,
                },
            }
        }
        "exclude" => Command::Exclude(one()?.to_string()),
        "include" => Command::Include(one()?.to_string()),
        "lift" => Command::Lift(one()?.to_string()),
        "put" => Command::Put(one()?.to_string()),
        "hover" => Command::Hover(one()?.to_string()),
        "random" | "computer" | "name" | "rating" | "ics" => Command::Ignored,
        "d" => return none(Command::Display),
        "quit" => Command::Quit,
        word if looks_like_move(word) => return none(Command::UserMove(word.to_string())),
        _ => return Err(CommandError::Unknown),
    };
    Ok(Some(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let l = |s: &str| match parse(s) {
            Ok(Some(Command::Level(l))) => l,
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(
            l("level 40 5 0"),
            Level {
                moves: 40,
                base_ms: 300_000,
                inc_ms: 0
            }
        );
        assert_eq!(
            l("level 0 2 12"),
            Level {
                moves: 0,
                base_ms: 120_000,
                inc_ms: 12_000
            }
        );
        assert_eq!(
            l("level 40 0:30 0"),
            Level {
                moves: 40,
                base_ms: 30_000,
                inc_ms: 0
            }
        );
        assert_eq!(
            l("level 0 1:05 0.5"),
            Level {
                moves: 0,
                base_ms: 65_000,
                inc_ms: 500
            }
        );
        assert_eq!(
            l("level 40 25+5 0"),
            Level {
                moves: 40,
                base_ms: 1_500_000,
                inc_ms: 0
            }
        );
        assert_eq!(
            l("level 0 0.5 0.1"),
            Level {
                moves: 0,
                base_ms: 30_000,
                inc_ms: 100
            }
        );
        assert_eq!(parse("level 40 5"), Err(CommandError::Missing));
        assert_eq!(parse("level 1 2 3 4 5 6 7"), Err(CommandError::TooMany));
        assert_eq!(parse("level x 5 0"), Err(CommandError::Bad));
        // A stray character in the base is refused, not read up to.
        for bad in ["5;30", "5:3x", "5x", "25+", "25+x", "1:2:3", "5..0"] {
            assert_eq!(
                parse(&format!("level 40 {bad} 0")),
                Err(CommandError::Bad),
                "{bad}"
            );
        }
    }

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(
            parse("usermove e2e4"),
            Ok(Some(Command::UserMove("e2e4".into())))
        );
        assert_eq!(parse("e7e8q"), Ok(Some(Command::UserMove("e7e8q".into()))));
        assert_eq!(parse("P@e4"), Ok(Some(Command::UserMove("P@e4".into()))));
        assert_eq!(parse("O-O-O"), Ok(Some(Command::UserMove("O-O-O".into()))));
        assert_eq!(parse("ping 17"), Ok(Some(Command::Ping("17".into()))));
        assert_eq!(parse("ping"), Err(CommandError::Missing));
        assert_eq!(
            parse("variant Relay King's  Leap Chess"),
            Ok(Some(Command::Variant("Relay King's  Leap Chess".into())))
        );
        assert_eq!(parse("variant "), Err(CommandError::Missing));
        assert_eq!(parse("time -300"), Ok(Some(Command::Time(-300))));
        assert_eq!(parse("st 0.5"), Ok(Some(Command::SearchTime(500))));
        assert_eq!(parse("sd 0"), Err(CommandError::Bad));
        assert_eq!(
            parse("option Move Overhead=30"),
            Ok(Some(Command::Option {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
        assert_eq!(
            parse("option Clear Hash"),
            Ok(Some(Command::Option {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("setboard 8/8 w - - 0 1"),
            Ok(Some(Command::SetBoard("8/8 w - - 0 1".into())))
        );
        assert_eq!(parse("frobnicate"), Err(CommandError::Unknown));
        assert_eq!(parse("new game"), Err(CommandError::TooMany));
        assert_eq!(
            parse("result 1-0 {White mates}"),
            Ok(Some(Command::Result("1-0 {White mates}".into())))
        );
    }
}
