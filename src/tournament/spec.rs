//! Engine specifications as written on the command line:
//! `cmd=PATH [arg=ARG]... [name=NAME] [proto=uci|xboard] [dir=DIR] [option.NAME=VALUE]...
//! [depth=N] [nodes=N] [tc=TC]`. A first word without `=` is the command, and the value of
//! `cmd=` may carry arguments (`cmd="python3 engine.py --fast"`).

use super::clock::TimeControl;
use super::process::{split_words, Launch};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
    /// Probe at the start of the match: UCI if the engine answers `uci` with `uciok`.
    Auto,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub launch: Launch,
    pub protocol: Protocol,
    /// Engine options, sent as `setoption name N value V` / `option N=V`.
    pub options: Vec<(String, String)>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// This engine's own time control, overriding the match's.
    pub tc: Option<TimeControl>,
    /// The variants file the runner loaded (`--variants`): sent as `VariantPath` to a UCI engine
    /// that announces that option and was given none, so that it knows the file's games too.
    pub variants_file: Option<String>,
}

pub const SPEC_HELP: &str = "\
An engine is one argument of space-separated KEY=VALUE words (quote values with spaces):
  cmd=COMMAND        the program, with arguments if quoted: cmd=\"python3 my.py -q\"
                     (a first word without '=' is the command too)
  name=NAME          the name in PGN and reports (default: the program's file name)
  proto=uci|xboard   the protocol (default: detected by sending 'uci')
  arg=ARG            one more argument to the program (repeatable)
  dir=DIR            the working directory
  option.NAME=VALUE  an engine option (UCI setoption / XBoard option), e.g. option.Hash=64
  depth=N            search depth limit sent with every go (UCI depth / XBoard sd)
  nodes=N            node limit per move (UCI go nodes / XBoard st 1 + nps N)
  tc=TC              this engine's own time control (as --tc)
Example: --engine \"cmd=target/release/chimera name=new option.Threads=1\" --engine \"cmd=/usr/games/fairymax proto=xboard\"";

impl EngineSpec {
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let words = split_words(text).map_err(|e| format!("engine '{text}': {e}"))?;
        let mut spec = EngineSpec {
            name: String::new(),
            launch: Launch::default(),
            protocol: Protocol::Auto,
            options: Vec::new(),
            depth: None,
            nodes: None,
            tc: None,
            variants_file: None,
        };
        let mut command: Option<Vec<String>> = None;
        let mut extra_args = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let Some((key, value)) = word.split_once('=') else {
                if i == 0 {
                    command = Some(vec![word.clone()]);
                    continue;
                }
                return Err(format!("engine '{text}': expected KEY=VALUE, not '{word}'"));
            };
            if let Some(name) = key.strip_prefix("option.") {
                if name.is_empty() {
                    return Err(format!("engine '{text}': 'option.' needs a name"));
                }
                spec.options.push((name.to_string(), value.to_string()));
                continue;
            }
            let number = |what: &str| -> Result<u64, String> {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("engine '{text}': {what} must be a number, not '{value}'"))
            };
            match key {
                "cmd" => command = Some(split_words(value)?),
                "name" => spec.name = value.to_string(),
                "arg" => extra_args.push(value.to_string()),
                "dir" => spec.launch.dir = Some(value.to_string()),
                "proto" | "protocol" => {
                    spec.protocol = match value {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        "auto" => Protocol::Auto,
                        _ => {
                            return Err(format!(
                                "engine '{text}': proto must be uci, xboard or auto"
                            ))
                        }
                    }
                }
                "depth" => match number("depth")? {
                    d @ 1..=255 => spec.depth = Some(d as u32),
                    _ => return Err(format!("engine '{text}': depth must be from 1 to 255")),
                },
                "nodes" => match number("nodes")? {
                    0 => return Err(format!("engine '{text}': nodes must be at least 1")),
                    n => spec.nodes = Some(n),
                },
                "tc" => {
                    spec.tc = Some(
                        TimeControl::parse(value).map_err(|e| format!("engine '{text}': {e}"))?,
                    )
                }
                _ => {
                    return Err(format!(
                        "engine '{text}': unknown key '{key}' (the keys: `chimera match --help`)"
                    ))
                }
            }
        }
        let mut command = command.unwrap_or_default();
        if command.is_empty() || command[0].is_empty() {
            return Err(format!("engine '{text}': no command (cmd=...)"));
        }
        spec.launch.program = command.remove(0);
        spec.launch.args = command;
        spec.launch.args.extend(extra_args);
        if spec.name.is_empty() {
            let stem = std::path::Path::new(&spec.launch.program)
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| spec.launch.program.clone());
            // A script run by an interpreter is named after the script.
            spec.name = match spec.launch.args.first() {
                Some(a) if ["python3", "python", "sh", "bash", "perl"].contains(&stem.as_str()) => {
                    std::path::Path::new(a)
                        .file_stem()
                        .map(|s| s.to_string_lossy().to_string())
                        .unwrap_or(stem)
                }
                _ => stem,
            };
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let s =
            EngineSpec::parse("cmd=target/release/chimera proto=uci option.Hash=64 name=A depth=3")
                .unwrap();
        assert_eq!(s.launch.program, "target/release/chimera");
        assert_eq!(s.protocol, Protocol::Uci);
        assert_eq!(s.options, vec![("Hash".to_string(), "64".to_string())]);
        assert_eq!((s.name.as_str(), s.depth), ("A", Some(3)));
        let s = EngineSpec::parse("/usr/games/fairymax").unwrap();
        assert_eq!((s.name.as_str(), s.protocol), ("fairymax", Protocol::Auto));
        let s =
            EngineSpec::parse("cmd='python3 fake.py hang' \"option.Move Overhead=30\" tc=1+0.1")
                .unwrap();
        assert_eq!(s.launch.args, vec!["fake.py", "hang"]);
        assert_eq!(s.name, "fake");
        assert_eq!(s.options[0].0, "Move Overhead");
        assert!(s.tc.is_some());
        assert!(EngineSpec::parse("name=x").is_err());
        assert!(EngineSpec::parse("cmd=x colour=red").is_err());
        assert!(EngineSpec::parse("cmd=x depth=deep").is_err());
        // Out of range: refused, not quietly brought into range.
        for bad in ["cmd=x depth=0", "cmd=x depth=256", "cmd=x nodes=0"] {
            let e = EngineSpec::parse(bad).unwrap_err();
            assert!(e.contains("must be"), "{bad}: {e}");
        }
        assert_eq!(
            EngineSpec::parse("cmd=x depth=255").unwrap().depth,
            Some(255)
        );
        assert_eq!(EngineSpec::parse("cmd=x nodes=1").unwrap().nodes, Some(1));
        assert!(EngineSpec::parse("cmd=x proto=ics").is_err());
    }
}
