//! Descriptive notation as books print it: real games (the chess files of
//! `../shared/data/chess`) and random ones, written by the test's own writer
//! (`book/mod.rs`) in several book styles, are read back to exactly the same
//! moves; and each refused form says which word and why.

mod book;
mod common;

use book::{Style, System, styles};
use chess_notation::{
    DescriptiveSystem, LooseWord, Notation, ReadHint, loose_word, read_line, read_line_as,
};
use proptest::prelude::*;
use shakmaty::{
    Chess, Move, Position,
    san::{San, SanPlus},
};

/// What a record reader does to a game's movetext, for these tests: cuts it at blanks,
/// drops numbers with dots (`8.`, `8...`, `...`), and joins the words that belong to the
/// move before them (or skips bare move numbers) as [`loose_word`] says.
fn words_of(movetext: &str, start: &Chess) -> Vec<String> {
    let first_ply = (start.fullmoves().get() - 1) * 2 + u32::from(start.turn().is_black());
    let mut words: Vec<String> = Vec::new();
    for word in movetext.split_whitespace() {
        let digits = word.trim_end_matches('.');
        if word.ends_with('.') && digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let number = (first_ply + words.len() as u32) / 2 + 1;
        match loose_word(words.last().map(String::as_str), word, number) {
            Some(LooseWord::Number(_)) => {}
            Some(LooseWord::Suffix { glued }) => {
                let last = words.last_mut().expect("a suffix follows a move");
                if !glued {
                    last.push(' ');
                }
                last.push_str(word);
            }
            None => words.push(word.to_owned()),
        }
    }
    words
}

fn system(style: &Style) -> DescriptiveSystem {
    match style.system {
        System::Spanish => DescriptiveSystem::Spanish,
        System::English => DescriptiveSystem::English,
    }
}

/// Writes `moves` in `style` and reads them back, detecting the notation, then strictly in
/// the style's system; the error says what went wrong.
fn round_trip(style: &Style, start: &Chess, moves: &[Move]) -> Result<(), String> {
    let text = book::write_game(style, start, moves)
        .ok_or_else(|| format!("{style:?}: the writer found no form"))?;
    let words = words_of(&text, start);
    let line =
        read_line(start, &words, ReadHint::NONE).map_err(|e| format!("{style:?}\n{text}\n{e}"))?;
    if line.moves != moves {
        return Err(format!("{style:?}\n{text}\nread other moves"));
    }
    if line.notation != Notation::Descriptive(system(style)) {
        return Err(format!("{style:?}\n{text}\nread as {}", line.notation));
    }
    let strict = read_line_as(
        start,
        &words,
        Notation::Descriptive(system(style)),
        line.language,
    )
    .map_err(|e| format!("{style:?}\n{text}\n{e}"))?;
    if strict != moves {
        return Err(format!("{style:?}\n{text}\nread other moves strictly"));
    }
    Ok(())
}

/// The main lines of the games of a file, as moves.
fn file_games(name: &str, limit: usize) -> Vec<(Chess, Vec<Move>)> {
    let text = std::fs::read_to_string(common::data_dir().join(name)).expect("data file");
    let mut out = Vec::new();
    for game in common::games(&text) {
        if out.len() == limit {
            break;
        }
        let mut pos = game.start.clone();
        let mut moves = Vec::new();
        let ok = game.words.iter().all(|w| {
            let Ok(m) = w
                .parse::<San>()
                .map_err(|_| ())
                .and_then(|san| san.to_move(&pos).map_err(|_| ()))
            else {
                return false;
            };
            pos.play_unchecked(m);
            moves.push(m);
            true
        });
        if ok && !moves.is_empty() {
            out.push((game.start, moves));
        }
    }
    out
}

/// Counts of the book forms in a movetext, to show that the games use them: pieces named
/// by their wing (`CD4R`, `QR-K1`), pawns by their file (`PDxP`, `KBP-B3`), a pawn to a rank
/// (`PCR4`), taken pieces by file or wing (`AxPC`, `TxCD`, `PxQBP`), signs apart from the
/// move (`C5D ++`, `QxP ch`), and bare move numbers (`8 P3D`).
fn tally(text: &str, counts: &mut [usize; 6]) {
    let words: Vec<&str> = text.split_whitespace().collect();
    for (k, w) in words.iter().enumerate() {
        let b = w.as_bytes();
        let upper = |i: usize| b.get(i).is_some_and(u8::is_ascii_uppercase);
        if b.first().is_some_and(|c| b"CATNBRK".contains(c))
            && (matches!((b[0], b.get(1)), (b'C' | b'A' | b'T', Some(b'D' | b'R')))
                || matches!((b[0], b.get(1)), (b'Q' | b'K', Some(b'R' | b'N' | b'B'))))
            && !w.starts_with("KtP")
        {
            counts[0] += 1;
        }
        if (b.first() == Some(&b'P') && upper(1))
            || (w.contains("P-") && !w.starts_with("P-"))
            || w.contains("Px") && !w.starts_with("Px")
        {
            counts[1] += 1;
        }
        if b.first() == Some(&b'P') && upper(1) && b.last().is_some_and(u8::is_ascii_digit) {
            counts[2] += 1;
        }
        if let Some(i) = w.find('x')
            && upper(i + 1)
            && (upper(i + 2) || w[i + 1..].starts_with("Kt") && upper(i + 3))
        {
            counts[3] += 1;
        }
        if k > 0
            && matches!(
                *w,
                "+" | "++" | "jaque" | "mate" | "ch" | "dis" | "dbl" | "db" | "dis.ch"
            )
        {
            counts[4] += 1;
        }
        if b.iter().all(u8::is_ascii_digit) {
            counts[5] += 1;
        }
    }
}

/// Games of each big file, each in two styles (all styles in turn): every one read back.
#[test]
fn real_games_in_book_styles_read_back_exactly() {
    let styles = styles();
    let mut read = 0;
    let mut plies = 0;
    let mut failures = Vec::new();
    let mut counts = [0; 6];
    // Moves where the wing a piece started on and the wing it stands toward part.
    let mut parted = 0;
    for (file, limit) in [("twic1599_1000k.pgn", 1000), ("lichess_db_1000k.pgn", 400)] {
        let games = file_games(file, limit);
        assert_eq!(games.len(), limit, "{file}: fewer games than asked");
        for (k, (start, moves)) in games.iter().enumerate() {
            let (mut pos, mut started) = (start.clone(), book::Started::of(start));
            for &m in moves {
                parted += usize::from(book::wing_readings_differ(&pos, &started, m));
                pos.play_unchecked(m);
                started.play(m);
            }
            for style in [
                &styles[(2 * k) % styles.len()],
                &styles[(2 * k + 1) % styles.len()],
            ] {
                if let Some(text) = book::write_game(style, start, moves) {
                    tally(&text, &mut counts);
                }
                match round_trip(style, start, moves) {
                    Ok(()) => {
                        read += 1;
                        plies += moves.len();
                    }
                    Err(e) => failures.push(format!("{file} game {}: {e}", k + 1)),
                }
            }
        }
    }
    eprintln!("{read} games ({plies} plies) read back");
    eprintln!(
        "forms: {} pieces by wing, {} pawns by file, {} pawns to a rank, {} taken pieces by file \
         or wing, {} signs apart, {} bare numbers",
        counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
    );
    assert!(counts.iter().all(|&c| c > 100), "{counts:?}");
    // The games hold moves where naming by where a piece started differs from naming by
    // where it stands, which the writer names by where it started when it uses a wing.
    eprintln!("{parted} moves where the two readings of a wing part");
    assert!(parted > 20, "{parted}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(read, 2800);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
    ))]

    /// Random games (many odd positions: promotions, en passant, pieces on the same file)
    /// in every style read back exactly.
    #[test]
    fn random_games_in_book_styles_read_back(
        choices in proptest::collection::vec(any::<u16>(), 1..120),
        style in 0usize..16,
    ) {
        let moves = common::random_game(&Chess::default(), &choices);
        let style = styles()[style];
        if let Err(e) = round_trip(&style, &Chess::default(), &moves) {
            return Err(TestCaseError::fail(e));
        }
    }

    /// Random words never make the readers panic.
    #[test]
    fn book_words_never_panic(
        words in proptest::collection::vec("[PCATDRNBQKxt0-9()+:=/. a-z-]{0,12}", 0..8)
    ) {
        for system in [DescriptiveSystem::Spanish, DescriptiveSystem::English] {
            let _ = read_line_as(&Chess::default(), &words, Notation::Descriptive(system), system.language());
        }
        let _ = read_line(&Chess::default(), &words, ReadHint::NONE);
        let joined = words.join(" ");
        let _ = words_of(&joined, &Chess::default());
    }
}

/// Reads a line of words (after the record layer's joining) in a system, giving the
/// moves in SAN or the error's text.
fn read(system: DescriptiveSystem, text: &str) -> Result<Vec<String>, String> {
    let start = Chess::default();
    let words = words_of(text, &start);
    let moves = read_line_as(
        &start,
        &words,
        Notation::Descriptive(system),
        system.language(),
    )
    .map_err(|e| e.to_string())?;
    let mut pos = start;
    Ok(moves
        .into_iter()
        .map(|m| SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string())
        .collect())
}

const ES: DescriptiveSystem = DescriptiveSystem::Spanish;
const EN: DescriptiveSystem = DescriptiveSystem::English;

#[test]
fn the_book_forms_of_the_issue_read() {
    let ok = |system, text: &str, want: &str| {
        let got = read(system, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(got.join(" "), want, "{text}");
    };
    // Spanish: wings glued to the piece, pawns and taken pieces named by their file.
    ok(ES, "1. P4R P4R 2. CR3A CD3A", "e4 e5 Nf3 Nc6");
    ok(ES, "1. P4R P4D 2. PxP DxP 3. CD3A", "e4 d5 exd5 Qxd5 Nc3");
    ok(ES, "1. P4R P4D 2. PRxP", "e4 d5 exd5");
    ok(ES, "1. PCR4 P4R 2. PAR4 PRxP", "g4 e5 f4 exf4");
    ok(ES, "1. P4R P4D 2. P4AD PDxPR", "e4 d5 c4 dxe4");
    ok(ES, "1. P4R P4D 2. C3AD PxPR", "e4 d5 Nc3 dxe4");
    ok(ES, "1. P4R P4D 2. C3AD PxP(R)", "e4 d5 Nc3 dxe4");
    ok(ES, "1. P4D C3AR 2. A5C P3R 3. AxCR", "d4 Nf6 Bg5 e6 Bxf6");
    ok(ES, "1. P4R P4R 2. D5T C3AD 3. DxPR+", "e4 e5 Qh5 Nc6 Qxe5+");
    // Both pawns could be taken: `PDxP` alone is ambiguous (see the refused forms).
    assert!(
        read(ES, "1. P4R P4D 2. P4AD PDxP")
            .unwrap_err()
            .contains("ambiguous")
    );
    // Check and mate as words, numbers without dots, a pair over two lines.
    ok(
        ES,
        "1 P4R P4R\n2 A4A A4A 3 D5T +\nC3AR 4 DxPA jaque mate",
        "e4 e5 Bc4 Bc5 Qh5 Nf6 Qxf7#",
    );
    ok(
        ES,
        "1. P4R P4R 2. A4A A4A 3. D5T C3AR 4. DxPA ++",
        "e4 e5 Bc4 Bc5 Qh5 Nf6 Qxf7#",
    );
    ok(
        ES,
        "1. P4R\n1. ... P4R\n2. A4A\n2. ... A4A",
        "e4 e5 Bc4 Bc5",
    );
    // English: glued signs, Kt, castles, promotions, e.p.
    ok(
        EN,
        "1. P-K4 P-K4 2. B-B4 B-B4 3. Q-R5 Kt-KB3 4. QxBPmate",
        "e4 e5 Bc4 Bc5 Qh5 Nf6 Qxf7#",
    );
    ok(
        EN,
        "1. P-K4 P-K4 2. B-B4 B-B4 3. Q-R5 Kt-KB3 4. QxBP ++",
        "e4 e5 Bc4 Bc5 Qh5 Nf6 Qxf7#",
    );
    ok(
        EN,
        "1. P-KB4 P-K4 2. PxP P-Q3 3. PxP BxP 4. Kt-KB3 Q-R5ch",
        "f4 e5 fxe5 d6 exd6 Bxd6 Nf3 Qh4+",
    );
    ok(
        EN,
        "1. P-K4 P-K4 2. KKt-B3 QKt-B3 3. B-B4 B-B4 4. castles",
        "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O",
    );
    ok(
        EN,
        "1. P-K4 P-QB4 2. P-K5 P-Q4 3. PxPe.p.",
        "e4 c5 e5 d5 exd6",
    );
    ok(
        EN,
        "1. P-K4 P-QB4 2. P-K5 P-Q4 3. PxP ep",
        "e4 c5 e5 d5 exd6",
    );
    ok(
        EN,
        "1. P-K4 P-QB4 2. P-K5 P-Q4 3. PxP e.p.",
        "e4 c5 e5 d5 exd6",
    );
}

#[test]
fn english_knights_castles_and_promotions() {
    let ok = |text: &str, want: &str| {
        let got = read(EN, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(got.join(" "), want, "{text}");
    };
    ok(
        "1. P-Q4 P-K4 2. PxP Kt-QB3 3. Kt-KB3 KtxP 4. QKt-Q2",
        "d4 e5 dxe5 Nc6 Nf3 Nxe5 Nbd2",
    );
    ok(
        "1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. castles QR Castles",
        "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O O-O-O",
    );
    let setup: shakmaty::fen::Fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    let start: Chess = setup
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    for (system, word) in [
        (EN, "P-N8Q"),
        (EN, "P-QN8=Q"),
        (EN, "P-Kt8(Q)"),
        (EN, "P-N8/Q ch"),
        (EN, "P-N8=Qch"),
        (ES, "P8C:D"),
        (ES, "P8CD=D+"),
        (ES, "PCD8:D jaque"),
    ] {
        let moves = read_line_as(
            &start,
            &[word],
            Notation::Descriptive(system),
            system.language(),
        )
        .unwrap_or_else(|e| panic!("{word}: {e}"));
        assert_eq!(moves[0].promotion(), Some(shakmaty::Role::Queen), "{word}");
    }
}

#[test]
fn refused_forms_name_the_word_and_why() {
    let err = |system, text: &str| {
        let e = read(system, text).expect_err(text);
        eprintln!("{text}\n  -> {e}");
        e
    };
    // Two knights on the queen's file reach the same square: the wing tells them apart by
    // where they started (the queen's knight came from b1 to d2; the king's knight from g1
    // to d4)...
    let text = "1. P4R P4R 2. C3AR C3AD 3. P4D PxP 4. CxP C3A 5. CD2D A4A 6. CD3CD";
    let read_back = read(ES, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read_back.last().map(String::as_str), Some("N2b3"), "{text}");
    // ... and does not when where they started is not known (a position set up by FEN).
    let start: Chess = "4k3/8/8/8/3N4/8/3N4/4K3 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let e = read_line_as(&start, &["CD3CD"], Notation::Descriptive(ES), ES.language())
        .expect_err("ambiguous")
        .to_string();
    assert!(
        e.contains("CD3CD") && e.contains("ambiguous") && e.contains("C2b3 or C4b3"),
        "{e}"
    );
    // Only a pawn on a bishop file could be taken: `PC` names a knight-file pawn.
    let e = err(ES, "1. P4R P4D 2. PxPC");
    assert!(e.contains("PxPC") && e.contains("take"), "{e}");
    // A wing glued to a king or queen, a file glued to a knight: no move.
    for word in [
        "RD2R", "DR5T", "CT3A", "PX4", "P4", "CxPZ", "AxP(C", "P4Rjaque",
    ] {
        let e = err(ES, &format!("1. {word}"));
        assert!(
            e.contains(&format!("cannot read \"{word}\"")),
            "{word}: {e}"
        );
    }
    // A word after a move that is no sign is a move of its own, refused as such.
    let e = err(ES, "1. P4R jaquex");
    assert!(e.contains("cannot read \"jaquex\""), "{e}");
    // `castles` when both castlings are possible and nothing after decides.
    let e = err(
        EN,
        "1. P-Q4 P-Q4 2. N-QB3 N-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. N-B3 N-B3 6. P-K3 P-K3 7. B-K2 B-K2 8. castles",
    );
    assert!(e.contains("castles"), "{e}");
    // A sign word that is none, glued.
    let e = err(EN, "1. P-K4chx");
    assert!(e.contains("P-K4chx"), "{e}");
}

#[test]
fn bare_numbers_are_move_numbers_only_where_expected() {
    // `8` where move 2 comes is no move number: it is refused as a move.
    let e = read(ES, "1 P4R P4R 8 C3AR").expect_err("a wrong number");
    assert!(e.contains("\"8\""), "{e}");
    assert_eq!(read(ES, "1 P4R P4R 2 C3AR").unwrap().len(), 3);
}

/// A wing names the piece that started on it (the king's knight came from g1, wherever it
/// stands); when the rest of the game shows that the book meant the piece furthest toward
/// the wing, that reading is taken.
#[test]
fn a_wing_names_the_piece_that_started_there_then_the_one_toward_it() {
    // The king's knight goes g1-e2-c3, the queen's knight b1-d2-f1-g3: the king's knight
    // now stands on the queen's side, the queen's knight on the king's.
    let opening = "1. P3R P3D 2. C2R P3R 3. CR3AD P3TD 4. P3D P3TR 5. C2D P4TD 6. A2R P4TR \
                   7. C1AR T2TD 8. C3CR T1TD 9. CR4R";
    let moves = read(ES, opening).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves.last().map(String::as_str), Some("Nce4"), "{moves:?}");
    // A book that meant the knight toward the king's side: the next move needs the knight
    // still on c3.
    let moves = read(ES, &format!("{opening} T2TD 10. C5CD")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        moves[moves.len() - 3..],
        ["Nge4", "Ra7", "Nb5"],
        "{moves:?}"
    );
}
