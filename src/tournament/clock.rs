//! Time controls (`10+0.1`, `40/60+0`, `st=0.5`) and the referee's clocks.

use std::fmt;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `moves/base+inc`: `base` for each period of `moves` moves (0 = the whole game), plus
    /// `inc` after every move.
    Clock {
        moves: u32,
        base_ms: u64,
        inc_ms: u64,
    },
    /// A fixed time for every move.
    PerMove { ms: u64 },
}

/// The longest time a control may give (about 115 days): clocks stay far from overflowing
/// however many periods a game has.
const MAX_CONTROL_SECONDS: f64 = 1e7;

fn seconds(text: &str, what: &str) -> Result<u64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{what}: '{text}' is not a number of seconds"))?;
    if !secs.is_finite() || !(0.0..=MAX_CONTROL_SECONDS).contains(&secs) {
        return Err(format!("{what}: '{text}' is out of range"));
    }
    Ok((secs * 1000.0).round() as u64)
}

impl TimeControl {
    /// Parses `[moves/]base[+inc]` (seconds, decimals allowed; base may be `m:ss`) or `st=SECONDS`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        if let Some(st) = text.strip_prefix("st=") {
            let ms = seconds(st, "st")?;
            if ms == 0 {
                return Err("st must be more than 0".into());
            }
            return Ok(TimeControl::PerMove { ms });
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (
                m.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("'{m}' is not a number of moves"))?,
                r,
            ),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, seconds(i, "increment")?),
            None => (rest, 0),
        };
        let base_ms = match base.split_once(':') {
            Some((m, s)) => {
                let minutes: u64 = m
                    .trim()
                    .parse()
                    .map_err(|_| format!("'{base}' is not a time"))?;
                let secs = seconds(s, "base time")?;
                if secs >= 60_000 {
                    return Err(format!("'{base}': the seconds after ':' must be under 60"));
                }
                minutes
                    .checked_mul(60_000)
                    .and_then(|ms| ms.checked_add(secs))
                    .filter(|&ms| ms as f64 <= MAX_CONTROL_SECONDS * 1000.0)
                    .ok_or_else(|| format!("'{base}' is out of range"))?
            }
            None => seconds(base, "base time")?,
        };
        if base_ms == 0 && inc == 0 {
            return Err(format!("time control '{text}' gives no time"));
        }
        Ok(TimeControl::Clock {
            moves,
            base_ms,
            inc_ms: inc,
        })
    }

    /// The time on each clock at the start.
    pub fn start_ms(self) -> i64 {
        match self {
            TimeControl::Clock { base_ms, .. } => base_ms as i64,
            TimeControl::PerMove { ms } => ms as i64,
        }
    }
}

fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form: `40/60+0.5`, `10+0.1`, `0.5/move`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                if moves > 0 {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}", secs_text(base_ms))?;
                if inc_ms > 0 {
                    write!(f, "+{}", secs_text(inc_ms))?;
                }
                Ok(())
            }
            TimeControl::PerMove { ms } => write!(f, "{}/move", secs_text(ms)),
        }
    }
}

/// One player's clock.
#[derive(Clone, Debug)]
pub struct Clock {
    pub tc: TimeControl,
    /// Time left, in milliseconds; negative after a forfeit.
    pub left_ms: i64,
    moves: u32,
}

impl Clock {
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            tc,
            left_ms: tc.start_ms(),
            moves: 0,
        }
    }

    /// Moves until the next time control (UCI `movestogo`), if the control has periods.
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.tc {
            TimeControl::Clock { moves, .. } if moves > 0 => Some(moves - self.moves % moves),
            _ => None,
        }
    }

    /// The longest a move may take before it forfeits (with the margin added).
    pub fn allowance(&self, margin: Duration) -> Duration {
        Duration::from_millis(self.left_ms.max(0) as u64) + margin
    }

    /// Charges a move that took `used`; false if it overstepped the time (plus the margin).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        let used_ms = used.as_millis() as i64;
        let ok = used_ms <= self.left_ms + margin.as_millis() as i64;
        self.moves += 1;
        match self.tc {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                self.left_ms -= used_ms;
                if ok {
                    self.left_ms += inc_ms as i64;
                    if moves > 0 && self.moves.is_multiple_of(moves) {
                        self.left_ms += base_ms as i64;
                    }
                }
            }
            TimeControl::PerMove { ms } => {
                self.left_ms = if ok { ms as i64 } else { ms as i64 - used_ms };
            }
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            tc,
            TimeControl::Clock {
                moves: 0,
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("40/1:30").unwrap().to_string(), "40/90");
        assert_eq!(
            TimeControl::parse("st=0.25").unwrap(),
            TimeControl::PerMove { ms: 250 }
        );
        assert_eq!(
            TimeControl::parse("st=0.25").unwrap().to_string(),
            "0.25/move"
        );
        assert!(TimeControl::parse("0+0").is_err());
        assert!(TimeControl::parse("1:99").is_err());
        assert!(TimeControl::parse("1:60+1").is_err());
        assert_eq!(TimeControl::parse("1:59.5").unwrap().start_ms(), 119_500);
        assert!(TimeControl::parse("x+1").is_err());
        assert!(TimeControl::parse("-5").is_err());
        assert!(TimeControl::parse("st=0").is_err());
        // Beyond 10^7 seconds, also as minutes: the clocks' arithmetic once wrapped round to
        // a negative time and every move lost on time.
        assert!(TimeControl::parse("200000000000000:00").is_err());
        assert!(TimeControl::parse("166667:00").is_err());
        assert!(TimeControl::parse("166666:00").is_ok());
    }

    #[test]
    fn clocks_add_increments_and_periods() {
        let margin = Duration::from_millis(10);
        let mut c = Clock::new(TimeControl::parse("2/1+0.5").unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(Duration::from_millis(400), margin));
        assert_eq!(c.left_ms, 1100);
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(Duration::from_millis(100), margin));
        assert_eq!(c.left_ms, 2500);
        assert!(!c.charge(Duration::from_millis(2600), margin));
        assert!(c.left_ms < 0);
        let mut st = Clock::new(TimeControl::PerMove { ms: 100 });
        assert!(st.charge(Duration::from_millis(105), margin));
        assert!(!st.charge(Duration::from_millis(150), margin));
    }
}
