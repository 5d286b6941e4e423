//! Variant definitions as data: the INI-like format read for built-in games and user files.
//! A `VariantSpec` is unvalidated text-level data; `Variant::compile` turns it into a game.

use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub struct PieceSpec {
    pub letter: char,
    pub name: String,
    pub betza: String,
    pub value: i32,
    pub royal: bool,
    pub pawn: bool,
    /// May not jump an occupied square to attack a royal piece (the Cannons and Crabs cannon).
    pub no_jump_check: bool,
    /// Name of the zone the piece may never leave.
    pub confined: Option<String>,
    /// Extra moves the piece has while it stands in a zone: (zone, Betza).
    pub zone_moves: Option<(String, String)>,
}

/// Castling toward one side, for one colour: the king's and the partner's destination files and
/// which piece letters may be the partner.
#[derive(Clone, Debug, PartialEq)]
pub struct CastleSpec {
    pub king_to: u8,
    pub partner_to: u8,
    pub partners: Vec<char>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    Draw,
    /// The side that has no move wins (never used yet, kept for completeness).
    Win,
    /// The side that has no move loses: the stalemating player wins.
    Loss,
}

/// How Black's half of the board mirrors White's, for the evaluation's tables: by rank
/// (standard), by a half turn (crosswise arrays), or along the diagonal grid (Canonical).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalOrientation {
    Standard,
    Crosswise,
    Diagonal,
}

/// How the terminal displays draw the board: the plain grid, or also the diamond view of a
/// grid turned 45 degrees (the Canonical family).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardView {
    Grid,
    Diamond,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    Draw,
    /// Recreating any earlier position is an illegal move.
    Illegal,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VariantSpec {
    pub name: String,
    /// The section this one was copied from (`[name : parent]`).
    pub parent: Option<String>,
    pub aliases: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    pub start: String,
    pub pieces: Vec<PieceSpec>,
    pub promote_to: Vec<char>,
    /// Relative ranks (1 = own first rank) where a pawn-like piece may promote; the last
    /// rank is always one of them (when any is listed), and there promotion is compulsory.
    pub promotion_ranks: Vec<u8>,
    pub promotion_limited_by_initial: bool,
    pub double_step_ranks: Vec<u8>,
    /// `[color][side]`: side 0 = partner on the higher file, 1 = lower file.
    pub castling: [[Option<CastleSpec>; 2]; 2],
    /// `[color]`: the side (0 = higher file) whose castling SAN writes `O-O`.
    pub short_castle_side: [usize; 2],
    pub king_leap: bool,
    /// `chess960 = yes`: castling from wherever the king and its partners stand on the first
    /// rank (Fischer Random rules), not only from the start array's squares.
    pub chess960: bool,
    pub stalemate: StalemateRule,
    pub repetition: RepetitionRule,
    pub move_rule: u16,
    /// Positional bonus tables for the evaluation (piece letter, values from White's a1 upward).
    pub bonus_tables: Vec<(char, Vec<i32>)>,
    pub eval_orientation: EvalOrientation,
    /// Black's moves are White's turned a half turn (true) or mirrored by rank (false).
    pub rotate_black: bool,
    /// Named sets of squares per colour: (name, [white squares, black squares]) as text.
    pub zones: Vec<(String, [Vec<String>; 2])>,
    /// Kings facing each other along this direction (both ways) with nothing between attack
    /// each other (Xiang Qi's flying general).
    pub facing_kings: Option<(i8, i8)>,
    /// Relay / anti-relay rules (`relay = relay-indirect-anti-relay`, `-` for none).
    pub relay: Option<super::RelayRule>,
    /// Captures follow the cancellation rule (`cancellation = yes`).
    pub cancellation: bool,
    /// The fairy pieces `cancellation-extended-<game>` may place (`cancellation-extra` lines;
    /// `None`: those of `extended.ini`).
    pub cancellation_extras: Option<Vec<crate::rules::cancellation::extended::ExtraPiece>>,
    /// Knight Relay Chess: this piece relays its moves to the pieces it defends and neither
    /// captures nor is captured (`knight-relay = n`, `-` for none).
    pub knight_relay: Option<char>,
    /// `display = grid | diamond`: the terminal drawings (`d`, `chimera play`).
    pub display: BoardView,
    /// Line where the section started (for errors found while compiling).
    pub line: usize,
    /// The line of each key set in this section (the last one for a repeated key), so that an
    /// error found while compiling names the key's own line.
    pub key_lines: Vec<(String, usize)>,
}

impl VariantSpec {
    /// Applies one `key = value` line of the variant-file format (for specs built in code).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        apply_key(self, key, value)
    }

    fn empty(name: &str, line: usize) -> VariantSpec {
        VariantSpec {
            name: name.to_string(),
            parent: None,
            aliases: Vec::new(),
            files: 8,
            ranks: 8,
            start: String::new(),
            pieces: Vec::new(),
            promote_to: Vec::new(),
            promotion_ranks: Vec::new(),
            promotion_limited_by_initial: false,
            double_step_ranks: Vec::new(),
            castling: [[None, None], [None, None]],
            short_castle_side: [0, 0],
            king_leap: false,
            chess960: false,
            stalemate: StalemateRule::Draw,
            repetition: RepetitionRule::Draw,
            move_rule: 100,
            bonus_tables: Vec::new(),
            eval_orientation: EvalOrientation::Standard,
            rotate_black: false,
            zones: Vec::new(),
            facing_kings: None,
            relay: None,
            knight_relay: None,
            cancellation: false,
            cancellation_extras: None,
            display: BoardView::Grid,
            line,
            key_lines: Vec::new(),
        }
    }

    /// The line of the key an error message starts with (`bonus-table n: …`), else the
    /// section's.
    pub fn line_of_message(&self, message: &str) -> usize {
        self.key_lines
            .iter()
            .rev()
            .find(|(key, _)| {
                message
                    .strip_prefix(key.as_str())
                    .is_some_and(|rest| rest.starts_with([' ', ':']))
            })
            .map_or(self.line, |&(_, line)| line)
    }
}

/// An error in a variant file, with its line number.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn file_letter(word: &str) -> Option<u8> {
    let b = word.as_bytes();
    (b.len() == 1 && b[0].is_ascii_lowercase() && b[0] - b'a' < 16).then(|| b[0] - b'a')
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "yes" | "true" | "1" | "on" => Some(true),
        "no" | "false" | "0" | "off" => Some(false),
        _ => None,
    }
}

fn parse_list<T: std::str::FromStr>(v: &str) -> Option<Vec<T>> {
    v.split_whitespace().map(|w| w.parse().ok()).collect()
}

fn parse_letters(v: &str) -> Option<Vec<char>> {
    v.split_whitespace()
        .map(|w| {
            let mut cs = w.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => Some(c),
                _ => None,
            }
        })
        .collect()
}

/// A set of piece letters, spaced or run together (`q r b n`, `qrbn`: each piece is one letter).
fn parse_letter_set(v: &str) -> Result<Vec<char>, String> {
    let letters: Vec<char> = v.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.iter().all(char::is_ascii_lowercase) {
        Ok(letters)
    } else {
        Err(format!(
            "expected lowercase piece letters (`q r b n` or `qrbn`), got '{v}'"
        ))
    }
}

/// A game's name or alias as a file may write it: what a lookup, in lowercase, can find.
fn is_game_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The leap replaces castling, so a section that turns it on drops the castling it inherited
/// (not one its own lines set: that stays, and is refused with both), and where the section
/// has no `start` of its own the inherited start's castling letters become the leap's: `K`
/// where White could castle, `k` where Black could. `[x : capablanca]` with `king-leap = yes`
/// is then a whole game.
fn take_leap_for_inherited_castling(spec: &mut VariantSpec) {
    let own = |is: &dyn Fn(&str) -> bool| spec.key_lines.iter().any(|(k, _)| is(k));
    let own_castling = own(&|k| k.ends_with("castle-high") || k.ends_with("castle-low"));
    let own_start = own(&|k| k == "start");
    if !own_castling {
        spec.castling = Default::default();
    }
    if own_start {
        return;
    }
    let mut fields: Vec<String> = spec.start.split_whitespace().map(str::to_string).collect();
    if let Some(rights) = fields.get_mut(2) {
        if rights != "-" {
            let white = rights.chars().any(|c| c.is_ascii_uppercase());
            let black = rights.chars().any(|c| c.is_ascii_lowercase());
            *rights = match (white, black) {
                (true, true) => "Kk",
                (true, false) => "K",
                (false, true) => "k",
                (false, false) => "-",
            }
            .to_string();
            spec.start = fields.join(" ");
        }
    }
}

fn apply_key(spec: &mut VariantSpec, key: &str, value: &str) -> Result<(), String> {
    let bad = |what: &str| format!("{key}: {what}, got '{value}'");
    match key {
        "aliases" => {
            let aliases: Vec<String> = value.split_whitespace().map(str::to_string).collect();
            // Names are looked up in lowercase: another spelling could never be found.
            if let Some(a) = aliases.iter().find(|a| !is_game_name(a)) {
                return Err(format!(
                    "aliases: '{a}' must be lowercase letters, digits and '-'"
                ));
            }
            spec.aliases = aliases;
        }
        "board" => {
            let (f, r) = value
                .split_once('x')
                .ok_or_else(|| bad("expected FILESxRANKS"))?;
            spec.files = f.trim().parse().map_err(|_| bad("bad file count"))?;
            spec.ranks = r.trim().parse().map_err(|_| bad("bad rank count"))?;
        }
        "start" => spec.start = value.to_string(),
        "piece" => {
            let words: Vec<&str> = value.split_whitespace().collect();
            if let [w] = words.as_slice() {
                if let Some(l) = w.strip_prefix('-') {
                    let c = parse_letters(l).and_then(|v| v.first().copied());
                    let c = c.ok_or_else(|| bad("expected -LETTER to remove a piece"))?;
                    spec.pieces.retain(|p| p.letter != c);
                    return Ok(());
                }
            }
            if words.len() < 4 {
                return Err(bad("expected LETTER NAME BETZA VALUE [royal] [pawn]"));
            }
            let letter = parse_letters(words[0])
                .and_then(|v| v.first().copied())
                .ok_or_else(|| bad("the piece letter must be one lowercase letter"))?;
            let value: i32 = words[3]
                .parse()
                .map_err(|_| bad("the value must be an integer"))?;
            let mut piece = PieceSpec {
                letter,
                name: words[1].to_string(),
                betza: words[2].to_string(),
                value,
                royal: false,
                pawn: false,
                no_jump_check: false,
                confined: None,
                zone_moves: None,
            };
            for flag in &words[4..] {
                match *flag {
                    "royal" => piece.royal = true,
                    "pawn" => piece.pawn = true,
                    "no-jump-check" => piece.no_jump_check = true,
                    other => {
                        if let Some(zone) = other.strip_prefix("confined=") {
                            piece.confined = Some(zone.to_string());
                        } else if let Some(rest) = other.strip_prefix("zone-moves=") {
                            let (zone, betza) = rest
                                .split_once(':')
                                .ok_or_else(|| bad("zone-moves=ZONE:BETZA"))?;
                            super::betza::parse(betza).map_err(|e| e.0)?;
                            piece.zone_moves = Some((zone.to_string(), betza.to_string()));
                        } else {
                            return Err(format!("piece: unknown flag '{other}'"));
                        }
                    }
                }
            }
            super::betza::parse(&piece.betza).map_err(|e| e.0)?;
            match spec.pieces.iter_mut().find(|p| p.letter == letter) {
                Some(p) => *p = piece,
                None => spec.pieces.push(piece),
            }
        }
        "promote-to" => {
            spec.promote_to = parse_letter_set(value).map_err(|e| format!("{key}: {e}"))?
        }
        "promotion-ranks" => {
            spec.promotion_ranks = parse_list(value).ok_or_else(|| bad("expected rank numbers"))?
        }
        "promotion-limit" => {
            spec.promotion_limited_by_initial = match value {
                "initial" => true,
                "none" => false,
                _ => return Err(bad("expected 'initial' or 'none'")),
            }
        }
        "double-step-ranks" => {
            spec.double_step_ranks =
                parse_list(value).ok_or_else(|| bad("expected rank numbers"))?
        }
        "king-leap" => {
            spec.king_leap = parse_bool(value).ok_or_else(|| bad("expected yes or no"))?;
            if spec.king_leap {
                take_leap_for_inherited_castling(spec);
            }
        }
        "chess960" => spec.chess960 = parse_bool(value).ok_or_else(|| bad("expected yes or no"))?,
        "cancellation" => {
            spec.cancellation = parse_bool(value).ok_or_else(|| bad("expected yes or no"))?
        }
        "cancellation-extra" => {
            // A section's first line replaces the list it inherited; `-` leaves it empty.
            let own = spec.key_lines.iter().any(|(k, _)| k == key);
            let mut extras = match (&spec.cancellation_extras, own) {
                (Some(list), true) => list.clone(),
                _ => Vec::new(),
            };
            if value == "-" {
                extras.clear();
            } else {
                use crate::rules::cancellation::extended::ExtraPiece;
                extras.push(ExtraPiece::parse(value).map_err(|e| format!("{key}: {e}"))?);
            }
            spec.cancellation_extras = Some(extras);
        }
        "stalemate" => {
            spec.stalemate = match value {
                "draw" => StalemateRule::Draw,
                "win" => StalemateRule::Win,
                "loss" => StalemateRule::Loss,
                _ => {
                    return Err(bad(
                        "expected draw, win or loss (for the side without a move)",
                    ))
                }
            }
        }
        "repetition" => {
            spec.repetition = match value {
                "draw" => RepetitionRule::Draw,
                "illegal" => RepetitionRule::Illegal,
                _ => return Err(bad("expected draw or illegal")),
            }
        }
        "move-rule" => {
            spec.move_rule = value
                .parse()
                .map_err(|_| bad("expected a number of plies"))?
        }
        "symmetry" => {
            spec.rotate_black = match value {
                "mirror" => false,
                "rotate" => true,
                _ => return Err(bad("expected mirror or rotate")),
            }
        }
        "zone" => {
            let words: Vec<&str> = value.split_whitespace().collect();
            let (name, color) = match words.as_slice() {
                [n, c, ..] => (n.to_string(), *c),
                _ => return Err(bad("expected NAME white|black SQUARES...")),
            };
            let ci = match color {
                "white" => 0,
                "black" => 1,
                _ => return Err(bad("the zone's colour must be white or black")),
            };
            let squares: Vec<String> = words[2..].iter().map(|w| w.to_string()).collect();
            match spec.zones.iter_mut().find(|z| z.0 == name) {
                Some(z) => z.1[ci] = squares,
                None => {
                    let mut sides: [Vec<String>; 2] = Default::default();
                    sides[ci] = squares;
                    spec.zones.push((name, sides));
                }
            }
        }
        "facing-kings" => {
            if value == "-" {
                spec.facing_kings = None;
            } else {
                let v: Vec<i8> = parse_list(value).ok_or_else(|| bad("expected DX DY or -"))?;
                match v.as_slice() {
                    [dx, dy] if (*dx, *dy) != (0, 0) && dx.abs() <= 1 && dy.abs() <= 1 => {
                        spec.facing_kings = Some((*dx, *dy))
                    }
                    _ => return Err(bad("expected a unit direction DX DY")),
                }
            }
        }
        "relay" => {
            spec.relay = match value {
                "-" | "none" => None,
                _ => Some(super::relay_name::parse_rule(value).map_err(|e| format!("relay: {e}"))?),
            }
        }
        "knight-relay" => {
            spec.knight_relay = match value {
                "-" | "none" => None,
                _ => Some(
                    parse_letters(value)
                        .and_then(|v| v.first().copied())
                        .ok_or_else(|| bad("expected the relaying piece's letter or -"))?,
                ),
            }
        }
        "display" => {
            spec.display = match value {
                "grid" => BoardView::Grid,
                "diamond" => BoardView::Diamond,
                _ => return Err(bad("expected grid or diamond")),
            }
        }
        "eval-orientation" => {
            spec.eval_orientation = match value {
                "standard" => EvalOrientation::Standard,
                "crosswise" => EvalOrientation::Crosswise,
                "diagonal" => EvalOrientation::Diagonal,
                _ => return Err(bad("expected standard, crosswise or diagonal")),
            }
        }
        "bonus-table" => {
            let mut words = value.split_whitespace();
            let letter = words
                .next()
                .and_then(parse_letters)
                .and_then(|v| v.first().copied())
                .ok_or_else(|| bad("expected a piece letter then the values"))?;
            let values: Vec<i32> = words
                .map(|w| w.parse().map_err(|_| bad("values must be integers")))
                .collect::<Result<_, _>>()?;
            spec.bonus_tables.retain(|(l, _)| *l != letter);
            spec.bonus_tables.push((letter, values));
        }
        _ => {
            // A plain key is both colours' unless the section has Black's own line for it,
            // before or after: the lines' order does not matter.
            let black_own = |rest: &str| {
                let black_key = format!("black-{rest}");
                spec.key_lines.iter().any(|(k, _)| *k == black_key)
            };
            let (colors, rest): (&[usize], &str) = match key.strip_prefix("black-") {
                Some(rest) => (&[1], rest),
                None if black_own(key) => (&[0], key),
                None => (&[0, 1], key),
            };
            if rest == "castle-short" {
                let side = match value {
                    "high" => 0,
                    "low" => 1,
                    _ => return Err(bad("expected high or low")),
                };
                for &c in colors {
                    spec.short_castle_side[c] = side;
                }
                return Ok(());
            }
            let side = match rest {
                "castle-high" | "castle-partner-high" => 0,
                "castle-low" | "castle-partner-low" => 1,
                _ => return Err(format!("unknown key '{key}'")),
            };
            for &c in colors {
                if rest.starts_with("castle-partner") {
                    let letters = parse_letter_set(value).map_err(|e| format!("{key}: {e}"))?;
                    match &mut spec.castling[c][side] {
                        Some(cs) => cs.partners = letters,
                        // Black without this castling (`black-castle-high = -`): the plain
                        // key's partners are White's.
                        None if c == 1 && colors.len() == 2 => {}
                        None => return Err(format!("{key}: set castle-high/low first")),
                    }
                } else if value.trim() == "-" {
                    spec.castling[c][side] = None;
                } else {
                    let words: Vec<&str> = value.split_whitespace().collect();
                    let files: Option<Vec<u8>> = words.iter().map(|w| file_letter(w)).collect();
                    match files.as_deref() {
                        Some([k, p]) => {
                            let partners = spec.castling[c][side]
                                .as_ref()
                                .map(|cs| cs.partners.clone())
                                .unwrap_or_else(|| vec!['r']);
                            spec.castling[c][side] = Some(CastleSpec {
                                king_to: *k,
                                partner_to: *p,
                                partners,
                            });
                        }
                        _ => {
                            return Err(bad(
                                "expected the king's and the partner's destination files, or -",
                            ))
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Reads a variants file. Earlier sections (and `base`, e.g. the built-ins) may be parents.
pub fn parse_file(text: &str, base: &[VariantSpec]) -> Result<Vec<VariantSpec>, Vec<SpecError>> {
    let (specs, errors) = parse_file_lenient(text, base);
    if errors.is_empty() {
        Ok(specs)
    } else {
        Err(errors)
    }
}

/// A variants file's bytes as text: UTF-8, a leading byte-order mark (as Windows editors write
/// it) dropped. The error names the first line that is not UTF-8.
pub fn decode_text(bytes: &[u8]) -> Result<String, SpecError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map(str::to_string).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        // Line breaks as the reader counts them: LF, CR LF (its LF), or a lone CR.
        let breaks = valid
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')));
        SpecError {
            line: 1 + breaks.count(),
            message: "not UTF-8 text (a variants file must be UTF-8)".into(),
        }
    })
}

/// The largest variants file read (the built-in games take about 20 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The most games one variants file may define. Each is built when the file is loaded (about
/// a millisecond each), on the protocol's own thread: 20,000 small sections kept `isready`
/// waiting for 20 s. Fairy-Stockfish's own variants.ini has a few hundred.
pub const MAX_GAMES_PER_FILE: usize = 512;

/// A file's bytes, if it is a regular file of at most `MAX_FILE_BYTES`. A path typed by a user
/// may name a device or a pipe (`/dev/zero`, `/dev/stdin`), which would never end or would
/// swallow the protocol's own input: those are refused before anything is read, and before
/// the file is opened (opening a named pipe waits for a writer).
pub fn read_small_file(path: &str) -> Result<Vec<u8>, String> {
    read_regular_file(path, MAX_FILE_BYTES, "a variants file")
}

/// A file's bytes, if it is a regular file of at most `max_bytes` (else the error names
/// `what` it cannot be); read as `read_small_file` says, for any file a user names.
pub fn read_regular_file(path: &str, max_bytes: u64, what: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let not_regular = || Err(format!("{path}: not a regular file"));
    if !std::fs::metadata(path)
        .map_err(|e| format!("{path}: {e}"))?
        .is_file()
    {
        return not_regular();
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("{path}: {e}"))?;
    // Checked again on the file opened: the path may have been replaced since.
    if !meta.is_file() {
        return not_regular();
    }
    let mut bytes = Vec::new();
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "{path}: larger than {} KB: not {what}",
            max_bytes / 1024
        ));
    }
    Ok(bytes)
}

/// Reads a variants file: its text, or the error as `PATH: …` / `PATH:LINE: …`.
pub fn read_file(path: &str) -> Result<String, String> {
    let bytes = read_small_file(path)?;
    decode_text(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// A section that changes the number of ranks and lists no promotion ranks of its own keeps
/// its parent's at the same distance from the far end: `[tall : chess]` with `board = 8x10`
/// promotes on rank 10, a Grand child with 12 ranks on 10 to 12. Ranks that would fall off
/// the near end are dropped.
fn keep_promotion_distance(mut spec: VariantSpec, parent_ranks: Option<u8>) -> VariantSpec {
    let Some(old) = parent_ranks else {
        return spec;
    };
    let own = spec.key_lines.iter().any(|(k, _)| k == "promotion-ranks");
    if own || old == spec.ranks {
        return spec;
    }
    let shift = i32::from(spec.ranks) - i32::from(old);
    let ranks = i32::from(spec.ranks);
    spec.promotion_ranks = spec
        .promotion_ranks
        .iter()
        .map(|&r| i32::from(r) + shift)
        .filter(|r| (1..=ranks).contains(r))
        .map(|r| r as u8)
        .collect();
    spec
}

/// Reads what it can: the sections (even those with bad lines) and every error found.
pub fn parse_file_lenient(text: &str, base: &[VariantSpec]) -> (Vec<VariantSpec>, Vec<SpecError>) {
    let mut out: Vec<VariantSpec> = Vec::new();
    let mut errors = Vec::new();
    let mut current: Option<VariantSpec> = None;
    // The number of ranks of the current section's parent.
    let mut parent_ranks: Option<u8> = None;
    // Piece letters defined by the current section itself, with their lines.
    let mut letters: Vec<(char, usize)> = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Lines end in LF, CR LF or a lone CR (old Mac files), as protocol input may.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if let Some(header) = content.strip_prefix('[') {
            let Some(header) = header.strip_suffix(']') else {
                errors.push(SpecError {
                    line,
                    message: "a section header must end with ']'".into(),
                });
                continue;
            };
            if let Some(done) = current.take() {
                out.push(keep_promotion_distance(done, parent_ranks));
            }
            if out.len() == MAX_GAMES_PER_FILE {
                errors.push(SpecError {
                    line,
                    message: format!(
                        "more than {MAX_GAMES_PER_FILE} games in one file: not a variants file"
                    ),
                });
                return (out, errors);
            }
            letters.clear();
            parent_ranks = None;
            let (name, parent) = match header.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (header.trim(), None),
            };
            if let Some(first) = out.iter().find(|s| s.name == name) {
                errors.push(SpecError {
                    line,
                    message: format!(
                        "[{name}] is defined twice in this file (first on line {})",
                        first.line
                    ),
                });
            }
            if !is_game_name(name) {
                errors.push(SpecError {
                    line,
                    message: format!(
                        "variant name '{name}' must be lowercase letters, digits and '-'"
                    ),
                });
            }
            let mut spec = match parent {
                Some(p) => match out.iter().rev().chain(base.iter()).find(|s| s.name == p) {
                    Some(parent) => {
                        parent_ranks = Some(parent.ranks);
                        let mut s = parent.clone();
                        s.aliases.clear();
                        s.name = name.to_string();
                        s.parent = Some(p.to_string());
                        s.line = line;
                        s.key_lines.clear();
                        s
                    }
                    None => {
                        errors.push(SpecError {
                            line,
                            message: format!("unknown parent variant '{p}'"),
                        });
                        VariantSpec::empty(name, line)
                    }
                },
                None => VariantSpec::empty(name, line),
            };
            spec.line = line;
            current = Some(spec);
            continue;
        }
        let Some((key, value)) = content.split_once('=') else {
            errors.push(SpecError {
                line,
                message: format!("expected 'key = value', got '{content}'"),
            });
            continue;
        };
        let Some(spec) = current.as_mut() else {
            errors.push(SpecError {
                line,
                message: "a key before the first [section]".into(),
            });
            continue;
        };
        if key.trim() == "piece" && !value.trim().starts_with('-') {
            let letter = value
                .trim()
                .chars()
                .next()
                .unwrap_or(' ')
                .to_ascii_lowercase();
            if let Some((_, first)) = letters.iter().find(|(l, _)| *l == letter) {
                errors.push(SpecError {
                    line,
                    message: format!(
                        "piece '{letter}' is defined twice in this section (first on line {first})"
                    ),
                });
                continue;
            }
            letters.push((letter, line));
        }
        match apply_key(spec, key.trim(), value.trim()) {
            Ok(()) => spec.key_lines.push((key.trim().to_ascii_lowercase(), line)),
            Err(message) => errors.push(SpecError { line, message }),
        }
    }
    if let Some(done) = current.take() {
        out.push(keep_promotion_distance(done, parent_ranks));
    }
    if out.is_empty() && errors.is_empty() {
        errors.push(SpecError {
            line: 1,
            message: "no [section]: the file defines no game".into(),
        });
    }
    (out, errors)
}
