//! The names Chimera knows: the built-in games and any loaded from a variants file, all read by
//! the same loader.

use super::spec::{parse_file, parse_file_lenient, SpecError, VariantSpec};
use super::Variant;
use crate::game::GameType;
use crate::position::Setup;
use std::fmt;

const BUILTIN: &str = include_str!("builtin.ini");

#[derive(Debug, Clone, PartialEq)]
pub enum VariantError {
    Unknown(String),
    File(Vec<SpecError>),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            VariantError::Unknown(name) => write!(f, "unknown variant '{name}'"),
            VariantError::File(errors) => {
                let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                write!(f, "{}", list.join("; "))
            }
        }
    }
}

#[derive(Clone)]
pub struct Registry {
    specs: Vec<VariantSpec>,
    games: Vec<GameType>,
}

/// Compiles a spec and checks its start position.
fn build(spec: &VariantSpec) -> Result<GameType, SpecError> {
    let err = |message: String| SpecError { line: spec.line, message: format!("[{}] {message}", spec.name) };
    let mut variant = Variant::compile(spec).map_err(err)?;
    if spec.start.is_empty() {
        return Err(err("no start position ('start = FEN')".into()));
    }
    let setup = Setup::parse(&variant, &spec.start).map_err(|e| err(format!("start position: {e}")))?;
    for p in setup.board.iter().flatten() {
        variant.initial_counts[p.color().index()][p.kind().index()] += 1;
    }
    variant.king_home = Some(setup.king_squares(&variant));
    let game = GameType::new(variant);
    game.position(&spec.start).map_err(|e| err(format!("start position: {e}")))?;
    Ok(game)
}

impl Registry {
    pub fn builtin() -> Registry {
        let specs = parse_file(BUILTIN, &[]).unwrap_or_else(|e| panic!("built-in variants: {e:?}"));
        let games = specs
            .iter()
            .map(|s| build(s).unwrap_or_else(|e| panic!("built-in variant: {e}")))
            .collect();
        Registry { specs, games }
    }

    /// Reads a variants file (without adding it): the games it defines, or every error found.
    pub fn check(&self, text: &str) -> Result<Vec<GameType>, Vec<SpecError>> {
        let (specs, mut errors) = parse_file_lenient(text, &self.specs);
        let mut games = Vec::new();
        for s in &specs {
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

    /// Adds a variants file's games; a name already known is replaced. Returns the new names.
    pub fn load(&mut self, text: &str) -> Result<Vec<String>, VariantError> {
        let specs = parse_file(text, &self.specs).map_err(VariantError::File)?;
        let games = self.check(text).map_err(VariantError::File)?;
        let mut names = Vec::new();
        for (spec, game) in specs.into_iter().zip(games) {
            names.push(spec.name.clone());
            if let Some(i) = self.specs.iter().position(|s| s.name == spec.name) {
                self.specs[i] = spec;
                self.games[i] = game;
            } else {
                self.specs.push(spec);
                self.games.push(game);
            }
        }
        Ok(names)
    }

    pub fn find(&self, name: &str) -> Result<&GameType, VariantError> {
        let wanted = name.trim().to_ascii_lowercase();
        self.games
            .iter()
            .find(|g| g.variant.name == wanted || g.variant.aliases.contains(&wanted))
            .ok_or_else(|| VariantError::Unknown(name.trim().to_string()))
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.games.iter().map(|g| g.variant.name.as_str())
    }

    pub fn games(&self) -> &[GameType] {
        &self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_load_and_names_resolve() {
        let r = Registry::builtin();
        assert!(r.names().count() >= 11);
        assert_eq!(r.find("NORMAL").unwrap().variant.name, "chess");
        assert!(matches!(r.find("xiangqi-ish"), Err(VariantError::Unknown(_))));
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
        assert!(lines.contains(&1), "bad board (reported at its section): {errors:?}");
        assert!(lines.contains(&7), "bad start FEN: {errors:?}");
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
}
