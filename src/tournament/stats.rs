//! Match statistics: score, logistic Elo difference with its 95% interval, and the sequential
//! probability ratio test (the generalised SPRT on the win/draw/loss model, as fishtest
//! computes it: each hypothesis's most likely probabilities with its expected score).

/// Wins, losses and draws from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The score fraction an Elo difference predicts.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score fraction means (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
    pub fn add(&mut self, half_points: u32) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
    /// Mean score per game (0..1).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }
    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
    /// Elo difference and the half-width of its 95% interval (`None` before the first game).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (e, lo, hi) = self.elo_interval()?;
        Some((e, (hi - lo) / 2.0))
    }
    /// Elo difference and the bounds of its 95% interval (infinite past a score of 0 or 1).
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let s = self.score();
        let margin = Z95 * (self.variance() / n as f64).sqrt();
        Some((
            elo_from_score(s),
            elo_from_score(s - margin),
            elo_from_score(s + margin),
        ))
    }
    /// The log-likelihood ratio of H1 (elo1) against H0 (elo0): the generalised SPRT on the
    /// trinomial model, each hypothesis's win/draw/loss probabilities the most likely ones
    /// with its expected score. Its normal approximation (the variance of the results seen)
    /// breaks down while every game has had the same result: with no spread it grew with the
    /// square of the games, accepting H1 after four straight wins.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        let counts = [self.wins, self.draws, self.losses].map(f64::from);
        let p0 = most_likely_results(counts, expected_score(elo0));
        let p1 = most_likely_results(counts, expected_score(elo1));
        (0..3)
            .filter(|&i| counts[i] > 0.0)
            .map(|i| counts[i] * (p1[i] / p0[i]).ln())
            .sum()
    }
}

/// The score of a win, a draw and a loss.
const OUTCOME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The win/draw/loss probabilities most likely to give `counts` among those with expected
/// score `s` (0 < s < 1). An outcome never seen counts as a thousandth of a game (fishtest's
/// regularisation), so that it can take up whatever probability the score needs. The
/// maximum is `p_i = f_i / (1 + x (a_i - s))`, with `x` the root of a decreasing function,
/// found by bisection.
fn most_likely_results(counts: [f64; 3], s: f64) -> [f64; 3] {
    let counts = counts.map(|c| c.max(1e-3));
    let total: f64 = counts.iter().sum();
    let freq = counts.map(|c| c / total);
    let gap = OUTCOME_SCORES.map(|a| a - s);
    let slope = |x: f64| -> f64 { (0..3).map(|i| freq[i] * gap[i] / (1.0 + x * gap[i])).sum() };
    // Every denominator stays positive for x in (-1 / (1 - s), 1 / s).
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    let p: [f64; 3] = std::array::from_fn(|i| freq[i] / (1.0 + x * gap[i]));
    let sum: f64 = p.iter().sum();
    p.map(|v| v / sum)
}

/// `elo0`, `elo1`, `alpha`, `beta` of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 (the difference is at most elo0) accepted.
    H0,
    /// H1 (the difference is at least elo1) accepted.
    H1,
    Continue,
}

/// The largest Elo difference an SPRT hypothesis may name (an expected score of 0.9968).
const MAX_SPRT_ELO: f64 = 1000.0;

impl Sprt {
    /// Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order, any subset; these are defaults).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = w
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected KEY=VALUE, not '{w}'"))?;
            // NaN never decides and an infinite Elo decides at once: neither is a test.
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: '{value}' is not a finite number"))?;
            match key {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => {
                    return Err(format!(
                        "--sprt: unknown key '{key}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err("--sprt: alpha and beta must be between 0 and 0.5".into());
        }
        if s.elo1 <= s.elo0 {
            return Err("--sprt: elo1 must be greater than elo0".into());
        }
        // Beyond, the expected score rounds to 0 or 1 and the LLR to NaN: no test decides.
        if s.elo0 < -MAX_SPRT_ELO || s.elo1 > MAX_SPRT_ELO {
            return Err(format!(
                "--sprt: elo0 and elo1 must lie between -{MAX_SPRT_ELO} and {MAX_SPRT_ELO}"
            ));
        }
        Ok(s)
    }
    /// Lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
    pub fn decide(&self, tally: &Tally) -> (f64, SprtDecision) {
        let llr = tally.llr(self.elo0, self.elo1);
        let (lo, hi) = self.bounds();
        let d = if llr >= hi {
            SprtDecision::H1
        } else if llr <= lo {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        };
        (llr, d)
    }
}

/// `+35.2 +/- 20.1`; `+436.4 [+235.1, +inf]` when a bound of the 95% interval is infinite;
/// `+inf` when one side scored everything.
pub fn format_elo(tally: &Tally) -> String {
    // Adding 0.0 turns -0.0 into +0.0.
    let show = |x: f64| {
        if x.is_finite() {
            format!("{:+.1}", x + 0.0)
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    match tally.elo_interval() {
        None => "-".into(),
        Some((e, _, _)) if !e.is_finite() => show(e),
        Some((e, lo, hi)) if lo.is_finite() && hi.is_finite() => {
            format!("{} +/- {:.1}", show(e), (hi - lo) / 2.0)
        }
        Some((e, lo, hi)) => format!("{} [{}, {}]", show(e), show(lo), show(hi)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.1);
        assert!((expected_score(190.85) - 0.75).abs() < 1e-4);
        let t = Tally {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        let (e, m) = t.elo().unwrap();
        assert!((e - 147.19).abs() < 0.1, "{e}");
        assert!(m > 50.0 && m < 90.0, "{m}");
        assert_eq!(
            format_elo(&Tally {
                wins: 3,
                losses: 0,
                draws: 0
            }),
            "+inf"
        );
        assert_eq!(format_elo(&Tally::default()), "-");
        assert_eq!(
            format_elo(&Tally {
                wins: 1,
                losses: 1,
                draws: 0
            }),
            "+0.0 [-inf, +inf]"
        );
        let t = Tally {
            wins: 18,
            losses: 1,
            draws: 1,
        };
        assert!(
            format_elo(&t).starts_with("+436.4 [+"),
            "{}",
            format_elo(&t)
        );
        assert!(format_elo(&t).ends_with(", +inf]"), "{}", format_elo(&t));
    }

    #[test]
    fn sprt_accepts_and_rejects() {
        let s = Sprt::parse(&[
            "elo0=0 elo1=10".to_string(),
            "alpha=0.05".into(),
            "beta=0.05".into(),
        ])
        .unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944).abs() < 0.01 && (hi - 2.944).abs() < 0.01);
        assert_eq!(
            s.decide(&Tally {
                wins: 600,
                losses: 400,
                draws: 1000
            })
            .1,
            SprtDecision::H1
        );
        assert_eq!(
            s.decide(&Tally {
                wins: 400,
                losses: 600,
                draws: 1000
            })
            .1,
            SprtDecision::H0
        );
        assert_eq!(
            s.decide(&Tally {
                wins: 5,
                losses: 5,
                draws: 10
            })
            .1,
            SprtDecision::Continue
        );
        // Straight wins: the exact GSPRT adds ln(s1 / s0) per win (0.247 for elo1=100), so
        // twelve are needed at alpha = beta = 0.05. The normal approximation, with no spread
        // to measure, had accepted H1 after four.
        let s100 = Sprt::parse(&["elo0=0 elo1=100".to_string()]).unwrap();
        let wins = |n| Tally {
            wins: n,
            losses: 0,
            draws: 0,
        };
        let per_win = (expected_score(100.0) / 0.5).ln();
        for n in [1, 4, 11, 12] {
            let llr = wins(n).llr(0.0, 100.0);
            assert!((llr - n as f64 * per_win).abs() < 1e-3, "{n} wins: {llr}");
        }
        assert_eq!(s100.decide(&wins(11)).1, SprtDecision::Continue);
        assert_eq!(s100.decide(&wins(12)).1, SprtDecision::H1);
        // Straight draws: ln(2 (1 - s1)) each, nothing under H0's even score.
        let draws = Tally {
            wins: 0,
            losses: 0,
            draws: 4,
        };
        let per_draw = (2.0 * (1.0 - expected_score(100.0))).ln();
        assert!((draws.llr(0.0, 100.0) - 4.0 * per_draw).abs() < 1e-3);
        // Mixed results: 3-1-2 gives 0.0510 (the maximum found by a grid search over the
        // draw rate); over many games the normal approximation agrees within a few percent.
        let mixed = Tally {
            wins: 3,
            losses: 2,
            draws: 1,
        };
        let llr = mixed.llr(0.0, 100.0);
        assert!((llr - 0.0510).abs() < 0.001, "{llr}");
        let many = Tally {
            wins: 600,
            losses: 400,
            draws: 1000,
        };
        let (s0, s1) = (0.5, expected_score(10.0));
        let n = f64::from(many.games());
        let normal = n * (s1 - s0) * (2.0 * many.score() - s0 - s1) / (2.0 * many.variance());
        let llr = many.llr(0.0, 10.0);
        assert!(
            (llr - normal).abs() < 0.03 * normal,
            "{llr} against {normal}"
        );
        assert!(Sprt::parse(&["elo0=5 elo1=0".to_string()]).is_err());
        assert!(Sprt::parse(&["gamma=1".to_string()]).is_err());
        for bad in ["elo0=nan", "elo1=inf", "elo0=-inf", "alpha=NaN"] {
            assert!(Sprt::parse(&[bad.to_string()]).is_err(), "{bad}");
        }
        // Finite, but so large that the LLR was NaN and the test never decided.
        for bad in ["elo1=20000", "elo0=-1001 elo1=0"] {
            assert!(Sprt::parse(&[bad.to_string()]).is_err(), "{bad}");
        }
        let widest = Sprt::parse(&["elo0=-1000 elo1=1000".to_string()])
            .expect("the widest bounds are accepted");
        let wins = Tally {
            wins: 3,
            ..Tally::default()
        };
        assert!(wins.llr(widest.elo0, widest.elo1).is_finite());
    }
}
