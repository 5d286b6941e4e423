//! `chimera match`: tournaments between UCI and XBoard engines for every game Chimera knows,
//! refereed by Chimera's own rules.
//!
//! `process` runs an engine with timeouts; `client` speaks UCI and XBoard to it; `clock` keeps
//! time; `referee` judges moves and game ends; `game` plays one game; `openings`, `pgn` and
//! `stats` do what their names say. This file schedules the games on worker threads and prints
//! the progress.

pub mod client;
pub mod clock;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod referee;
pub mod spec;
pub mod stats;

use crate::game::GameType;
use crate::variant::Registry;
use clock::TimeControl;
use game::{play_game, GameRecord, GameRules, Opening};
use spec::{EngineSpec, Protocol};
use stats::{format_elo, Sprt, SprtDecision, Tally};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, sync_channel, SyncSender};
use std::time::Duration;

/// The largest `--openings` file (a book of some ten million EPD lines).
const MAX_OPENINGS_BYTES: u64 = 1 << 30;
/// The largest `--margin`: an hour (beyond it the referee's arithmetic once wrapped round).
const MAX_MARGIN_MS: u64 = 3_600_000;

#[derive(clap::Args, Debug, Clone)]
#[command(after_help = spec::SPEC_HELP)]
pub struct MatchArgs {
    /// An engine, as KEY=VALUE words (see below); give two or more. With more than two, every
    /// pair plays --games games (round robin).
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    pub engines: Vec<String>,
    /// The game to play (any name Chimera accepts, e.g. one `chimera variants` lists).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Games per pair of engines; colours alternate and each opening is played with both colours.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control: `[MOVES/]BASE[+INC]` in seconds (`10+0.1`, `40/60`, `1:00+1`) or `st=SECONDS` per move.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: one FEN / `startpos moves ...` / move list per line, or a .pgn file.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Random legal plies played after the opening (chosen by --seed).
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub random_plies: usize,
    /// Seed of the random plies (the same seed gives the same openings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write every game to this PGN file (replaced).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<String>,
    /// Stop when the SPRT decides: `elo0=0 elo1=5 alpha=0.05 beta=0.05` (two engines only;
    /// logistic Elo, trinomial GSPRT).
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Adjudicate a draw once the game has this many moves (opening included).
    #[arg(long, value_name = "N")]
    pub draw_after: Option<u32>,
    /// Adjudicate a loss for an engine whose score stays at or below -CP ...
    #[arg(long, value_name = "CP")]
    pub resign_score: Option<i32>,
    /// ... for this many consecutive moves of its own.
    #[arg(long, default_value_t = 3, value_name = "M")]
    pub resign_moves: u32,
    /// Milliseconds a move may overstep the clock before it forfeits (at most an hour).
    #[arg(long, default_value_t = 100, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(0..=MAX_MARGIN_MS))]
    pub margin: u64,
    /// A variants file to load first.
    #[arg(long, value_name = "FILE")]
    pub variants: Option<String>,
    /// The PGN Event tag.
    #[arg(long, default_value = "Chimera match")]
    pub event: String,
    /// Print every line sent to and received from the engines (and their stderr).
    #[arg(long)]
    pub debug: bool,
}

/// One scheduled game.
#[derive(Clone, Debug)]
struct Job {
    white: usize,
    black: usize,
    opening: Opening,
}

/// The outcome of a whole match.
#[derive(Debug, Default)]
pub struct MatchReport {
    pub games: usize,
    /// From the first engine's side, over all its games against the second (two engines).
    pub tally: Tally,
    pub sprt: Option<(f64, SprtDecision)>,
}

/// Loads a variants file into the registry if one was given.
pub fn load_variants(registry: &mut Registry, file: Option<&str>) -> Result<(), String> {
    if let Some(path) = file {
        let text = crate::variant::spec::read_file(path)?;
        registry.load(&text).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

/// The variants file as the engines should be told it: absolute, since an engine may run in
/// another directory (`dir=`).
pub fn variants_file_for_engines(file: Option<&str>) -> Option<String> {
    file.map(|path| {
        std::fs::canonicalize(path)
            .map(|p| p.to_string_lossy().to_string())
            .unwrap_or_else(|_| path.to_string())
    })
}

/// Parses the engine specs, gives duplicates distinct names and resolves `proto=auto`.
pub fn prepare_engines(texts: &[String], debug: bool) -> Result<Vec<EngineSpec>, String> {
    let mut specs: Vec<EngineSpec> = texts
        .iter()
        .map(|t| EngineSpec::parse(t))
        .collect::<Result<_, _>>()?;
    for i in 0..specs.len() {
        let base = specs[i].name.clone();
        let mut n = 1;
        while specs[..i].iter().any(|s| s.name == specs[i].name) {
            n += 1;
            specs[i].name = format!("{base}-{n}");
        }
    }
    for s in specs.iter_mut() {
        if s.protocol == Protocol::Auto {
            s.protocol = match client::detect_protocol(s, debug) {
                Ok(p) => p,
                // Starting it as a UCI engine then fails with the reason (`check_engines`).
                Err(_) => Protocol::Uci,
            };
        }
    }
    Ok(specs)
}

/// Starts each engine once and sets it up for the game before any game is played: an engine
/// that cannot start, or cannot play the game, ends the match with that error (as
/// cutechess-cli's does), instead of forfeiting every game it was due to play. An engine that
/// fails later, during the match, loses that game and the match goes on.
/// `from_positions`: some game starts from a position other than the game's start (a FEN
/// opening, a Fischer Random array), which an XBoard engine without `setboard` cannot take.
fn check_engines(
    specs: &[EngineSpec],
    gt: &GameType,
    tc: TimeControl,
    debug: bool,
    from_positions: bool,
) -> Result<(), String> {
    for s in specs {
        let engine = client::Engine::start(s, &gt.variant, s.tc.unwrap_or(tc), debug)
            .map_err(|e| format!("{}: {e}", s.name))?;
        let sets_up = engine.sets_up_positions();
        engine.quit();
        if from_positions && !sets_up {
            return Err(format!(
                "{}: the engine cannot set up a position (no setboard), and this match starts \
                 its games from positions (FEN openings or Fischer Random arrays)",
                s.name
            ));
        }
    }
    Ok(())
}

/// The games of a match in order, each built when it is about to be played (its opening
/// included): an SPRT run given a huge `--games` would otherwise build them all first.
struct Schedule<'a> {
    gt: &'a GameType,
    args: &'a MatchArgs,
    /// The pairs of engines, each playing `args.games` games in a row.
    pairs: Vec<(usize, usize)>,
    openings: &'a [Opening],
    /// Whether a random opening came out shorter than `--random-plies` (said once).
    short_opening_told: std::sync::atomic::AtomicBool,
}

impl<'a> Schedule<'a> {
    fn new(
        gt: &'a GameType,
        args: &'a MatchArgs,
        engines: usize,
        openings: &'a [Opening],
    ) -> Schedule<'a> {
        let pairs = (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect();
        Schedule {
            gt,
            args,
            pairs,
            openings,
            short_opening_told: Default::default(),
        }
    }

    fn len(&self) -> usize {
        self.pairs.len().saturating_mul(self.args.games)
    }

    /// Game `i`'s white and black engines and the pair it counts for.
    fn seats(&self, i: usize) -> Option<(usize, usize, (usize, usize))> {
        if i >= self.len() {
            return None;
        }
        let pair = self.pairs[i / self.args.games];
        let g = i % self.args.games;
        Some(match g % 2 {
            0 => (pair.0, pair.1, pair),
            _ => (pair.1, pair.0, pair),
        })
    }

    fn job(&self, i: usize) -> Option<Job> {
        let (white, black, _) = self.seats(i)?;
        let (gt, args, openings) = (self.gt, self.args, self.openings);
        // Both games of a pair of colours start alike.
        let k = (i % args.games) / 2;
        let base = if openings.is_empty() && gt.variant.chess960 {
            let seed = args.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ k as u64;
            Opening {
                fen: Some(openings::shuffled_start(gt, seed)),
                moves: Vec::new(),
            }
        } else if openings.is_empty() {
            Opening::default()
        } else {
            openings[k % openings.len()].clone()
        };
        let opening = if args.random_plies > 0 {
            let seed = args
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(k as u64);
            let o = openings::random_opening(gt, &base, args.random_plies, seed);
            let played = o.moves.len() - base.moves.len();
            if played < args.random_plies
                && !self
                    .short_opening_told
                    .swap(true, std::sync::atomic::Ordering::Relaxed)
            {
                log::warn!(
                    "--random-plies {}: every random game tried ended sooner; this opening has {played} random plies",
                    args.random_plies
                );
            }
            o
        } else {
            base
        };
        Some(Job {
            white,
            black,
            opening,
        })
    }
}

fn score_line(
    names: &[String],
    pair: (usize, usize),
    tally: &Tally,
    sprt: Option<&Sprt>,
) -> String {
    let mut line = format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}  Elo {}",
        names[pair.0],
        names[pair.1],
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games(),
        format_elo(tally)
    );
    if let Some(s) = sprt {
        let (llr, _) = s.decide(tally);
        let (lo, hi) = s.bounds();
        line.push_str(&format!("  LLR {llr:.2} ({lo:.2}, {hi:.2})"));
    }
    line
}

/// Runs a match and prints its progress to `out`.
pub fn run_match(
    args: &MatchArgs,
    registry: &Registry,
    out: &mut dyn Write,
) -> Result<MatchReport, String> {
    let gt = registry
        .find(&args.variant)
        .map_err(|e| e.to_string())?
        .clone();
    let tc = TimeControl::parse(&args.tc).map_err(|e| format!("--tc: {e}"))?;
    if args.engines.len() < 2 {
        return Err("give at least two engines (--engine ... --engine ...)".into());
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    if args.draw_after == Some(0) {
        return Err("--draw-after must be at least 1 (moves)".into());
    }
    if args.resign_score.is_some_and(|cp| cp < 1) {
        return Err("--resign-score must be at least 1 (centipawns the loser is behind)".into());
    }
    if args.resign_moves == 0 {
        return Err("--resign-moves must be at least 1".into());
    }
    let sprt = match &args.sprt {
        Some(words) => {
            if args.engines.len() != 2 {
                return Err("--sprt needs exactly two engines".into());
            }
            Some(Sprt::parse(words)?)
        }
        None => None,
    };
    let openings = match &args.openings {
        Some(path) => {
            // A regular file only: `/dev/zero` was read without end, and a pipe would wait.
            let bytes = crate::variant::spec::read_regular_file(
                path,
                MAX_OPENINGS_BYTES,
                "an openings file",
            )?;
            let text = String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))?;
            let is_pgn = path.to_ascii_lowercase().ends_with(".pgn");
            openings::parse_openings(&gt, &text, is_pgn).map_err(|e| format!("{path}: {e}"))?
        }
        None => Vec::new(),
    };
    let resign = args.resign_score.map(|cp| (cp, args.resign_moves));
    let mut specs = prepare_engines(&args.engines, args.debug)?;
    let variants_file = variants_file_for_engines(args.variants.as_deref());
    for s in specs.iter_mut() {
        s.variants_file = variants_file.clone();
    }
    let start = gt.variant.start_fen.trim();
    let from_positions = (openings.is_empty() && gt.variant.chess960)
        || openings
            .iter()
            .any(|o| o.fen.as_deref().is_some_and(|f| f.trim() != start));
    check_engines(&specs, &gt, tc, args.debug, from_positions)?;
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    let rules = GameRules {
        tc,
        margin: Duration::from_millis(args.margin),
        draw_after: args.draw_after,
        resign,
        debug: args.debug,
        event: args.event.clone(),
    };
    let jobs = Schedule::new(&gt, args, specs.len(), &openings);
    let total = jobs.len();
    let _ = writeln!(
        out,
        "Match: {} games of {} at {} between {}",
        total,
        gt.variant.name,
        tc,
        names.join(", ")
    );
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Each result goes with a way to tell its worker that it has been counted: a worker starts
    // its next game only then, so that no game starts after the SPRT has decided on the
    // results in hand (games already running then still finish).
    let (tx, rx) = channel::<(usize, GameRecord, SyncSender<()>)>();
    let workers = args.concurrency.clamp(1, total.max(1));
    let mut pair_tallies: std::collections::BTreeMap<(usize, usize), Tally> = Default::default();
    let mut points = vec![0u32; specs.len()];
    let mut played = vec![0u32; specs.len()];
    let mut report = MatchReport::default();
    // Games played when the SPRT decided (more may finish after: they were already running).
    let mut decided_after = 0;
    let mut write_error: Option<String> = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (jobs, next, stop, specs, rules, gt) = (&jobs, &next, &stop, &specs, &rules, &gt);
            let (counted_tx, counted) = sync_channel::<()>(1);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.job(i) else { break };
                let record = play_game(
                    gt,
                    rules,
                    &job.opening,
                    &specs[job.white],
                    &specs[job.black],
                    i + 1,
                );
                if tx.send((i, record, counted_tx.clone())).is_err() || counted.recv().is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, record, counted) in rx {
            // Told when this loop round ends, whatever path it takes.
            let _counted = Counted(counted);
            let Some((white, black, pair)) = jobs.seats(i) else {
                continue;
            };
            let ending = &record.ending;
            let _ = writeln!(
                out,
                "Finished game {} ({} vs {}): {} {{{}}}",
                i + 1,
                record.white,
                record.black,
                ending.outcome.pgn(),
                ending.reason
            );
            if let Some(f) = pgn_file.as_mut() {
                if let Err(e) = f
                    .write_all(record.pgn.write().as_bytes())
                    .and_then(|_| f.flush())
                {
                    write_error.get_or_insert(format!("writing PGN: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            report.games += 1;
            let white_half = ending.outcome.half_points(crate::types::Color::White);
            let black_half = ending.outcome.half_points(crate::types::Color::Black);
            points[white] += white_half;
            points[black] += black_half;
            played[white] += 1;
            played[black] += 1;
            let first_half = if white == pair.0 {
                white_half
            } else {
                black_half
            };
            let tally = pair_tallies.entry(pair).or_default();
            if ending.outcome != referee::Outcome::Unfinished {
                tally.add(first_half);
            }
            let _ = writeln!(out, "{}", score_line(&names, pair, tally, sprt.as_ref()));
            if let Some(s) = &sprt {
                let (llr, d) = s.decide(tally);
                if d != SprtDecision::Continue && !stop.load(Ordering::SeqCst) {
                    report.sprt = Some((llr, d));
                    decided_after = tally.games();
                    stop.store(true, Ordering::SeqCst);
                }
            }
            let _ = out.flush();
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let _ = writeln!(out, "Finished match");
    if let Some(t) = pair_tallies.get(&(0, 1)) {
        report.tally = *t;
    }
    for (&pair, tally) in &pair_tallies {
        let _ = writeln!(out, "{}", score_line(&names, pair, tally, None));
        if tally.games() > 0 {
            let _ = writeln!(
                out,
                "Elo difference: {} (95%), {} wins, {} losses, {} draws",
                format_elo(tally),
                tally.wins,
                tally.losses,
                tally.draws
            );
        }
    }
    if specs.len() > 2 {
        let _ = writeln!(out, "Standings:");
        let mut order: Vec<usize> = (0..specs.len()).collect();
        order.sort_by(|&a, &b| points[b].cmp(&points[a]));
        for (rank, &e) in order.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>3}. {:<24} {:>6.1} / {}",
                rank + 1,
                names[e],
                points[e] as f64 / 2.0,
                played[e]
            );
        }
    }
    if let Some(s) = &sprt {
        let (llr, d) = report.sprt.unwrap_or_else(|| s.decide(&report.tally));
        report.sprt = Some((llr, d));
        let (lo, hi) = s.bounds();
        let verdict = match d {
            SprtDecision::H1 => "H1 accepted (elo1 or better)",
            SprtDecision::H0 => "H0 accepted (elo0 or worse)",
            SprtDecision::Continue => "no decision yet",
        };
        // The decision stands on the LLR when it was taken; games that were already running
        // then are counted in the score and their LLR is shown too.
        let (final_llr, _) = s.decide(&report.tally);
        let later = if d != SprtDecision::Continue && report.tally.games() > decided_after {
            format!(
                " after game {decided_after} (LLR {final_llr:.2} after all {} games)",
                report.tally.games()
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "SPRT: elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} (bounds {lo:.2}, {hi:.2}): {verdict}{later}",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    let _ = out.flush();
    Ok(report)
}

/// Tells a worker, when dropped, that its game's result has been counted.
struct Counted(SyncSender<()>);

impl Drop for Counted {
    fn drop(&mut self) {
        let _ = self.0.send(());
    }
}

/// The `chimera match` subcommand.
pub fn run_cli(args: &MatchArgs, registry: &mut Registry) -> std::process::ExitCode {
    if let Err(e) = load_variants(registry, args.variants.as_deref()) {
        eprintln!("error: {e}");
        return std::process::ExitCode::from(2);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run_match(args, registry, &mut out) {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
