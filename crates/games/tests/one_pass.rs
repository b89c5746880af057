//! The one-pass reader gives exactly what the general reader gives, game by game, on every
//! real file: the same games, moves, side lines, tags and results, and the same errors at the
//! same places.

mod files;

use files::{all_files, read_choices};
use games::{
    AnyGame, Checked, Checker, ChessMove, OnePass, ReadGame, ReadOptions, Rules, draughts_move_id,
};
use record::{Collect, Extra, Line, ReadError, Reader};

/// Everything a reader of the game can see, as text.
fn describe(game: &AnyGame) -> String {
    fn line<M>(l: &Line<M>, f: &dyn Fn(&M) -> String, out: &mut String) {
        for e in &l.before {
            extra(e, f, out);
        }
        for n in &l.nodes {
            out.push_str(&format!("{}@{} ", f(&n.mov), n.at));
            for e in &n.after {
                extra(e, f, out);
            }
        }
    }
    fn extra<M>(e: &Extra<M>, f: &dyn Fn(&M) -> String, out: &mut String) {
        match e {
            Extra::Variation(v) => {
                out.push('(');
                line(v, f, out);
                out.push(')');
            }
            Extra::Comment { text, kind } => out.push_str(&format!("{{{text}|{kind:?}}} ")),
            Extra::Nags(run) => run.iter().for_each(|n| out.push_str(&format!("${} ", n.0))),
            Extra::Setup(s) => out.push_str(&format!("/{} {} {}/ ", s.name, s.value, s.at)),
            Extra::Escape(t) => out.push_str(&format!("%{t} ")),
        }
    }
    let mut out = String::new();
    match game {
        AnyGame::Draughts(g) => {
            out.push_str(&format!(
                "{} {:?} {} {} ",
                g.variant.name,
                g.source,
                g.start.to_fen(),
                g.end.to_fen()
            ));
            for t in g.game.tags.iter() {
                out.push_str(&format!("[{} {} {}]", t.name, t.value, t.at));
            }
            line(&g.game.moves, &|m| draughts_move_id(m), &mut out);
            out.push_str(&format!("{:?} {:?}", g.game.result, g.warnings));
        }
        AnyGame::Chess(g) => {
            let fen = |p: &shakmaty::variant::VariantPosition| {
                shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal).to_string()
            };
            out.push_str(&format!(
                "chess {} {:?} {:?} {} {} {} ",
                g.variant,
                g.notation,
                g.language,
                g.plies(),
                fen(&g.start),
                fen(&g.end)
            ));
            for t in g.game.tags.iter() {
                out.push_str(&format!("[{} {} {}]", t.name, t.value, t.at));
            }
            line(
                &g.game.moves,
                &|m| match m {
                    ChessMove::Move(m) => m.to_string(),
                    ChessMove::Null => "--".into(),
                },
                &mut out,
            );
            out.push_str(&format!("{:?} {:?}", g.game.result, g.warnings));
        }
    }
    out
}

fn general(bytes: &[u8], options: &ReadOptions) -> Vec<String> {
    let mut reader = Reader::from_bytes(bytes);
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut Collect::default()) {
            Ok(None) => break,
            Ok(Some(g)) => out.push(match AnyGame::read(g, options) {
                Ok(g) => describe(&g),
                Err(e) => format!("error {}: {e}", e.at),
            }),
            Err(ReadError::Syntax { at, message, .. }) => {
                out.push(format!("syntax {at}: {message}"))
            }
            Err(e) => panic!("{e}"),
        }
    }
    out
}

/// The games as the one-pass reader gives them, and how many it left to the general reader.
fn one_pass(bytes: &[u8], options: &ReadOptions) -> (Vec<String>, u64) {
    let mut reader = Reader::from_bytes(bytes);
    let mut pass = OnePass::new(*options);
    let mut out = Vec::new();
    while let Some(read) = pass.next(&mut reader) {
        out.push(match read {
            Ok(ReadGame::Game(g)) => describe(&g),
            Ok(ReadGame::Bad(e)) => format!("error {}: {e}", e.at),
            Err(ReadError::Syntax { at, message, .. }) => format!("syntax {at}: {message}"),
            Err(e) => panic!("{e}"),
        });
    }
    (out, pass.fallbacks())
}

#[test]
fn side_lines_in_another_form_read_alike() {
    // The general reader learns the notation from the main line only.
    for text in [
        "1. e2e4 e7e5 2. g1f3 (2. Nf3 Nc6) 2... b8c6 *",
        "1. e4 e5 2. Nf3 (2. g1f3 b8c6) 2... Nc6 *",
        "1. e2-e4 e7-e5 (1... c5 2. Nf3) 2. Ng1-f3 *",
    ] {
        let options = ReadOptions {
            rules: Some(Rules::Chess),
            ..ReadOptions::default()
        };
        let (b, _) = one_pass(text.as_bytes(), &options);
        assert_eq!(general(text.as_bytes(), &options), b, "{text}");
    }
}

/// A random game of `plies` plies from the standard start, with side lines (some nested,
/// some one after another, some longer than the main line between them) branching anywhere.
fn game_with_side_lines(seed: &mut u64, plies: usize) -> String {
    use shakmaty::{Chess, Color, Position, san::SanPlus};
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }
    fn line(seed: &mut u64, mut pos: Chess, plies: usize, depth: u32, out: &mut String) {
        let mut first = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(next(seed) % moves.len() as u64) as usize];
            let number = pos.fullmoves();
            match pos.turn() {
                Color::White => out.push_str(&format!("{number}. ")),
                Color::Black if first => out.push_str(&format!("{number}... ")),
                Color::Black => {}
            }
            first = false;
            let before = pos.clone();
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            out.push_str(&format!("{san} "));
            // Side lines: none mostly, one or two at times, deeper only twice.
            let sides = if depth < 2 { next(seed) % 8 } else { 0 };
            for _ in 0..sides.saturating_sub(5) {
                out.push_str("( ");
                let len = 1 + (next(seed) % 40) as usize;
                line(seed, before.clone(), len, depth + 1, out);
                out.push_str(") ");
                // The main line goes on with its number again.
                first = true;
            }
        }
    }
    let mut out = String::new();
    line(seed, Chess::default(), plies, 0, &mut out);
    out.push_str("*\n\n");
    out
}

#[test]
fn side_lines_anywhere_in_long_lines_read_alike() {
    // The one-pass reader finds where a side line starts by replaying the last moves from a
    // position it keeps every few moves: branch points at every distance from it.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let text: String = (0..120)
        .map(|k| game_with_side_lines(&mut seed, 20 + k % 90))
        .collect();
    assert!(
        text.matches('(').count() > 1_000,
        "{}",
        text.matches('(').count()
    );
    for rules in [Some(Rules::Chess), None] {
        let options = ReadOptions {
            rules,
            ..ReadOptions::default()
        };
        let (fast, fallbacks) = one_pass(text.as_bytes(), &options);
        let slow = general(text.as_bytes(), &options);
        assert_eq!(fallbacks, 0, "the one-pass reader read every game itself");
        assert_eq!(fast.len(), 120);
        for (a, b) in fast.iter().zip(&slow) {
            assert!(!a.starts_with("error") && !a.starts_with("syntax"), "{a}");
            assert_eq!(a, b);
        }
    }
}

#[test]
fn one_pass_equals_the_general_reader_on_every_file() {
    let (mut games, mut fast_checked) = (0, 0);
    for file in all_files() {
        let bytes = std::fs::read(&file).unwrap();
        let choices = read_choices(&file);
        for options in choices {
            let a = general(&bytes, &options);
            let (b, fell_back) = one_pass(&bytes, &options);
            // Equal output would also come from a one-pass reader that always gave up: on the
            // big files of real games, it must read nearly every game itself (the ones it
            // leaves are the few bad games and games that show their family late).
            let name = file.file_name().unwrap().to_string_lossy();
            if [
                "american-tinsley.pdn",
                "lichess_db_1000k.pgn",
                "twic1599_1000k.pgn",
            ]
            .contains(&name.as_ref())
            {
                assert!(
                    fell_back as usize * 50 <= a.len(),
                    "{name}: {fell_back} of {} games fell back",
                    a.len()
                );
                fast_checked += a.len();
            }
            assert_eq!(a.len(), b.len(), "{}", file.display());
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                assert_eq!(x, y, "{} game {}", file.display(), i + 1);
            }
            games += a.len();
        }
    }
    assert!(games > 13_000, "{games}");
    assert_eq!(fast_checked, 2 * (724 + 438 + 1110));
}

/// What `check` reports of each game: the rules, the plies, the warnings, the end position,
/// or the error.
fn check_view(bytes: &[u8], options: &ReadOptions, for_checking: bool) -> Vec<String> {
    let describe = |g: &AnyGame, plies: usize| {
        let end = match g {
            AnyGame::Draughts(d) => format!("{} {:?}", d.end.to_fen(), d.outcome()),
            AnyGame::Chess(c) => format!(
                "{} {:?} {} {}",
                shakmaty::fen::Fen::from_position(&c.end, shakmaty::EnPassantMode::Legal),
                c.result_text(),
                c.notation,
                c.language.name()
            ),
        };
        format!("{} {plies} {end} {:?}", g.rules().name(), g.warnings())
    };
    let describe_error = |e: &games::GameError| format!("error {}: {e}", e.at);
    let mut reader = Reader::from_bytes(bytes);
    let mut out = Vec::new();
    if for_checking {
        let mut checker = Checker::new(*options);
        while let Some(read) = checker.next(&mut reader) {
            out.push(match read {
                Ok(Checked::Good { game, plies }) => describe(&game, plies),
                Ok(Checked::Bad(e)) => describe_error(&e),
                Err(ReadError::Syntax { at, message, .. }) => format!("syntax {at}: {message}"),
                Err(e) => panic!("{e}"),
            });
        }
    } else {
        let mut pass = OnePass::new(*options);
        while let Some(read) = pass.next(&mut reader) {
            out.push(match read {
                Ok(ReadGame::Game(g)) => describe(&g, g.plies()),
                Ok(ReadGame::Bad(e)) => describe_error(&e),
                Err(ReadError::Syntax { at, message, .. }) => format!("syntax {at}: {message}"),
                Err(e) => panic!("{e}"),
            });
        }
    }
    out
}

#[test]
fn reading_for_checking_reports_what_the_full_reading_reports_on_every_file() {
    for file in all_files() {
        let bytes = std::fs::read(&file).unwrap();
        let options = ReadOptions {
            prefer_chess: file.extension().is_some_and(|e| e == "pgn"),
            ..ReadOptions::default()
        };
        assert_eq!(
            check_view(&bytes, &options, true),
            check_view(&bytes, &options, false),
            "{}",
            file.display()
        );
    }
}

/// The first of the two games of `text` is bad, and reads the same error the one-pass way,
/// the general way and for checking.
fn assert_first_fails_alike(text: &str, options: &ReadOptions) {
    let (fast, _) = one_pass(text.as_bytes(), options);
    assert_eq!(general(text.as_bytes(), options), fast, "{text:.80}");
    assert!(fast[0].starts_with("error"), "{}", fast[0]);
    assert_eq!(fast.len(), 2);
    assert_eq!(
        check_view(text.as_bytes(), options, true),
        check_view(text.as_bytes(), options, false)
    );
}

#[test]
fn a_draughts_game_that_fails_reads_alike_however_long_its_tail() {
    // The one-pass reader stops building the general tree at the move that failed under
    // known rules; the error must be the one the general reader finds on the whole game.
    let tail = "10-14 19-15 ".repeat(2000);
    let american = ReadOptions {
        rules: Some(Rules::Draughts(draughts::Variant::AMERICAN)),
        ..ReadOptions::default()
    };
    for body in [
        format!("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 1-5 {tail} *"),
        format!("1. 11-15 (1. 11-16 {tail}) 23-19 *"),
        format!("1. 11-15 (1. 9-13 22-18 (2. 21-17 5-9 {{x}}) 18x9) 23-19 2. 30-26 {tail} *"),
        format!("1. 11-15 23-19 /FEN \"W:W18:B14\"/ 2. 18x9 {tail} *"),
        format!("{{intro}} 1. 11-15 23-19 2. 8-11 {{note}} 22-17 3. 30-26 {tail} *"),
    ] {
        for (text, options) in [
            (
                format!("[GameType \"21\"]\n{body}\n\n1. 11-15 *"),
                ReadOptions::default(),
            ),
            (format!("{body}\n\n1. 11-15 *"), american),
        ] {
            assert_first_fails_alike(&text, &options);
        }
    }
}

#[test]
fn a_chess_game_that_fails_reads_alike_however_long_its_tail() {
    // The one-pass reader stops building the general tree at the main-line word that English
    // could not read, when the rest of the game cannot change how the general reader reads
    // the main line (its notation family and the letters it uses); the error must be the one
    // the general reader finds on the whole game.
    let tail = "Nf3 Nf6 Ng1 Ng8 ".repeat(500);
    let german = "Sf3 Sf6 Sg1 Sg8 ".repeat(500);
    let bad = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxf7";
    let pawns = "a3 a6 a4 a5 h3 h6 h4 h5 ".repeat(100);
    for body in [
        format!("{bad} {tail}"),
        format!("{bad} {tail} Dh5"),
        format!("{bad} {tail} Rf1 Bc4 Kd1"),
        format!("{bad} {tail} Dh5 Lb5"),
        format!("{bad} -- {tail}"),
        format!("{bad} {tail} -- Dh5"),
        format!("{bad} {{a note}} $1 {tail}"),
        format!("{bad} {tail} (4. Dh5 Ld3) Ng1"),
        format!("{bad} P-K4 {tail}"),
        format!("1. e4 (1. d4 Qxf7) e5 2. Nf3 {tail}"),
        format!("1. e4 (1. d4) e5 2. Qxf7 {tail}"),
        format!("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Dxf7 {german}"),
        format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qxf7 {german}"),
        format!("1. e4 e5 2. Nf3 Nc6 3. Xb5 {tail}"),
        format!("1. O-O {tail}"),
        // English (R the rook) and Spanish, French, ... (R the king) both fail at `Rf2`,
        // each with its own message; the `D` further on leaves English out of the languages
        // the general reader tries, and the error is the king's.
        format!("1. e4 e5 2. Rf2 {pawns} Dh5"),
        format!("1. e4 e5 2. Rf2 {pawns}"),
    ] {
        for prefer_chess in [false, true] {
            let options = ReadOptions {
                prefer_chess,
                ..ReadOptions::default()
            };
            assert_first_fails_alike(&format!("{body} *\n\n1. e4 *"), &options);
        }
    }
}

#[test]
fn a_game_in_another_language_is_checked_alike_without_its_tree() {
    // A chess game that English cannot read is read on a second pass in the language its
    // main line's letters leave, when they leave one; the report is the general reader's.
    let german = "Sf3 Sf6 Sg1 Sg8 ".repeat(300);
    let french = "Cf3 Cf6 Cg1 Cg8 ".repeat(300);
    for body in [
        format!(
            "[Event \"de\"]\n[Result \"1-0\"]\n1. e4 e5 2. {german} Lc4 Lc5 3. Dh5 Sf6 4. Dxf7# 1-0"
        ),
        format!("1. e4 e5 {german} Sf3 (Lc4 Sc6) Sc6 {{note}} $1 *"),
        format!("1. e4 e5 {german} Sf3 Sc6 Qh5 *"),
        format!("1. e4 e5 {german} Sf3 Xc6 *"),
        format!("1. e4 e5 {french} Ff4 *"),
        format!("1. e4 e5 {french} Fc4 Fc5 Dh5 Cf6 Dxf7# 1-0"),
        format!("1. e4 e5 {french} Rf2 *"),
        "1. e4 e5 2. Sf3 -- 3. Lc4 *".to_string(),
        "1. e4 e5 2. Cf3 Cc6 *".to_string(),
    ] {
        for prefer_chess in [false, true] {
            let options = ReadOptions {
                prefer_chess,
                ..ReadOptions::default()
            };
            let text = format!("[Event \"first\"]\n1. e4 *\n\n{body}\n\n1. d4 *");
            assert_eq!(
                check_view(text.as_bytes(), &options, true),
                check_view(text.as_bytes(), &options, false),
                "{body:.100}"
            );
        }
    }
}

/// A block of tags without moves joined to the next game's tags, and a tag given twice, are
/// warnings, the same whichever reader reads the game (the one-pass reader, the general one
/// that a side line or an odd word sends a game to, the checker) and in either family.
#[test]
fn warnings_about_tags_are_the_same_however_a_game_is_read() {
    let games = [
        "1. e4 e5 2. Nf3 *",
        "1. e4 e5 (1... c5) 2. Nf3 *",
        "1. 11-15 23-19 *",
        "1. 11-15 (1. 9-13) 23-19 *",
        "1. c3-d4 f6-g5 2. d4-e5 *",
        "*",
    ];
    let mut text = String::new();
    for (i, moves) in games.iter().enumerate() {
        text.push_str(&format!(
            "[Event \"block {i}\"]\n[Site \"s\"]\n\n[Event \"game {i}\"]\n[Round \"1\"]\n[Round \"2\"]\n\n{moves}\n\n"
        ));
    }
    for options in [
        ReadOptions::default(),
        ReadOptions {
            prefer_chess: true,
            ..ReadOptions::default()
        },
    ] {
        let (fast, _) = one_pass(text.as_bytes(), &options);
        assert_eq!(general(text.as_bytes(), &options), fast);
        let checked = check_view(text.as_bytes(), &options, true);
        assert_eq!(checked, check_view(text.as_bytes(), &options, false));
        assert_eq!(fast.len(), games.len());
        for g in &fast {
            assert!(g.contains("the tags of lines"), "{g}");
            assert!(g.contains("the tag Event is given again"), "{g}");
            assert!(g.contains("the tag Round is given again"), "{g}");
        }
    }
}

/// A small random number generator (xorshift), the same sequence every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The games of a file as texts (a game starts at a tag line after movetext).
fn game_texts(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.starts_with('[') && !current.trim_end().ends_with(']') && !current.trim().is_empty()
        {
            out.push(std::mem::take(&mut current));
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// `text` changed in a few random places, as slips and habits of real files change games:
/// words dropped, doubled, swapped or taken from another game; side lines, null moves,
/// comments, NAGs, loose signs and numbers, piece letters of other languages, captures
/// written in parts, setup commands, scores, tags removed.
fn mutate(text: &str, rng: &mut Rng, words: &[String]) -> String {
    let (tags, moves) = match text.rfind("]\n") {
        Some(i) => (&text[..i + 2], &text[i + 2..]),
        None => ("", text),
    };
    let mut tags: Vec<String> = tags.lines().map(str::to_string).collect();
    let mut w: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        let n = w.len().max(1);
        match rng.below(18) {
            0 if !w.is_empty() => {
                w.remove(rng.below(n));
            }
            1 if !w.is_empty() => {
                let i = rng.below(n);
                w.insert(i, w[i].clone());
            }
            2 if w.len() > 2 => {
                let i = rng.below(n - 1);
                w.swap(i, i + 1);
            }
            3 if w.len() > 4 => {
                let i = 1 + rng.below(n - 3);
                let len = 1 + rng.below(6.min(n - i - 1));
                let mut side: Vec<String> = vec!["(".into()];
                side.extend(w[i..i + len].iter().cloned());
                side.push(")".into());
                w.splice(i + len..i + len, side);
            }
            4 if !words.is_empty() && !w.is_empty() => {
                let i = rng.below(n);
                w[i] = words[rng.below(words.len())].clone();
            }
            5 => w.insert(rng.below(n), "--".into()),
            6 if !w.is_empty() => {
                let i = rng.below(n);
                w.insert(i + 1, "+".into());
            }
            7 => tags.retain(|t| !t.starts_with("[GameType")),
            8 => tags.retain(|t| !t.starts_with("[Variant") && !t.starts_with("[FEN")),
            9 => w.insert(rng.below(n), "{note}".into()),
            10 => w.insert(rng.below(n), "$1".into()),
            11 if w.len() > 3 => {
                let i = rng.below(n);
                if let Some((a, b)) = w[i].clone().split_once('x') {
                    w[i] = format!("{a}x{b}");
                    w.insert(i + 1, format!("{b}x{b}"));
                }
            }
            12 => tags.push("[Result \"4-6\"]".into()),
            13 if !w.is_empty() => {
                let i = rng.below(n);
                let swaps = [
                    ("N", "S"),
                    ("N", "C"),
                    ("B", "L"),
                    ("B", "A"),
                    ("Q", "D"),
                    ("R", "T"),
                    ("K", "R"),
                    ("x", ":"),
                ];
                let (a, b) = swaps[rng.below(swaps.len())];
                w[i] = w[i].replace(a, b);
            }
            14 => {
                let loose = [
                    "ch", "jaque", "mate", "++", "e.p.", "1", "2", "castles", "K", "QR", "P-K4",
                    "PxP", "P4R", "--", "Z0", "0-0", "O-O-O",
                ];
                w.insert(rng.below(n), loose[rng.below(loose.len())].into());
            }
            15 => tags.push("[SetUp \"1\"]".into()),
            16 => w.insert(rng.below(n), "/FEN \"W:W31-50:B1-20\"/".into()),
            _ => w.insert(rng.below(n), "4-6".into()),
        }
    }
    let mut out = tags.join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&w.join(" "));
    out.push_str("\n\n");
    out
}

#[test]
fn mutated_games_read_alike_from_text_from_their_tree_and_for_checking() {
    // Games of every real file, each changed as slips change records, read streaming, from
    // the tree of their words and for checking: the same games, errors and reports.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut games = 0;
    let mut errors = 0;
    for file in all_files() {
        let bytes = std::fs::read(&file).unwrap();
        let texts = game_texts(&bytes);
        let words: Vec<String> = texts
            .iter()
            .take(50)
            .flat_map(|t| {
                t.split_whitespace()
                    .filter(|w| !w.starts_with('['))
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .take(2000)
            .collect();
        let mut batch = String::new();
        for _ in 0..texts.len().min(60) {
            let t = &texts[rng.below(texts.len())];
            batch.push_str(&mutate(t, &mut rng, &words));
        }
        for options in read_choices(&file) {
            let b = batch.as_bytes();
            let (streamed, _) = one_pass(b, &options);
            assert_eq!(general(b, &options), streamed, "{}", file.display());
            assert_eq!(
                check_view(b, &options, true),
                check_view(b, &options, false),
                "{}",
                file.display()
            );
            games += streamed.len();
            errors += streamed.iter().filter(|g| g.starts_with("error")).count();
        }
    }
    // The changes make many games bad, not all.
    assert!(
        games > 3_000 && errors * 5 > games && errors * 5 < games * 4,
        "{errors} of {games}"
    );
}
