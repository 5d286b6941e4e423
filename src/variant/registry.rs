//! The names Chimera knows: the built-in games and any loaded from a variants file, all read by
//! the same loader.

use super::spec::{parse_file, SpecError, VariantSpec};
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
        let specs = parse_file(text, &self.specs)?;
        let mut games = Vec::new();
        let mut errors = Vec::new();
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
