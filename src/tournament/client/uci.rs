//! The GUI side of UCI: the handshake (options, `UCI_Variant`), `isready`, and one search per
//! move with `position … moves …` and the clocks.

use super::*;

/// Reads `score` and `depth` from a UCI `info` line.
fn parse_uci_info(line: &str, score: &mut Option<Score>, depth: &mut Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.contains(&"string")
        || words
            .iter()
            .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return;
    }
    let mut i = 1;
    while i + 1 < words.len() {
        match words[i] {
            "depth" => {
                if let Ok(d) = words[i + 1].parse() {
                    *depth = Some(d);
                }
            }
            "score" if i + 2 < words.len() => {
                let n = words[i + 2].parse::<i32>().ok();
                match (words[i + 1], n) {
                    ("cp", Some(n)) => *score = Some(Score::Cp(n)),
                    ("mate", Some(n)) => *score = Some(Score::Mate(n)),
                    _ => {}
                }
            }
            "pv" => break,
            _ => {}
        }
        i += 1;
    }
}

impl Engine {
    pub(super) fn uci_handshake(&mut self, variant: &Variant) -> Result<(), EngineError> {
        self.process.send("uci");
        let deadline = Instant::now() + HANDSHAKE;
        let mut variant_option: Option<Vec<String>> = None;
        let mut options: Vec<String> = Vec::new();
        loop {
            let (line, _) = self.process.recv(deadline, "uciok")?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or("").trim().to_string();
                if name.eq_ignore_ascii_case("UCI_Variant") {
                    let vars = rest
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_string())
                        .collect();
                    variant_option = Some(vars);
                }
                options.push(name);
            }
        }
        for (name, value) in &self.spec.options {
            if !options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
                log::warn!(
                    "{}: option '{name}' is not announced by the engine; sent anyway",
                    self.name
                );
            }
            self.process
                .send(&format!("setoption name {name} value {value}"));
        }
        let has_option = |name: &str| options.iter().any(|o| o.eq_ignore_ascii_case(name));
        if let Some(file) = &self.spec.variants_file {
            let given = self
                .spec
                .options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case("VariantPath"));
            if has_option("VariantPath") && !given {
                self.process
                    .send(&format!("setoption name VariantPath value {file}"));
            }
        }
        // A Fischer Random game is, to an engine without it in `UCI_Variant`, its base game
        // with `UCI_Chess960` (the UCI way: castling written as the king taking its partner).
        let chess960 = variant.chess960 && has_option("UCI_Chess960");
        if chess960 {
            self.process.send("setoption name UCI_Chess960 value true");
        }
        let base = variant.parent.as_deref().filter(|_| chess960);
        let names: Vec<&str> = std::iter::once(variant.name.as_str())
            .chain(variant.aliases.iter().map(String::as_str))
            .chain(base)
            .collect();
        match &variant_option {
            Some(vars) => {
                let chosen = if vars.is_empty() {
                    Some(variant.name.clone())
                } else {
                    names
                        .iter()
                        .find(|n| vars.iter().any(|v| v.eq_ignore_ascii_case(n)))
                        .map(|n| n.to_string())
                };
                match chosen {
                    Some(v) => self
                        .process
                        .send(&format!("setoption name UCI_Variant value {v}")),
                    None if variant.name == "chess" || base == Some("chess") => {}
                    None => return self.try_unlisted_variant(&names, variant),
                }
            }
            None if variant.name == "chess" || base == Some("chess") => {}
            None => {
                return Err(EngineError::Protocol(format!(
                    "the engine has no UCI_Variant option, so it cannot play {}",
                    variant.name
                )))
            }
        }
        self.sync_ready()
    }

    /// A game the engine's `UCI_Variant` combo does not list (a relay name of the family, a game
    /// of a variants file it has just loaded) is asked for anyway; the engine plays it if it
    /// answers with the board it set up (`info string variant NAME files F ranks R …`, as
    /// Chimera and Fairy-Stockfish announce a variant) before `readyok`.
    fn try_unlisted_variant(
        &mut self,
        names: &[&str],
        variant: &Variant,
    ) -> Result<(), EngineError> {
        self.process.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.name
        ));
        self.process.send("isready");
        let deadline = Instant::now() + HANDSHAKE;
        let mut confirmed = false;
        loop {
            let (line, _) = self.process.recv(deadline, "readyok")?;
            let mut words = line.split_whitespace();
            if line.trim() == "readyok" {
                break;
            }
            if (words.next(), words.next(), words.next())
                == (Some("info"), Some("string"), Some("variant"))
            {
                let announced = words.next().unwrap_or("");
                confirmed |= names.iter().any(|n| n.eq_ignore_ascii_case(announced));
            }
        }
        if confirmed {
            Ok(())
        } else {
            Err(EngineError::Protocol(format!(
                "the engine does not play {} (its UCI_Variant list lacks it, and it did not confirm it)",
                variant.name
            )))
        }
    }

    pub(super) fn sync_ready(&mut self) -> Result<(), EngineError> {
        self.process.send("isready");
        let deadline = Instant::now() + HANDSHAKE;
        self.process
            .wait_for(deadline, "readyok", |l| l.trim() == "readyok")
            .map(|_| ())
    }

    pub(super) fn uci_think(
        &mut self,
        view: &GameView,
        clocks: &ClockView,
    ) -> Result<Thought, EngineError> {
        let mut position = if view.root_is_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", view.root_fen)
        };
        if !view.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&view.moves.join(" "));
        }
        self.process.send(&position);
        let me = clocks.clocks[view.to_move.index()];
        let mut go = String::from("go");
        match me.tc {
            TimeControl::PerMove { ms } => go.push_str(&format!(" movetime {ms}")),
            TimeControl::Clock { .. } => {
                let [w, b] = clocks.clocks;
                let inc = |c: &Clock| match c.tc {
                    TimeControl::Clock { inc_ms, .. } => inc_ms,
                    TimeControl::PerMove { .. } => 0,
                };
                go.push_str(&format!(
                    " wtime {} btime {} winc {} binc {}",
                    w.left_ms.max(1),
                    b.left_ms.max(1),
                    inc(w),
                    inc(b)
                ));
                if let Some(n) = me.moves_to_go() {
                    go.push_str(&format!(" movestogo {n}"));
                }
            }
        }
        if let Some(d) = self.spec.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.spec.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        let start = Instant::now();
        self.process.send(&go);
        let (mut score, mut depth) = (None, None);
        loop {
            let (line, at) = self.process.recv(clocks.deadline, "move")?;
            let l = line.trim();
            if l.starts_with("info ") {
                parse_uci_info(l, &mut score, &mut depth);
            } else if let Some(rest) = l
                .strip_prefix("bestmove")
                .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
            {
                let mv = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("(none)")
                    .to_string();
                return Ok(Thought {
                    action: Action::Move(mv),
                    score,
                    depth,
                    elapsed: at.saturating_duration_since(start),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_parse() {
        let (mut s, mut d) = (None, None);
        parse_uci_info(
            "info depth 12 seldepth 20 score cp -35 nodes 100 pv e2e4 e7e5",
            &mut s,
            &mut d,
        );
        assert_eq!((s, d), (Some(Score::Cp(-35)), Some(12)));
        parse_uci_info("info depth 13 score mate 3 pv a1a8", &mut s, &mut d);
        assert_eq!(s, Some(Score::Mate(3)));
        parse_uci_info("info depth 14 score cp 10 lowerbound", &mut s, &mut d);
        assert_eq!(s, Some(Score::Mate(3)));
        parse_uci_info("info string score cp 5", &mut s, &mut d);
        parse_uci_info("info score", &mut s, &mut d);
        // Bound lines and `info string` change nothing.
        assert_eq!((s, d), (Some(Score::Mate(3)), Some(13)));
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Mate(-2).to_string(), "-M2");
    }
}
