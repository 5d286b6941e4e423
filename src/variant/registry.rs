//! The names Chimera knows: the built-in games and any loaded from a variants file, all read by
//! the same loader.

use super::relay_name;
use super::spec::{parse_file, parse_file_lenient, SpecError, VariantSpec};
use super::Variant;
use crate::game::GameType;
use crate::position::Setup;
use std::fmt;
use std::sync::OnceLock;

const BUILTIN: &str = include_str!("builtin.ini");

#[derive(Debug, Clone, PartialEq)]
pub enum VariantError {
    Unknown(String),
    File(Vec<SpecError>),
    /// A relay / anti-relay name with a wrong word (the message says which).
    BadName(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            VariantError::Unknown(name) => write!(f, "unknown variant '{name}'"),
            VariantError::BadName(message) => write!(f, "{message}"),
            // One protocol line: the first few errors, each cut short (a line of the file is
            // quoted in it); `chimera check-variants FILE` lists them all.
            VariantError::File(errors) => {
                const SHOWN: usize = 3;
                const CHARS: usize = 160;
                let list: Vec<String> = errors
                    .iter()
                    .take(SHOWN)
                    .map(|e| {
                        let text = e.to_string();
                        match text.char_indices().nth(CHARS) {
                            Some((cut, _)) => format!("{}…", &text[..cut]),
                            None => text,
                        }
                    })
                    .collect();
                write!(f, "{}", list.join("; "))?;
                if errors.len() > SHOWN {
                    write!(f, "; and {} more errors", errors.len() - SHOWN)?;
                }
                Ok(())
            }
        }
    }
}

/// A game derived from a name (relay, cancellation) that cannot be built: the name and the
/// reason, without the line of a file the user never wrote.
fn derived_error(name: &str, message: &str) -> VariantError {
    let reason = message
        .strip_prefix(&format!("[{name}] "))
        .unwrap_or(message);
    VariantError::BadName(format!("'{name}': {reason}"))
}

/// How many games built on request (`Registry::find`) under names no front end lists one
/// registry keeps, of each kind (relay, cancellation): the listed ones have slots of their
/// own, so that a game a GUI was offered is never refused.
const RELAY_CACHE: usize = 128;

/// The most games that variants files may add to one registry, all files together (one file
/// may hold `MAX_GAMES_PER_FILE`).
pub const MAX_LOADED_GAMES: usize = 512;

/// Games built on request, by canonical name, each marked whether it counts against
/// `RELAY_CACHE` (a name no front end lists); each slot is filled once.
type BuiltGames = Box<[OnceLock<(String, GameType, bool)>]>;

#[derive(Clone)]
pub struct Registry {
    specs: Vec<VariantSpec>,
    /// The first `builtins` specs are the built-in games, which a file may not redefine.
    builtins: usize,
    games: Vec<GameType>,
    /// Relay / anti-relay games built on request.
    relay_games: BuiltGames,
    /// `cancellation-…` games built on request.
    cancellation_games: BuiltGames,
}

/// Room for `RELAY_CACHE` games under unlisted names and for the `listed` ones.
fn empty_cache(listed: usize) -> BuiltGames {
    (0..RELAY_CACHE + listed).map(|_| OnceLock::new()).collect()
}

/// The listed cancellation games: `cancellation-` and `cancellation-extended-` over each game.
fn listed_cancellation_games(specs: &[VariantSpec]) -> usize {
    2 * specs.len()
}

/// The game called `name` in `slots`, built by `make` and kept in the first free slot if
/// absent. A `counted` name (one no front end lists) is refused once `RELAY_CACHE` of them
/// are kept; `what` names the kind of game for that error.
fn cached_game<'a>(
    slots: &'a [OnceLock<(String, GameType, bool)>],
    name: &str,
    counted: bool,
    what: &str,
    make: impl FnOnce() -> Result<GameType, VariantError>,
) -> Result<&'a GameType, VariantError> {
    let too_many = || {
        VariantError::BadName(format!(
            "too many different {what} requested (at most {RELAY_CACHE} besides the listed ones)"
        ))
    };
    let kept = || slots.iter().filter_map(OnceLock::get);
    if let Some((_, g, _)) = kept().find(|(n, _, _)| n == name) {
        return Ok(g);
    }
    if counted && kept().filter(|(_, _, c)| *c).count() >= RELAY_CACHE {
        return Err(too_many());
    }
    let mut make = Some(make);
    let mut built: Option<GameType> = None;
    for slot in slots {
        if let Some((n, g, _)) = slot.get() {
            if n == name {
                return Ok(g);
            }
            continue;
        }
        let game = match built.take() {
            Some(g) => g,
            None => (make.take().expect("built once"))()?,
        };
        // Another thread may have filled this slot meanwhile: then look further.
        match slot.set((name.to_string(), game, counted)) {
            Ok(()) => return Ok(&slot.get().expect("just set").1),
            Err((_, g, _)) => match slot.get() {
                Some((n, other, _)) if n == name => return Ok(other),
                _ => built = Some(g),
            },
        }
    }
    Err(too_many())
}

/// Compiles a spec and checks its start position (which builds the game's tables).
fn build(spec: &VariantSpec) -> Result<GameType, SpecError> {
    let game = compile_rules(spec)?;
    if let Err(e) = game.position(&spec.start) {
        let message = format!("start position: {e}");
        return Err(SpecError {
            line: spec.line_of_message(&message),
            message: format!("[{}] {message}", spec.name),
        });
    }
    // Checking the start position built the tables (0.6 to 1.2 MB); a file may hold hundreds
    // of games that are never played, and a file loaded again would hold the old and the new
    // games' tables at once. They are built again if the game is played.
    Ok(game.without_tables())
}

/// Compiles a spec's rules without building its tables: the built-in games, whose start
/// positions the tests check, are built only when first played.
fn compile_rules(spec: &VariantSpec) -> Result<GameType, SpecError> {
    let err = |message: String| SpecError {
        line: spec.line_of_message(&message),
        message: format!("[{}] {message}", spec.name),
    };
    let mut variant = Variant::compile(spec).map_err(err)?;
    if spec.start.is_empty() {
        return Err(err("no start position ('start = FEN')".into()));
    }
    let setup =
        Setup::parse(&variant, &spec.start).map_err(|e| err(format!("start position: {e}")))?;
    for p in setup.board.iter().flatten() {
        variant.initial_counts[p.color().index()][p.kind().index()] += 1;
    }
    variant.king_home = Some(setup.king_squares(&variant));
    if !variant.chess960 {
        variant.partner_home = setup.partners;
    }
    Ok(GameType::new(variant))
}

impl Registry {
    pub fn builtin() -> Registry {
        let specs = parse_file(BUILTIN, &[]).unwrap_or_else(|e| panic!("built-in variants: {e:?}"));
        let games = specs
            .iter()
            .map(|s| compile_rules(s).unwrap_or_else(|e| panic!("built-in variant: {e}")))
            .collect();
        Registry {
            builtins: specs.len(),
            relay_games: empty_cache(relay_name::LISTED.len()),
            cancellation_games: empty_cache(listed_cancellation_games(&specs)),
            specs,
            games,
        }
    }

    /// Reads a variants file (without adding it): the games it defines, or every error found.
    pub fn check(&self, text: &str) -> Result<Vec<GameType>, Vec<SpecError>> {
        let (specs, mut errors) = parse_file_lenient(text, &self.specs);
        errors.extend(self.alias_clashes(&specs));
        let mut games = Vec::new();
        for s in &specs {
            // Names Chimera already reads: a game defined under one would silently take the
            // place of the game the name means (or, as an alias, never be found).
            let taken = std::iter::once(&s.name)
                .chain(&s.aliases)
                .find_map(|n| self.reserved_name(n).map(|why| (n, why)));
            if let Some((n, why)) = taken {
                errors.push(SpecError {
                    // Told where the name stands: the header, or the `aliases` line.
                    line: if *n == s.name {
                        s.line
                    } else {
                        s.line_of_message("aliases:")
                    },
                    message: format!("[{}]: '{n}' {why}", s.name),
                });
                continue;
            }
            match build(s) {
                Ok(g) => games.push(g),
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(games)
        } else {
            Err(errors)
        }
    }

    /// Names that could never be found: an alias given twice in the file, or equal to a name
    /// or alias of another game of the file or of a game loaded before that the file keeps,
    /// and a name that is the alias of such a game (a name is looked up before the aliases,
    /// and the first alias found wins).
    fn alias_clashes(&self, specs: &[VariantSpec]) -> Vec<SpecError> {
        let kept = self.specs[self.builtins..]
            .iter()
            .filter(|old| specs.iter().all(|s| s.name != old.name));
        let mut seen: Vec<(&str, String)> = Vec::new();
        for old in kept {
            for n in std::iter::once(&old.name).chain(&old.aliases) {
                seen.push((n, format!("game '{}' loaded before", old.name)));
            }
        }
        let mut errors = Vec::new();
        // So far `seen` holds the kept games' names, none of which a section of the file has
        // (it would replace that game): a match is a kept game's alias, which the new name
        // would hide.
        for s in specs {
            if let Some((_, owner)) = seen.iter().find(|(n, _)| *n == s.name) {
                errors.push(SpecError {
                    line: s.line,
                    message: format!("[{0}]: '{0}' is an alias of {owner}", s.name),
                });
            }
        }
        for s in specs {
            seen.push((&s.name, format!("[{}] on line {}", s.name, s.line)));
        }
        for s in specs {
            for a in &s.aliases {
                if let Some((_, owner)) = seen.iter().find(|(n, _)| *n == a.as_str()) {
                    errors.push(SpecError {
                        line: s.line_of_message("aliases:"),
                        message: format!("[{}]: alias '{a}' is already a name of {owner}", s.name),
                    });
                } else {
                    seen.push((a, format!("[{}] on line {}", s.name, s.line)));
                }
            }
        }
        errors
    }

    /// Why a file may not use `name`: a built-in game's name or alias (built-in games cannot be
    /// redefined), a cancellation name or a relay name (the games Chimera builds from a name).
    fn reserved_name(&self, name: &str) -> Option<String> {
        if let Some(b) = self.specs[..self.builtins]
            .iter()
            .find(|b| b.name == name || b.aliases.iter().any(|a| a == name))
        {
            return Some(format!(
                "is a name of the built-in game '{0}': give yours another name (e.g. [my-{0} : {0}])",
                b.name
            ));
        }
        if name.starts_with("cancellation-") {
            return Some("is a cancellation name: give it another name".into());
        }
        crate::variant::relay_name::parse(name)
            .is_ok()
            .then(|| "is a relay / anti-relay name: give it another name".into())
    }

    /// Adds a variants file's games; a name already known is replaced. Returns the new names.
    pub fn load(&mut self, text: &str) -> Result<Vec<String>, VariantError> {
        let specs = parse_file(text, &self.specs).map_err(VariantError::File)?;
        self.check_room_for(&specs).map_err(VariantError::File)?;
        let games = self.check(text).map_err(VariantError::File)?;
        let mut names = Vec::new();
        let mut redefined = Vec::new();
        for (spec, game) in specs.into_iter().zip(games) {
            names.push(spec.name.clone());
            if let Some(i) = self.specs.iter().position(|s| s.name == spec.name) {
                redefined.push(spec.name.clone());
                self.specs[i] = spec;
                self.games[i] = game;
            } else {
                self.specs.push(spec);
                self.games.push(game);
            }
        }
        // A Fischer Random child from an earlier file was copied from its parent's old
        // definition: it is no longer the redefined game's form (`chess960_form`), nor does
        // its game name that parent to other engines (the match runner's `UCI_Variant`).
        for (s, game) in self.specs.iter_mut().zip(&mut self.games) {
            let stale = s.parent.as_ref().is_some_and(|p| redefined.contains(p));
            if s.chess960 && stale && !names.contains(&s.name) {
                s.parent = None;
                if let Ok(unlinked) = compile_rules(s) {
                    *game = unlinked;
                }
            }
        }
        // Relay games were built over the old definitions.
        self.relay_games = empty_cache(relay_name::LISTED.len());
        self.cancellation_games = empty_cache(listed_cancellation_games(&self.specs));
        Ok(names)
    }

    /// Lets go of the tables of every game that nothing outside the registry holds now (a
    /// front end calls it when it changes games): a session that visits every game would
    /// otherwise keep every game's tables, 0.2 to 1.2 MB each. A game played again builds them
    /// again, in a few milliseconds.
    pub fn release_unused_tables(&mut self) {
        let built = self
            .relay_games
            .iter_mut()
            .chain(self.cancellation_games.iter_mut());
        let built = built.filter_map(|slot| slot.get_mut().map(|(_, game, _)| game));
        for game in self.games.iter_mut().chain(built) {
            if game.holds_tables_alone() {
                *game = game.without_tables();
            }
        }
    }

    /// Refuses a file whose new names would take the games loaded from files past
    /// `MAX_LOADED_GAMES`, before any is built: each game keeps its rules for as long as the
    /// engine runs (and its tables, 0.6 to 1.2 MB, once played), and file after file would
    /// otherwise exhaust the machine.
    fn check_room_for(&self, specs: &[VariantSpec]) -> Result<(), Vec<SpecError>> {
        let loaded = &self.specs[self.builtins..];
        let mut count = loaded.len();
        for s in specs {
            if loaded.iter().all(|old| old.name != s.name) {
                count += 1;
            }
            if count > MAX_LOADED_GAMES {
                return Err(vec![SpecError {
                    line: s.line,
                    message: format!(
                        "[{}]: more than {MAX_LOADED_GAMES} games loaded from files (a file that \
                         redefines games of the same names replaces them; start the engine \
                         again for others)",
                        s.name
                    ),
                }]);
            }
        }
        Ok(())
    }

    /// A game by name or alias, or by its written title ("King's Leap Chess", "Cannons and
    /// Crabs", "Cancellation Gothic Chess"); a relay / anti-relay name over any known game
    /// (kebab-case or the written title, `rules/relay.md`) is built on first request and kept.
    pub fn find(&self, name: &str) -> Result<&GameType, VariantError> {
        let wanted = name.trim().to_ascii_lowercase();
        // The name as written first, so a loaded game's own spelling (`my_game`) is never
        // taken for another game's title.
        let titles = relay_name::title_candidates(&wanted);
        let spellings = std::iter::once(&wanted).chain(titles.iter().filter(|t| **t != wanted));
        for spelling in spellings {
            match self.find_named(spelling) {
                None | Some(Err(VariantError::Unknown(_))) => {}
                Some(found) => return found,
            }
        }
        self.find_relay(name.trim())
    }

    /// A game by its exact lowercase name or alias, or a `cancellation-` name over one.
    fn find_named(&self, wanted: &str) -> Option<Result<&GameType, VariantError>> {
        let by_name = self.games.iter().find(|g| g.variant.name == wanted);
        let by_alias = || {
            self.games
                .iter()
                .find(|g| g.variant.aliases.iter().any(|a| a == wanted))
        };
        if let Some(g) = by_name.or_else(by_alias) {
            return Some(Ok(g));
        }
        self.find_cancellation(wanted)
    }

    /// The Fischer Random form of a game (`fischerandom` for `chess`): the game itself if its
    /// castling is already Fischer Random's, else a game defined as its child with
    /// `chess960 = yes`; for a cancellation or relay game, the same rules over its base game's
    /// form (`cancellation-chess` → `cancellation-fischerandom`). `None`: it has no such form.
    pub fn chess960_form(&self, game: &GameType) -> Option<GameType> {
        if game.variant.chess960 {
            return Some(game.clone());
        }
        let child_of = |name: &str| {
            self.specs
                .iter()
                .position(|s| s.chess960 && s.parent.as_deref() == Some(name))
        };
        let name = game.variant.name.as_str();
        if let Some(i) = child_of(name) {
            return Some(self.games[i].clone());
        }
        if game.variant.cancellation.is_none() && game.variant.relay.is_none() {
            return None;
        }
        // The name ends in its base game's (canonical) name; the longest such ending is the
        // base (`cancellation-paulowich-crosswise`, not `crosswise`).
        let (prefix, base) = name
            .match_indices('-')
            .map(|(i, _)| name.split_at(i + 1))
            .find(|(_, base)| self.specs.iter().any(|s| s.name == *base))?;
        let form = &self.specs[child_of(base)?].name;
        self.find(&format!("{prefix}{form}")).ok().cloned()
    }

    /// `cancellation-GAME` and `cancellation-extended-GAME` (`rules/cancellation.md`) for every
    /// game known by name or alias, built on first request and kept. `None`: not such a name.
    fn find_cancellation(&self, name: &str) -> Option<Result<&GameType, VariantError>> {
        let rest = name.strip_prefix("cancellation-")?;
        let known = |n: &str| {
            self.specs
                .iter()
                .find(|s| s.name == n || s.aliases.iter().any(|a| a == n))
        };
        let (extended, base) = match rest.strip_prefix("extended-") {
            Some(b) if known(rest).is_none() => (true, b),
            _ => (false, rest),
        };
        // A relay name as the base: the relay game's own definition.
        let relay_base;
        let known_base = known(base);
        let listed = known_base.is_some();
        let base = match known_base {
            Some(b) => b,
            None => match self.relay_spec(base) {
                Ok(spec) => {
                    relay_base = spec;
                    &relay_base
                }
                Err(VariantError::Unknown(_)) if base.starts_with("cancellation-") => {
                    return Some(Err(VariantError::BadName(format!(
                        "'{name}': cancellation applies once"
                    ))))
                }
                Err(VariantError::Unknown(_)) => {
                    return Some(Err(VariantError::Unknown(name.to_string())))
                }
                Err(e) => return Some(Err(e)),
            },
        };
        if base.cancellation {
            return Some(Err(VariantError::BadName(format!(
                "'{name}': '{}' already has cancellation captures",
                base.name
            ))));
        }
        let canonical = format!(
            "cancellation-{}{}",
            if extended { "extended-" } else { "" },
            base.name
        );
        Some(cached_game(
            &self.cancellation_games,
            &canonical,
            !listed,
            "cancellation games",
            || {
                let mut spec = base.clone();
                spec.name = canonical.clone();
                spec.aliases.clear();
                spec.cancellation = true;
                if extended {
                    crate::rules::cancellation::extended::extend(&mut spec)
                        .map_err(|message| derived_error(&canonical, &message))?;
                }
                build(&spec).map_err(|e| derived_error(&canonical, &e.message))
            },
        ))
    }

    fn find_relay(&self, name: &str) -> Result<&GameType, VariantError> {
        let spec = self.relay_spec(name)?;
        let canonical = spec.name.clone();
        if let Some(g) = self.games.iter().find(|g| g.variant.name == canonical) {
            return Ok(g);
        }
        let listed = relay_name::LISTED.contains(&canonical.as_str());
        cached_game(
            &self.relay_games,
            &canonical,
            !listed,
            "relay games",
            || build(&spec).map_err(|e| derived_error(&canonical, &e.message)),
        )
    }

    /// The definition of the relay game `name` (kebab-case or the written title): its base
    /// game's with the relay rule, under the canonical name.
    fn relay_spec(&self, name: &str) -> Result<VariantSpec, VariantError> {
        use relay_name::RelayNameError;
        let parsed = match relay_name::parse(name) {
            Ok(p) => p,
            Err(RelayNameError::NotRelay) => return Err(VariantError::Unknown(name.to_string())),
            Err(e) => return Err(VariantError::BadName(e.to_string())),
        };
        let base = relay_name::base_candidates(&parsed.base)
            .into_iter()
            .find_map(|b| {
                self.specs
                    .iter()
                    .find(|s| s.name == b || s.aliases.contains(&b))
            });
        let Some(base) = base else {
            if let Some(e) = parsed.base_error {
                return Err(VariantError::BadName(e.to_string()));
            }
            // Only the games relay rules can apply to: Knight Relay and a game whose pieces
            // relay rules cannot express (Tripunch's bent riders) are refused as bases anyway.
            let known: Vec<&str> = (self.games.iter())
                .filter(|g| g.variant.takes_relay_rules())
                .map(|g| g.variant.name.as_str())
                .collect();
            return Err(VariantError::BadName(format!(
                "bad variant name '{name}': word {} '{}': unknown base game (relay bases: {})",
                parsed.base_word,
                parsed.base,
                known.join(", ")
            )));
        };
        if base.relay.is_some() {
            return Err(VariantError::BadName(format!(
                "bad variant name '{name}': the base game '{}' already has relay rules",
                base.name
            )));
        }
        let mut spec = base.clone();
        spec.name = relay_name::canonical(parsed.rule, &base.name);
        spec.aliases.clear();
        spec.relay = Some(parsed.rule);
        Ok(spec)
    }

    /// Every name a front end lists: the games, the relay games of `rules/relay.md`, then
    /// `cancellation-GAME` and `cancellation-extended-GAME` for each game but Knight Relay and
    /// those with cancellation captures already (`rules/cancellation.md`). Any other
    /// well-formed relay name is found on request.
    pub fn listed_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.names().map(str::to_string).collect();
        names.extend(super::relay_name::LISTED.iter().map(|n| n.to_string()));
        for prefix in ["cancellation-", "cancellation-extended-"] {
            // Knight Relay's immune Knights leave no room for cancellation captures, and a
            // game (from a file) that has them already takes no second helping.
            let bases = self
                .games
                .iter()
                .filter(|g| g.variant.knight_relay.is_none() && g.variant.cancellation.is_none());
            names.extend(bases.map(|g| format!("{prefix}{}", g.variant.name)));
        }
        names
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.games.iter().map(|g| g.variant.name.as_str())
    }

    pub fn games(&self) -> &[GameType] {
        &self.games
    }

    /// For tests that walk every game: the listed games followed by `extra`, games found by
    /// name (modifier combinations, games loaded from a file).
    #[cfg(test)]
    pub fn games_and(&self, extra: &[&str]) -> Vec<GameType> {
        let mut games = self.games.clone();
        games.extend(extra.iter().map(|n| self.find(n).expect(n).clone()));
        games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At most `RELAY_CACHE` relay games and as many cancellation games under unlisted names
    /// are built in a session; a listed name (one a GUI was offered) is never refused for it,
    /// and the games already built stay playable.
    #[test]
    fn unlisted_games_are_capped_and_listed_ones_never_refused() {
        let reg = Registry::builtin();
        let bases: Vec<String> = reg.names().map(str::to_string).collect();
        let mut unlisted = Vec::new();
        for base in &bases {
            for side in ["friendly", "hostile", "bilateral"] {
                for kind in ["direct", "indirect", "converse", "total"] {
                    unlisted.push(format!("{side}-{kind}-anti-relay-{base}"));
                }
            }
        }
        let too_many = |e: &VariantError| e.to_string().contains("too many different");
        let mut built = Vec::new();
        for name in &unlisted {
            match reg.find(name) {
                // Two spellings of one game are one game; some spell a listed one.
                Ok(g) if built.contains(&g.variant.name) => {}
                Ok(g) if relay_name::LISTED.contains(&g.variant.name.as_str()) => {}
                Ok(g) => built.push(g.variant.name.clone()),
                Err(e) if too_many(&e) => break,
                Err(_) => {} // a base that cannot take relay rules
            }
        }
        assert_eq!(built.len(), RELAY_CACHE);
        let refused = unlisted.iter().filter_map(|n| reg.find(n).err());
        assert!(refused.filter(too_many).count() > 0);
        for listed in relay_name::LISTED {
            assert!(reg.find(listed).is_ok(), "{listed}");
        }
        assert!(reg.find(&built[0]).is_ok());
        // Cancellation over unlisted relay games: capped the same; `cancellation-chess` is not.
        let mut cancelled = 0;
        for name in &built {
            match reg.find(&format!("cancellation-{name}")) {
                Ok(_) => cancelled += 1,
                Err(e) if too_many(&e) => break,
                Err(_) => {}
            }
        }
        assert_eq!(cancelled, RELAY_CACHE);
        for listed in reg.listed_names() {
            assert!(reg.find(&listed).is_ok(), "{listed}");
        }
    }

    /// A game redefined by a later file loses the Fischer Random form an earlier file derived
    /// from its old definition (an 8x8 child of what is now a 10x8 game); a form loaded with
    /// the new definition is its form.
    #[test]
    fn a_redefined_game_drops_its_old_chess960_form() {
        let mut reg = Registry::builtin();
        reg.load("[mg : chess]\n[mg960 : mg]\nchess960 = yes\n")
            .expect("loads");
        let form = |reg: &Registry| {
            let mg = reg.find("mg").expect("mg is loaded");
            reg.chess960_form(mg).map(|g| g.variant.name.clone())
        };
        assert_eq!(form(&reg).as_deref(), Some("mg960"));
        reg.load("[mg : capablanca]\n").expect("loads");
        assert_eq!(form(&reg), None);
        let old_form = reg.find("mg960").expect("still loaded");
        assert_eq!(old_form.variant.parent, None);
        reg.load("[mg : capablanca]\n[mg960 : mg]\nchess960 = yes\n")
            .expect("loads");
        assert_eq!(form(&reg).as_deref(), Some("mg960"));
    }

    /// The built-in games' tables are built when a game is first played, not at load; every
    /// built-in start position is a legal position of its game.
    #[test]
    fn builtin_games_are_built_when_played() {
        let registry = Registry::builtin();
        assert!(registry.games().iter().all(|g| !g.is_compiled()));
        for g in registry.games() {
            let start = g.position(&g.variant.start_fen);
            assert!(start.is_ok(), "{}: {:?}", g.variant.name, start.err());
            assert!(g.is_compiled());
        }
        // Copies share what one of them built.
        let fresh = Registry::builtin();
        let copy = fresh.find("chess").unwrap().clone();
        copy.start();
        assert!(fresh.find("chess").unwrap().is_compiled());
        assert!(!fresh.find("capablanca").unwrap().is_compiled());
    }

    /// A game's tables are let go once nothing but the registry holds the game, and built
    /// again when it is played again; a copy still in use keeps them.
    #[test]
    fn unused_tables_are_released() {
        let mut registry = Registry::builtin();
        let held = registry.find("grand").unwrap().clone();
        held.start();
        registry.find("relay-chess").unwrap().start();
        registry.find("cancellation-gothic").unwrap().start();
        registry.release_unused_tables();
        assert!(registry.find("grand").unwrap().is_compiled(), "held");
        assert!(!registry.find("relay-chess").unwrap().is_compiled());
        assert!(!registry.find("cancellation-gothic").unwrap().is_compiled());
        let again = registry.find("relay-chess").unwrap().start();
        assert_eq!(
            again.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        drop(held);
        registry.release_unused_tables();
        assert!(!registry.find("grand").unwrap().is_compiled());
    }

    /// A file's games are built to check their start positions, then let go of their tables
    /// until played: a file of many games, or one loaded again, holds no tables unplayed.
    #[test]
    fn file_games_keep_no_tables_until_played() {
        let mut registry = Registry::builtin();
        let file = "[big-one : grand]\n[big-two : grand]\n";
        for _ in 0..2 {
            registry.load(file).expect("loads");
            for name in ["big-one", "big-two"] {
                assert!(!registry.find(name).unwrap().is_compiled(), "{name}");
            }
        }
        let bad = "[big-bad : grand]\nstart = 10/10/10/10/10/10/10/10/10/10 w - - 0 1\n";
        assert!(
            registry.load(bad).is_err(),
            "the start position is still checked"
        );
        registry.find("big-one").unwrap().start();
        assert!(registry.find("big-one").unwrap().is_compiled());
        assert!(!registry.find("big-two").unwrap().is_compiled());
    }

    /// A game's written title finds it as its name does, as relay titles always did; a name
    /// as written comes first, so a loaded game spelt like another game's title stays itself.
    #[test]
    fn written_titles_find_their_games() {
        let mut r = Registry::builtin();
        let name_of = |r: &Registry, title: &str| match r.find(title) {
            Ok(g) => g.variant.name.clone(),
            Err(e) => format!("error: {e}"),
        };
        for (title, name) in [
            ("King's Leap Chess", "kings-leap"),
            ("Cannons and Crabs", "cannons-and-crabs"),
            ("Paulowich's Chancellor Chess", "paulowich"),
            ("Chancellor Chess", "chancellor"),
            ("Canonical Chess", "canonical"),
            ("GOTHIC  chess", "gothic"),
            ("Fischer Random Chess", "fischerandom"),
            ("Cancellation Gothic Chess", "cancellation-gothic"),
            (
                "cancellation-extended-grand-chess",
                "cancellation-extended-grand",
            ),
            ("Relay King's Leap Chess", "relay-kings-leap"),
            ("Chess", "chess"),
        ] {
            assert_eq!(name_of(&r, title), name, "{title}");
        }
        assert!(matches!(
            r.find("Cancellation Knight Relay Chess"),
            Err(VariantError::BadName(_))
        ));
        assert!(matches!(
            r.find("King's Leap Checkers"),
            Err(VariantError::Unknown(_))
        ));
        let loaded = r.load("[gothic-chess : chess]\nstalemate = loss\n");
        assert!(loaded.is_ok(), "{loaded:?}");
        assert_eq!(name_of(&r, "gothic-chess"), "gothic-chess");
        assert_eq!(name_of(&r, "Gothic Chess"), "gothic-chess");
        assert_eq!(name_of(&r, "gothic"), "gothic");
    }

    /// An error found while compiling a section names the line of the key it is about.
    #[test]
    fn compile_errors_name_the_key_line() {
        let r = Registry::builtin();
        let text = "# a comment\n[kitchen : chess]\nboard = 8x8\n\nbonus-table = n 1 2 3\n";
        let Err(errors) = r.check(text) else {
            panic!("a short bonus table must be refused")
        };
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].line, 5, "{errors:?}");
        assert!(errors[0].message.contains("bonus-table"), "{errors:?}");
        // Nothing to point at: the section's line.
        let Err(errors) = r.check("[x : chess]\nboard = 5x5\n") else {
            panic!("castling off the board must be refused")
        };
        assert_eq!(errors[0].line, 1, "{errors:?}");
    }

    #[test]
    fn builtins_load_and_names_resolve() {
        let r = Registry::builtin();
        assert!(r.names().count() >= 11);
        assert_eq!(r.find("NORMAL").unwrap().variant.name, "chess");
        assert!(matches!(
            r.find("xiangqi-ish"),
            Err(VariantError::Unknown(_))
        ));
    }

    /// `castle-short` says which castling SAN writes `O-O`, per colour with `black-`.
    #[test]
    fn castle_short_names_the_o_o_side() {
        use crate::types::{Color, MoveKind};
        let mut r = Registry::builtin();
        r.load("[lefty : chess]\nblack-castle-short = low\n")
            .unwrap();
        let v = &r.find("lefty").unwrap().variant;
        assert_eq!(v.castle_named(Color::White, true), MoveKind::CastleHigh);
        assert_eq!(v.castle_named(Color::Black, true), MoveKind::CastleLow);
        assert_eq!(v.castle_san(Color::Black, MoveKind::CastleHigh), "O-O-O");
        let errors = r.check("[x : chess]\ncastle-short = left\n").unwrap_err();
        assert_eq!(errors[0].line, 2, "{errors:?}");
        assert!(errors[0].message.contains("high or low"), "{errors:?}");
    }

    #[test]
    fn user_file_errors_carry_line_numbers() {
        let r = Registry::builtin();
        let text = "[a : chess]\nboard = 20x3\n\n[b : nothing]\npiece = z Zebra Y 3\nfoo = bar\n[c : chess]\nstart = 8/8 w - - 0 1\n";
        let errors = r.check(text).unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert!(lines.contains(&4), "unknown parent: {errors:?}");
        assert!(lines.contains(&5), "bad Betza: {errors:?}");
        assert!(lines.contains(&6), "unknown key: {errors:?}");
        assert!(lines.contains(&2), "bad board (at its key): {errors:?}");
        assert!(lines.contains(&8), "bad start FEN (at its key): {errors:?}");
    }

    /// Mistakes a file's own lines cannot show: a section or a piece letter given twice, a
    /// built-in game's name taken, a key whose letter is checked only when the game is built,
    /// no section at all. Each is an error on the line that makes it.
    #[test]
    fn duplicates_and_shadowed_names_are_errors() {
        let r = Registry::builtin();
        let errors = |text: &str| -> Vec<(usize, String)> {
            r.check(text)
                .unwrap_err()
                .into_iter()
                .map(|e| (e.line, e.message))
                .collect()
        };
        let e = errors("[ds : chess]\nboard = 8x8\n[ds : chess]\nstalemate = loss\n");
        assert!(
            e.iter().any(|(l, m)| *l == 3 && m.contains("twice")),
            "{e:?}"
        );
        let e = errors("[dl : chess]\npiece = a Archbishop BN 8\npiece = a Amazon QN 12\n");
        assert!(e.iter().any(|(l, m)| *l == 3 && m.contains("'a'")), "{e:?}");
        let e = errors("[capablanca : chess]\nstalemate = loss\n");
        assert!(
            e.iter().any(|(l, m)| *l == 1 && m.contains("built-in")),
            "{e:?}"
        );
        // Names Chimera builds games from, as a section name or an alias: refused, not obeyed
        // (a `[relay-chess : chess]` took the place of Relay Chess); told on the name's line.
        for (text, line, word) in [
            ("[relay-chess : chess]\n", 1, "relay"),
            ("[mine : chess]\naliases = anti-relay-gothic\n", 2, "relay"),
            ("[cancellation-x : chess]\n", 1, "cancellation"),
            ("[mine : chess]\n\naliases = standard\n", 3, "built-in"),
        ] {
            let e = errors(text);
            assert!(
                e.iter().any(|(l, m)| *l == line && m.contains(word)),
                "{text}: {e:?}"
            );
        }
        let e = errors("[pe : chess]\npromote-to =\n");
        assert!(
            e.iter()
                .any(|(l, m)| *l == 2 && m.contains("promote-to is empty")),
            "{e:?}"
        );
        let e = errors("[pu : chess]\npromote-to = q r b n x\n");
        assert!(
            e.iter().any(|(l, m)| *l == 2 && m.contains("promote-to")),
            "{e:?}"
        );
        // Piece letters spaced or run together, lowercase only.
        let promotions = |text: &str| {
            r.check(text).expect("a good file")[0]
                .variant
                .promote_to
                .clone()
        };
        assert_eq!(
            promotions("[pj : chess]\npromote-to = qn\n"),
            promotions("[ps : chess]\npromote-to = q n\n")
        );
        assert_eq!(promotions("[ps : chess]\npromote-to = q n\n").len(), 2);
        let e = errors("[pc : chess]\npromote-to = QRBN\n");
        assert!(
            e.iter().any(|(l, m)| *l == 2 && m.contains("lowercase")),
            "{e:?}"
        );
        let e = errors("# nothing here\n");
        assert!(
            e.iter().any(|(l, m)| *l == 1 && m.contains("no [section]")),
            "{e:?}"
        );
        // Replacing an inherited piece, or removing and redefining one, is not a duplicate.
        assert!(r.check("[ok : chess]\npiece = n Knight N 3\n").is_ok());
        assert!(r
            .check("[ok : chess]\npiece = -n\npiece = n Knight N 3\n")
            .is_ok());
    }

    /// A file's errors in one protocol line: the first three, each at most 160 characters
    /// (`/etc/passwd` as a variants file gave a 2 KB `info string`).
    #[test]
    fn a_file_of_errors_is_told_in_a_short_line() {
        let r = Registry::builtin();
        let long = "x".repeat(5_000);
        let text = format!("[a : chess]\n{long}\n{long}\n{long}\n{long}\n{long}\n");
        let errors = r.check(&text).unwrap_err();
        assert_eq!(errors.len(), 5, "{errors:?}");
        let told = VariantError::File(errors).to_string();
        assert!(
            told.chars().count() < 600,
            "{} characters",
            told.chars().count()
        );
        assert!(told.starts_with("line 2: "), "{told}");
        assert!(told.ends_with("; and 2 more errors"), "{told}");
    }

    /// A file may define up to `MAX_GAMES_PER_FILE` games; the next section is an error on its
    /// own line (every game is built at load, on the protocol's thread).
    #[test]
    fn too_many_games_in_one_file() {
        use crate::variant::spec::MAX_GAMES_PER_FILE;
        let r = Registry::builtin();
        let sections = |n: usize| {
            (0..n)
                .map(|i| format!("[g{i} : chess]\n"))
                .collect::<String>()
        };
        assert!(r.check(&sections(MAX_GAMES_PER_FILE)).is_ok());
        let errors = r.check(&sections(MAX_GAMES_PER_FILE + 1)).unwrap_err();
        assert!(
            errors
                .iter()
                .any(|e| e.line == MAX_GAMES_PER_FILE + 1 && e.message.contains("more than")),
            "{errors:?}"
        );
    }

    /// Files together may add up to `MAX_LOADED_GAMES` games: the file that would go past it is
    /// refused whole, naming its first game too many, and the games loaded before are kept; a
    /// file that replaces games of the same names is still accepted.
    #[test]
    fn games_loaded_from_files_are_capped_in_all() {
        let mut r = Registry::builtin();
        let file = |from: usize, to: usize| {
            (from..to)
                .map(|i| format!("[g{i} : chess]\n"))
                .collect::<String>()
        };
        let half = MAX_LOADED_GAMES / 2;
        assert!(r.load(&file(0, half)).is_ok());
        assert!(r.load(&file(half, MAX_LOADED_GAMES - 1)).is_ok());
        let over = r.load(&file(MAX_LOADED_GAMES - 1, MAX_LOADED_GAMES + 1));
        let told = over.map(|_| ()).map_err(|e| e.to_string());
        let first_too_many = format!("line 2: [g{MAX_LOADED_GAMES}]: more than");
        assert!(
            told.as_ref().is_err_and(|t| t.starts_with(&first_too_many)),
            "{told:?}"
        );
        // Nothing of the refused file was added; everything before it is still there.
        assert!(r.find(&format!("g{}", MAX_LOADED_GAMES - 1)).is_err());
        assert!(r.find("g0").is_ok());
        assert!(r.load(&file(0, half)).is_ok());
        assert!(r
            .load(&file(MAX_LOADED_GAMES - 1, MAX_LOADED_GAMES))
            .is_ok());
        assert!(r.find(&format!("g{}", MAX_LOADED_GAMES - 1)).is_ok());
    }

    /// Values are whole pawns, 0 to 100: a huge one overflowed the evaluation's centipawns
    /// (found by the `variants_file` fuzz target), a negative one means nothing.
    #[test]
    fn piece_values_out_of_range_are_refused_with_their_line() {
        let r = Registry::builtin();
        for value in ["101", "-1", "40992765"] {
            let text = format!("[x : chess]\n\npiece = n Knight N {value}\n");
            let errors = r.check(&text).unwrap_err();
            assert!(
                errors
                    .iter()
                    .any(|e| e.line == 3 && e.message.contains("0..=100")),
                "{value}: {errors:?}"
            );
        }
        assert!(r.check("[x : chess]\npiece = n Knight N 100\n").is_ok());
        assert!(r.check("[x : chess]\npiece = n Knight N 0\n").is_ok());
    }

    #[test]
    fn file_text_encoding() {
        use crate::variant::spec::decode_text;
        assert_eq!(
            decode_text(b"\xEF\xBB\xBF[a : chess]\n").unwrap(),
            "[a : chess]\n"
        );
        let e = decode_text(b"[a : chess]\n# caf\xE9\n").unwrap_err();
        assert_eq!(e.line, 2, "{e:?}");
        assert!(e.message.contains("UTF-8"), "{e:?}");
    }

    #[test]
    fn user_variant_derives_from_builtin() {
        let mut r = Registry::builtin();
        let text = "[mini : chess]\nboard = 6x6\nstart = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastle-high = -\ncastle-low = -\npromotion-ranks = 6\n";
        assert_eq!(r.load(text).unwrap(), vec!["mini".to_string()]);
        let g = r.find("mini").unwrap().start();
        let mut list = crate::types::MoveList::new();
        g.legal_moves(&mut list);
        // Six pawn single steps, six double steps, two knight moves.
        assert_eq!(list.len(), 6 + 6 + 2);
    }

    #[test]
    fn display_key_is_data() {
        use crate::variant::BoardView;
        let mut r = Registry::builtin();
        for (name, view) in [
            ("canonical", BoardView::Diamond),
            ("canon", BoardView::Diamond),
            ("cancellation-canonic", BoardView::Diamond),
            ("chess", BoardView::Grid),
        ] {
            assert_eq!(r.find(name).unwrap().variant.display, view, "{name}");
        }
        let text = "[tilted : chess]\ndisplay = diamond\n[flat : canonical]\ndisplay = grid\n";
        r.load(text).unwrap();
        assert_eq!(
            r.find("tilted").unwrap().variant.display,
            BoardView::Diamond
        );
        assert_eq!(r.find("flat").unwrap().variant.display, BoardView::Grid);
        let errors = r.check("[x : chess]\ndisplay = round\n").unwrap_err();
        assert_eq!(errors[0].line, 2, "{errors:?}");
    }
}
