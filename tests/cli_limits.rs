//! The command line reads bounded input and writes bounded errors: a huge file is refused
//! after reading at most its cap, and a bad one just under the cap gets a short message.

use std::io::Write;
use std::process::{Command, Stdio};

fn deckhand(arguments: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut input = child.stdin.take().unwrap();
    // The program may stop reading at its cap: a broken pipe here is expected.
    let _ = input.write_all(stdin);
    drop(input);
    let output = child.wait_with_output().expect("runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("deckhand-cli-limits-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

/// 4 MB of card tokens: the old reader took it all and listed every duplicate.
fn huge_deck() -> Vec<u8> {
    "KS ".repeat((4 << 20) / 3).into_bytes()
}

#[test]
fn huge_deck_files_are_refused_with_a_short_error() {
    let path = temp_file("huge-deck", &huge_deck());
    let file = path.to_str().unwrap();
    for arguments in [
        vec!["pyramid", "solve", file, "--json"],
        vec!["klondike", "solve", "--deck", file],
        vec!["klondike", "deal", "--deck", file],
        vec!["freecell", "solve", "--board", file],
    ] {
        let (code, stdout, stderr) = deckhand(&arguments, b"");
        assert_eq!(code, 2, "{arguments:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.len() < 300, "{arguments:?}: {} bytes: {stderr}", stderr.len());
        assert!(stderr.contains("is at most") && stderr.contains("bytes;"), "{stderr}");
        assert!(stderr.contains(&format!("has {} bytes", thousands(huge_deck().len()))), "{stderr}");
    }
    std::fs::remove_file(path).unwrap();
}

fn thousands(n: usize) -> String {
    deckhand::limits::Thousands(n).to_string()
}

#[test]
fn huge_standard_input_is_refused_too() {
    let (code, _, stderr) = deckhand(&["pyramid", "solve", "-"], &huge_deck());
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr, "deckhand: a deck file is at most 32,768 bytes; standard input has more\n");
}

#[test]
fn bad_input_under_the_cap_gets_a_bounded_error() {
    // Under the file cap but over the parser's: the parser's cap is named.
    let (code, _, stderr) = deckhand(&["pyramid", "solve", "-"], "KS ".repeat(5000).as_bytes());
    assert_eq!(code, 2);
    assert!(stderr.contains("a deck paste is at most 8,192 characters; this one has 15,000"), "{stderr}");
    // Under both: every card a duplicate or a bad token, but only the first few are told.
    for text in ["KS ".repeat(2700), "ZZ ".repeat(2700)] {
        let (code, _, stderr) = deckhand(&["klondike", "solve", "--deck", "-"], text.as_bytes());
        assert_eq!(code, 2);
        assert!(stderr.len() < 1000 && stderr.contains(" more"), "{} bytes: {stderr}", stderr.len());
    }
    let (code, _, stderr) = deckhand(&["freecell", "solve", "--board", "-"], "ZZ ".repeat(2700).as_bytes());
    assert_eq!(code, 2);
    assert!(stderr.len() < 1000 && stderr.contains("and 2,696 more"), "{} bytes: {stderr}", stderr.len());
    // Not text at all.
    let (code, _, stderr) = deckhand(&["pyramid", "solve", "-"], &[0xff, 0xfe, 0x41]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not UTF-8"), "{stderr}");
}

#[test]
fn long_arguments_are_quoted_short() {
    // A 100,000-byte argument gets the same answer as a 10-byte one, but for a quote of it
    // cut short (the usage text grows with the games; the answer must not grow with the input).
    let long = "x".repeat(100_000);
    let short = "x".repeat(10);
    let cases = |word: &str| {
        vec![
            vec![word.to_string()],
            vec!["freecell".into(), "deal".into(), word.to_string()],
            vec!["freecell".into(), "solve".into(), "1".into(), word.to_string()],
        ]
    };
    for (long_case, short_case) in cases(&long).into_iter().zip(cases(&short)) {
        let run = |case: &[String]| deckhand(&case.iter().map(String::as_str).collect::<Vec<_>>(), b"");
        let ((code, _, stderr), (_, _, short_stderr)) = (run(&long_case), run(&short_case));
        assert_eq!(code, 2);
        assert!(
            stderr.len() <= short_stderr.len() + 60,
            "{} bytes against {}",
            stderr.len(),
            short_stderr.len()
        );
        assert!(!stderr.contains(&"x".repeat(41)), "{stderr}");
    }
}
