//! Variants files a user writes: what the loader refuses (with the line it is about) rather
//! than play by rules it would get wrong, and the rules it fills in (promotion on the last
//! rank, promotion ranks kept at their distance from the far end on a taller board). Found
//! by a black-box audit against Fairy-Stockfish (session 34).

mod common;

use chimera::game::Game;
use chimera::perft::PerftReport;
use chimera::types::MoveList;
use chimera::variant::Registry;
use common::Uci;
use std::collections::BTreeSet;

fn load(text: &str) -> Registry {
    let mut r = Registry::builtin();
    if let Err(e) = r.load(text) {
        panic!("{text}: {e:?}");
    }
    r
}

/// The messages of a refused file, each with its line.
fn refusals(text: &str) -> Vec<(usize, String)> {
    match Registry::builtin().check(text) {
        Ok(_) => panic!("must be refused:\n{text}"),
        Err(errors) => errors.into_iter().map(|e| (e.line, e.message)).collect(),
    }
}

fn game(r: &Registry, variant: &str, fen: &str) -> Game {
    let gt = r.find(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    gt.position(fen)
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// The game after the legal move `uci` from `fen`.
fn after(r: &Registry, variant: &str, fen: &str, uci: &str) -> Game {
    let mut g = game(r, variant, fen);
    let m = g.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    g.play(m);
    g
}

/// The legal moves from `from` (a square name), in UCI.
fn moves_from(g: &Game, from: &str) -> BTreeSet<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    list.iter()
        .map(|&m| g.move_to_uci(m))
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn bonus_table(first: i32, last: i32) -> String {
    let mut values = vec![0; 64];
    values[0] = first;
    values[63] = last;
    let values: Vec<String> = values.iter().map(i32::to_string).collect();
    format!("bonus-table = n {}\n", values.join(" "))
}

/// Promotion to a pawn-like piece is refused: on the last rank, where promotion is compulsory,
/// the pawn would stand where none may (a position whose FEN Chimera itself then refused).
#[test]
fn promotion_to_a_pawn_like_piece_is_refused() {
    let errors = refusals("[a : chess]\npromote-to = p q\n");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, 2, "{errors:?}");
    assert!(errors[0].1.contains("'p' is pawn-like"), "{errors:?}");
    load("[b : chess]\npromote-to = q n\n");
}

/// Promotion to a piece confined to a zone is refused: promoted outside its zone it stood
/// where it may not (a position whose FEN Chimera itself then refused) and could never move.
#[test]
fn promotion_to_a_confined_piece_is_refused() {
    let text = "[a : chess]\nzone = zx white a1 b1 c1\nzone = zx black a8 b8 c8\n\
                piece = x Steward K 3 confined=zx\npromote-to = x q\n";
    let errors = refusals(text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .1
            .contains("'x' is confined to a zone, and a promoted piece may stand anywhere on"),
        "{errors:?}"
    );
    load(&text.replace("promote-to = x q", "promote-to = q"));
}

/// The evaluation takes bonus-table values within ±100. One beyond was loaded and then
/// panicked when the game was built, killing the session.
#[test]
fn bonus_table_values_beyond_100_are_refused() {
    load(&format!("[edge : chess]\n{}", bonus_table(100, -100)));
    for (first, last, what) in [(101, 0, "value 101 on a1"), (0, -101, "value -101 on h8")] {
        let text = format!("# tables\n[over : chess]\n{}", bonus_table(first, last));
        let errors = refusals(&text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, 3, "{errors:?}");
        assert!(errors[0].1.contains(what), "{errors:?}");
    }
    // Over UCI: one error line, and the session goes on with its game.
    let path = common::scratch_dir("chimera-bonus").join("bonus.ini");
    let text = format!("[over : chess]\n{}", bonus_table(-99_999, 0));
    std::fs::write(&path, text).expect("a temporary file");
    let mut u = Uci::new();
    u.variant("capablanca");
    u.position("startpos");
    let reply = u.expect_error(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    assert!(
        reply.contains("bonus-table n: value -99999 on a1"),
        "{reply}"
    );
    assert_eq!(u.perft(1).total, 28, "capablanca's 28 first moves");
    let _ = std::fs::remove_file(&path);
    u.quit();
}

/// Promotion is compulsory on the last rank whatever `promotion-ranks` lists: a pawn that
/// stepped there unpromoted stood where its own FEN is refused.
#[test]
fn promotion_is_compulsory_on_the_last_rank() {
    let r = load("[early : chess]\npromotion-ranks = 6\n");
    let g = game(&r, "early", "4k3/1P6/8/1P6/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&g, "b7"),
        set(&["b7b8q", "b7b8r", "b7b8b", "b7b8n"])
    );
    assert_eq!(
        moves_from(&g, "b5"),
        set(&["b5b6", "b5b6q", "b5b6r", "b5b6b", "b5b6n"])
    );
    let g = game(&r, "early", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "b6"), set(&["b6b7"]));
}

/// A game of its own (no parent) that says what pawns become and no rank promotes on the last
/// rank, for both sides; it played `a7a8` as a plain move and left the pawn there for good.
/// Pawns of a game with neither key never promote and may stand on the last rank.
#[test]
fn promote_to_alone_promotes_on_the_last_rank() {
    let file = "[p5]\nboard = 8x8\nstart = 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\n\
                piece = k Royal K 0 royal\npiece = x Px N 3\n\
                piece = p Pawn fmWfceFifmnD 1 pawn\npromote-to = x\n";
    let r = load(file);
    let g = game(&r, "p5", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "a7"), set(&["a7a8x"]));
    let g = game(&r, "p5", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert_eq!(moves_from(&g, "a2"), set(&["a2a1x"]));
    let on_last_rank = r
        .find("p5")
        .map(|gt| gt.position("P3k3/8/8/8/8/8/8/4K3 b - - 0 1").is_ok());
    assert_eq!(on_last_rank, Ok(false));
    let r = load(&file.replace("promote-to = x\n", "").replace("p5", "never"));
    let g = game(&r, "never", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "a7"), set(&["a7a8"]));
}

/// A taller board keeps the parent's promotion ranks at their distance from the far end,
/// unless the section lists its own; a lower one too, dropping ranks that fall off.
#[test]
fn promotion_ranks_follow_the_last_rank_of_a_taller_board() {
    let r = load(
        "[tall : chess]\nboard = 8x10\nstart = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         [tall-grand : grand]\nboard = 10x12\n\
         start = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\n\
         [tall-own : tall]\npromotion-ranks = 9\n\
         [small : chess]\nboard = 6x6\ncastle-high = -\ncastle-low = -\npiece = -b\n\
         promote-to = q r n\nstart = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n",
    );
    let g = game(&r, "tall", "k7/3P4/2P5/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "c8"), set(&["c8c9"]));
    assert_eq!(
        moves_from(&g, "d9"),
        set(&["d9d10q", "d9d10r", "d9d10b", "d9d10n"])
    );
    // Grand's 8, 9 and 10 become 10, 11 and 12.
    let g = game(
        &r,
        "tall-grand",
        "4k5/10/10/10/3P6/3P6/10/10/10/10/10/4K5 w - - 0 1",
    );
    assert_eq!(moves_from(&g, "d8"), set(&["d8d9"]));
    let g = game(
        &r,
        "tall-grand",
        "4k5/10/10/3P6/10/10/10/10/10/10/10/4K5 w - - 0 1",
    );
    assert!(moves_from(&g, "d9").contains("d9d10q") && moves_from(&g, "d9").contains("d9d10"));
    let g = game(&r, "tall-own", "4k3/8/3P4/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(moves_from(&g, "d8").contains("d8d9q") && moves_from(&g, "d8").contains("d8d9"));
    let g = game(&r, "small", "3k2/P5/6/6/6/3K2 w - - 0 1");
    assert_eq!(moves_from(&g, "a5"), set(&["a5a6q", "a5a6r", "a5a6n"]));
}

/// En passant is the double step's: the passed square straight behind the pawn, the victim
/// beside the capturer. A Berolina pawn taking en passant, a triple step beside `e`, or an
/// initial ride were played wrong (the capturer itself was taken) and are now refused.
#[test]
fn en_passant_shapes_chimera_cannot_play_are_refused() {
    for (betza, what) in [
        (
            "fmFfceWifmnA",
            "en passant ('e') is supported on leaps one rank forward",
        ),
        (
            "fmWfceFifmnH",
            "initial moves must go two squares straight forward",
        ),
        (
            "fmWfceFifmnA",
            "initial moves must go two squares straight forward",
        ),
        ("fmWfcFifmW2", "initial moves ('i') must be leaps"),
    ] {
        let text = format!("[odd : chess]\npiece = p Pawn {betza} 1 pawn\n");
        let errors = refusals(&text);
        assert!(errors[0].1.contains(what), "{betza}: {errors:?}");
    }
    // Without en passant the same pawns are fine.
    let r = load(
        "[berolina-no-ep : chess]\npiece = p Pawn fmFfcWifmnA 1 pawn\n\
         [triple : chess]\npiece = p Pawn fmWfcFifmnH 1 pawn\n",
    );
    let g = game(&r, "berolina-no-ep", "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "c2"), set(&["c2b3", "c2d3", "c2a4", "c2e4"]));
    let g = game(&r, "triple", "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "c2"), set(&["c2c3", "c2c5"]));
}

/// A double step that leaps over a piece (`ifmD`) passes over no empty square: no en passant.
#[test]
fn a_double_step_over_a_piece_gives_no_en_passant() {
    let r = load("[leaping-pawns : chess]\npiece = p Pawn fmWfceFifmD 1 pawn\n");
    let g = after(
        &r,
        "leaping-pawns",
        "4k3/8/8/8/3p4/4N3/4P3/4K3 w - - 0 1",
        "e2e4",
    );
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/4N3/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&g, "d4"), set(&["d4d3", "d4e3"]));
    let g = after(
        &r,
        "leaping-pawns",
        "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        "e2e4",
    );
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

/// An alias that could never be found (the name of another game, or given twice) is an
/// error, and a name is looked up before any alias.
#[test]
fn aliases_that_could_never_be_found_are_refused() {
    let errors = refusals(
        "[g1 : chess]\naliases = g2 foo\n[g2 : capablanca]\n[g3 : chess]\naliases = foo\n",
    );
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0].0, 2, "{errors:?}");
    assert!(
        errors[0].1.contains("alias 'g2' is already a name of [g2]"),
        "{errors:?}"
    );
    assert_eq!(errors[1].0, 5, "{errors:?}");
    assert!(
        errors[1]
            .1
            .contains("alias 'foo' is already a name of [g1]"),
        "{errors:?}"
    );
    // Across files: an alias naming a game loaded before, which this file keeps.
    let mut r = load("[g4 : chess]\naliases = g4x\n");
    assert!(r.load("[g5 : chess]\naliases = g4x\n").is_err());
    // Nor a new game named as a kept game's alias (it would hide the alias).
    let errors = r.check("[g4x : chess]\n").unwrap_err();
    assert!(
        errors[0].message.contains("alias of game 'g4'"),
        "{errors:?}"
    );
    // Replacing g4 frees its names.
    r.load("[g4 : gothic]\n[g6 : chess]\naliases = g4x\n")
        .expect("g4 is replaced");
    assert_eq!(r.find("g4x").unwrap().variant.name, "g6");
    assert_eq!(r.find("g4").unwrap().variant.size.files, 10);
}

/// Lines may end in a lone CR, as protocol input may (such a file was one bad section
/// header); an alias in capitals is refused, since names are looked up in lowercase.
#[test]
fn lone_cr_lines_and_capital_aliases() {
    let r = load("[old-mac : chess]\rstalemate = loss\r# a comment\r[old-mac-2 : old-mac]\r");
    let stalemate = |name: &str| r.find(name).unwrap().variant.stalemate;
    assert_eq!(stalemate("old-mac-2"), stalemate("old-mac"));
    assert_ne!(stalemate("old-mac"), stalemate("chess"));
    let errors = refusals("[mine : chess]\naliases = mine-too Mine\n");
    assert_eq!(errors[0].0, 2, "{errors:?}");
    assert!(
        errors[0].1.contains("'Mine' must be lowercase"),
        "{errors:?}"
    );
}

/// `chimera check-variants` echoes what a bad line holds with its control characters escaped:
/// a stray escape sequence or NUL in a file never reaches the terminal raw.
#[test]
fn check_variants_escapes_control_characters() {
    let dir = common::scratch_dir("chimera-ctl");
    let file = dir.join("ctl.ini");
    std::fs::write(&file, "[a : chess]\n\u{1b}[31mred\u{7}\n\u{0}\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check-variants")
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("\\u{1b}[31mred\\u{7}"), "{err:?}");
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
}

/// A file that is not UTF-8 is told as every other file error is: `FILE: line N: message`.
#[test]
fn a_file_that_is_not_utf8_is_told_like_other_errors() {
    let dir = common::scratch_dir("chimera-utf8");
    let file = dir.join("bad.ini");
    std::fs::write(&file, b"[a : chess]\n\xff\n").unwrap();
    let path = file.to_string_lossy().to_string();
    let e = chimera::variant::spec::read_file(&path).unwrap_err();
    std::fs::remove_dir_all(&dir).ok();
    assert!(e.starts_with(&format!("{path}: line 2: not UTF-8")), "{e}");
}

/// A game of Kings and Pawns only: no piece takes part in relay rules (`rules/relay.md`).
/// Such a game with `relay =`, or a relay name over it, built slot tables with no slot and
/// panicked, killing the session; both are now refused with the reason.
#[test]
fn relay_over_kings_and_pawns_only_is_refused() {
    const PAWNS: &str = "piece = k King K 0 royal\npiece = p Pawn fmW 1 pawn\n\
                         start = 4k3/8/8/8/4P3/8/8/4K3 w - - 0 1\n";
    let errors = refusals(&format!("[pawns-relay]\n{PAWNS}relay = anti-relay\n"));
    assert!(
        errors[0].1.contains("no piece takes part in relay rules"),
        "{errors:?}"
    );
    let r = load(&format!("[pawns-only]\n{PAWNS}"));
    let e = r.find("relay-pawns-only").map(|g| g.variant.name.clone());
    assert!(
        e.as_ref()
            .is_err_and(|e| e.to_string().contains("no piece takes part")),
        "{e:?}"
    );
    // A promotion piece is enough for the rule to mean something.
    let r = load(&format!(
        "[pawns-queen]\n{PAWNS}piece = q Queen Q 9\npromote-to = q\nrelay = relay\n"
    ));
    assert!(r.find("pawns-queen").is_ok());
}

/// Relay over pieces that move and capture differently (`rules/relay.md`: a move type is one
/// Betza atom with its range, so the Zebu's `mN` and `cW` are two types, and the Yak's `pRcR`,
/// one vector set, is one). A piece that gains a type keeps every move of its own: the Zebu's
/// quiet leaps and capturing steps, the Yak's quiet hops and capturing ride. No built-in game
/// has such a piece.
#[test]
fn relay_keeps_the_own_moves_of_pieces_that_move_and_capture_differently() {
    let r = load("[zebu : chess]\npiece = z Zebu mNcW 3\npiece = y Yak pRcR 4\nrelay = relay\n");
    // Ba2 defends Zb1 diagonally: the Zebu gains the Bishop move (c2-h7, a2 its own Bishop's).
    // Its own: knight leaps a3 c3 d2 onto empty squares, and the step capture of nb2 (c1 and
    // a1 are empty, and cW only captures). The Zebu's cW sees no piece of its own.
    let g = game(&r, "zebu", "4k3/8/8/8/8/8/Bn6/1Z2K3 w - - 0 1");
    assert_eq!(
        moves_from(&g, "b1"),
        set(&["b1a3", "b1c3", "b1d2", "b1b2", "b1c2", "b1d3", "b1e4", "b1f5", "b1g6", "b1h7"])
    );
    // Bc3 defends Yd4: the Yak gains the Bishop move. Its own: over the screen Pd6 to d7 and
    // d8 (the hop moves and captures), and the capturing ride's capture of na4 (not of ph7,
    // on none of its lines).
    let g = game(&r, "zebu", "4k3/7p/3P4/8/n2Y4/2B5/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&g, "d4"),
        set(&[
            "d4d7", "d4d8", "d4a4", "d4c5", "d4b6", "d4a7", "d4e5", "d4f6", "d4g7", "d4h8", "d4e3",
            "d4f2", "d4g1"
        ])
    );
    // Without relay the same pieces keep exactly their own moves.
    let plain = load("[zebu : chess]\npiece = z Zebu mNcW 3\npiece = y Yak pRcR 4\n");
    let g = game(&plain, "zebu", "4k3/8/8/8/8/8/Bn6/1Z2K3 w - - 0 1");
    assert_eq!(moves_from(&g, "b1"), set(&["b1a3", "b1c3", "b1d2", "b1b2"]));
    let g = game(&plain, "zebu", "4k3/7p/3P4/8/n2Y4/2B5/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&g, "d4"), set(&["d4d7", "d4d8", "d4a4"]));
}

/// The names offered to a GUI are names Chimera plays: none puts cancellation over a file
/// game that has it already (one was listed, then refused when chosen).
#[test]
fn listed_cancellation_names_are_playable() {
    let r = load("[foo : chess]\ncancellation = yes\n[bar : chess]\n");
    let names = r.listed_names();
    assert!(names.iter().any(|n| n == "cancellation-bar"), "{names:?}");
    for name in names.iter().filter(|n| n.ends_with("foo")) {
        assert!(r.find(name).is_ok(), "{name} is listed but refused");
    }
    assert!(!names.iter().any(|n| n == "cancellation-foo"), "{names:?}");
}

/// The extended cancellation form's pieces are built in; a file game places its own fairy
/// pieces instead: every piece type of the game may be placed, in its start position or not.
#[test]
fn a_file_game_places_its_own_fairy_pieces() {
    let r = load("[wazir-cancellation : chess]\npiece = w Wazir W 2\ncancellation = yes\n");
    // R (5) takes N (3): r = 2, the Wazir, the only piece of value 2, fills a4 by itself.
    let g = after(
        &r,
        "wazir-cancellation",
        "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1",
        "a1a4",
    );
    assert_eq!(g.fen(), "4k3/8/8/8/W7/8/8/4K3 b - - 0 1");
    let r = load("[plain-cancellation : chess]\ncancellation = yes\n");
    let plain = after(
        &r,
        "plain-cancellation",
        "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1",
        "a1a4",
    );
    // Without it: a Pawn on a4, then one more next to it.
    assert!(plain.fen().contains("place="), "{}", plain.fen());
}

/// `repetition = illegal` in a file game with castling and en passant: a move may not recreate
/// a position met on the path from the root, positions being told apart as for the repetition
/// draw (FIDE 9.2.3: placement, side to move, castling rights, and an en-passant capture that
/// may be made). The counts are python-chess's: a perft that skips a move whose key
/// (`board_fen()`, `turn`, `castling_rights`, the en-passant square where
/// `has_legal_en_passant()`) is one of the path's. Beside them, the plain chess count and the
/// count with placement and side alone as the key, which these positions tell apart: Kings and
/// Rooks that come back without their castling rights, a double step whose en-passant capture
/// was given up.
#[test]
fn repetition_illegal_tells_positions_apart_by_castling_and_en_passant_rights() {
    let r = load("[norep : chess]\nrepetition = illegal\n");
    // (fen, depth, FIDE-key count, placement-only count, plain chess count)
    let cases = [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            4,
            314_346,
            313_914,
            314_346,
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            5,
            132_934,
            132_115,
            133_987,
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            5,
            13_002,
            12_877,
            13_207,
        ),
        ("8/8/8/8/8/8/1k6/R3K3 w Q - 0 1", 5, 79_842, 79_058, 80_619),
    ];
    for (fen, depth, fide, placement_only, plain) in cases {
        assert!(fide != placement_only, "the case tells the two keys apart");
        let no_repetition = PerftReport::run(&game(&r, "norep", fen), depth, false).nodes;
        assert_eq!(no_repetition, fide, "{fen} depth {depth}");
        let chess = PerftReport::run(&game(&r, "chess", fen), depth, false).nodes;
        assert_eq!(chess, plain, "{fen} depth {depth}, plain chess");
    }
}

/// Games on boards no other engine plays (16x8, 8x16, 11x11, 12x10, 10x12, 9x14, 14x9, 13x9,
/// 5x5, 6x7, 4x16) against an independent mailbox generator written from the README alone
/// (`scripts/oracles/bigboard.py --quick`: customs with direction letters, lame leaps and
/// hoppers, double steps, en passant, promotion, castling; perft compared to depth 2 or 3).
#[test]
fn large_and_odd_boards_match_an_independent_generator() {
    let stdout = common::run_python_script("oracles/bigboard.py", &["--quick"]);
    common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
}

/// The variant-file keys Fairy-Stockfish cannot express (per-colour castling, zones with
/// `confined=` and `zone-moves=`, `no-jump-check`, `knight-relay` in a file, `symmetry`
/// with pieces that move unequally left and right, `o`, bent riders, `facing-kings` in any
/// direction), against an independent generator written from the README alone
/// (`scripts/oracles/filerules.py`; every `--break` mode of it fails).
#[test]
fn file_rule_keys_match_an_independent_generator() {
    let stdout = common::run_python_script("oracles/filerules.py", &["--quick"]);
    common::assert_clean_summary(&stdout, "TOTAL", " 0 mismatches,");
}

/// `king-leap = yes` in a section derived from a game with castling: the inherited castling
/// goes and the inherited start's rights become the leap's (`Kk`), so the section is a whole
/// game; castling set by the section's own lines, or a start of its own with castling
/// letters, is still refused, each with the line that says what to change.
#[test]
fn king_leap_takes_the_place_of_inherited_castling() {
    let r = load("[kl-capa : capablanca]\nking-leap = yes\n");
    let start = game(
        &r,
        "kl-capa",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w Kk - 0 1",
    );
    assert!(r
        .find("kl-capa")
        .expect("loaded")
        .start()
        .fen()
        .contains(" w Kk - "));
    // From f1 the King leaps to f3 over its own Pawn; d1 and h1 hold its own Queen and Bishop.
    let leaps = moves_from(
        &game(&r, "kl-capa", "4k5/10/10/10/10/10/5P4/3Q1K1B2 w K - 0 1"),
        "f1",
    );
    assert_eq!(leaps, set(&["f1e1", "f1g1", "f1e2", "f1g2", "f1f3"]));
    assert_eq!(moves_from(&start, "f1"), set(&["f1f3"]));
    let own_castling = refusals("[kl-own : capablanca]\ncastle-high = i h\nking-leap = yes\n");
    assert!(
        own_castling
            .iter()
            .any(|(line, m)| *line == 3 && m.contains("king-leap replaces castling")),
        "{own_castling:?}"
    );
    let own_start = refusals(
        "[kl-start : chess]\nking-leap = yes\n\
         start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    assert!(
        own_start
            .iter()
            .any(|(_, m)| m.contains("marks an unmoved king with K or k")),
        "{own_start:?}"
    );
}

/// `knight-relay` in a file game with a piece confined to a zone: the relayed leaps keep it
/// in its zone, as its own moves do (a relayed leap out of it left a position the FEN reader
/// refused), and it attacks no square outside the zone by one either. White's Guard on d2
/// (a King, confined to ranks 1 and 2), defended by the Knight on b1, may leap only to f1.
/// Black's King on c4 is not in check from it and may step next to it on b3, c3 and d3.
#[test]
fn knight_relay_keeps_a_confined_piece_in_its_zone() {
    let r = load(
        "[kc : chess]\n\
         piece = n Knight mN 3\n\
         piece = x Guard K 3 confined=home\n\
         zone = home white a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2\n\
         zone = home black a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7\n\
         knight-relay = n\n",
    );
    let white = game(&r, "kc", "4k3/8/8/8/8/8/3X4/1N2K3 w - - 0 1");
    assert_eq!(
        moves_from(&white, "d2"),
        set(&["d2c1", "d2d1", "d2c2", "d2e2", "d2f1"])
    );
    let black = game(&r, "kc", "8/8/8/8/2k5/8/3X4/1N2K3 b - - 0 1");
    assert_eq!(
        moves_from(&black, "c4"),
        set(&["c4b3", "c4c3", "c4d3", "c4b4", "c4d4", "c4b5", "c4c5", "c4d5"])
    );
}

/// Relay in a file game with a piece confined to a zone (`rules/relay.md`: a confinement
/// belongs to the piece). Black's Guard on d7 (a King, confined to ranks 7 and 8) attacks no
/// square outside its zone, although a Rook may gain its step from it, unconfined: White's King
/// on d5 may step next to it on c6, d6 and e6, and stands on d6 out of check. Inside the zone it
/// attacks: the King on b8 may not step to c8 or c7. A Rook's move the Guard gains is confined
/// too: it checks no King on the file below it, in the legal moves (`attacked_on`), the checkers
/// (`attackers`) or the generator's own check test that decides castling (`king_threats`). No
/// built-in game can test this: the Canonical Kings never leave their fortresses.
#[test]
fn relay_keeps_a_confined_piece_s_attacks_in_its_zone() {
    let r = load(
        "[rc : chess]\n\
         piece = x Guard K 3 confined=home\n\
         zone = home white a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2\n\
         zone = home black a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7\n\
         relay = relay\n",
    );
    let outside = game(&r, "rc", "7k/3x4/8/3K4/8/8/8/7r w - - 0 1");
    assert_eq!(
        moves_from(&outside, "d5"),
        set(&["d5c6", "d5d6", "d5e6", "d5c5", "d5e5", "d5c4", "d5d4", "d5e4"])
    );
    let next_to = game(&r, "rc", "7k/3x4/3K4/8/8/8/8/7r w - - 0 1");
    assert!(!next_to.in_check(), "{}", next_to.fen());
    let inside = game(&r, "rc", "1K5k/3x4/8/8/8/8/8/7r w - - 0 1");
    assert_eq!(moves_from(&inside, "b8"), set(&["b8a8", "b8a7", "b8b7"]));
    // The Rook on h7 sees the Guard, which gains the Rook's move but rides only inside its
    // zone (rank 7, d8): the d-file below it stays open to the King.
    let gained = game(&r, "rc", "7k/3x3r/8/3K4/8/8/8/8 w - - 0 1");
    assert!(!gained.in_check(), "{}", gained.fen());
    assert_eq!(
        moves_from(&gained, "d5"),
        set(&["d5c6", "d5d6", "d5e6", "d5c5", "d5e5", "d5c4", "d5d4", "d5e4"])
    );
    // Nor does that ride check a King on its file outside the zone: White may castle.
    let castle = game(&r, "rc", "4k3/4x2r/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!castle.in_check(), "{}", castle.fen());
    assert!(
        moves_from(&castle, "e1").contains("e1g1"),
        "{:?}",
        moves_from(&castle, "e1")
    );
    let guard = game(&r, "rc", "7k/3x3r/8/3K4/8/8/8/8 b - - 0 1");
    assert_eq!(
        moves_from(&guard, "d7"),
        set(&["d7a7", "d7b7", "d7c7", "d7e7", "d7f7", "d7g7", "d7c8", "d7d8", "d7e8"])
    );
}

/// A move that opens or closes a lame leg changes who sees whom, and may so give the mover's
/// own King a new attacker (`rules/relay.md`: a move that lifts an anti-relay so that an enemy
/// piece regains a type attacking the King is illegal; so is one that starts a relay doing so).
/// The Horse (`nN`) on a1 sees c2 only while b1, its leg, is empty. With relay, Black's Ferz
/// leaving b1 for a2 lets White's Wazir on c2 gain the Horse's leap, which reaches e3 over an
/// empty d2. With anti-relay, the two Horses on a1 and c2 see each other and both lose the
/// leap; Black's Ferz stepping onto b1 ends that, and the Horse on c2 attacks e3 again. Both
/// moves were generated, the leg of a leap into a square not being among the squares whose
/// change the generator tests in full. A one-way rider's path is tested as well.
#[test]
fn relay_tests_the_king_when_a_move_opens_or_closes_a_lame_leg() {
    let r = load(
        "[legs : chess]\n\
         piece = h Horse nN 3\n\
         piece = x Wazir W 1\n\
         piece = y Ferz F 1\n\
         relay = relay\n\
         [anti-legs : legs]\n\
         relay = anti-relay\n",
    );
    let relay = game(&r, "legs", "7K/8/8/8/8/4k3/2X5/Hy6 b - - 0 1");
    assert_eq!(moves_from(&relay, "b1"), set(&["b1c2"]));
    let anti = game(&r, "anti-legs", "7K/8/8/8/8/4k3/y1H5/h7 b - - 0 1");
    assert_eq!(moves_from(&anti, "a2"), set(&["a2b3"]));
    assert!(moves_from(&anti, "e3").contains("e3d2"));
    // A ride's path, where the rider moves one way only: the Rightrider (`rR`) on a2 sees the
    // Wazir on c2 once the Ferz leaves b2, and the Wazir would reach the King on e2.
    let r = load(
        "[one-way : chess]\n\
         piece = a Rightrider rR 3\n\
         piece = x Wazir W 1\n\
         piece = y Ferz F 1\n\
         relay = relay\n",
    );
    let ride = game(&r, "one-way", "7K/8/8/8/8/8/AyX1k3/8 b - - 0 1");
    assert_eq!(moves_from(&ride, "b2"), set(&[]));
}

/// The squares whose change may give a piece on a line to the King the type it lacks, one
/// case for each part of that set: the squares a capture-only leap (`cN`) reaches, where a
/// hostile relay starts (the Crab taking on f4 sees the Wazir on d3, which gains the leap onto
/// e1); the leg of a lame leap out of the piece, where a normal indirect anti-relay lifts (the
/// Horse on d3 sees White's Horse over e3 and loses its leap; a Rook closing e3 gives it back,
/// and d3 reaches e1 over d2); and the square from which a one-way mover (`lW`) sees the piece
/// (the Lefty stepping to e1 sees the Ferz on d1, which gains the step onto c1). Each of these
/// moves leaves the King attacked, and each test fails when that part of the set is left out
/// of the relay tables.
#[test]
fn relay_tests_the_king_for_every_way_a_lacking_piece_may_gain_its_type() {
    let r = load(
        "[crabs]\n\
         relay = hostile relay\n\
         piece = k King K 0 royal\n\
         piece = x Crab cN 3\n\
         piece = w Wazir W 2\n\
         start = 7k/8/8/8/5w2/3w4/6X1/4K3 w - - 0 1\n\
         [medusa]\n\
         relay = indirect anti-relay\n\
         piece = k King K 0 royal\n\
         piece = h Horse nN 3\n\
         piece = r Rook R 5\n\
         start = 7k/4R3/8/8/5H2/3h4/8/4K3 w - - 0 1\n\
         [lefty]\n\
         relay = hostile relay\n\
         piece = k King K 0 royal\n\
         piece = a Lefty lWF 3\n\
         piece = f Ferz F 1\n\
         start = 7k/8/8/8/8/8/5A2/2Kf4 w - - 0 1\n",
    );
    let crabs = game(&r, "crabs", "7k/8/8/8/5w2/3w4/6X1/4K3 w - - 0 1");
    assert_eq!(moves_from(&crabs, "g2"), set(&[]));
    assert_eq!(moves_from(&crabs, "e1"), set(&["e1d1", "e1f1", "e1f2"]));
    let medusa = game(&r, "medusa", "7k/4R3/8/8/5H2/3h4/8/4K3 w - - 0 1");
    let rook = moves_from(&medusa, "e7");
    assert!(!rook.contains("e7e3") && rook.contains("e7e4") && rook.contains("e7e2"));
    let lefty = game(&r, "lefty", "7k/8/8/8/8/8/5A2/2Kf4 w - - 0 1");
    assert_eq!(
        moves_from(&lefty, "f2"),
        set(&["f2e2", "f2g1", "f2e3", "f2g3"])
    );
}

/// A lame leap that only moves (`mnN`) attacks nothing: the King may step onto the squares the
/// Horse's leaps reach (e6 over d5, f5 over e4), but not onto e5, which its capturing step
/// (`cF`) covers; and a King standing on such a square is not in check.
#[test]
fn a_move_only_lame_leap_attacks_nothing() {
    let r = load(
        "[movehorse]\n\
         piece = k King K 0 royal\n\
         piece = h Horse mnNcF 3\n\
         start = 8/8/5k2/8/3H4/8/8/K7 b - - 0 1\n",
    );
    let g = game(&r, "movehorse", "8/8/5k2/8/3H4/8/8/K7 b - - 0 1");
    assert_eq!(
        moves_from(&g, "f6"),
        set(&["f6f5", "f6g5", "f6e6", "f6g6", "f6e7", "f6f7", "f6g7"])
    );
    let on_leap = game(&r, "movehorse", "8/8/4k3/8/3H4/8/8/K7 b - - 0 1");
    assert!(!on_leap.in_check());
    assert_eq!(moves_from(&on_leap, "e6").len(), 7);
}

/// A slide that only moves (`mR`, beside a King's step that moves and captures) neither
/// captures nor checks along its lines: the Mover on d1 slides up to d4 but does not take the
/// Rook on d5, and a King at the end of its open file is not in check.
#[test]
fn a_move_only_slide_captures_nothing() {
    let r = load(
        "[mover]\n\
         piece = k King K 0 royal\n\
         piece = m Mover mRK 4\n\
         piece = r Rook R 5\n\
         start = 7k/8/8/3r4/8/8/8/K2M4 w - - 0 1\n",
    );
    let g = game(&r, "mover", "7k/8/8/3r4/8/8/8/K2M4 w - - 0 1");
    let mover = moves_from(&g, "d1");
    assert!(
        mover.contains("d1d4") && mover.contains("d1h1"),
        "{mover:?}"
    );
    assert!(!mover.contains("d1d5"), "{mover:?}");
    assert!(!game(&r, "mover", "3k4/8/8/8/8/8/8/K2M4 b - - 0 1").in_check());
}

/// The generator picks a way to work out each kind's targets when the game is loaded (a
/// plain cannon, pieces that move and capture alike, plain leapers, pawns, lame leapers
/// grouped by the square that blocks them, or the general way). Each kind here is one the
/// choice could go wrong for:
/// - first kinds of three shapes (a pawn, a rider that moves and captures differently, a lame
///   leaper that only moves), kinds just after riders or lame leapers, and a game of twelve
///   kinds: where a slip in a kind's index lands;
/// - hoppers that are not plain cannons (`RpcR`, `mRpR`, a cannon with capturing steps, one
///   that hops on other lines than it slides on: `mRpcB`);
/// - lame leapers beside steps that move and capture differently (`mnNK`, `mWcFnN`, `nNbmW`)
///   or beside slides (`RnN`).
///
/// Every move set was worked out by hand.
#[test]
fn every_kind_gets_its_own_moves_whichever_way_they_are_worked_out() {
    let r = load(
        "[kindzero]\n\
         piece = p Pawn fmWfcF 1 pawn\n\
         piece = k King K 0 royal\n\
         piece = r Rook R 5\n\
         piece = c Cannon mRpcR 4\n\
         piece = h Horse nN 3\n\
         piece = x Rookcannon RpcR 6\n\
         piece = y Hopper mRpR 4\n\
         piece = s Stepcannon mRpcRcF 5\n\
         piece = m Movehorse mnNK 4\n\
         piece = w Wazhorse mWcFnN 4\n\
         piece = d Diagcannon mRpcB 5\n\
         piece = l Lamerook RnN 7\n\
         start = 4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n\
         [riderfirst]\n\
         piece = a Crossrook mRcB 5\n\
         piece = k King K 0 royal\n\
         piece = n Knight N 3\n\
         piece = s Stepcannon mRpcRcF 5\n\
         piece = o Bishopcannon mBpcR 5\n\
         piece = z Crosscannon pcRpmB 5\n\
         start = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n\
         [leaperfirst]\n\
         piece = h Movehorse mnNcF 3\n\
         piece = k King K 0 royal\n\
         piece = p Pawn fmWfcF 1 pawn\n\
         piece = n Horse nN 3\n\
         piece = w Backhorse nNbmW 3\n\
         start = 4k3/8/8/8/8/8/PPPP4/H3K3 w - - 0 1\n\
         [ridersfirst]\n\
         piece = r Rook R 5\n\
         piece = b Bishop B 3\n\
         piece = q Queen Q 9\n\
         piece = k King K 0 royal\n\
         piece = s Stepcannon mRpcRcF 5\n\
         start = 4k3/8/8/8/8/8/8/S3K3 w - - 0 1\n\
         [manykinds]\n\
         piece = h Movehorse mnNcF 3\n\
         piece = k King K 0 royal\n\
         piece = r Rook R 5\n\
         piece = b Bishop B 3\n\
         piece = q Queen Q 9\n\
         piece = n Knight N 3\n\
         piece = a Archbishop BN 7\n\
         piece = c Chancellor RN 8\n\
         piece = g Ferz F 1\n\
         piece = o Cannon mRpcR 4\n\
         piece = e Horse nN 3\n\
         piece = p Pawn fmWfcF 1 pawn\n\
         start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
    );
    let horses = |piece: char| format!("4k3/8/8/2r5/3{piece}4/3Pr3/8/K7 w - - 0 1");
    let screens = |piece: char| format!("3rk3/8/3r4/8/1p1{piece}2r1/8/3P4/K7 w - - 0 1");
    let cases: Vec<(&str, String, &[&str])> = vec![
        (
            "kindzero",
            "4k3/8/8/3rr3/3P4/8/8/K7 w - - 0 1".into(),
            &["e5"],
        ),
        // Screens on every line: d6 (a Rook on d8 beyond), b4, g4 and White's own d2.
        (
            "kindzero",
            screens('C'),
            &["d3", "c4", "e4", "f4", "d5", "d8"],
        ),
        (
            "kindzero",
            screens('X'),
            &["d3", "b4", "c4", "e4", "f4", "g4", "d5", "d6", "d8"],
        ),
        (
            "kindzero",
            screens('Y'),
            &["d1", "d3", "a4", "c4", "e4", "f4", "h4", "d5", "d7", "d8"],
        ),
        (
            "kindzero",
            "3rk3/8/3r4/4p3/1p1S2r1/2p5/3P4/K7 w - - 0 1".into(),
            &["c3", "d3", "c4", "e4", "f4", "d5", "e5", "d8"],
        ),
        // Lame leaps blocked on d3 by White's own pawn; Rooks to take on c5 and e3.
        (
            "kindzero",
            horses('H'),
            &["b3", "f3", "b5", "f5", "c6", "e6"],
        ),
        (
            "kindzero",
            horses('M'),
            &[
                "b3", "c3", "e3", "f3", "c4", "e4", "b5", "c5", "d5", "e5", "f5", "c6", "e6",
            ],
        ),
        // The Movehorse's lame leap only moves: no capture on f5.
        (
            "kindzero",
            "4k3/8/8/2r2r2/3M4/3Pr3/8/K7 w - - 0 1".into(),
            &[
                "b3", "c3", "e3", "f3", "c4", "e4", "b5", "c5", "d5", "e5", "c6", "e6",
            ],
        ),
        (
            "kindzero",
            horses('W'),
            &[
                "b3", "e3", "f3", "c4", "e4", "b5", "c5", "d5", "f5", "c6", "e6",
            ],
        ),
        (
            "kindzero",
            horses('L'),
            &[
                "b3", "f3", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "b5", "d5", "f5", "c6", "d6",
                "e6", "d7", "d8",
            ],
        ),
        // A cannon on the diagonals that slides along the files and ranks.
        (
            "kindzero",
            "4k3/6r1/1r6/4p3/3D4/2p5/1r4r1/K7 w - - 0 1".into(),
            &[
                "d1", "b2", "d2", "d3", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "d5", "d6", "d7",
                "g7", "d8",
            ],
        ),
        (
            "riderfirst",
            "4k3/8/5n2/8/3A4/3n4/8/K7 w - - 0 1".into(),
            &[
                "a4", "b4", "c4", "e4", "f4", "g4", "h4", "d5", "d6", "f6", "d7", "d8",
            ],
        ),
        (
            "riderfirst",
            "3nk3/8/3n4/4n3/1n1S2n1/2n5/3N4/K7 w - - 0 1".into(),
            &["c3", "d3", "c4", "e4", "f4", "d5", "e5", "d8"],
        ),
        (
            "riderfirst",
            "4k3/3n4/8/3n4/1n1O3n/8/3N4/K7 w - - 0 1".into(),
            &[
                "g1", "b2", "f2", "c3", "e3", "c5", "e5", "b6", "f6", "a7", "d7", "g7", "h8",
            ],
        ),
        // Hops of two modes: the first (captures on the files and ranks) is worked out for
        // all its lines at once, the second (quiet hops on the diagonals) ray by ray.
        (
            "riderfirst",
            "4k3/3n2n1/1n1n4/4n3/1n1Z2n1/2n5/3N4/K7 w - - 0 1".into(),
            &["b2", "f6", "a7", "d7"],
        ),
        (
            "leaperfirst",
            "4k3/8/8/2n5/3H4/3Pn3/8/K7 w - - 0 1".into(),
            &["b3", "e3", "f3", "b5", "c5", "f5", "c6", "e6"],
        ),
        // Its step back only moves: no capture on d3, which also blocks two lame leaps.
        (
            "leaperfirst",
            "4k3/8/8/8/3W4/3n4/8/K7 w - - 0 1".into(),
            &["b3", "f3", "b5", "f5", "c6", "e6"],
        ),
        (
            "ridersfirst",
            "3bk3/8/3b4/4b3/1b1S2b1/2b5/3B4/7K w - - 0 1".into(),
            &["c3", "d3", "c4", "e4", "f4", "d5", "e5", "d8"],
        ),
    ];
    for (variant, fen, to) in &cases {
        let expected: BTreeSet<String> = to.iter().map(|t| format!("d4{t}")).collect();
        assert_eq!(
            moves_from(&game(&r, variant, fen), "d4"),
            expected,
            "{variant} {fen}"
        );
    }
    // Twelve kinds, Black to move: Black's last kinds sit high in the kinds' bit sets.
    let many = game(&r, "manykinds", "4k3/8/3p2p1/3h1N2/2N5/8/8/K7 b - - 0 1");
    assert_eq!(
        moves_from(&many, "d5"),
        set(&["d5c3", "d5e3", "d5b4", "d5c4", "d5f4", "d5b6", "d5f6"])
    );
    assert_eq!(moves_from(&many, "g6"), set(&["g6f5", "g6g5"]));
}

/// Initial moves unlike the pawn's double step keep their own conditions (the generator's
/// fast path for plain double steps must not take them): a lame double step that may also
/// capture (`ifnD`) takes the Rook two squares ahead; a diagonal one (`ifrmnA`) is blocked by
/// the diagonal square between, not by the square ahead; an unblockable one (`ifmD`) of a
/// piece with no other move without capture needs no empty square ahead.
#[test]
fn initial_moves_other_than_the_double_step_keep_their_own_conditions() {
    let r = load(
        "[oddpawns]\n\
         piece = k King K 0 royal\n\
         piece = p Pawn fmWfcFifnD 1 pawn\n\
         piece = a Slanter fmWfcFifrmnA 1 pawn\n\
         piece = j Jumper fcFifmD 1 pawn\n\
         piece = r Rook R 5\n\
         double-step-ranks = 2 7\n\
         start = 4k3/8/8/8/8/8/PAJ5/4K3 w - - 0 1\n",
    );
    let from = |fen: &str, sq: &str| moves_from(&game(&r, "oddpawns", fen), sq);
    assert_eq!(
        from("4k3/8/8/8/r7/8/P7/4K3 w - - 0 1", "a2"),
        set(&["a2a3", "a2a4"])
    );
    assert_eq!(from("4k3/8/8/8/r7/r7/P7/4K3 w - - 0 1", "a2"), set(&[]));
    assert_eq!(
        from("4k3/8/8/8/8/r7/1A6/4K3 w - - 0 1", "b2"),
        set(&["b2a3", "b2b3", "b2d4"])
    );
    assert_eq!(
        from("4k3/8/8/8/8/2r5/1A6/4K3 w - - 0 1", "b2"),
        set(&["b2b3", "b2c3"])
    );
    assert_eq!(
        from("4k3/8/8/8/8/8/2J5/4K3 w - - 0 1", "c2"),
        set(&["c2c4"])
    );
}

/// A one-way type (`fR`) is read from the side of the piece that uses it (README, "Decision
/// (one-way types)"): White's Arrow on d2 sees Black's Wazir on d4 and gives it the slide
/// toward rank 1 (d4d2), not toward rank 8; Black's Arrow sees down the board, so from d7 it
/// gives White's Wazir d5-d7 and from d2 nothing. "Has T naturally" compares the sets in
/// White's terms: under normal indirect anti-relay two Arrows facing each other both lose
/// `fR`, while an Arrow seeing a Rook keeps it (`fR` is not `R`).
#[test]
fn one_way_types_are_read_from_the_side_that_uses_them() {
    let r = load(
        "[arrows]\n\
         relay = hostile relay\n\
         piece = k King K 0 royal\n\
         piece = a Arrow fR 3\n\
         piece = w Wazir W 2\n\
         piece = r Rook R 5\n\
         start = 7k/8/8/8/3w4/8/3A4/K7 b - - 0 1\n\
         [medusa : arrows]\n\
         relay = hostile indirect anti-relay\n",
    );
    let wazir = |name: &str, fen: &str| moves_from(&game(&r, name, fen), "d4");
    assert_eq!(
        wazir("arrows", "7k/8/8/8/3w4/8/3A4/K7 b - - 0 1"),
        set(&["d4d2", "d4d3", "d4c4", "d4e4", "d4d5"])
    );
    assert_eq!(
        wazir("arrows", "7k/3a4/8/8/3W4/8/8/K7 w - - 0 1"),
        set(&["d4d3", "d4c4", "d4e4", "d4d5", "d4d6", "d4d7"])
    );
    assert_eq!(
        wazir("arrows", "7k/8/8/8/3W4/8/3a4/K7 w - - 0 1"),
        set(&["d4d3", "d4c4", "d4e4", "d4d5"])
    );
    let facing = "7k/8/8/8/3a4/8/3A4/K7 w - - 0 1";
    assert_eq!(moves_from(&game(&r, "medusa", facing), "d2"), set(&[]));
    let black = "7k/8/8/8/3a4/8/3A4/K7 b - - 0 1";
    assert_eq!(moves_from(&game(&r, "medusa", black), "d4"), set(&[]));
    let rook = "7k/8/8/8/3r4/8/3A4/K7 w - - 0 1";
    assert_eq!(
        moves_from(&game(&r, "medusa", rook), "d2"),
        set(&["d2d3", "d2d4"])
    );
}

/// Pieces that take no part in relay (pawn-like and royal ones) still check through a screen
/// or over a lame leg, and the relay generator tests the King where a move makes such a screen
/// or opens such a leg: a Rook stepping onto e4 between a hopping Pawn (`fcpR`) or King (`cpR`)
/// on the e-file and the King on e1, a Rook or Ferz leaving the leg (d2, f2) of a Pawn's
/// (`fcnN`) or King's (`cnN`) lame leap onto e1. Without the game's own screens and legs (only
/// the relay slots', which hold the types of the pieces that take part), or with White's taken
/// for Black's (the Pawns capture forward only), every other test passed.
#[test]
fn relay_tests_the_king_against_pieces_that_take_no_part() {
    let r = load(
        "[hop-pawn]\n\
         relay = relay\n\
         piece = k King K 0 royal\n\
         piece = p Pawn fmWfcpR 1 pawn\n\
         piece = r Rook R 5\n\
         start = 4p2k/8/8/8/R7/8/8/4K3 w - - 0 1\n\
         [hop-king : hop-pawn]\n\
         piece = k King KcpR 0 royal\n\
         start = 4k3/8/8/8/R7/8/8/4K3 w - - 0 1\n\
         [lame-pawn]\n\
         relay = relay\n\
         piece = k King K 0 royal\n\
         piece = p Pawn fmWfcnN 1 pawn\n\
         piece = r Rook R 5\n\
         piece = f Ferz F 1\n\
         start = 7k/8/8/8/8/3p4/3R4/4K3 w - - 0 1\n\
         [lame-king : lame-pawn]\n\
         piece = k King KcnN 0 royal\n\
         start = 8/8/8/8/8/5k2/4fF2/4K3 w - - 0 1\n",
    );
    for (name, fen) in [
        ("hop-pawn", "4p2k/8/8/8/R7/8/8/4K3 w - - 0 1"),
        ("hop-king", "4k3/8/8/8/R7/8/8/4K3 w - - 0 1"),
    ] {
        let rook = moves_from(&game(&r, name, fen), "a4");
        assert!(
            !rook.contains("a4e4") && rook.contains("a4d4"),
            "{name}: {rook:?}"
        );
    }
    let pawn = game(&r, "lame-pawn", "7k/8/8/8/8/3p4/3R4/4K3 w - - 0 1");
    assert_eq!(moves_from(&pawn, "d2"), set(&["d2d3"]));
    let king = game(&r, "lame-king", "8/8/8/8/8/5k2/4fF2/4K3 w - - 0 1");
    assert_eq!(moves_from(&king, "f2"), set(&[]));
}

/// `no-jump-check` works on the attack tables' single leaps (the Cannon's `KAD`); a rider of
/// long straight leaps jumps pieces as well and would check across them, so it is refused
/// with the line, where it was accepted and silently did nothing. A rider of single steps
/// (`R`) jumps nothing, and the flag is accepted beside it.
#[test]
fn no_jump_check_on_a_rider_of_long_leaps_is_refused() {
    for betza in ["DD", "AA2", "WD2"] {
        let text = format!("[nj : chess]\npiece = d Dabbaba {betza} 3 no-jump-check\n");
        let refused = refusals(&text);
        assert!(
            refused
                .iter()
                .any(|(line, m)| *line == 2 && m.contains("no-jump-check")),
            "{betza}: {refused:?}"
        );
    }
    let r = load("[nj : chess]\npiece = d Dabbaba RD 3 no-jump-check\n");
    // The D leap e6-e8 jumps the Pawn on e7: no check, so Black's Rook may move too.
    let g = game(&r, "nj", "4k3/4p3/4D3/8/8/8/7r/K7 b - - 0 1");
    assert!(moves_from(&g, "h2").contains("h2h1"));
}

/// The relaying piece of `knight-relay` must be a plain leaper that never captures, neither
/// royal nor pawn-like nor bound to a zone, in a game with no other capture rule: each way of
/// breaking that is refused on its own (the royal and pawn-like pieces move as plain leapers
/// that never capture, so that only their role is wrong), and `mN` or `mK` is accepted.
#[test]
fn knight_relay_refuses_every_unfit_relaying_piece() {
    const ZONE: &str = "zone = z white a1 b1 c1 d1 e1 f1 g1 h1\n\
                        zone = z black a8 b8 c8 d8 e8 f8 g8 h8\npromote-to = q r b\n";
    for (what, lines) in [
        (
            "royal",
            "piece = k King mK 0 royal\nknight-relay = k\n".to_string(),
        ),
        (
            "pawn-like",
            "piece = p Pawn mfW 1 pawn\nknight-relay = p\n".to_string(),
        ),
        (
            "capturing",
            "piece = n Knight N 3\nknight-relay = n\n".to_string(),
        ),
        (
            "lame",
            "piece = n Knight mnN 3\nknight-relay = n\n".to_string(),
        ),
        (
            "rider",
            "piece = n Knight mNN 3\nknight-relay = n\n".to_string(),
        ),
        (
            "slider",
            "piece = n Knight mR 3\nknight-relay = n\n".to_string(),
        ),
        (
            "confined",
            format!("{ZONE}piece = n Knight mN 3 confined=z\nknight-relay = n\n"),
        ),
        (
            "zone-moves",
            format!("{ZONE}piece = n Knight mN 3 zone-moves=z:mW\nknight-relay = n\n"),
        ),
        (
            "relay",
            "piece = n Knight mN 3\nrelay = relay\nknight-relay = n\n".to_string(),
        ),
        (
            "cancellation",
            "piece = n Knight mN 3\ncancellation = yes\nknight-relay = n\n".to_string(),
        ),
    ] {
        let text = format!("[kr : chess]\n{lines}");
        let refused = refusals(&text);
        assert!(
            refused.iter().any(|(_, m)| m.contains("knight-relay:")),
            "{what}: {refused:?}"
        );
    }
    for betza in ["mN", "mK"] {
        load(&format!(
            "[kr : chess]\npiece = n Knight {betza} 3\nknight-relay = n\n"
        ));
    }
}

/// `no-jump-check` leaves oblique leaps alone: a Knight's leap has no line of squares, so the
/// flag's Knight checks whatever stands on the squares beside its path (b2 and c2 here), where
/// reading it as a lame leap would let the Black Rook move.
#[test]
fn no_jump_check_leaves_oblique_leaps_alone() {
    let r = load("[nj : chess]\npiece = x Xnight N 3 no-jump-check\n");
    let g = game(&r, "nj", "7r/8/8/8/8/2k5/1NB5/1X2K3 b - - 0 1");
    assert!(
        moves_from(&g, "h8").is_empty(),
        "{:?}",
        moves_from(&g, "h8")
    );
    assert!(moves_from(&g, "c3").contains("c3c2"));
}

/// A plain castling key sets both colours' castling, except where the section has Black's own
/// `black-` line for it: then, whichever line comes first, the plain one is White's only (the
/// later plain line replaced Black's, so the order of two lines changed the game). Black's
/// King on e8 castles with the Rook on h8 by `black-castle-high = f e` in both orders (the
/// King to f8 is written as the King taking its partner), White's by `castle-high = g f`.
#[test]
fn black_castling_lines_hold_whatever_their_order() {
    // (name, lines, Black's partner on h8 and castling move, White's partner on h1)
    for (name, lines, black, white) in [
        (
            "o1",
            "black-castle-high = f e\ncastle-high = g f\n",
            ('r', "e8h8"),
            'R',
        ),
        (
            "o2",
            "castle-high = g f\nblack-castle-high = f e\n",
            ('r', "e8h8"),
            'R',
        ),
        (
            "o3",
            "start = 4k2q/8/8/8/8/8/8/4K2N w Kk - 0 1\n\
             black-castle-partner-high = q\ncastle-partner-high = n\ncastle-high = g f\n",
            ('q', "e8g8"),
            'N',
        ),
    ] {
        let r = load(&format!("[{name} : chess]\n{lines}"));
        let (black_partner, black_castling) = black;
        let b = game(
            &r,
            name,
            &format!("4k2{black_partner}/8/8/8/8/8/8/4K3 b k - 0 1"),
        );
        assert!(moves_from(&b, "e8").contains(black_castling), "{name}");
        let w = game(&r, name, &format!("4k3/8/8/8/8/8/8/4K2{white} w K - 0 1"));
        assert!(moves_from(&w, "e1").contains("e1g1"), "{name}");
    }
    // Black without high castling: a plain partner line is then White's (it was refused,
    // "set castle-high/low first").
    let r = load(
        "[o4 : chess]\nblack-castle-high = -\ncastle-partner-high = q\n\
         start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w KQq - 0 1\n",
    );
    let white = game(&r, "o4", "4k2r/8/8/8/8/8/8/4K2Q w K - 0 1");
    assert!(moves_from(&white, "e1").contains("e1g1"));
}

/// `knight-relay` names a relaying piece, which passes on its own leaps: an `mK` relays King
/// steps to the pieces a King step from it. The Rook on d4, beside it on e4, also steps
/// diagonally (c3 c5 e3 e5); the Rook on g5, a Knight's leap from it, gains nothing.
#[test]
fn a_relaying_piece_passes_on_its_own_leaps() {
    let r = load("[kr-king : chess]\npiece = n Steward mK 3\nknight-relay = n\n");
    let g = game(&r, "kr-king", "4k3/8/8/6R1/3RN3/8/8/4K3 w - - 0 1");
    let d4 = moves_from(&g, "d4");
    assert!(
        d4.is_superset(&set(&["d4c3", "d4c5", "d4e3", "d4e5"])),
        "{d4:?}"
    );
    let g5 = moves_from(&g, "g5");
    assert!(
        g5.iter().all(|m| m[2..3] == m[0..1] || m[3..] == m[1..2]),
        "{g5:?}"
    );
}

/// Castling happens on the first rank, whatever a piece's zone: a game whose castling would
/// take a confined King or partner out of its zone is refused with the castling key to
/// change (it offered the castling, then refused the position it left).
#[test]
fn castling_out_of_a_confinement_zone_is_refused() {
    let king = refusals(
        "[cz : chess]\n\
         piece = k King K 0 royal confined=pal\n\
         zone = pal white c1 d1 e1 f1 c2 d2 e2 f2\n\
         zone = pal black c8 d8 e8 f8 c7 d7 e7 f7\n",
    );
    assert!(
        king.iter()
            .any(|(_, m)| m.contains("castle-high") && m.contains("'k' to g1")),
        "{king:?}"
    );
    let partner = refusals(
        "[cz3 : chess]\n\
         piece = r Rook W 5 confined=back\n\
         promote-to = q b n\n\
         zone = back white a1 b1 c1 d1 g1 h1\n\
         zone = back black a8 b8 c8 d8 e8 f8 g8 h8\n",
    );
    assert!(
        partner
            .iter()
            .any(|(_, m)| m.contains("castle-high") && m.contains("'r' to f1")),
        "{partner:?}"
    );
    // Black's zone lacks d8: its low castling is the one refused.
    let black = refusals(
        "[cz4 : chess]\n\
         piece = r Rook W 5 confined=back\n\
         promote-to = q b n\n\
         zone = back white a1 b1 c1 d1 e1 f1 g1 h1\n\
         zone = back black a8 b8 c8 e8 f8 g8 h8\n",
    );
    assert!(
        black
            .iter()
            .any(|(_, m)| m.contains("black-castle-low") && m.contains("'r' to d8")),
        "{black:?}"
    );
    load(
        "[cz5 : chess]\n\
         piece = k King K 0 royal confined=pal\n\
         zone = pal white c1 d1 e1 f1 g1 c2 d2 e2 f2\n\
         zone = pal black c8 d8 e8 f8 g8 c7 d7 e7 f7\n\
         castle-low = -\n\
         start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1\n",
    );
}

/// A relayed leap never promotes: the Pawn on e6, a Knight's leap from the Knight on d4, leaps
/// to c7 and g7 (rank 7 is an optional promotion rank here) and stays a Pawn there, while its
/// own step to e7 may promote; d8 and f8, on the last rank, are barred to it.
#[test]
fn a_relayed_pawn_leap_never_promotes() {
    let r = load(
        "[kp : chess]\npiece = n Knight mN 3\npiece = p Pawn fmWfcFifmnD 1 pawn\n\
         promotion-ranks = 7 8\nknight-relay = n\n",
    );
    let g = game(&r, "kp", "4k3/8/4P3/8/3N4/8/8/K7 w - - 0 1");
    assert_eq!(
        moves_from(&g, "e6"),
        set(&["e6e7", "e6e7q", "e6e7r", "e6e7b", "e6e7n", "e6c7", "e6g7", "e6c5", "e6g5", "e6f4"])
    );
}
