//! The relay / anti-relay naming scheme (Mike Nelson's, `rules/relay.md`): an optional relay part,
//! an optional anti-relay part, then the base game.
//!
//! ```text
//! name  = [relay "-"] [anti "-"] base            (at least one of relay, anti)
//! relay = [side "-"] "relay"                     side default: friendly
//! anti  = [side "-"] [kind "-"] "anti-relay"     side default: hostile; kind default: direct
//! side  = "friendly" | "hostile" | "bilateral"
//! kind  = "direct" | "indirect" | "normal-indirect" | "converse" | "converse-indirect"
//!       | "total" | "total-indirect"
//! ```
//!
//! Both the kebab-case name and the written title are read, in any letter case
//! (`Friendly Relay Hostile Converse Indirect Anti-Relay Tutti-Fruitti Chess`): words may be
//! separated by `-`, `_` or white space (a run of them is one separator), and a trailing "Chess"
//! after the base game is optional.
//! Parsing yields the rule and the base game's words; the registry resolves the base.

use std::fmt;

/// Whose pieces an effect is between: the seeing and the seen piece of the same colour, of
/// opposite colours, or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Friendly,
    Hostile,
    Bilateral,
}

/// Which piece loses the type when one piece sees another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AntiKind {
    /// The seen piece (Basilisk).
    Direct,
    /// The seeing piece, when the seen piece also has the type naturally (Medusa, normal).
    Normal,
    /// The seeing piece, when the seen piece lacks the type naturally.
    Converse,
    /// The seeing piece, in both cases.
    Total,
}

/// The relay and anti-relay rules of a game; at least one part is present.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RelayRule {
    pub relay: Option<Side>,
    pub anti: Option<(Side, AntiKind)>,
}

/// The names every front end lists (`UCI_Variant`, XBoard `variants`, the README); any other
/// well-formed name is accepted on request.
pub const LISTED: [&str; 5] = [
    "anti-relay-chess",
    "relay-chess",
    "relay-indirect-anti-relay-gothic",
    "relay-converse-anti-relay-tutti-frutti",
    "hostile-relay-friendly-anti-relay-grand",
];

/// The listed relay game names (see [`LISTED`]).
pub fn listed_names() -> &'static [&'static str] {
    &LISTED
}

/// A parsed name: the rule and the base game as written (words joined by `-`, lowercase).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelayName {
    pub rule: RelayRule,
    pub base: String,
    /// 1-based index of the base game's first word (for error messages).
    pub base_word: usize,
    /// When the base words contain "relay" or "anti": the error to report if they do not name a
    /// game after all (a misspelt modifier rather than a game called "…-relay").
    pub base_error: Option<RelayNameError>,
}

/// What is wrong with a name, and which word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayNameError {
    /// The name has no relay or anti-relay part and mentions neither (not meant as one).
    NotRelay,
    /// The name is meant as a relay name but a word is wrong.
    Bad {
        name: String,
        word: Option<(usize, String)>,
        message: String,
    },
}

impl fmt::Display for RelayNameError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RelayNameError::NotRelay => write!(f, "not a relay or anti-relay name"),
            RelayNameError::Bad {
                name,
                word: Some((i, w)),
                message,
            } => {
                write!(f, "bad variant name '{name}': word {i} '{w}': {message}")
            }
            RelayNameError::Bad {
                name,
                word: None,
                message,
            } => write!(f, "bad variant name '{name}': {message}"),
        }
    }
}

impl std::error::Error for RelayNameError {}

const SIDES: &str = "friendly, hostile or bilateral";
const KINDS: &str = "direct, indirect, normal indirect, converse [indirect] or total [indirect]";

fn side_word(w: &str) -> Option<Side> {
    match w {
        "friendly" => Some(Side::Friendly),
        "hostile" => Some(Side::Hostile),
        "bilateral" => Some(Side::Bilateral),
        _ => None,
    }
}

fn is_kind_word(w: &str) -> bool {
    matches!(w, "direct" | "indirect" | "normal" | "converse" | "total")
}

/// Splits a name or title into lowercase words ("Anti-Relay" gives "anti", "relay"), with
/// apostrophes left out ("King's Leap" gives "kings", "leap", as in `kings-leap`).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c == '-' || c == '_' || c.is_whitespace())
        .map(|w| w.replace(['\'', '\u{2019}'], "").to_ascii_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

struct Parser<'a> {
    name: &'a str,
    words: Vec<String>,
    i: usize,
}

impl Parser<'_> {
    fn word(&self, i: usize) -> Option<&str> {
        self.words.get(i).map(String::as_str)
    }
    fn err(&self, at: usize, message: String) -> RelayNameError {
        let word = self.words.get(at).map(|w| (at + 1, w.clone()));
        RelayNameError::Bad {
            name: self.name.to_string(),
            word,
            message,
        }
    }
    fn found(&self, i: usize) -> String {
        match self.word(i) {
            Some(w) => format!("found '{w}'"),
            None => "found the end of the name".to_string(),
        }
    }

    /// Reads `kind "-" "anti" "-" "relay"` from a kind word on.
    fn kind(&mut self) -> Result<AntiKind, RelayNameError> {
        let at = self.i;
        let first = self.words[at].clone();
        let kind = match first.as_str() {
            "direct" => AntiKind::Direct,
            "indirect" => AntiKind::Normal,
            "normal" => {
                if self.word(at + 1) != Some("indirect") {
                    return Err(self.err(
                        at,
                        format!(
                            "'normal' must be followed by 'indirect', {}",
                            self.found(at + 1)
                        ),
                    ));
                }
                self.i += 1;
                AntiKind::Normal
            }
            "converse" | "total" => {
                if self.word(at + 1) == Some("indirect") {
                    self.i += 1;
                }
                if first == "converse" {
                    AntiKind::Converse
                } else {
                    AntiKind::Total
                }
            }
            _ => unreachable!("called on a kind word"),
        };
        self.i += 1;
        if let Some(w) = self.word(self.i) {
            if is_kind_word(w) {
                return Err(self.err(
                    self.i,
                    format!("a second anti-relay kind after '{first}' (one of {KINDS})"),
                ));
            }
        }
        if self.word(self.i) != Some("anti") || self.word(self.i + 1) != Some("relay") {
            return Err(self.err(
                at,
                format!(
                    "'{first}' is an anti-relay kind and must be followed by 'anti-relay', {}",
                    self.found(self.i)
                ),
            ));
        }
        Ok(kind)
    }

    fn parse(mut self, need_base: bool) -> Result<RelayName, RelayNameError> {
        let mut rule = RelayRule {
            relay: None,
            anti: None,
        };
        if self.words.is_empty() {
            return Err(RelayNameError::Bad {
                name: self.name.to_string(),
                word: None,
                message: "empty name".into(),
            });
        }
        loop {
            let part_start = self.i;
            let side = self.word(self.i).and_then(side_word);
            if side.is_some() {
                self.i += 1;
            }
            // `normal` alone, after the relay parts, is the base game (chess's alias), not
            // the start of `normal-indirect`.
            let base_named_normal = side.is_none()
                && (rule.relay.is_some() || rule.anti.is_some())
                && self.word(self.i) == Some("normal")
                && self.word(self.i + 1) != Some("indirect");
            let kind = match self.word(self.i) {
                Some(w) if is_kind_word(w) && !base_named_normal => Some(self.kind()?),
                _ => None,
            };
            match self.word(self.i) {
                Some("relay") if kind.is_none() => {
                    if rule.relay.is_some() {
                        return Err(self.err(self.i, "the relay part is given twice".into()));
                    }
                    if rule.anti.is_some() {
                        return Err(self.err(
                            part_start,
                            "the relay part must come before the anti-relay part".into(),
                        ));
                    }
                    rule.relay = Some(side.unwrap_or(Side::Friendly));
                    self.i += 1;
                }
                Some("anti") => {
                    if self.word(self.i + 1) != Some("relay") {
                        return Err(self.err(
                            self.i,
                            format!(
                                "'anti' must be followed by 'relay', {}",
                                self.found(self.i + 1)
                            ),
                        ));
                    }
                    if rule.anti.is_some() {
                        return Err(
                            self.err(part_start, "the anti-relay part is given twice".into())
                        );
                    }
                    rule.anti = Some((
                        side.unwrap_or(Side::Hostile),
                        kind.unwrap_or(AntiKind::Direct),
                    ));
                    self.i += 2;
                }
                _ => {
                    if let Some(s) = side {
                        let s = format!("{s:?}").to_ascii_lowercase();
                        return Err(self.err(
                            part_start,
                            format!("the side '{s}' must be followed by 'relay', an anti-relay kind or 'anti-relay', {}", self.found(self.i)),
                        ));
                    }
                    break;
                }
            }
        }
        let base_words = &self.words[self.i..];
        let mentions_relay = base_words.iter().any(|w| w == "relay" || w == "anti");
        if rule.relay.is_none() && rule.anti.is_none() {
            if !mentions_relay {
                return Err(RelayNameError::NotRelay);
            }
            return Err(self.err(
                self.i,
                format!("expected a side ({SIDES}), 'relay', an anti-relay kind ({KINDS}) or 'anti-relay'"),
            ));
        }
        let base_error = mentions_relay.then(|| {
            self.err(self.i, format!("expected a side ({SIDES}), an anti-relay kind ({KINDS}), 'anti-relay' or a game"))
        });
        if need_base && base_words.is_empty() {
            return Err(RelayNameError::Bad {
                name: self.name.to_string(),
                word: None,
                message: "the base game is missing at the end (e.g. '…-chess')".into(),
            });
        }
        if !need_base && !base_words.is_empty() {
            return Err(self.err(
                self.i,
                "expected only the relay and anti-relay parts here".into(),
            ));
        }
        if !need_base {
            if let Some(e) = base_error {
                return Err(e);
            }
        }
        Ok(RelayName {
            rule,
            base: base_words.join("-"),
            base_word: self.i + 1,
            base_error,
        })
    }
}

/// Parses a full name (modifiers and base game). The base is not checked against the games.
pub fn parse(name: &str) -> Result<RelayName, RelayNameError> {
    Parser {
        name: name.trim(),
        words: words(name),
        i: 0,
    }
    .parse(true)
}

/// Parses only the modifier part (the `relay = …` key of a variants file), e.g.
/// `relay-indirect-anti-relay` or `Hostile Relay Friendly Anti-Relay`.
pub fn parse_rule(text: &str) -> Result<RelayRule, RelayNameError> {
    Parser {
        name: text.trim(),
        words: words(text),
        i: 0,
    }
    .parse(false)
    .map(|n| n.rule)
}

/// The candidate spellings of the base game, best first: as written, then without a
/// trailing "chess" word ("Gothic Chess" is `gothic`; "Chess" alone stays `chess`).
pub fn base_candidates(base: &str) -> Vec<String> {
    let mut out = vec![base.to_string()];
    if let Some(stripped) = base.strip_suffix("-chess") {
        out.push(stripped.to_string());
    }
    out
}

/// The kebab-case spellings a written title may stand for, best first: its words joined by
/// `-`, then without a trailing "chess" word ("King's Leap Chess" is `kings-leap`, "Cannons and
/// Crabs" `cannons-and-crabs`). Empty for a title of no words.
pub fn title_candidates(title: &str) -> Vec<String> {
    let joined = words(title).join("-");
    if joined.is_empty() {
        return Vec::new();
    }
    base_candidates(&joined)
}

/// The shortest kebab-case spelling of the modifiers, defaults left out
/// (`relay-indirect-anti-relay`).
pub fn rule_prefix(rule: RelayRule) -> String {
    let mut parts: Vec<&str> = Vec::new();
    if let Some(side) = rule.relay {
        match side {
            Side::Friendly => {}
            Side::Hostile => parts.push("hostile"),
            Side::Bilateral => parts.push("bilateral"),
        }
        parts.push("relay");
    }
    if let Some((side, kind)) = rule.anti {
        match side {
            Side::Hostile => {}
            Side::Friendly => parts.push("friendly"),
            Side::Bilateral => parts.push("bilateral"),
        }
        match kind {
            AntiKind::Direct => {}
            AntiKind::Normal => parts.push("indirect"),
            AntiKind::Converse => parts.push("converse"),
            AntiKind::Total => parts.push("total"),
        }
        parts.push("anti-relay");
    }
    parts.join("-")
}

/// The canonical name of a relay game over `base` (a game's own name).
pub fn canonical(rule: RelayRule, base: &str) -> String {
    format!("{}-{base}", rule_prefix(rule))
}

/// The full spelled-out title, every default written ("Friendly Relay Hostile Direct
/// Anti-Relay").
pub fn rule_title(rule: RelayRule) -> String {
    let side = |s: Side| match s {
        Side::Friendly => "Friendly",
        Side::Hostile => "Hostile",
        Side::Bilateral => "Bilateral",
    };
    let mut parts = Vec::new();
    if let Some(s) = rule.relay {
        parts.push(format!("{} Relay", side(s)));
    }
    if let Some((s, k)) = rule.anti {
        let kind = match k {
            AntiKind::Direct => "Direct",
            AntiKind::Normal => "Normal Indirect",
            AntiKind::Converse => "Converse Indirect",
            AntiKind::Total => "Total Indirect",
        };
        parts.push(format!("{} {kind} Anti-Relay", side(s)));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(name: &str) -> (RelayRule, String) {
        let n = parse(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        (n.rule, n.base)
    }

    #[test]
    fn defaults() {
        use AntiKind::*;
        use Side::*;
        assert_eq!(
            rule("anti-relay-chess"),
            (
                RelayRule {
                    relay: None,
                    anti: Some((Hostile, Direct))
                },
                "chess".into()
            )
        );
        assert_eq!(
            rule("relay-chess"),
            (
                RelayRule {
                    relay: Some(Friendly),
                    anti: None
                },
                "chess".into()
            )
        );
        assert_eq!(
            rule("relay-indirect-anti-relay-gothic").0,
            RelayRule {
                relay: Some(Friendly),
                anti: Some((Hostile, Normal))
            }
        );
        assert_eq!(
            rule("relay-converse-anti-relay-tutti-frutti"),
            (
                RelayRule {
                    relay: Some(Friendly),
                    anti: Some((Hostile, Converse))
                },
                "tutti-frutti".into()
            )
        );
        assert_eq!(
            rule("hostile-relay-friendly-anti-relay-grand").0,
            RelayRule {
                relay: Some(Hostile),
                anti: Some((Friendly, Direct))
            }
        );
        assert_eq!(
            rule("total-indirect-anti-relay-chess").0.anti,
            Some((Hostile, Total))
        );
        assert_eq!(
            rule("bilateral-normal-indirect-anti-relay-chess").0.anti,
            Some((Bilateral, Normal))
        );
    }

    #[test]
    fn titles() {
        let (r, base) =
            rule("Friendly Relay Hostile Converse Indirect Anti-Relay Tutti-Fruitti Chess");
        assert_eq!(
            r,
            RelayRule {
                relay: Some(Side::Friendly),
                anti: Some((Side::Hostile, AntiKind::Converse))
            }
        );
        assert_eq!(base, "tutti-fruitti-chess");
        assert_eq!(
            base_candidates(&base),
            vec![
                "tutti-fruitti-chess".to_string(),
                "tutti-fruitti".to_string()
            ]
        );
        assert_eq!(rule("ANTI-RELAY CHESS").1, "chess");
        // A run of separators is one separator, as in a title typed with two spaces.
        assert_eq!(rule("relay--chess"), rule("relay-chess"));
        assert_eq!(rule("relay _ chess").1, "chess");
        assert_eq!(rule("Relay King's Leap Chess").1, "kings-leap-chess");
        assert_eq!(rule("anti-relay king\u{2019}s-leap").1, "kings-leap");
        assert_eq!(
            rule("Hostile Direct Anti-Relay Chess").0.anti,
            Some((Side::Hostile, AntiKind::Direct))
        );
    }

    #[test]
    fn canonical_names_round_trip() {
        for name in LISTED {
            let n = parse(name).unwrap();
            assert_eq!(canonical(n.rule, &n.base), name);
        }
        let n = parse("Friendly Relay Hostile Normal Indirect Anti-Relay Gothic Chess").unwrap();
        assert_eq!(
            canonical(n.rule, "gothic"),
            "relay-indirect-anti-relay-gothic"
        );
        assert_eq!(
            rule_title(n.rule),
            "Friendly Relay Hostile Normal Indirect Anti-Relay"
        );
        assert_eq!(parse_rule("relay indirect anti-relay").unwrap(), n.rule);
    }

    fn error(name: &str) -> String {
        match parse(name) {
            Err(e) => e.to_string(),
            Ok(n) => panic!("{name} parsed as {n:?}"),
        }
    }

    #[test]
    fn errors_name_the_word() {
        assert_eq!(parse("chess"), Err(RelayNameError::NotRelay));
        assert_eq!(parse("xiangqi-ish"), Err(RelayNameError::NotRelay));
        let e = error("hostle-relay-chess");
        assert!(e.contains("word 1 'hostle'"), "{e}");
        let e = error("relay-relay-chess");
        assert!(e.contains("word 2 'relay'") && e.contains("twice"), "{e}");
        let e = error("anti-relay-relay-chess");
        assert!(e.contains("word 3 'relay'") && e.contains("before"), "{e}");
        let e = error("normal-anti-relay-chess");
        assert!(
            e.contains("word 1 'normal'") && e.contains("'indirect'"),
            "{e}"
        );
        // `normal` after the relay parts is the base (chess's alias).
        for name in [
            "relay-normal",
            "anti-relay-normal",
            "relay-anti-relay-normal",
        ] {
            let n = parse(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(n.base, "normal", "{name}");
        }
        assert_eq!(
            parse("relay-normal-indirect-anti-relay-chess")
                .unwrap()
                .base,
            "chess"
        );
        let e = error("indirect-relay-chess");
        assert!(
            e.contains("word 1 'indirect'") && e.contains("found 'relay'"),
            "{e}"
        );
        let e = error("anti-chess");
        assert!(
            e.contains("word 1 'anti'") && e.contains("found 'chess'"),
            "{e}"
        );
        let e = error("hostile-gothic");
        assert!(
            e.contains("word 1 'hostile'") && e.contains("found 'gothic'"),
            "{e}"
        );
        let e = error("direct-indirect-anti-relay-chess");
        assert!(
            e.contains("word 2 'indirect'") && e.contains("second"),
            "{e}"
        );
        let n = parse("relay-hostle-anti-relay-chess").unwrap();
        assert!(n
            .base_error
            .unwrap()
            .to_string()
            .contains("word 2 'hostle'"));
        let e = error("anti-relay");
        assert!(e.contains("base game is missing"), "{e}");
        assert!(error("").contains("empty"));
    }
}
