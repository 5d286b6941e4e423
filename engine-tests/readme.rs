//! The README is the user's reference: every option, game name and subcommand the engine
//! offers must be documented there, and its two set-up commands must be what CI runs. These
//! tests read the engine's own lists (the `uci` handshake, XBoard's `feature option`s,
//! `chimera variants`, `chimera --help`) and look each entry up in the README, so a new option,
//! alias or subcommand without documentation fails here.

mod common;

use common::{run_bin, Uci, TIMEOUT};

const README: &str = include_str!("../README.md");
const CI_RUN: &str = include_str!("../.ci/run");

/// The README's text from the heading `title` to the next heading of the same or a higher level.
fn section(title: &str) -> &'static str {
    let start = README
        .find(&format!("\n{title}\n"))
        .unwrap_or_else(|| panic!("README has no heading {title:?}"));
    let level = title.chars().take_while(|&c| c == '#').count();
    let body = &README[start + title.len() + 2..];
    let end = body
        .lines()
        .scan(0, |offset, line| {
            let at = *offset;
            *offset += line.len() + 1;
            Some((at, line))
        })
        .find(|(_, line)| {
            let hashes = line.chars().take_while(|&c| c == '#').count();
            (1..=level).contains(&hashes) && line[hashes..].starts_with(' ')
        })
        .map_or(body.len(), |(at, _)| at);
    &body[..end]
}

/// What `chimera ARGS` prints on stdout, which must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = run_bin(args, None, TIMEOUT);
    assert_eq!(out.code, Some(0), "chimera {args:?}: {}", out.describe());
    out.stdout
}

/// Every `` `name` `` in `text`, the code spans.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

#[test]
fn the_readme_opens_with_the_two_commands_ci_runs() {
    let block = README
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("README has no sh code block");
    let commands: Vec<&str> = block
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "the README's first code block should hold exactly two commands: {commands:?}"
    );
    assert!(
        commands[0].starts_with("cargo run --release"),
        "the first command should build and play: {}",
        commands[0]
    );
    let test_command = commands[1];
    let ci_commands: Vec<&str> = CI_RUN
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|l| !l.starts_with("set ") && !l.starts_with("cd "))
        .collect();
    assert_eq!(
        ci_commands,
        [test_command],
        ".ci/run should run exactly the README's test command"
    );
}

#[test]
fn every_uci_option_is_in_the_options_table() {
    let mut uci = Uci::start();
    let options: Vec<String> = uci
        .handshake()
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| rest.split(" type ").next().unwrap_or(rest).to_string())
        .collect();
    uci.quit();
    assert!(options.len() >= 8, "too few options read: {options:?}");
    let table = section("### Options");
    for option in &options {
        assert!(
            table.contains(&format!("| `{option}` |")),
            "UCI option {option:?} has no row in the README's Options table"
        );
    }
}

#[test]
fn every_xboard_engine_option_is_described() {
    let out = run_bin(&["xboard"], Some(b"protover 2\nquit\n" as &[u8]), TIMEOUT);
    assert_eq!(out.code, Some(0), "{}", out.describe());
    // `feature option="NAME -KIND …"`, described in the README as "`NAME` (a KIND".
    let options: Vec<(&str, &str)> = out
        .stdout
        .split("feature option=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once(" -"))
        .map(|(name, rest)| (name, rest.split([' ', '"']).next().unwrap_or("")))
        .collect();
    assert!(
        !options.is_empty(),
        "no feature option read:\n{}",
        out.stdout
    );
    let xboard = section("## XBoard / WinBoard");
    for (name, kind) in options {
        assert!(
            xboard.contains(&format!("`{name}` (a {kind}")),
            "XBoard option {name:?} ({kind}) is not described under XBoard / WinBoard"
        );
    }
}

#[test]
fn every_built_in_name_and_alias_is_in_the_games_table() {
    let stdout = stdout_of(&["variants"]);
    let games = section("## Games");
    let documented: Vec<&str> = code_spans(games);
    let mut checked = 0;
    // The built-in games come first, then the generated relay and cancellation names; the
    // built-in ones are those `variants` lists with aliases or that have a row of their own.
    for line in stdout.lines() {
        let (name, aliases) = match line.split_once(" (also ") {
            Some((name, rest)) => (name, rest.trim_end_matches(')')),
            None => (line, ""),
        };
        if name.starts_with("cancellation-") || name.contains("relay-") && aliases.is_empty() {
            continue;
        }
        for n in std::iter::once(name).chain(aliases.split(", ").filter(|a| !a.is_empty())) {
            assert!(
                documented.contains(&n),
                "game name {n:?} (from `chimera variants`) is not in the README's Games section"
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "too few names checked: {checked}");
}

#[test]
fn every_listed_relay_name_is_named_in_the_readme() {
    let stdout = stdout_of(&["variants"]);
    let relay_names: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("relay-") && !l.starts_with("cancellation-") && !l.contains(" ("))
        .collect();
    assert_eq!(relay_names.len(), 5, "listed relay names: {relay_names:?}");
    let names = section("### Every name Chimera accepts");
    for name in relay_names {
        assert!(
            names.contains(&format!("`{name}`")),
            "listed relay name {name:?} is not under 'Every name Chimera accepts'"
        );
    }
}

#[test]
fn every_subcommand_has_a_row() {
    let stdout = stdout_of(&["--help"]);
    let subcommands: Vec<&str> = stdout
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("Options:").next())
        .unwrap_or("")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(subcommands.len() >= 8, "subcommands read: {subcommands:?}");
    let table = section("## Subcommands");
    for sub in subcommands {
        assert!(
            table.contains(&format!("| `chimera {sub}")),
            "subcommand {sub:?} has no row in the README's Subcommands table"
        );
    }
}

#[test]
fn every_documented_variant_file_key_is_a_key() {
    let table = README
        .split("| key | meaning |")
        .nth(1)
        .expect("README has no variant-file key table");
    let keys: Vec<String> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .flat_map(|l| code_spans(l.split('|').nth(1).unwrap_or("")))
        .map(|k| k.replace("black-castle-…", "black-castle-short"))
        .collect();
    assert!(keys.len() >= 25, "keys read: {keys:?}");
    let dir = common::scratch_dir("chimera-readme-keys");
    for key in &keys {
        // A value no key takes: the loader must say what is wrong with it, not that the key is
        // unknown.
        let file = dir.join("keys.ini");
        std::fs::write(&file, format!("[readme-key : chess]\n{key} = ???\n")).expect("write");
        let out = run_bin(
            &["check-variants", file.to_str().expect("utf-8 path")],
            None,
            TIMEOUT,
        );
        assert!(
            !out.stderr.contains("unknown key"),
            "README documents variant-file key {key:?}, which the loader does not know:\n{}",
            out.describe()
        );
        assert_eq!(out.code, Some(1), "{key} = ???: {}", out.describe());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
