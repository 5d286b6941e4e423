//! The term-by-term breakdown behind the engine's `eval` terminal command.

use std::fmt;

use crate::eval::Terms;
use crate::params::PHASE_MAX;
use crate::{Color, Score};

/// The evaluation terms, in the order they are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Piece values (material.rs).
    Material,
    /// Piece-square tables, including the games' own bonus tables (psqt.rs).
    Psqt,
    /// Mobility (mobility.rs).
    Mobility,
    /// Attacks on the king zone and the pawn shield (king_safety.rs).
    KingSafety,
    /// Doubled, isolated and passed pawn-like pieces (pawns.rs).
    Pawns,
    /// The side-to-move bonus (params.rs `TEMPO`).
    Tempo,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 6;

    /// Every term, in report order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::Psqt,
        Term::Mobility,
        Term::KingSafety,
        Term::Pawns,
        Term::Tempo,
    ];

    /// Position in [`Term::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Display name.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Psqt => "Squares",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::Pawns => "Pawns",
            Term::Tempo => "Tempo",
        }
    }
}

/// A middlegame value, an endgame value and their blend at the position's phase, centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
    /// The two blended by the phase.
    pub tapered: i32,
}

impl Tapered {
    fn of(s: Score, phase: i32) -> Tapered {
        Tapered {
            mg: s.mg,
            eg: s.eg,
            tapered: s.taper(phase),
        }
    }
}

/// One term, for each side (each from its own point of view: positive is good for that side)
/// and the net result from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermBreakdown {
    /// Which term.
    pub term: Term,
    /// White's score for this term.
    pub white: Tapered,
    /// Black's score for this term.
    pub black: Tapered,
    /// White minus Black (mg and eg), blended.
    pub net: Tapered,
}

/// The evaluation of a position explained term by term. The nets of the terms can differ from
/// [`Breakdown::white_pov`] by a centipawn or two of rounding, since the final value blends the
/// summed mg and eg once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The side to move.
    pub side_to_move: Color,
    /// The game phase, 0 (endgame) ..= [`PHASE_MAX`] (middlegame).
    pub phase: i32,
    /// Every term, in [`Term::ALL`] order.
    pub terms: [TermBreakdown; Term::COUNT],
    /// All terms together, White minus Black.
    pub total: Tapered,
    /// The final evaluation from White's point of view (clamped like `evaluate`).
    pub white_pov: i32,
}

impl Breakdown {
    pub(crate) fn from_terms(t: &Terms) -> Breakdown {
        let terms = Term::ALL.map(|term| {
            let [w, b] = t.scores[term.index()];
            TermBreakdown {
                term,
                white: Tapered::of(w, t.phase),
                black: Tapered::of(b, t.phase),
                net: Tapered::of(w - b, t.phase),
            }
        });
        let total = t.total(Color::White) - t.total(Color::Black);
        Breakdown {
            side_to_move: t.side_to_move,
            phase: t.phase,
            terms,
            total: Tapered::of(total, t.phase),
            white_pov: t.white_pov(),
        }
    }

    /// One term's line.
    pub fn term(&self, term: Term) -> &TermBreakdown {
        &self.terms[term.index()]
    }

    /// The final evaluation from the side to move's point of view: what `evaluate` returns.
    pub fn side_to_move_pov(&self) -> i32 {
        match self.side_to_move {
            Color::White => self.white_pov,
            Color::Black => -self.white_pov,
        }
    }
}

fn pawns(cp: i32) -> String {
    format!(
        "{}{}.{:02}",
        if cp < 0 { "-" } else { "+" },
        cp.unsigned_abs() / 100,
        cp.unsigned_abs() % 100
    )
}

/// A table for a terminal: one line per term with White's, Black's and the net mg / eg /
/// tapered values in centipawns, then the final value in pawns.
impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |t: &Tapered| format!("{:>6} {:>6} {:>6}", t.mg, t.eg, t.tapered);
        let rule = format!("{:-<13}+{:-<22}+{:-<22}+{:-<22}", "", "", "", "");
        writeln!(
            f,
            "Phase {}/{} ({} = middlegame, 0 = endgame); centipawns",
            self.phase, PHASE_MAX, PHASE_MAX
        )?;
        let header = format!(
            "{:>12} | {:^20} | {:^20} | {:^20}",
            "Term", "White", "Black", "White - Black"
        );
        writeln!(f, "{}", header.trim_end())?;
        writeln!(
            f,
            "{:>12} | {:>6} {:>6} {:>6} | {:>6} {:>6} {:>6} | {:>6} {:>6} {:>6}",
            "", "mg", "eg", "taper", "mg", "eg", "taper", "mg", "eg", "taper"
        )?;
        writeln!(f, "{rule}")?;
        for t in &self.terms {
            writeln!(
                f,
                "{:>12} | {} | {} | {}",
                t.term.name(),
                cell(&t.white),
                cell(&t.black),
                cell(&t.net)
            )?;
        }
        writeln!(f, "{rule}")?;
        writeln!(
            f,
            "{:>12} | {:20} | {:20} | {}",
            "Total",
            "",
            "",
            cell(&self.total)
        )?;
        let stm = match self.side_to_move {
            Color::White => "White",
            Color::Black => "Black",
        };
        write!(
            f,
            "Evaluation: {} (White's view), {} (side to move, {stm})",
            pawns(self.white_pov),
            pawns(self.side_to_move_pov())
        )
    }
}
