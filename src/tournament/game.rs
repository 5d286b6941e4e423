//! One refereed game between two engines: start them, feed them the position, check every
//! move against Chimera's rules, keep the clocks, adjudicate, and record the game as PGN.
//! Whatever an engine does, the game ends with a result and a reason.

use super::client::{move_deadline, Action, ClockView, Engine, GameView, MoveTexts, Thought};
use super::clock::{Clock, TimeControl};
use super::pgn::{PgnGame, PgnMove};
use super::process::EngineError;
use super::referee::{
    color_name, could_still_win, legal_moves, rule_ending, Ending, Outcome, Termination,
};
use super::spec::EngineSpec;
use crate::game::{Game, GameType};
use crate::protocol::notation::AutomaticPlacements;
use crate::protocol::san;
use crate::types::{Color, Move};
use std::time::Duration;

/// A start position: a FEN (or the variant's start) and moves to play from it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Rules of a match that every game follows.
#[derive(Clone, Debug)]
pub struct GameRules {
    pub tc: TimeControl,
    /// Extra time a move may take before it forfeits.
    pub margin: Duration,
    /// Adjudicate a draw once this many full moves have been played.
    pub draw_after: Option<u32>,
    /// Adjudicate a loss for an engine whose own score stays at or below -cp for this many of
    /// its consecutive moves.
    pub resign: Option<(i32, u32)>,
    pub debug: bool,
    pub event: String,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub ending: Ending,
    pub pgn: PgnGame,
}

/// Today's date as PGN writes it (UTC).
pub fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

/// Plays `opening` from its FEN; errors name the bad move.
pub fn opening_position(gt: &GameType, opening: &Opening) -> Result<Game, String> {
    let mut game = match &opening.fen {
        Some(f) => gt.position(f).map_err(|e| format!("bad FEN '{f}': {e}"))?,
        None => gt.start(),
    };
    for m in &opening.moves {
        let mv = san::parse_move(&mut game, m).map_err(|e| format!("opening move {m}: {e}"))?;
        game.play(mv);
    }
    Ok(game)
}

struct Player {
    engine: Option<Engine>,
    clock: Clock,
    /// How many of this engine's latest moves in a row had a score at or below -resign cp.
    bad_scores: u32,
}

pub fn engine_failure(color: Color, name: &str, e: &EngineError, starting: bool) -> Ending {
    let who = color_name(color);
    match e {
        EngineError::Start(msg) => Ending::loss(
            color,
            Termination::Abandoned,
            format!("{who} ({name}) failed to start: {msg}"),
        ),
        EngineError::Crashed => Ending::loss(
            color,
            Termination::Abandoned,
            format!("{who} disconnects ({name} exited)"),
        ),
        EngineError::Timeout(what) if starting => Ending::loss(
            color,
            Termination::StalledConnection,
            format!("{who}'s connection stalls ({name} sent no {what} in time)"),
        ),
        EngineError::Timeout(_) => Ending::loss(
            color,
            Termination::TimeForfeit,
            format!("{who} loses on time (no move from {name})"),
        ),
        EngineError::Protocol(msg) => Ending::loss(
            color,
            Termination::RulesInfraction,
            format!("{who} ({name}): {msg}"),
        ),
    }
}

/// The legal move a ply's text means (coordinates, or SAN as a courtesy).
pub fn parse_ply(game: &mut Game, text: &str) -> Option<Move> {
    match game.parse_uci(text) {
        Ok(m) if legal_moves(game).contains(&m) => Some(m),
        _ => san::parse_move(game, text).ok(),
    }
}

/// Plays one game. `round` numbers it in the PGN.
pub fn play_game(
    gt: &GameType,
    rules: &GameRules,
    opening: &Opening,
    white: &EngineSpec,
    black: &EngineSpec,
    round: usize,
) -> GameRecord {
    let variant = gt.variant.clone();
    let mut game = match &opening.fen {
        Some(f) => gt.position(f).unwrap_or_else(|_| gt.start()),
        None => gt.start(),
    };
    let root_fen = game.fen();
    let root_is_start = opening
        .fen
        .as_deref()
        .is_none_or(|f| f.trim() == variant.start_fen.trim());
    let mut pgn = PgnGame::default();
    pgn.set_tag("Event", rules.event.clone());
    pgn.set_tag("Site", "?");
    pgn.set_tag("Date", pgn_date());
    pgn.set_tag("Round", round.to_string());
    pgn.set_tag("White", white.name.clone());
    pgn.set_tag("Black", black.name.clone());
    pgn.set_tag("Result", "*");
    pgn.set_tag("Variant", variant.name.clone());
    pgn.set_tag("FEN", root_fen.clone());
    pgn.set_tag("SetUp", "1");
    let (white_tc, black_tc) = (white.tc.unwrap_or(rules.tc), black.tc.unwrap_or(rules.tc));
    if white_tc == black_tc {
        pgn.set_tag("TimeControl", white_tc.to_string());
    } else {
        // No one `TimeControl` value says it: one tag per side, as cutechess-cli writes them.
        pgn.set_tag("WhiteTimeControl", white_tc.to_string());
        pgn.set_tag("BlackTimeControl", black_tc.to_string());
    }
    let mut moves = MoveTexts::default();
    for m in &opening.moves {
        match san::parse_move(&mut game, m) {
            Ok(mv) => {
                let s = san::to_san(&mut game, mv);
                moves.push(&game, mv);
                pgn.moves.push(PgnMove {
                    san: s,
                    comment: Some("book".into()),
                    mover: Some(game.side_to_move()),
                });
                game.play(mv);
            }
            Err(e) => {
                let ending = Ending::new(
                    Outcome::Unfinished,
                    Termination::Unterminated,
                    format!("bad opening: {e}"),
                );
                return finish(pgn, ending, white, black);
            }
        }
    }
    let specs = [white, black];
    let mut players: Vec<Player> = specs
        .iter()
        .map(|s| {
            let tc = s.tc.unwrap_or(rules.tc);
            Player {
                engine: None,
                clock: Clock::new(tc),
                bad_scores: 0,
            }
        })
        .collect();
    let ending = run(
        &mut game,
        gt,
        rules,
        specs,
        &mut players,
        &root_fen,
        root_is_start,
        &mut moves,
        &mut pgn,
    );
    for p in players.iter_mut() {
        if let Some(e) = p.engine.as_mut() {
            e.game_over(ending.outcome.pgn(), &ending.reason);
            e.begin_quit();
        }
    }
    for p in players {
        if let Some(e) = p.engine {
            e.finish_quit();
        }
    }
    finish(pgn, ending, white, black)
}

fn finish(mut pgn: PgnGame, ending: Ending, white: &EngineSpec, black: &EngineSpec) -> GameRecord {
    pgn.set_tag("Result", ending.outcome.pgn());
    pgn.set_tag("PlyCount", pgn.moves.len().to_string());
    pgn.set_tag("Termination", ending.termination.pgn());
    pgn.result = ending.outcome.pgn().to_string();
    pgn.final_comment = Some(ending.reason.clone());
    GameRecord {
        white: white.name.clone(),
        black: black.name.clone(),
        ending,
        pgn,
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    game: &mut Game,
    gt: &GameType,
    rules: &GameRules,
    specs: [&EngineSpec; 2],
    players: &mut [Player],
    root_fen: &str,
    root_is_start: bool,
    moves: &mut MoveTexts,
    pgn: &mut PgnGame,
) -> Ending {
    if let Some(end) = rule_ending(game) {
        return end;
    }
    // Start both engines and give them the game.
    for color in Color::BOTH {
        let spec = specs[color.index()];
        let player = &mut players[color.index()];
        let started =
            Engine::start(spec, &gt.variant, player.clock.tc, rules.debug).and_then(|mut e| {
                let view = GameView {
                    root_fen,
                    root_is_start,
                    moves: &moves.uci,
                    gui_moves: &moves.gui,
                    to_move: game.side_to_move(),
                };
                e.new_game(&view).map(|_| e)
            });
        match started {
            Ok(e) => player.engine = Some(e),
            Err(err) => return engine_failure(color, &spec.name, &err, true),
        }
    }
    loop {
        let us = game.side_to_move();
        let name = specs[us.index()].name.clone();
        let who = color_name(us);
        let deadline = move_deadline(&players[us.index()].clock, rules.margin);
        let thought = {
            let clocks = ClockView {
                clocks: [&players[0].clock, &players[1].clock],
                deadline,
            };
            let view = GameView {
                root_fen,
                root_is_start,
                moves: &moves.uci,
                gui_moves: &moves.gui,
                to_move: us,
            };
            let Some(engine) = players[us.index()].engine.as_mut() else {
                return Ending::loss(us, Termination::Abandoned, format!("{who} has no engine"));
            };
            engine.think(&view, &clocks)
        };
        let thought: Thought = match thought {
            Ok(t) => t,
            Err(e) => {
                let mut end = engine_failure(us, &name, &e, false);
                if end.termination == Termination::TimeForfeit && !could_still_win(game, !us) {
                    end = Ending::new(
                        Outcome::Draw,
                        Termination::TimeForfeit,
                        format!("Draw: {who} loses on time, but the opponent cannot mate"),
                    );
                }
                // A stalled engine is killed at once rather than asked to quit.
                players[us.index()].engine = None;
                return end;
            }
        };
        let player = &mut players[us.index()];
        if !player.clock.charge(thought.elapsed, rules.margin) {
            let over = -player.clock.left_ms;
            if !could_still_win(game, !us) {
                return Ending::new(
                    Outcome::Draw,
                    Termination::TimeForfeit,
                    format!("Draw: {who} loses on time, but the opponent cannot mate"),
                );
            }
            return Ending::loss(
                us,
                Termination::TimeForfeit,
                format!("{who} loses on time ({over} ms over)"),
            );
        }
        let text = match &thought.action {
            Action::Move(m) => m.clone(),
            Action::Resign => {
                return Ending::loss(us, Termination::Normal, format!("{who} resigns"))
            }
            Action::Claim(result, comment) => {
                // The referee already ends every game the rules end; a claim it has not made is
                // false, unless the claimant gives the game away.
                if Outcome::from_pgn(result) == Some(Outcome::Win(!us)) {
                    return Ending::loss(
                        us,
                        Termination::Normal,
                        format!("{who} resigns ({comment})"),
                    );
                }
                return Ending::loss(
                    us,
                    Termination::RulesInfraction,
                    format!("{who} makes a false claim: {result} {{{comment}}}"),
                );
            }
        };
        // A turn may be several plies joined by commas (a capture and its placements).
        let shown: String = text.chars().take(40).collect();
        let illegal = |why: &str| {
            Ending::loss(
                us,
                Termination::IllegalMove,
                format!("{who} makes an illegal move: {shown}{why}"),
            )
        };
        let plies: Vec<&str> = text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if plies.is_empty() {
            return illegal("");
        }
        let mut automatic = AutomaticPlacements::default();
        // A refused turn leaves no ply of it in the game or its record.
        let turn_start = pgn.moves.len();
        let take_back = |game: &mut Game, moves: &mut MoveTexts, pgn: &mut PgnGame| {
            while pgn.moves.len() > turn_start {
                pgn.moves.pop();
                moves.pop();
                game.undo();
            }
        };
        for (k, ply) in plies.iter().enumerate() {
            // Before the turn test: the turn may have passed with the last placement made.
            if automatic.skip(game, ply, Some(us)) {
                continue;
            }
            if game.side_to_move() != us {
                take_back(game, moves, pgn);
                return illegal(" (more plies than its turn)");
            }
            let Some(mv) = parse_ply(game, ply) else {
                take_back(game, moves, pgn);
                return illegal("");
            };
            let s = san::to_san(game, mv);
            moves.push(game, mv);
            let last = k + 1 == plies.len();
            pgn.moves.push(PgnMove {
                san: s,
                comment: last.then(|| thought.comment()),
                mover: Some(us),
            });
            game.play(mv);
            if let Some(end) = rule_ending(game) {
                return end;
            }
        }
        if game.side_to_move() == us {
            take_back(game, moves, pgn);
            return illegal(" (the turn is not finished)");
        }
        if let Some((cp, moves)) = rules.resign {
            let player = &mut players[us.index()];
            // Consecutive moves: one without a score breaks the run as a better one does.
            if thought.score.is_some_and(|score| score.centipawns() <= -cp) {
                player.bad_scores += 1;
                if player.bad_scores >= moves {
                    return Ending::loss(
                        us,
                        Termination::Adjudication,
                        format!("{} wins by adjudication: {who}'s score at or below -{cp} cp for {moves} moves", color_name(!us)),
                    );
                }
            } else {
                player.bad_scores = 0;
            }
        }
        if let Some(n) = rules.draw_after {
            // Moves, not plies: a cancellation turn is a capture and its placements.
            let played = turns(&pgn.moves) / 2;
            if played >= n {
                return Ending::new(
                    Outcome::Draw,
                    Termination::Adjudication,
                    format!("Draw by adjudication after {n} moves"),
                );
            }
        }
    }
}

/// The turns among `moves`: a turn is one side's plies in a row.
fn turns(moves: &[PgnMove]) -> u32 {
    let mut count = 0;
    let mut last = None;
    for m in moves {
        if m.mover.is_none() || m.mover != last {
            count += 1;
        }
        last = m.mover;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--draw-after` counts moves, and a cancellation turn of several plies is one side's
    /// half of a move (it used to count plies).
    #[test]
    fn turns_count_one_sides_plies_in_a_row_once() {
        let ply = |c: Color| PgnMove {
            san: String::new(),
            comment: None,
            mover: Some(c),
        };
        let (w, b) = (Color::White, Color::Black);
        assert_eq!(turns(&[]), 0);
        assert_eq!(turns(&[ply(w), ply(b), ply(w)]), 3);
        assert_eq!(turns(&[ply(w), ply(w), ply(w), ply(b), ply(b), ply(w)]), 3);
    }
}
