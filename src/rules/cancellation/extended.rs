//! The extended form, `cancellation-extended-<game>`: placed pieces may also be fairy pieces the
//! game lacks (Wazir 2, Commoner 4, Dragon Horse 6, Dragon King 7, Archbishop 8), each only
//! where the game has no piece of that value. The list is data (`extended.ini`); a variants
//! file gives a game a list of its own with `cancellation-extra` lines.

use crate::variant::VariantSpec;

const DATA: &str = include_str!("extended.ini");

/// One extra piece: the letters to try (first unused wins), name, Betza, rule value.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtraPiece {
    pub letters: Vec<char>,
    pub name: String,
    pub betza: String,
    pub value: i32,
}

impl ExtraPiece {
    /// One entry as `extended.ini` and the variant-file key `cancellation-extra` write it:
    /// `LETTERS NAME BETZA VALUE`.
    pub fn parse(text: &str) -> Result<ExtraPiece, String> {
        let [letters, name, betza, value] = text.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(format!("expected LETTERS NAME BETZA VALUE, got '{text}'"));
        };
        if !letters.chars().all(|c| c.is_ascii_lowercase()) {
            return Err(format!(
                "the letters to try must be lowercase, got '{letters}'"
            ));
        }
        crate::variant::betza::parse(betza).map_err(|e| e.0)?;
        let value = value
            .parse()
            .ok()
            .filter(|v| (1..=crate::variant::MAX_PIECE_VALUE).contains(v))
            .ok_or_else(|| {
                format!(
                    "the value must be a whole number from 1 to {}, got '{value}'",
                    crate::variant::MAX_PIECE_VALUE
                )
            })?;
        Ok(ExtraPiece {
            letters: letters.chars().collect(),
            name: name.to_string(),
            betza: betza.to_string(),
            value,
        })
    }
}

/// The extra pieces listed in `extended.ini`: the default of every game.
pub fn extra_pieces() -> Vec<ExtraPiece> {
    DATA.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| ExtraPiece::parse(l).unwrap_or_else(|e| panic!("extended.ini: {e}")))
        .collect()
}

/// Adds to `spec` the extra pieces of values it has no piece of: its own list
/// (`cancellation-extra` lines) or else `extended.ini`'s.
pub fn extend(spec: &mut VariantSpec) -> Result<(), String> {
    let extras = spec
        .cancellation_extras
        .clone()
        .unwrap_or_else(extra_pieces);
    for extra in extras {
        if spec
            .pieces
            .iter()
            .any(|p| !p.royal && p.value == extra.value)
        {
            continue;
        }
        let letter = extra
            .letters
            .iter()
            .copied()
            .find(|&l| spec.pieces.iter().all(|p| p.letter != l))
            .ok_or_else(|| {
                format!(
                    "{}: no free letter for the extra piece {}",
                    spec.name, extra.name
                )
            })?;
        spec.set(
            "piece",
            &format!("{letter} {} {} {}", extra.name, extra.betza, extra.value),
        )?;
    }
    Ok(())
}
