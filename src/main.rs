//! The `chimera` executable: subcommands over the library. Protocol output goes to stdout,
//! logging to stderr.

use chimera::game::Game;
use chimera::perft::PerftReport;
use chimera::protocol::printable;
use chimera::protocol::uci::UciEngine;
use chimera::variant::Registry;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chimera",
    version,
    about = "A chess-variant engine (UCI / XBoard)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Speak UCI on stdin/stdout. Without a subcommand, the first command chooses the protocol
    /// (`uci` or `xboard`).
    Uci,
    /// Speak XBoard/WinBoard (CECP v2) on stdin/stdout.
    Xboard {
        /// A variants file to load first (its games are offered to the GUI).
        #[arg(long)]
        variants: Option<String>,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long)]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Threads sharing the root moves (rayon); 1 counts on the main thread.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// A variants file to load first.
        #[arg(long)]
        variants: Option<String>,
    },
    /// Search fixed positions of several games to a fixed depth (one thread unless
    /// --threads); prints the total node count (the search's signature) and the speed.
    Bench {
        #[arg(default_value_t = chimera::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: i32,
        /// Only this game's positions (the list's positions of the same board and start, e.g.
        /// the chess ones for `cancellation-chess`; else its start position).
        #[arg(long)]
        variant: Option<String>,
        /// Search threads. With more than one the node counts vary from run to run, and the
        /// total time is the time to depth (compare with one thread).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = chimera::bench::HASH_MB, value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash: u32,
    },
    /// Check a variants file; prints line-numbered errors.
    CheckVariants { file: String },
    /// List every variant name.
    Variants,
    /// Play a match between engines, refereed by Chimera's rules (PGN, Elo, SPRT).
    Match(chimera::tournament::MatchArgs),
    /// Play a game in the terminal against Chimera, another engine, or a second person.
    Play(chimera::play::PlayArgs),
}

/// Prints a line of a subcommand's output. A closed stdout (`chimera perft ... | head`) ends the
/// program quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {}", printable(msg));
    ExitCode::from(2)
}

/// An error about a variants file, at its line: what the file holds is echoed with control
/// characters escaped, so that a stray escape sequence does not reach the terminal raw.
fn file_error(file: &str, line: usize, message: &str) {
    eprintln!("{}:{line}: {}", printable(file), printable(message));
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // One line, as for every other bad input.
            // clap lists what is missing on the indented lines after the first: joined.
            let text = e.render().to_string();
            let mut lines = text.lines();
            let mut line = lines
                .next()
                .unwrap_or("bad arguments")
                .trim_end()
                .to_string();
            for more in lines.take_while(|l| l.starts_with("  ")) {
                line.push(' ');
                line.push_str(more.trim());
            }
            eprintln!("{line}");
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    let mut registry = Registry::builtin();
    let Some(command) = cli.command else {
        chimera::protocol::select::run(
            registry,
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
        );
        return ExitCode::SUCCESS;
    };
    match command {
        Cmd::Xboard { variants } => {
            let mut engine =
                chimera::protocol::xboard::XboardEngine::new(registry, std::io::stdout());
            if let Some(path) = variants {
                let loaded = chimera::variant::spec::read_file(&path)
                    .and_then(|t| engine.load_variants(&t).map_err(|e| format!("{path}: {e}")));
                if let Err(e) = loaded {
                    return fail(&e);
                }
            }
            engine.run(std::io::BufReader::new(std::io::stdin()));
            ExitCode::SUCCESS
        }
        Cmd::Uci => {
            let mut engine = UciEngine::new(registry, std::io::stdout());
            engine.run(std::io::BufReader::new(std::io::stdin()));
            ExitCode::SUCCESS
        }
        Cmd::Perft {
            variant,
            fen,
            depth,
            divide,
            threads,
            variants,
        } => {
            if let Some(path) = variants {
                let text = match chimera::variant::spec::read_file(&path) {
                    Ok(t) => t,
                    Err(e) => return fail(&e),
                };
                if let Err(e) = registry.load(&text) {
                    return fail(&format!("{path}: {e}"));
                }
            }
            if !(1..=30).contains(&depth) {
                return fail("--depth must be from 1 to 30");
            }
            let gt = match registry.find(&variant) {
                Ok(g) => g,
                Err(e) => return fail(&e.to_string()),
            };
            let game: Game = match fen {
                Some(f) => match gt.position(&f) {
                    Ok(g) => g,
                    Err(e) => return fail(&format!("bad FEN: {e}")),
                },
                None => gt.start(),
            };
            let report = PerftReport::run_threads(&game, depth, divide, threads as usize);
            for line in report.lines() {
                say!("{line}");
            }
            say!("Time: {} ms", (report.seconds * 1000.0) as u64);
            say!("Nodes/second: {}", report.nps());
            ExitCode::SUCCESS
        }
        Cmd::Bench {
            depth,
            variant,
            threads,
            hash,
        } => {
            let setup = chimera::bench::BenchSetup {
                depth,
                variant: variant.as_deref(),
                threads: threads as usize,
                hash_mb: hash as usize,
            };
            match chimera::bench::run(&registry, &setup) {
                Ok(report) => {
                    for (i, l) in report.lines.iter().enumerate() {
                        say!(
                            "{:>2}/{} {:<20} {:>10} nodes {:>7} ms  bestmove {:<7} {}",
                            i + 1,
                            report.lines.len(),
                            l.game,
                            l.nodes,
                            (l.seconds * 1000.0) as u64,
                            l.best,
                            l.fen
                        );
                    }
                    say!();
                    say!("Total time (ms): {}", (report.seconds * 1000.0) as u64);
                    say!("Nodes searched: {}", report.nodes);
                    say!("Nodes/second: {}", report.nps());
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e),
            }
        }
        Cmd::CheckVariants { file } => {
            let bytes = match chimera::variant::spec::read_small_file(&file) {
                Ok(b) => b,
                Err(e) => return fail(&e),
            };
            let text = match chimera::variant::spec::decode_text(&bytes) {
                Ok(t) => t,
                Err(e) => {
                    file_error(&file, e.line, &e.message);
                    return ExitCode::from(1);
                }
            };
            match registry.check(&text) {
                Ok(games) => {
                    for g in games {
                        let v = &g.variant;
                        say!(
                            "{}: ok ({}x{}, {} piece types)",
                            v.name,
                            v.size.files,
                            v.size.ranks,
                            v.pieces.len()
                        );
                    }
                    ExitCode::SUCCESS
                }
                Err(errors) => {
                    for e in errors {
                        file_error(&file, e.line, &e.message);
                    }
                    ExitCode::from(1)
                }
            }
        }
        Cmd::Match(args) => chimera::tournament::run_cli(&args, &mut registry),
        Cmd::Play(args) => chimera::play::run_cli(&args, &mut registry),
        Cmd::Variants => {
            for g in registry.games() {
                let v = &g.variant;
                let aliases = if v.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (also {})", v.aliases.join(", "))
                };
                say!("{}{aliases}", v.name);
            }
            let games = registry.names().count();
            for name in registry.listed_names().iter().skip(games) {
                say!("{name}");
            }
            ExitCode::SUCCESS
        }
    }
}
