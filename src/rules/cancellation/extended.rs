//! The extended form, `cancellation-extended-<game>`: placed pieces may also be fairy pieces the
//! game lacks (Wazir 2, Commoner 4, Dragon Horse 6, Dragon King 7, Archbishop 8), each only
//! where the game has no piece of that value. The list is data (`extended.ini`); a user who
//! wants other pieces writes a variant file with `cancellation = yes` and their own `piece` lines.

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

/// The extra pieces listed in `extended.ini`.
pub fn extra_pieces() -> Vec<ExtraPiece> {
    DATA.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w.as_slice() {
                [letters, name, betza, value] => ExtraPiece {
                    letters: letters.chars().collect(),
                    name: name.to_string(),
                    betza: betza.to_string(),
                    value: value
                        .parse()
                        .unwrap_or_else(|_| panic!("extended.ini: bad value in '{l}'")),
                },
                _ => panic!("extended.ini: bad line '{l}'"),
            }
        })
        .collect()
}

/// Adds to `spec` the extra pieces of values it has no piece of.
pub fn extend(spec: &mut VariantSpec) -> Result<(), String> {
    for extra in extra_pieces() {
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
