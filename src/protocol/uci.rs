//! The UCI front end. Each line is parsed into a `Command` (or an error that becomes one
//! `info string error: …` line); the engine's state changes only when a command succeeds.

use crate::game::{Game, GameType};
use crate::perft::PerftReport;
use crate::variant::Registry;
use std::io::{BufRead, Write};
use vampirc_uci::{UciMessage, UciOptionConfig};

#[derive(Debug, PartialEq)]
pub enum Command {
    Uci,
    IsReady,
    NewGame,
    SetOption { name: String, value: Option<String> },
    Position { fen: Option<String>, moves: Vec<String> },
    GoPerft { depth: u32 },
    Display,
    Quit,
}

/// Parses one line. `Ok(None)` for an empty line.
pub fn parse_command(line: &str) -> Result<Option<Command>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else { return Ok(None) };
    Ok(Some(match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "setoption" => {
            // vampirc-uci knows this grammar, which involves no squares.
            match vampirc_uci::parse_one(line.trim()) {
                UciMessage::SetOption { name, value } => Command::SetOption { name, value },
                _ => return Err("setoption: expected 'setoption name NAME [value VALUE]'".into()),
            }
        }
        "position" => {
            let (fen, rest) = match words.get(1) {
                Some(&"startpos") => (None, &words[2..]),
                Some(&"fen") => {
                    let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
                    if end <= 2 {
                        return Err("position fen: FEN missing".into());
                    }
                    (Some(words[2..end].join(" ")), &words[end..])
                }
                _ => return Err("position: expected 'startpos' or 'fen'".into()),
            };
            let moves = match rest.split_first() {
                None => Vec::new(),
                Some((&"moves", ms)) => ms.iter().flat_map(|m| m.split(',')).filter(|m| !m.is_empty()).map(str::to_string).collect(),
                Some((w, _)) => return Err(format!("position: unexpected '{w}'")),
            };
            Command::Position { fen, moves }
        }
        "go" => match words.get(1) {
            Some(&"perft") => {
                let depth = words
                    .get(2)
                    .and_then(|d| d.parse::<u32>().ok())
                    .filter(|d| (1..=20).contains(d))
                    .ok_or("go perft: expected a depth from 1 to 20")?;
                Command::GoPerft { depth }
            }
            _ => return Err("go: only 'go perft N' is available in this build".into()),
        },
        other => return Err(format!("unknown command '{other}'")),
    }))
}

pub struct UciEngine<W: Write> {
    registry: Registry,
    game_type: GameType,
    game: Game,
    out: W,
}

impl<W: Write> UciEngine<W> {
    pub fn new(registry: Registry, out: W) -> UciEngine<W> {
        let game_type = registry.find("chess").expect("chess is built in").clone();
        let game = game_type.start();
        UciEngine { registry, game_type, game, out }
    }

    fn send(&mut self, line: &str) {
        // A closed stdout means the GUI is gone; there is no one left to tell.
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    fn error(&mut self, msg: &str) {
        self.send(&format!("info string error: {msg}"));
    }

    /// Runs until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if !self.handle(&line) {
                break;
            }
        }
    }

    /// Handles one line; false on quit.
    pub fn handle(&mut self, line: &str) -> bool {
        match parse_command(line) {
            Ok(None) => true,
            Ok(Some(Command::Quit)) => false,
            Ok(Some(cmd)) => {
                if let Err(e) = self.execute(cmd) {
                    self.error(&e);
                }
                true
            }
            Err(e) => {
                self.error(&e);
                true
            }
        }
    }

    fn execute(&mut self, cmd: Command) -> Result<(), String> {
        match cmd {
            Command::Uci => {
                self.send(&UciMessage::Id { name: Some(format!("Chimera {}", env!("CARGO_PKG_VERSION"))), author: None }.to_string());
                self.send(&UciMessage::Id { name: None, author: Some("the Chimera developers".into()) }.to_string());
                let names: Vec<String> = self.registry.names().map(str::to_string).collect();
                let variant = UciOptionConfig::Combo {
                    name: "UCI_Variant".into(),
                    default: Some("chess".into()),
                    var: names,
                };
                self.send(&UciMessage::Option(variant).to_string());
                self.send(&UciMessage::Option(UciOptionConfig::String { name: "VariantPath".into(), default: Some("<empty>".into()) }).to_string());
                self.send(&UciMessage::UciOk.to_string());
            }
            Command::IsReady => self.send(&UciMessage::ReadyOk.to_string()),
            Command::NewGame => self.game = self.game_type.start(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref().unwrap_or(""))?,
            Command::Position { fen, moves } => {
                let mut game = match fen {
                    Some(f) => self.game_type.position(&f).map_err(|e| format!("bad FEN: {e}"))?,
                    None => self.game_type.start(),
                };
                for m in &moves {
                    let mv = game.parse_uci(m)?;
                    game.play(mv);
                }
                self.game = game;
            }
            Command::GoPerft { depth } => {
                let report = PerftReport::run(&self.game, depth, true);
                for line in report.lines() {
                    self.send(&line);
                }
                self.send(&format!("info string perft time {} ms nps {}", (report.seconds * 1000.0) as u64, report.nps()));
            }
            Command::Display => {
                let fen = self.game.fen();
                self.send(&format!("info string fen {fen}"));
            }
            Command::Quit => {}
        }
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let gt = self.registry.find(value).map_err(|e| e.to_string())?.clone();
                self.game = gt.start();
                self.game_type = gt;
                let v = &self.game_type.variant;
                let line = format!(
                    "info string variant {} files {} ranks {} startpos {}",
                    v.name, v.size.files, v.size.ranks, v.start_fen
                );
                self.send(&line);
            }
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return Ok(());
                }
                let text = std::fs::read_to_string(value).map_err(|e| format!("VariantPath {value}: {e}"))?;
                let names = self.registry.load(&text).map_err(|e| format!("VariantPath {value}: {e}"))?;
                self.send(&format!("info string loaded variants {}", names.join(" ")));
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }
}
