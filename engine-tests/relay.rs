//! Relay and anti-relay games (`rules/relay.md`): the name grammar, hand-checked positions for
//! every kind of effect, game ends, the perft data of the relay games, and a consistency check
//! of the legal move generator against the relations recomputed from scratch.
//!
//! Every expected move set below was worked out by hand (the reasoning is in the comment above
//! each check) and also agrees with the independent oracle `scripts/oracles/relay.py`
//! (`relay.py --variant V --fen F --depth 1 --divide`).

mod common;

use chimera::game::Game;
use chimera::rules::relay::{self, RelayView};
use chimera::types::{Bitboard, Color, Move, MoveKind, MoveList};
use chimera::variant::relay_name::{AntiKind, RelayRule, Side, LISTED};
use chimera::variant::{Registry, VariantError};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(Registry::builtin)
}

fn game(variant: &str, fen: &str) -> Game {
    let gt = registry()
        .find(variant)
        .unwrap_or_else(|e| panic!("{variant}: {e}"));
    gt.position(fen)
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

fn move_set(g: &Game) -> BTreeSet<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let set: BTreeSet<String> = list.iter().map(|&m| g.move_to_uci(m)).collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {}", g.fen());
    set
}

/// The exact legal move set of `fen` in `variant`.
fn check(variant: &str, fen: &str, expected: &str) {
    let g = game(variant, fen);
    let got = move_set(&g);
    let want: BTreeSet<String> = expected.split_whitespace().map(str::to_string).collect();
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{variant} `{fen}`:\n  missing (legal, not generated): {missing:?}\n  extra (generated, illegal): {extra:?}"
    );
}

/// Some moves present, some absent.
fn has(variant: &str, fen: &str, present: &str, absent: &str) {
    let got = move_set(&game(variant, fen));
    for m in present.split_whitespace() {
        assert!(
            got.contains(m),
            "{variant} `{fen}`: {m} should be legal; moves {got:?}"
        );
    }
    for m in absent.split_whitespace() {
        assert!(
            !got.contains(m),
            "{variant} `{fen}`: {m} should be illegal; moves {got:?}"
        );
    }
}

// =============================================================================================
// Names
// =============================================================================================

#[test]
fn listed_names_resolve_to_their_rules() {
    use AntiKind::*;
    use Side::*;
    let want = [
        RelayRule {
            relay: None,
            anti: Some((Hostile, Direct)),
        },
        RelayRule {
            relay: Some(Friendly),
            anti: None,
        },
        RelayRule {
            relay: Some(Friendly),
            anti: Some((Hostile, Normal)),
        },
        RelayRule {
            relay: Some(Friendly),
            anti: Some((Hostile, Converse)),
        },
        RelayRule {
            relay: Some(Hostile),
            anti: Some((Friendly, Direct)),
        },
    ];
    for (name, rule) in LISTED.iter().zip(want) {
        let gt = registry()
            .find(name)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(gt.variant.name, *name);
        assert_eq!(gt.variant.relay, Some(rule), "{name}");
    }
    let listed = registry().listed_names();
    for name in LISTED {
        assert!(listed.iter().any(|l| l == name), "{name} is listed");
    }
    assert!(listed.iter().any(|l| l == "chess"));
    assert!(listed.iter().any(|l| l == "cancellation-canonical"));
    // The base games are untouched.
    assert_eq!(registry().find("grand").unwrap().variant.relay, None);
}

#[test]
fn written_titles_in_any_case_and_both_spellings() {
    let cases = [
        (
            "Friendly Relay Hostile Converse Indirect Anti-Relay Tutti-Fruitti Chess",
            "relay-converse-anti-relay-tutti-frutti",
        ),
        (
            "Relay Converse Anti-Relay Tutti-Frutti Chess",
            "relay-converse-anti-relay-tutti-frutti",
        ),
        (
            "relay-converse-indirect-anti-relay-tutti-fruitti",
            "relay-converse-anti-relay-tutti-frutti",
        ),
        ("ANTI-RELAY CHESS", "anti-relay-chess"),
        ("Hostile Direct Anti-Relay Chess", "anti-relay-chess"),
        ("Anti-Relay Standard", "anti-relay-chess"),
        (
            "Friendly Relay Hostile Normal Indirect Anti-Relay Gothic Chess",
            "relay-indirect-anti-relay-gothic",
        ),
        (
            "Relay Indirect Anti-Relay Gothic Chess",
            "relay-indirect-anti-relay-gothic",
        ),
        (
            "Hostile Relay Friendly Anti-Relay Grand Chess",
            "hostile-relay-friendly-anti-relay-grand",
        ),
        (
            "hostile-relay-friendly-direct-anti-relay-grand",
            "hostile-relay-friendly-anti-relay-grand",
        ),
        ("Relay Chess", "relay-chess"),
        ("  relay-chess  ", "relay-chess"),
    ];
    for (title, name) in cases {
        let gt = registry()
            .find(title)
            .unwrap_or_else(|e| panic!("{title}: {e}"));
        assert_eq!(gt.variant.name, name, "{title}");
    }
}

#[test]
fn any_well_formed_name_is_accepted() {
    for (name, canonical) in [
        (
            "bilateral-relay-total-anti-relay-capablanca",
            "bilateral-relay-total-anti-relay-capablanca",
        ),
        (
            "friendly-converse-indirect-anti-relay-janus",
            "friendly-converse-anti-relay-janus",
        ),
        ("relay-paulowich", "relay-paulowich"),
        ("anti-relay-kings-leap", "anti-relay-kings-leap"),
        ("relay-anti-relay-embassy", "relay-anti-relay-embassy"),
        (
            "bilateral-normal-indirect-anti-relay-chancellor",
            "bilateral-indirect-anti-relay-chancellor",
        ),
        (
            "relay-anti-relay-cannons-and-crabs",
            "relay-anti-relay-cannons-and-crabs",
        ),
        (
            "hostile-relay-total-anti-relay-canonical",
            "hostile-relay-total-anti-relay-canonical",
        ),
    ] {
        let gt = registry()
            .find(name)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(gt.variant.name, canonical);
        // It plays: a short perft from the start position with moves at every node.
        let mut g = gt.start();
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        assert!(!list.is_empty(), "{name}");
        let first = list.as_slice()[0];
        g.play(first);
        g.legal_moves(&mut list);
        assert!(!list.is_empty(), "{name}");
    }
}

fn bad_name(name: &str) -> String {
    match registry().find(name) {
        Err(VariantError::BadName(m)) => m,
        Err(e) => panic!("{name}: expected a bad-name error, got {e:?}"),
        Ok(g) => panic!("{name}: accepted as {}", g.variant.name),
    }
}

#[test]
fn bad_names_say_which_word_is_wrong() {
    let cases = [
        ("hostle-relay-chess", "word 1 'hostle'"),
        ("relay-gothik", "word 2 'gothik': unknown base game"),
        (
            "Relay Indirect Anti-Relay Gothik Chess",
            "word 5 'gothik-chess': unknown base game",
        ),
        ("relay-relay-chess", "word 2 'relay'"),
        ("anti-relay-relay-chess", "word 3 'relay'"),
        ("anti-chess", "word 1 'anti'"),
        ("normal-anti-relay-chess", "word 1 'normal'"),
        ("indirect-relay-chess", "word 1 'indirect'"),
        ("hostile-gothic", "word 1 'hostile'"),
        ("direct-indirect-anti-relay-chess", "word 2 'indirect'"),
        ("relay-hostle-anti-relay-chess", "word 2 'hostle'"),
        ("anti-relay", "base game is missing"),
    ];
    for (name, want) in cases {
        let m = bad_name(name);
        assert!(
            m.contains(want),
            "{name}: the message should contain {want:?}: {m}"
        );
        assert!(
            m.contains(name.trim()),
            "{name}: the message should quote the name: {m}"
        );
    }
    // The bases offered are the ones relay rules take: not Knight Relay, not Tripunch (bent
    // riders), each of which is refused as a base when named.
    let m = bad_name("relay-gothik");
    let offered = m.rsplit_once("relay bases: ").expect(&m).1;
    assert!(offered.starts_with("chess, capablanca, gothic"), "{m}");
    for refused in ["tripunch", "knight-relay"] {
        assert!(!offered.contains(refused), "{m}");
        assert!(registry().find(&format!("relay-{refused}")).is_err());
    }
    // A name that is not meant as a relay name stays an unknown variant.
    assert!(matches!(
        registry().find("xiangqi-ish"),
        Err(VariantError::Unknown(_))
    ));
    // A relay over a relay game is refused.
    let mut r = Registry::builtin();
    r.load("[my-relay : chess]\nrelay = relay\n").unwrap();
    let m = match r.find("anti-relay-my-relay") {
        Err(VariantError::BadName(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(m.contains("already has relay rules"), "{m}");
}

/// The `relay = …` key of a variants file gives the same game as the name.
#[test]
fn variants_file_key() {
    let mut r = Registry::builtin();
    r.load("[mine : chess]\nrelay = Relay Indirect Anti-Relay\n")
        .unwrap();
    let by_key = r.find("mine").unwrap().clone();
    let by_name = r.find("relay-indirect-anti-relay-chess").unwrap().clone();
    assert_eq!(by_key.variant.relay, by_name.variant.relay);
    for depth in 1..=3 {
        let a = chimera::perft::PerftReport::run(&by_key.start(), depth, false).nodes;
        let b = chimera::perft::PerftReport::run(&by_name.start(), depth, false).nodes;
        assert_eq!(a, b, "depth {depth}");
    }
    let errors = r.check("[bad : chess]\nrelay = relay-relay\n").unwrap_err();
    assert_eq!(errors[0].line, 2);
    assert!(
        errors[0].message.contains("word 2 'relay'"),
        "{}",
        errors[0].message
    );
}

// =============================================================================================
// Hand-checked positions. Unless said otherwise: anti-relay-chess = hostile direct anti-relay.
// =============================================================================================

const AR: &str = "anti-relay-chess";
const RC: &str = "relay-chess";

/// The page's example: the King may step next to an enemy Bishop that cannot move because of an
/// anti-relay. White Kb1, Bd4; Black Bb2, Kh7. The bishops see each other on the long diagonal,
/// so both lose the Bishop move: Bb2 attacks neither a1 nor c1, and Bd4 cannot move. The King:
/// a1, a2, c1, c2 and the capture on b2 (undefended) = 5 moves. (In chess a1 and c1 are attacked.)
#[test]
fn king_steps_next_to_an_anti_relayed_bishop() {
    let fen = "8/7k/8/8/3B4/8/1b6/1K6 w - - 0 1";
    check(AR, fen, "b1a1 b1a2 b1b2 b1c1 b1c2");
    has("chess", fen, "b1a2 b1c2 d4b2", "b1a1 b1c1");
}

/// A move by the King's own side that lifts the anti-relay is illegal. White Ka1, Qd4; Black
/// Bb2, Kh7. Qd4 sees Bb2 by the Bishop move, so Bb2 loses it; Bb2 sees Qd4, so the Queen loses
/// her Bishop move too and keeps the Rook move. Every Queen move (all orthogonal) leaves the
/// diagonal, gives Bb2 its move back and exposes a1: illegal. The King: a2, b1, Kxb2 = 3.
#[test]
fn lifting_an_anti_relay_against_oneself_is_illegal() {
    check(AR, "8/7k/8/8/3Q4/8/1b6/K7 w - - 0 1", "a1a2 a1b1 a1b2");
}

/// A move that lifts an anti-relay gives check. Same pieces plus a black Ne4, Black to move:
/// ...Nc3 blocks d4-c3-b2, Bb2 regains the Bishop move and checks a1. White's answers: Ka2 and
/// Kb1 are covered by the knight; Kxb2 (b2 is not defended) and Qxc3 (the Queen, no longer seen
/// by the bishop, has her Bishop move again; from c3 she sees b2, which loses the move) = 2.
#[test]
fn lifting_an_anti_relay_gives_check() {
    let mut g = game(AR, "8/7k/8/8/3Qn3/8/1b6/K7 b - - 0 1");
    assert!(!g.in_check());
    let m = g.parse_uci("e4c3").unwrap();
    g.play(m);
    assert!(g.in_check(), "the lifted anti-relay gives check");
    let got = move_set(&g);
    let want: BTreeSet<String> = ["a1b2", "d4c3"].iter().map(|s| s.to_string()).collect();
    assert_eq!(got, want);
    with_position(&g, |checkers| assert_eq!(checkers, vec!["b2".to_string()]));
}

fn with_position(g: &Game, f: impl Fn(Vec<String>)) {
    chimera::with_position!(g, p => {
        let size = p.variant.size;
        f(p.checkers().squares().map(|s| size.name(s).to_string()).collect())
    })
}

/// Relays are direct and friendly by default: Nb3 defends Ra1 by the Knight move, so the Rook
/// gains it (a1-c2; b3 is its own). Rook: a2-a8, b1-d1, c2 = 11; Knight: a5 c5 d4 d2 c1 = 5;
/// King: d1 d2 e2 f1 f2 = 5.
#[test]
fn relay_gains_the_defenders_move() {
    let fen = "4k3/8/8/8/8/1N6/8/R3K3 w - - 0 1";
    check(
        RC,
        fen,
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1c2 b3a5 b3c5 b3d4 b3d2 b3c1 e1d1 e1d2 e1e2 e1f1 e1f2",
    );
    has("chess", fen, "a1a2", "a1c2");
}

/// Relays do not propagate: Bb2 gives Rc1 the Bishop move (c1-d2 is legal), but the gained move
/// is not used for seeing, so Ne3 (on the rook's new diagonal c1-d2-e3) gains nothing: it keeps
/// its eight knight moves and has no e3-f4.
#[test]
fn relays_do_not_propagate() {
    let fen = "4k3/8/8/8/8/4N3/1B6/2R1K3 w - - 0 1";
    has(
        RC,
        fen,
        "c1d2 e3c2 e3c4 e3d1 e3d5 e3f1 e3f5 e3g2 e3g4",
        "c1e3 e3f4 e3d4 e3e4 e3d2",
    );
    assert_eq!(move_set(&game(RC, fen)).len(), 32);
}

/// Effects do not cancel: in relay-anti-relay-chess a Queen that loses her Bishop move to an
/// enemy Bishop does not get it back from a friendly Bishop defending her. White Qd4, Bb2, Ka1;
/// Black Bg7, Kh7: Bg7 sees d4 (f6, e5 empty), so the Queen loses the Bishop move; Bb2 sees d4
/// by the Bishop move too, which would relay it, but the Queen has it naturally. She keeps only
/// orthogonal moves: 7 on the file and 7 on the rank.
#[test]
fn effects_do_not_cancel() {
    let fen = "8/6bk/8/8/3Q4/8/1B6/K7 w - - 0 1";
    let got = move_set(&game("relay-anti-relay-chess", fen));
    let queen: Vec<&String> = got.iter().filter(|m| m.starts_with("d4")).collect();
    assert_eq!(queen.len(), 14, "{queen:?}");
    assert!(!got.contains("d4e5") && !got.contains("d4c3"));
}

/// Indirect anti-relays take the type from the seeing piece. White Ra1, Kg1; Black Qa8 (shares
/// the Rook move) or Na8 (lacks it), Kg8.
/// - normal: Ra1 loses R against Qa8 (and Qa8 against Ra1), keeps it against Na8;
/// - converse: the other way round;
/// - total: loses it in both;
/// - direct (anti-relay-chess): Ra1 is seen by Qa8's Rook move and loses it; Na8 cannot see a1.
///
/// With the Queen keeping only her diagonal, g2 and h1 are attacked.
#[test]
fn indirect_normal_converse_total() {
    let q = "q5k1/8/8/8/8/8/8/R5K1 w - - 0 1";
    let n = "n5k1/8/8/8/8/8/8/R5K1 w - - 0 1";
    let rook = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1";
    let kq = "g1f1 g1f2 g1h2";
    let kn = "g1f1 g1f2 g1g2 g1h1 g1h2";
    for v in [
        "indirect-anti-relay-chess",
        "normal-indirect-anti-relay-chess",
        "total-anti-relay-chess",
        AR,
    ] {
        check(v, q, kq);
    }
    check("converse-anti-relay-chess", q, &format!("{rook} {kq}"));
    check("indirect-anti-relay-chess", n, &format!("{rook} {kn}"));
    check(AR, n, &format!("{rook} {kn}"));
    check("converse-anti-relay-chess", n, kn);
    check("total-indirect-anti-relay-chess", n, kn);
}

/// Friendly, hostile, bilateral (direct anti-relay). White Ra1, Ra2, Kg1; Black Ra8, Kg8. The
/// white rooks see each other; Ra2 and Ra8 see each other.
/// - friendly: both white rooks lose R; - hostile: Ra2 loses it (from Ra8), Ra1 keeps it (b1-f1;
///   a2 is its own); - bilateral: both lose it.
#[test]
fn friendly_hostile_bilateral_anti_relay() {
    let fen = "r5k1/8/8/8/8/8/R7/R5K1 w - - 0 1";
    let king = "g1f1 g1f2 g1g2 g1h1 g1h2";
    check("friendly-anti-relay-chess", fen, king);
    check(AR, fen, &format!("a1b1 a1c1 a1d1 a1e1 a1f1 {king}"));
    check("bilateral-anti-relay-chess", fen, king);
}

/// Friendly, hostile, bilateral relay. White Na5, Kg1; Black Ra8, Kg8: Ra8 sees Na5 by the
/// Rook move. Hostile and bilateral relays give the Knight the Rook move (a-file and 5th rank,
/// a8 capture included); a friendly relay does not.
#[test]
fn friendly_hostile_bilateral_relay() {
    let fen = "r5k1/8/8/N7/8/8/8/6K1 w - - 0 1";
    let king = "g1f1 g1f2 g1g2 g1h1 g1h2";
    let knight = "a5b3 a5b7 a5c4 a5c6";
    let rook = "a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5";
    check(RC, fen, &format!("{knight} {king}"));
    check(
        "hostile-relay-chess",
        fen,
        &format!("{knight} {rook} {king}"),
    );
    check(
        "bilateral-relay-chess",
        fen,
        &format!("{knight} {rook} {king}"),
    );
}

/// Castling with effective moves. Black Ba6 aims at f1, but White's Bb7 sees it: it loses the
/// Bishop move, f1 is not attacked and White may castle (in chess it may not). White's bishop is
/// seen by Ba6 and cannot move either.
#[test]
fn castling_through_an_anti_relayed_attack() {
    let fen = "4k3/1B6/b7/8/8/8/8/4K2R w K - 0 1";
    check(
        AR,
        fen,
        "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    has("chess", fen, "h1f1", "e1g1");
}

/// Castling across a square attacked by a gained type: Ba6 defends Rc4 by the Bishop move, the
/// rook gains it and attacks f1 (c4-d3-e2-f1) and e2: no castling, no Ke2/Kf1 (chess allows them).
#[test]
fn castling_across_a_relayed_attack() {
    let fen = "4k3/8/b7/8/2r5/8/8/4K2R w K - 0 1";
    check(
        RC,
        fen,
        "e1d1 e1d2 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    has("chess", fen, "e1g1 e1f1 e1e2", "");
}

/// The squares the King crosses are judged in the position before the move: Rf8 attacks f1, so
/// e1g1 is illegal although after it the white rook on f1 would see f8 and take the Rook move
/// away.
#[test]
fn castling_crossed_squares_are_judged_before_the_move() {
    check(
        AR,
        "k4r2/8/8/8/8/8/8/4K2R w K - 0 1",
        "e1d1 e1d2 e1e2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
}

/// The landing square is judged only as the King's safety after the move (relay.md: the squares
/// the King crosses before it, its safety after it). Under hostile relay the a1 Empress gives the
/// b3 rook the Knight move, which attacks c1 and d2 (no e1d2); castling takes her to d1, out of
/// the rook's sight, so c1 is safe after the move and e1c1 is legal.
#[test]
fn castling_landing_square_is_judged_after_the_move() {
    let fen = "4k3/8/8/8/8/1r6/8/E3K3 w Q - 0 1";
    has("hostile-relay-tutti-frutti", fen, "e1c1", "e1d2");
}

/// En passant with effective moves: bxc6 empties the 5th rank between Ka5 and Rh5; in chess that
/// exposes the King, here Rh1 sees Rh5 and the black rook has no Rook move. Legal: b5c6 (e.p.),
/// b5b6, Ka4 Ka6 Kb6 (b4 is attacked by c5).
#[test]
fn en_passant_with_an_anti_relayed_rook() {
    let fen = "4k3/8/8/KPp4r/8/8/8/7R w - c6 0 2";
    check(AR, fen, "a5a4 a5a6 a5b6 b5b6 b5c6");
    has("chess", fen, "b5b6", "b5c6");
}

/// Checkmate by lifting an anti-relay: Rxh8 removes the Bishop that took Bb2's move away; a1 is
/// in check, a2 is covered by Nb4, b1 and b2 by Kc2. (In chess the position before Rxh8 would
/// already be check.)
#[test]
fn checkmate_by_lifting() {
    let mut g = game(AR, "7B/7r/8/8/1n6/8/1bk5/K7 b - - 0 1");
    let m = g.parse_uci("h7h8").unwrap();
    g.play(m);
    assert!(g.in_check());
    assert!(move_set(&g).is_empty(), "checkmate");
    assert!(registry()
        .find("chess")
        .unwrap()
        .position("7B/7r/8/8/1n6/8/1bk5/K7 b - - 0 1")
        .is_err());
}

/// Stalemate because of an anti-relay: the facing rooks lose the Rook move, so Ra2 cannot move;
/// Ka1's squares b1 and b2 are covered by Kc2; a1 is not attacked.
#[test]
fn stalemate_by_anti_relay() {
    let g = game(AR, "r7/8/8/8/8/8/R1k5/K7 w - - 0 1");
    assert!(!g.in_check());
    assert!(move_set(&g).is_empty(), "stalemate");
}

/// A position where the side not to move is in check only through effective moves is refused,
/// and one where a natural attack is anti-relayed is accepted.
#[test]
fn fen_check_uses_effective_moves() {
    // Black to move; White's Ka1 is attacked by Bb2, which has its Bishop move (nothing sees it).
    assert!(registry()
        .find(AR)
        .unwrap()
        .position("7k/8/8/8/8/8/1b6/K7 b - - 0 1")
        .is_err());
    // Bd4 sees Bb2: no attack on a1.
    assert!(registry()
        .find(AR)
        .unwrap()
        .position("7k/8/8/8/3B4/8/1b6/K7 b - - 0 1")
        .is_ok());
    // Relay: Na5 is seen by Ra8 and (hostile relay) gains the Rook move along the 5th rank: with
    // White to move, Black's king on h5 would be in check: refused; the friendly relay accepts it.
    let fen = "r7/8/8/N6k/8/8/8/6K1 w - - 0 1";
    assert!(registry()
        .find("hostile-relay-chess")
        .unwrap()
        .position(fen)
        .is_err());
    assert!(registry().find(RC).unwrap().position(fen).is_ok());
}

/// Gothic types: in relay-indirect-anti-relay-gothic a Chancellor attacking an enemy Chancellor by
/// the Knight move loses it (shared type), and a Rook defended by a friendly Knight gains it.
#[test]
fn gothic_types() {
    let v = "relay-indirect-anti-relay-gothic";
    // White Cd4 sees black Ce6 by the Knight move (d4-e6): both lose it and keep the Rook move.
    let fen = "9k/10/4c5/10/3C6/R9/10/1N7K w - - 0 1";
    let got = move_set(&game(v, fen));
    assert!(
        !got.contains("d4e6") && !got.contains("d4f5"),
        "Cd4 lost the Knight move: {got:?}"
    );
    assert!(
        got.contains("d4d8") && got.contains("d4a4"),
        "Cd4 keeps the Rook move"
    );
    // Nb1 sees a3 by the Knight move: Ra3 gains it (a3-b5, a3-c4, a3-c2).
    assert!(
        got.contains("a3b5") && got.contains("a3c4") && got.contains("a3c2"),
        "{got:?}"
    );
}

/// Confinement belongs to the piece (Canonical's fortress, 9x9): the confined Queen (natural
/// `K`) gains the Rook move from Ra9 (friendly relay) but only inside the fortress a1-c3: a1-a3
/// yes, a1-a4 no. A piece that gains a type from the confined Queen is not confined: Qb2 sees
/// Rc3 by the one-step diagonal, so the Rook steps diagonally to d4, b4 and d2.
#[test]
fn canonical_confinement_belongs_to_the_piece() {
    let v = "relay-canonical";
    has(
        v,
        "R8/7k1/9/9/9/9/9/9/Q1K6 w - - 0 1",
        "a1a2 a1a3 a1b1 a1b2",
        "a1a4 a1a5 a1a8",
    );
    has(
        "canonical",
        "R8/7k1/9/9/9/9/9/9/Q1K6 w - - 0 1",
        "a1a2",
        "a1a3",
    );
    has(
        v,
        "9/7k1/9/9/9/9/2R6/1Q7/K8 w - - 0 1",
        "c3d4 c3b4 c3d2 c3c9 c3i3",
        "c3e5",
    );
    has(
        "canonical",
        "9/7k1/9/9/9/9/2R6/1Q7/K8 w - - 0 1",
        "c3c9",
        "c3d4",
    );
}

/// Castling in a relay game of Cannons and Crabs (**Decision**, README "Decisions"): the
/// crossed square is tested in the position before the move, the King still on its square
/// (`relay.md`: "in the position before the move"; as King's Leap's leapt square). The black
/// Cannon a1 sees the black Knight c1 by its two-step orthogonal leap (over an empty b1), so the
/// Knight gains that leap: from c1 it reaches e1 over d1. With the King gone from d1 (Kd1-e1)
/// that leap attacks e1, so Ke1 is illegal; for O-O across e1 the King still stands on d1, and
/// a leap may not jump a piece to attack a King, so e1 is not attacked and d1f1 is legal. The
/// other moves: Kc2 and Kd2 (neither piece reaches them), Ke2 no (the Knight's own leap), Kxc1
/// no (the Cannon's leap over an empty b1), the Rook's e1, f1 and g2-g6.
#[test]
fn cannons_and_crabs_castling_judges_the_crossed_square_before_the_move() {
    let d = common::perft_cmd(
        "relay-cannons-and-crabs",
        Some("k6/7/7/7/7/c1nK2R w K - 0 1"),
        1,
    );
    common::assert_moves(
        "relayed two-step leap over the King's square",
        &d,
        &[
            "d1c2", "d1d2", "d1f1", "g1e1", "g1f1", "g1g2", "g1g3", "g1g4", "g1g5", "g1g6",
        ],
    );
    // Without the relay the Knight has no two-step leap, and the King may step to e1 as well.
    let plain = common::perft_cmd("cannons-and-crabs", Some("k6/7/7/7/7/c1nK2R w K - 0 1"), 1);
    assert!(
        plain.has("d1e1") && plain.has("d1f1"),
        "{:?}",
        plain.move_set()
    );
}

/// The independent oracle for relay over the fairy bases (`scripts/oracles/relay_fairy.py`,
/// standard-library Python written from the rules files alone: Cannons and Crabs on both
/// boards, the Canonical family, Paulowich's games, King's Leap, Janus, Embassy and Ben
/// Foster's Chancellor) against Chimera: three relay combinations a base on seeded playouts,
/// and the oracle's hand-made positions (relayed Cannon leaps near Kings, the Canonical Queen's
/// fortress, King's Leap and castling through relayed attacks).
#[test]
fn fairy_bases_oracle_agrees() {
    let out = common::run_python_script(
        "oracles/relay_fairy.py",
        &[
            "--compare",
            "--seed",
            "12",
            "--combos",
            "3",
            "--positions",
            "3",
            "--depth",
            "2",
            "--tactical",
            "--tactical-combos",
            "1",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY:", " 0 mismatches");
}

/// The independent oracle for relay over games from variants files (`scripts/oracles/
/// relay_files.py`, standard-library Python written from `relay.md` and this README alone):
/// random games of custom Betza pieces (leapers, riders, lame leapers, hoppers, pieces that move
/// and capture differently, confined leapers) under random relay and anti-relay rules, perft to
/// depth 2 on playouts and sparse positions, and its hand-checked positions (`--self-test`,
/// through Chimera too). Seed 2 holds a move that empties a lame leg and so starts a relay that
/// checks the mover's own King, which Chimera once generated. Seed 5 with the rules' features
/// (castling, double steps and en passant, promotion, the Moa's `o` leaps) has 27 positions
/// where a castling, double step, en passant or promotion move depends on the relay rule.
/// Seed 8030 with one-way types (`--directional`: `fR`, `lW`, `fN`, `fpR`, ... each read from the
/// piece's own side, a gained one in the receiver's) has 45 positions where a one-way type is
/// gained or lost, 27 where a Black piece gains one (`--break-dir`, which reads a gained type
/// the other way round, finds 15 mismatches there with `--max-mismatch 100`).
#[test]
fn file_games_oracle_agrees() {
    let out = common::run_python_script(
        "oracles/relay_files.py",
        &[
            "--compare",
            "--seed",
            "2",
            "--games",
            "25",
            "--positions",
            "3",
            "--sparse",
            "4",
            "--lame",
            "--zones",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY", " 0 mismatches, 0 chimera errors");
    let out = common::run_python_script(
        "oracles/relay_files.py",
        &[
            "--compare",
            "--seed",
            "5",
            "--games",
            "8",
            "--positions",
            "2",
            "--castling",
            "--double-step",
            "--promotion",
            "--bent",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY", " 0 mismatches, 0 chimera errors");
    let out = common::run_python_script(
        "oracles/relay_files.py",
        &[
            "--compare",
            "--seed",
            "8030",
            "--games",
            "10",
            "--positions",
            "6",
            "--sparse",
            "4",
            "--directional",
        ],
    );
    common::assert_clean_summary(&out, "SUMMARY", " 0 mismatches, 0 chimera errors");
    let selftest =
        common::run_python_script("oracles/relay_files.py", &["--self-test", "--compare"]);
    assert!(selftest.contains("SELF-TEST ok"), "{selftest}");
}

// =============================================================================================
// Consistency: the legal moves against the relations recomputed from scratch
// =============================================================================================

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The reference: all relations of the position after a move recomputed, and the attack
/// found with them; the local test (`relay::king_attacked`) must agree.
fn attacked_after<B: Bitboard>(p: &chimera::position::Position<B>, us: Color, name: &str) -> bool {
    let full = RelayView::new(p).unwrap().attackers(p.king(us), !us).any();
    assert_eq!(
        full,
        relay::king_attacked(p, us),
        "{name}: local and full attack tests differ in {}",
        p.fen()
    );
    full
}

/// Along random playouts: every generated move leaves the mover's King unattacked (judged on the
/// position after it, relations recomputed in full), and every other move by effective types
/// (non-pawn pieces and the King) leaves it attacked; play/undo restores FEN and hash. Every
/// generated plain move or double step goes to one of its piece's `RelayView::targets`, and
/// `Position::leaves_king_safe` (the engine-wide test, which relay games answer through their
/// own module) agrees with the generator on each of these moves.
fn consistency(name: &str, games: usize, plies: usize) {
    let gt = registry().find(name).unwrap();
    let mut rng = Lcg(0x5EED ^ name.len() as u64);
    let mut checked = 0usize;
    for _ in 0..games {
        let mut g = gt.start();
        for _ in 0..plies {
            let mut list = MoveList::new();
            g.legal_moves(&mut list);
            chimera::with_position!(&mut g, p => {
                let us = p.side_to_move();
                let before = (p.fen(), p.hash());
                let attacked_after = |p: &_| attacked_after(p, us, name);
                for &m in list.iter() {
                    let text = chimera::protocol::notation::move_to_uci(p, m);
                    p.play(m);
                    assert!(!attacked_after(p), "{name}: {text} leaves the king attacked in {}", before.0);
                    assert_eq!(p.hash(), p.compute_hash());
                    p.undo();
                    assert_eq!((p.fen(), p.hash()), before);
                    checked += 1;
                }
                let view = RelayView::new(p).expect("relay game");
                let plain = |m: &&Move| matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep);
                for &m in list.iter().filter(plain) {
                    let (q, c) = view.targets(m.from());
                    // Written only when an assertion fails.
                    let text = || chimera::protocol::notation::move_to_uci(p, m);
                    assert!((q | c).has(m.to()), "{name}: {} is no target in {}", text(), before.0);
                    assert!(p.leaves_king_safe(m), "{name}: {} called unsafe in {}", text(), before.0);
                }
                let mut others = Vec::new();
                for from in p.pieces(us).squares() {
                    let kind = p.piece_at(from).unwrap().kind();
                    if p.variant.piece(kind).pawn {
                        continue;
                    }
                    let (q, c) = view.targets(from);
                    for to in (q | c).squares() {
                        let m = Move::new(from, to, MoveKind::Normal);
                        if !list.contains(m) {
                            others.push(m);
                        }
                    }
                }
                for m in others {
                    // Canonical's no-repetition rule removes moves that recreate a position.
                    if p.seen(p.hash_after(m)) {
                        continue;
                    }
                    let text = chimera::protocol::notation::move_to_uci(p, m);
                    assert!(!p.leaves_king_safe(m), "{name}: {text} called safe in {}", before.0);
                    p.play(m);
                    assert!(attacked_after(p), "{name}: {text} was not generated but is legal in {}", before.0);
                    p.undo();
                }
            });
            if list.is_empty() {
                break;
            }
            g.play(list.as_slice()[rng.next(list.len())]);
        }
    }
    assert!(checked > 0);
}

#[test]
fn consistency_listed_games() {
    for name in LISTED {
        consistency(name, 3, 60);
    }
}

#[test]
fn consistency_other_rules() {
    for name in [
        "bilateral-relay-chess",
        "total-anti-relay-chess",
        "friendly-converse-anti-relay-chess",
        "bilateral-relay-bilateral-total-anti-relay-tutti-frutti",
        "relay-anti-relay-cannons-and-crabs",
        "hostile-relay-anti-relay-canonical",
        "relay-indirect-anti-relay-kings-leap",
    ] {
        consistency(name, 2, 50);
    }
}

// =============================================================================================
// Perft data (engine-tests/perft/*relay*.perft, counts from scripts/oracles/relay.py)
// =============================================================================================

#[test]
fn relay_perft_data() {
    let limit: u64 = std::env::var("CHIMERA_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.retain(|p| {
        let n = p.file_name().unwrap().to_string_lossy();
        n.ends_with(".perft")
            && (n.starts_with("relay-")
                || n.starts_with("anti-relay-")
                || n.starts_with("hostile-relay-"))
    });
    files.sort();
    let names: BTreeSet<String> = files
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    for name in LISTED {
        assert!(names.contains(name), "perft data for {name}");
    }
    let (mut run, mut failures) = (0, Vec::new());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut variant, mut fen) = (String::new(), String::new());
        for line in text.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("variant ") {
                variant = v.to_string();
            } else if let Some(f) = line.strip_prefix("fen ") {
                fen = f.to_string();
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let mut w = rest.split_whitespace().map(|x| x.parse::<u64>().unwrap());
                let (depth, nodes) = (w.next().unwrap() as u32, w.next().unwrap());
                if nodes > limit {
                    continue;
                }
                let g = game(&variant, &fen);
                let got = chimera::perft::PerftReport::run(&g, depth, false).nodes;
                run += 1;
                if got != nodes {
                    failures.push(format!(
                        "{variant} `{fen}` depth {depth}: expected {nodes}, got {got}"
                    ));
                }
            }
        }
    }
    assert!(run >= 20, "{run} counts checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// =============================================================================================
// What `d` shows: the pieces that gained or lost a move type
// =============================================================================================

fn effects(variant: &str, fen: &str) -> Vec<String> {
    let g = game(variant, fen);
    chimera::with_position!(&g, p => RelayView::new(p).unwrap().effects())
}

/// Friendly relay with hostile direct anti-relay. Ra1 defends Nb1 by the Rook move: the Knight
/// gains it. The Knights on b1 and c3 see each other by the Knight move: both lose it. Nothing
/// else sees a participating piece (the Kings take no part).
#[test]
fn effects_list_gains_and_losses() {
    assert_eq!(
        effects(
            "relay-anti-relay-chess",
            "4k3/8/8/8/8/2n5/8/RN2K3 w - - 0 1"
        ),
        ["Nb1 +R -N", "nc3 -N"]
    );
    // The page's example: the two Rooks facing each other on an open file lose the Rook move;
    // the Knights on d4 and d5 do not see each other.
    assert_eq!(
        effects(AR, "r3k2r/8/8/3n4/3N4/8/8/R3K2R w KQkq - 0 1"),
        ["Ra1 -R", "Rh1 -R", "ra8 -R", "rh8 -R"]
    );
    // A Queen that loses the Rook move keeps the Bishop move: only the lost type is listed.
    assert_eq!(
        effects(AR, "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        ["Qd1 -R", "rd8 -R"]
    );
    assert!(effects(AR, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").is_empty());
}

/// `d` ends with the relay effects in relay games, and only there.
#[test]
fn display_shows_relay_effects() {
    let mut u = common::Uci::new();
    let mut display = |variant: &str, position: &str| {
        u.variant(variant);
        u.position(position);
        u.send("d");
        u.sync()
    };
    let lines = display(
        "relay-anti-relay-chess",
        "fen 4k3/8/8/8/8/2n5/8/RN2K3 w - - 0 1",
    );
    let shown = |lines: &[String], line: &str| lines.iter().any(|l| l == line);
    assert!(
        shown(&lines, "Relay effects: Nb1 +R -N, nc3 -N"),
        "{lines:#?}"
    );
    // The King on e1 stands between the Rook and the Knight: nobody sees anybody.
    let lines = display(
        "relay-anti-relay-chess",
        "fen 4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1",
    );
    assert!(shown(&lines, "Relay effects: none"), "{lines:#?}");
    let lines = display("chess", "startpos");
    assert!(
        lines.iter().any(|l| l.starts_with("Checkers:")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("Relay")), "{lines:#?}");
}

// =============================================================================================
// Through the binary: the perft subcommand and a UCI session
// =============================================================================================

#[test]
fn binary_perft_and_uci_session() {
    // The page's example through `chimera perft --divide` and `UCI_Variant` + `go perft 1`.
    common::check_moves(
        AR,
        "8/7k/8/8/3B4/8/1b6/1K6 w - - 0 1",
        &[],
        &["b1a1", "b1a2", "b1b2", "b1c1", "b1c2"],
    );
    // The written title works as a UCI_Variant value too.
    let mut u = common::Uci::new();
    u.variant("Relay Converse Anti-Relay Tutti-Fruitti Chess");
    u.position("startpos");
    let d = u.perft(2);
    let expected = registry()
        .find("relay-converse-anti-relay-tutti-frutti")
        .unwrap()
        .start();
    assert_eq!(
        d.total,
        chimera::perft::PerftReport::run(&expected, 2, false).nodes
    );
}
