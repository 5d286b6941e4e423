//! The GUI side of XBoard (CECP v2): features, `variant`, `level`/`st`, setting up the game
//! (`setboard` or moves in force mode), `ping` to stay in sync, and thinking output.

use super::*;

#[derive(Default)]
pub(super) struct XboardState {
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// `feature nps`: `None` when the engine did not say (then `nps` is tried).
    nps: Option<bool>,
    variants: Option<Vec<String>>,
    /// The variant name to send (`None` for chess as `normal`).
    variant: Option<String>,
    /// What the engine's board holds: root and moves (in Chimera's notation), when in sync.
    synced: Option<(String, Vec<String>)>,
    ping_count: u32,
    /// XBoard counts this game's ranks from 0 (boards of 10 ranks): moves and FENs are
    /// converted on the way in and out.
    ranks: coords::GuiRanks,
}

impl XboardState {
    pub(super) fn sets_up_positions(&self) -> bool {
        self.setboard
    }
}

/// Parses XBoard `feature` arguments: `a=1 b="two words"`.
pub fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            match r.find('"') {
                Some(end) => {
                    value = r[..end].to_string();
                    rest = r[end + 1..].trim_start();
                }
                None => {
                    value = r.to_string();
                    rest = "";
                }
            }
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        if key.contains(char::is_whitespace) || key.is_empty() {
            break;
        }
        out.push((key, value));
    }
    out
}

/// Reads XBoard thinking output: `ply score time nodes pv...`.
fn parse_xboard_thinking(line: &str) -> Option<(u32, Score)> {
    let mut words = line.split_whitespace();
    let ply: u32 = words
        .next()?
        .trim_end_matches(['.', '&', '+', '-'])
        .parse()
        .ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    // time and nodes must be numbers too, or this is not thinking output.
    words.next()?.parse::<u64>().ok()?;
    words.next()?.parse::<u64>().ok()?;
    let s = if score.abs() >= 100_000 {
        let n = (score.abs() - 100_000) as i32;
        Score::Mate(if score > 0 { n } else { -n })
    } else {
        Score::Cp(score.clamp(-99_999, 99_999) as i32)
    };
    Some((ply, s))
}

fn xboard_secs(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.3}", ms as f64 / 1000.0)
            .trim_end_matches('0')
            .to_string()
    }
}

/// The base time of XBoard's `level`: minutes, or `minutes:seconds` (`0:05`, `1:30`, `0:02.5`).
fn xboard_base(ms: u64) -> String {
    let (minutes, rest) = (ms / 60_000, ms % 60_000);
    match (rest / 1000, rest % 1000) {
        (0, 0) => minutes.to_string(),
        (secs, 0) => format!("{minutes}:{secs:02}"),
        (secs, frac) => format!(
            "{minutes}:{secs:02}.{}",
            format!("{frac:03}").trim_end_matches('0')
        ),
    }
}

impl Engine {
    pub(super) fn xboard_handshake(&mut self, variant: &Variant) -> Result<(), EngineError> {
        self.process.send("xboard");
        self.process.send("protover 2");
        let start = Instant::now();
        let mut deadline = start + FEATURE_WAIT;
        let mut state = XboardState {
            ranks: coords::GuiRanks::of(variant.size.ranks),
            ..XboardState::default()
        };
        loop {
            let (line, _) = match self.process.recv(deadline, "feature done=1") {
                Ok(l) => l,
                // Without done=0, silence after two seconds means: no (more) features.
                Err(EngineError::Timeout(_)) if deadline < start + HANDSHAKE => break,
                Err(e) => return Err(e),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut finished = false;
            for (key, value) in parse_features(rest) {
                let on = value == "1";
                let accept = match key.as_str() {
                    "done" => {
                        if on {
                            finished = true;
                        } else {
                            deadline = start + HANDSHAKE;
                        }
                        continue;
                    }
                    "setboard" => {
                        state.setboard = on;
                        true
                    }
                    "usermove" => {
                        state.usermove = on;
                        true
                    }
                    "ping" => {
                        state.ping = on;
                        true
                    }
                    "nps" => {
                        state.nps = Some(on);
                        true
                    }
                    "variants" => {
                        state.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect());
                        true
                    }
                    "myname" => true,
                    // Moves come back in coordinates unless SAN is accepted.
                    "san" => !on,
                    _ => true,
                };
                self.process.send(&format!(
                    "{} {key}",
                    if accept { "accepted" } else { "rejected" }
                ));
            }
            if finished {
                break;
            }
        }
        if variant.name != "chess" {
            let names = std::iter::once(&variant.name).chain(variant.aliases.iter());
            let list = state.variants.clone().unwrap_or_default();
            match names.clone().find(|n| list.iter().any(|v| v == *n)) {
                Some(n) => state.variant = Some(n.clone()),
                None => {
                    return Err(EngineError::Protocol(format!(
                        "the engine does not play {}",
                        variant.name
                    )))
                }
            }
        }
        for (name, value) in &self.spec.options {
            self.process.send(&format!("option {name}={value}"));
        }
        let nps = state.nps;
        self.proto = Proto::Xboard(state);
        if let Some(nodes) = self.spec.nodes {
            // Asked once here, so that an engine without it ends the match before game 1.
            let refused = || {
                EngineError::Protocol("the engine has no node limit (XBoard's nps command)".into())
            };
            if nps == Some(false) {
                return Err(refused());
            }
            self.process.send(&format!("nps {nodes}"));
            self.xboard_sync().map_err(|e| match e {
                EngineError::Protocol(_) => refused(),
                e => e,
            })?;
        }
        Ok(())
    }

    /// Waits until the engine has read everything sent so far (`ping`, where it has it). Lines
    /// saying a move or position was refused become protocol errors.
    fn xboard_sync(&mut self) -> Result<(), EngineError> {
        let Proto::Xboard(state) = &mut self.proto else {
            return Ok(());
        };
        if !state.ping {
            return Ok(());
        }
        state.ping_count += 1;
        let n = state.ping_count;
        self.process.send(&format!("ping {n}"));
        let deadline = Instant::now() + HANDSHAKE;
        let want = format!("pong {n}");
        loop {
            let (line, _) = self
                .process
                .recv(deadline, "pong")
                .map_err(|e| map_timeout(e, "pong"))?;
            let l = line.trim();
            if l == want {
                return Ok(());
            }
            if l.starts_with("Illegal move") || l.starts_with("Error") {
                return Err(EngineError::Protocol(format!(
                    "the engine refused the position: {l}"
                )));
            }
        }
    }

    pub(super) fn xboard_setup(&mut self, view: &GameView) -> Result<(), EngineError> {
        let tc = self.tc;
        let (depth, nodes) = (self.spec.depth, self.spec.nodes);
        let Proto::Xboard(state) = &mut self.proto else {
            return Ok(());
        };
        let p = &mut self.process;
        p.send("new");
        if let Some(v) = &state.variant {
            p.send(&format!("variant {v}"));
        }
        p.send("force");
        match (nodes, tc) {
            // CECP's node limit: a second a move, on a clock that counts `nps` nodes a second.
            // The engine then never sees the referee's clock, which still runs.
            (Some(n), _) => {
                p.send("st 1");
                p.send(&format!("nps {n}"));
            }
            (
                None,
                TimeControl::Clock {
                    moves,
                    base_ms,
                    inc_ms,
                },
            ) => {
                let base = xboard_base(base_ms);
                p.send(&format!("level {moves} {base} {}", xboard_secs(inc_ms)));
            }
            (None, TimeControl::PerMove { ms }) => p.send(&format!("st {}", xboard_secs(ms))),
        }
        if let Some(d) = depth {
            p.send(&format!("sd {d}"));
        }
        p.send("post");
        p.send("easy");
        if !view.root_is_start {
            if !state.setboard {
                return Err(EngineError::Protocol(
                    "the engine cannot set up a position (no setboard)".into(),
                ));
            }
            p.send(&format!(
                "setboard {}",
                coords::fen_to_gui(view.root_fen, state.ranks)
            ));
        }
        let prefix = if state.usermove { "usermove " } else { "" };
        for m in view.gui_moves {
            p.send(&format!("{prefix}{}", coords::to_gui(m, state.ranks)));
        }
        state.synced = Some((view.root_fen.to_string(), view.moves.to_vec()));
        self.xboard_sync()
    }

    pub(super) fn xboard_think(
        &mut self,
        view: &GameView,
        clocks: &ClockView,
    ) -> Result<Thought, EngineError> {
        let in_sync = match &self.proto {
            Proto::Xboard(s) => match &s.synced {
                Some((root, moves)) => root == view.root_fen && view.moves.starts_with(moves),
                None => false,
            },
            Proto::Uci => true,
        };
        if !in_sync {
            let done = view.moves.to_vec();
            self.xboard_setup(&GameView {
                moves: &done,
                ..*view
            })?;
        }
        let Proto::Xboard(state) = &mut self.proto else {
            unreachable!("xboard_think on a UCI engine")
        };
        let (_, known) = state
            .synced
            .get_or_insert_with(|| (view.root_fen.to_string(), Vec::new()));
        let prefix = if state.usermove { "usermove " } else { "" };
        let ranks = state.ranks;
        // The engine's move in Chimera's notation (left as it is if it has no such square:
        // the referee then refuses it).
        let from_engine = |mv: &str| coords::from_gui(mv, ranks).unwrap_or(mv.to_string());
        let p = &mut self.process;
        for m in &view.gui_moves[known.len()..] {
            p.send(&format!("{prefix}{}", coords::to_gui(m, ranks)));
        }
        known.extend_from_slice(&view.moves[known.len()..]);
        let me = view.to_move;
        let centis = |c: &Clock| (c.left_ms.max(1) + 9) / 10;
        p.send(&format!("time {}", centis(clocks.clocks[me.index()])));
        p.send(&format!("otim {}", centis(clocks.clocks[(!me).index()])));
        let start = Instant::now();
        p.send("go");
        let (mut score, mut depth) = (None, None);
        let result = loop {
            let (line, at) = match p.recv(clocks.deadline, "move") {
                Ok(x) => x,
                Err(e) => break Err(e),
            };
            let l = line.trim();
            let elapsed = at.saturating_duration_since(start);
            let mut words = l.split_whitespace();
            let first = words.next().unwrap_or("");
            if first == "move" {
                let mv = from_engine(words.next().unwrap_or("(none)"));
                break Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed,
                });
            }
            let lower = l.to_ascii_lowercase();
            if let Some(mv) = lower
                .strip_prefix("my move is")
                .map(|r| r.trim_start_matches([' ', ':']).trim())
            {
                let mv = from_engine(&l[l.len() - mv.len()..]);
                break Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed,
                });
            }
            if first == "resign" || lower == "tellics resign" {
                break Ok(Thought {
                    action: Action::Resign,
                    score,
                    depth,
                    elapsed,
                });
            }
            if matches!(first, "1-0" | "0-1" | "1/2-1/2") {
                let comment = l[first.len()..].trim().trim_matches(['{', '}']).to_string();
                break Ok(Thought {
                    action: Action::Claim(first.to_string(), comment),
                    score,
                    depth,
                    elapsed,
                });
            }
            if first.starts_with("Illegal") || first == "Error" || first.starts_with("Error") {
                break Err(EngineError::Protocol(format!(
                    "the engine refused a move: {l}"
                )));
            }
            if let Some((d, s)) = parse_xboard_thinking(l) {
                depth = Some(d);
                score = Some(s);
            }
        };
        // Keep the engine from playing on by itself when the next move comes in.
        p.send("force");
        if let Ok(Thought {
            action: Action::Move(m),
            ..
        }) = &result
        {
            known.push(m.clone());
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_parse() {
        let f = parse_features(
            "myname=\"Fairy-Max 5.0b\" setboard=0 ping=1 variants=\"normal,capablanca\" done=0",
        );
        assert_eq!(f[0], ("myname".to_string(), "Fairy-Max 5.0b".to_string()));
        assert_eq!(f[1], ("setboard".to_string(), "0".to_string()));
        assert_eq!(f[3].1, "normal,capablanca");
        assert_eq!(f[4], ("done".to_string(), "0".to_string()));
        assert!(parse_features("option=\"Resign -check 0\"").len() == 1);
        assert!(parse_features("garbage").is_empty());
    }

    #[test]
    fn thinking_and_times() {
        assert_eq!(
            parse_xboard_thinking(" 6      -12        9      64146 b1c3 b8c6"),
            Some((6, Score::Cp(-12)))
        );
        assert_eq!(
            parse_xboard_thinking("6. 100003 9 1 a1a8"),
            Some((6, Score::Mate(3)))
        );
        assert_eq!(parse_xboard_thinking("tellics say hello"), None);
        assert_eq!(xboard_secs(100), "0.1");
        assert_eq!(xboard_secs(2000), "2");
        assert_eq!(xboard_base(120_000), "2");
        assert_eq!(xboard_base(5_000), "0:05");
        assert_eq!(xboard_base(90_000), "1:30");
        assert_eq!(xboard_base(2_500), "0:02.5");
    }
}
