//! One test per rule of the notation, on small positions.

use chess_notation::{
    DescriptiveSystem, Language, LineErrorReason, MoveError, Notation, ReadHint, WriteOptions,
    descriptive_candidates, parse_move, read_line, read_line_as, write_line, write_move,
};
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square, fen::Fen};

fn pos(fen: &str) -> Chess {
    let setup: Fen = fen.parse().unwrap();
    let mode = CastlingMode::detect(setup.as_setup());
    setup.into_position(mode).unwrap()
}

fn san(p: &Chess, m: &Move, language: Language) -> String {
    write_move(p, m, &WriteOptions::new(Notation::San, language))
}

fn mv(p: &Chess, word: &str) -> Move {
    parse_move(p, word, Language::English).unwrap_or_else(|e| panic!("{word}: {e}"))
}

const SPANISH_DESCRIPTIVE: Notation = Notation::Descriptive(DescriptiveSystem::Spanish);
const ENGLISH_DESCRIPTIVE: Notation = Notation::Descriptive(DescriptiveSystem::English);

#[test]
fn disambiguation_by_file() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san(&p, &mv(&p, "b1d2"), Language::English), "Nbd2");
    assert_eq!(san(&p, &mv(&p, "f3d2"), Language::German), "Sfd2");
    let err = parse_move(&p, "Nd2", Language::English).unwrap_err();
    assert_eq!(err.to_string(), "ambiguous: Nd2 could be Nbd2 or Nfd2");
}

#[test]
fn disambiguation_by_rank() {
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&p, &mv(&p, "a1a3"), Language::English), "R1a3");
    assert_eq!(san(&p, &mv(&p, "a5a3"), Language::Spanish), "T5a3");
}

#[test]
fn disambiguation_by_file_and_rank() {
    let p = pos("2k5/8/8/8/4Q2Q/K7/8/7Q w - - 0 1");
    assert_eq!(san(&p, &mv(&p, "h4e1"), Language::English), "Qh4e1");
    assert_eq!(san(&p, &mv(&p, "e4e1"), Language::English), "Qee1");
    assert_eq!(san(&p, &mv(&p, "h1e1"), Language::English), "Q1e1");
}

#[test]
fn a_pinned_piece_is_no_rival() {
    // The knight on d2 is pinned by the bishop on b4.
    let p = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    let m = mv(&p, "Nf3");
    assert_eq!(m.from(), Some(Square::G1));
    assert_eq!(san(&p, &m, Language::English), "Nf3");
}

#[test]
fn promotion_letters_in_every_language() {
    let p = pos("8/P7/8/8/8/8/7k/2K5 w - - 0 1");
    let expected = [
        (Language::English, "a8=Q", "a8=N"),
        (Language::Spanish, "a8=D", "a8=C"),
        (Language::Esperanto, "a8=D", "a8=Ĉ"),
        (Language::French, "a8=D", "a8=C"),
        (Language::German, "a8=D", "a8=S"),
        (Language::Italian, "a8=D", "a8=C"),
        (Language::Polish, "a8=H", "a8=S"),
        (Language::Dutch, "a8=D", "a8=P"),
    ];
    for (language, queen, knight) in expected {
        for (text, role) in [(queen, Role::Queen), (knight, Role::Knight)] {
            let m = parse_move(&p, text, language).unwrap();
            assert_eq!(m.promotion(), Some(role));
            assert_eq!(san(&p, &m, language), text);
        }
    }
    // Tolerated spellings.
    for text in ["a8Q", "a8(Q)", "a8/Q", "a7a8q", "a7-a8=Q", "a8=♕", "a8=♛"] {
        assert_eq!(mv(&p, text).promotion(), Some(Role::Queen), "{text}");
    }
    // A promotion must name its piece.
    assert!(parse_move(&p, "a8", Language::English).is_err());
}

#[test]
fn figurines_written_in_the_movers_colour_and_read_in_either() {
    let start = Chess::default();
    let moves = read_line_as(
        &start,
        &["e4", "e5", "Nf3", "Nc6"],
        Notation::San,
        Language::English,
    )
    .unwrap();
    let figurines = WriteOptions::default().with_figurines(true);
    assert_eq!(
        write_line(&start, &moves, &figurines),
        ["e4", "e5", "♘f3", "♞c6"]
    );
    let crossed = ["e4", "e5", "♞f3", "♘c6"];
    let back = read_line(&start, &crossed, ReadHint::NONE).unwrap();
    assert_eq!(back.moves, moves);
    // Figurines use no letters: every language reads them.
    assert_eq!(back.languages.len(), Language::ALL.len());
}

#[test]
fn spanish_scholars_mate_ends_in_mate() {
    let start = Chess::default();
    let words = ["e4", "e5", "Ac4", "Cc6", "Dh5", "Cf6", "Dxf7++"];
    let line = read_line(&start, &words, ReadHint::NONE).unwrap();
    assert!(line.languages.contains(Language::Spanish));
    assert!(line.languages.contains(Language::Italian));
    assert_eq!(line.language, Language::Spanish);
    let mut p = start.clone();
    for m in &line.moves {
        p.play_unchecked(*m);
    }
    assert!(p.is_checkmate());
    let spanish = WriteOptions::new(Notation::San, Language::Spanish).with_mate_sign_double(true);
    assert_eq!(write_line(&start, &line.moves, &spanish), words);
    let english = WriteOptions::new(Notation::San, Language::English);
    assert_eq!(write_line(&start, &line.moves, &english)[6], "Qxf7#");
}

#[test]
fn languages_agreeing_on_the_letters_used_are_no_conflict() {
    // R and D only: king and queen in Spanish, Esperanto, French, Italian and Portuguese.
    let start = Chess::default();
    let line = read_line(&start, &["e4", "e5", "Dh5", "Re7", "Dxe5#"], ReadHint::NONE).unwrap();
    assert_eq!(line.language, Language::Spanish);
    let expected = [
        Language::Spanish,
        Language::Esperanto,
        Language::French,
        Language::Italian,
        Language::Portuguese,
    ];
    assert_eq!(line.languages, expected.into_iter().collect());
}

#[test]
fn italian_hint_keeps_italian_without_conflict() {
    let start = Chess::default();
    let line = read_line(
        &start,
        &["e4", "e5", "Cf3"],
        ReadHint::language(Language::Italian),
    )
    .unwrap();
    assert_eq!(line.language, Language::Italian);
    assert!(line.languages.contains(Language::Spanish));
}

#[test]
fn german_knight_is_not_an_english_pawn_move() {
    let p = Chess::default();
    let err = parse_move(&p, "Sf3", Language::English).unwrap_err();
    assert!(matches!(
        err,
        MoveError::UnknownPieceLetter {
            letter: 'S',
            language: Language::English,
            ..
        }
    ));
    let text = err.to_string();
    assert!(
        text.contains("unknown piece letter S in English notation"),
        "{text}"
    );
    assert_eq!(
        text,
        "unknown piece letter S in English notation (Sf3); S is the knight in German and Polish: \
         give the game's language"
    );
    let k = parse_move(&p, "Kf3", Language::Spanish)
        .unwrap_err()
        .to_string();
    assert!(
        k.ends_with("K is the king in English, German, Polish and Dutch or the bishop in Esperanto: give the game's language"),
        "{k}"
    );
    let m = parse_move(&p, "Sf3", Language::German).unwrap();
    assert_eq!(m.from(), Some(Square::G1));
    let line = read_line(&p, &["e4", "e5", "Sf3", "Sc6", "Lb5"], ReadHint::NONE).unwrap();
    assert_eq!(line.language, Language::German);
    // With an English hint, the German game is still read, in German.
    let line = read_line(
        &p,
        &["e4", "e5", "Sf3"],
        ReadHint::language(Language::English),
    )
    .unwrap();
    assert_eq!(line.languages.first(), Some(Language::German));
    // A game no language reads points at the bad letter.
    let err = read_line(&p, &["e4", "e5", "Nf3", "Sc6"], ReadHint::NONE).unwrap_err();
    assert_eq!(err.ply_index, 3);
    assert_eq!((err.move_number, err.side), (2, Color::Black));
    assert!(
        err.to_string()
            .starts_with("move 2... Sc6: unknown piece letter S"),
        "{err}"
    );
}

#[test]
fn english_king_and_esperanto_bishop_conflict() {
    // Kd2 is the king from e1 in English, the bishop from c1 in Esperanto.
    let p = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    let err = read_line(&p, &["Kd2"], ReadHint::NONE).unwrap_err();
    let LineErrorReason::Conflict {
        first,
        second,
        first_reads,
        second_reads,
    } = &err.reason
    else {
        panic!("{err}")
    };
    assert_eq!(first.language, Language::English);
    assert_eq!(second.language, Language::Esperanto);
    assert_eq!(
        (first_reads.to_string(), second_reads.to_string()),
        ("Ke1-d2".into(), "Bc1-d2".into())
    );
    assert_eq!(err.candidates.len(), 2);
    let text = err.to_string();
    assert!(
        text.contains("English") && text.contains("Esperanto") && text.contains("Kd2"),
        "{text}"
    );

    let eo = read_line(&p, &["Kd2"], ReadHint::language(Language::Esperanto)).unwrap();
    assert_eq!(eo.moves[0].role(), Role::Bishop);
    let en = read_line(&p, &["Kd2"], ReadHint::language(Language::English)).unwrap();
    assert_eq!(en.moves[0].role(), Role::King);
    // A second move that only one language can play settles it.
    let settled = read_line(&p, &["Kd2", "Kd7", "Ke1"], ReadHint::NONE).unwrap();
    assert_eq!(settled.language, Language::English);
}

#[test]
fn tolerant_algebraic_reading() {
    let start = Chess::default();
    let e4 = mv(&start, "e4");
    for text in ["e2e4", "e2-e4", "e2xe4", "♙e4", "e4+", "e4#", "e4!?"] {
        assert_eq!(mv(&start, text), e4, "{text}");
    }
    let nf3 = mv(&start, "Nf3");
    for text in ["Ng1f3", "Ng1-f3", "Nxf3", "g1f3", "Ngf3", "N1f3", "Nf3++"] {
        assert_eq!(mv(&start, text), nf3, "{text}");
    }
    // Castling with letters or zeros; a missing capture sign.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["O-O", "0-0", "o-o", "e1g1", "Ke1-g1"] {
        assert!(mv(&p, text).is_castle(), "{text}");
    }
    assert_eq!(
        mv(&p, "0-0-0").castling_side(),
        Some(shakmaty::CastlingSide::QueenSide)
    );
    assert!(mv(&p, "Rxa8").is_capture());
    assert!(mv(&p, "Ra8").is_capture());
    // En passant, with or without its mark.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6", "exd6e.p.", "exd6 e.p.", "exd6ep", "ed6", "e5d6"] {
        assert!(mv(&p, text).is_en_passant(), "{text}");
    }
}

#[test]
fn reading_errors_say_what_is_wrong() {
    let start = Chess::default();
    let err = |text: &str| {
        parse_move(&start, text, Language::English)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("Nf6"), "illegal move Nf6: no knight can reach f6");
    assert_eq!(err("e5"), "illegal move e5: no pawn can reach e5");
    assert_eq!(
        err("O-O"),
        "illegal move O-O: short castling is not possible here"
    );
    assert_eq!(
        err("Q@f7"),
        "Q@f7 drops a piece on the board, as only Crazyhouse allows; these rules have no drops"
    );
    assert!(err("Xf3").contains("unknown piece letter X"));
    assert!(err("hello").contains("cannot read"));
    assert_eq!(
        err("e1e2"),
        "illegal move e1e2: the king on e1 cannot go to e2"
    );
    assert_eq!(
        err("e7e5"),
        "illegal move e7e5: the pawn on e7 is not yours"
    );
    assert_eq!(err("--"), "-- is a null move, which cannot be replayed");
}

#[test]
fn long_and_uci_writing() {
    let p = pos("r3k2r/6P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    let long = WriteOptions::new(Notation::Long, Language::English);
    let uci = WriteOptions::new(Notation::Uci, Language::English);
    let cases = [
        ("exd6", "e5xd6", "e5d6"),
        ("g8=Q+", "g7-g8=Q+", "g7g8q"),
        ("gxh8=N", "g7xh8=N", "g7h8n"),
        ("O-O", "O-O", "e1g1"),
        ("Rxa8+", "Ra1xa8+", "a1a8"),
    ];
    for (word, l, u) in cases {
        let m = mv(&p, word);
        assert_eq!(write_move(&p, &m, &long), l);
        assert_eq!(write_move(&p, &m, &uci), u);
    }
    let zeros = WriteOptions::default().with_castling_zeros(true);
    assert_eq!(write_move(&p, &mv(&p, "O-O-O"), &zeros), "0-0-0");
}

#[test]
fn chess960_castling_is_king_takes_rook_in_uci() {
    let p = pos("nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/N3K1R1 w Ggd - 0 1");
    assert_eq!(p.castles().mode(), CastlingMode::Chess960);
    let m = mv(&p, "O-O");
    assert_eq!(
        m,
        Move::Castle {
            king: Square::E1,
            rook: Square::G1
        }
    );
    assert_eq!(
        write_move(&p, &m, &WriteOptions::new(Notation::Uci, Language::English)),
        "e1g1"
    );
    assert_eq!(mv(&p, "e1g1"), m);
    let p = pos("1r2k3/8/8/8/8/8/8/1R2K3 w Bb - 0 1");
    let m = mv(&p, "O-O-O");
    assert_eq!(
        write_move(&p, &m, &WriteOptions::new(Notation::Uci, Language::English)),
        "e1b1"
    );
    assert_eq!(mv(&p, "e1b1"), m);
    assert_eq!(san(&p, &m, Language::English), "O-O-O");
}

/// The descriptive example game of the Spanish article, with its algebraic
/// translation.
const SEED_DESCRIPTIVE: [&str; 12] = [
    "P4R", "P4R", "A4AD", "A4AD", "C3AR", "C3AD", "P3D", "P3D", "C3A", "D2R", "0-0", "C3A",
];
const SEED_ALGEBRAIC: [&str; 12] = [
    "e4", "e5", "Ac4", "Ac5", "Cf3", "Cc6", "d3", "d6", "Cc3", "De7", "0-0", "Cf6",
];

#[test]
fn the_seed_descriptive_game_converts_to_algebraic_and_back() {
    let start = Chess::default();
    let line = read_line(&start, &SEED_DESCRIPTIVE, ReadHint::NONE).unwrap();
    assert_eq!(line.notation, SPANISH_DESCRIPTIVE);
    let algebraic = WriteOptions::new(Notation::San, Language::Spanish).with_castling_zeros(true);
    assert_eq!(write_line(&start, &line.moves, &algebraic), SEED_ALGEBRAIC);
    let back = read_line(
        &start,
        &SEED_ALGEBRAIC,
        ReadHint::language(Language::Spanish),
    )
    .unwrap();
    assert_eq!(back.moves, line.moves);
    let descriptive = WriteOptions::new(SPANISH_DESCRIPTIVE, Language::Spanish);
    assert_eq!(
        write_line(&start, &back.moves, &descriptive),
        SEED_DESCRIPTIVE
    );
}

#[test]
fn spanish_descriptive_disambiguation_as_in_the_article() {
    let spanish = WriteOptions::new(SPANISH_DESCRIPTIVE, Language::Spanish);
    // Two rooks on the first rank: the one on the king's rook file goes to
    // the king's square.
    let p = pos("8/8/2k5/8/8/8/3K4/R6R w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Rhe1"), &spanish), "T(TR)1R");
    assert_eq!(write_move(&p, &mv(&p, "Rae1"), &spanish), "T(TD)1R");
    let c = descriptive_candidates(&p, "T(TR)1R", DescriptiveSystem::Spanish).unwrap();
    assert_eq!(c, [mv(&p, "Rhe1")]);
    // Two knights can take the pawn on the king's fifth square.
    let p = pos("4k3/8/8/4p3/2N5/5N2/8/4K3 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Nfxe5"), &spanish), "C(AR)xP");
    assert_eq!(write_move(&p, &mv(&p, "Ncxe5"), &spanish), "C(AD)xP");
    assert_eq!(
        descriptive_candidates(&p, "CxP", DescriptiveSystem::Spanish)
            .unwrap()
            .len(),
        2
    );
    // One knight, one pawn it can take: CxP. A bishop to the knight-five
    // square: A5C when only one knight-five square is in reach.
    let p = pos("4k3/8/8/4p3/8/5N2/8/4KB2 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Nxe5"), &spanish), "CxP");
    // The knight could go to g5, so the bishop's square needs its side.
    assert_eq!(write_move(&p, &mv(&p, "Bb5+"), &spanish), "A5CD+");
    let p = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Bb5+"), &spanish), "A5C+");
    // Promotion with a colon; check and mate signs.
    let p = pos("8/4P3/8/8/8/8/k7/2K5 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "e8=Q"), &spanish), "P8R:D");
    assert_eq!(
        descriptive_candidates(&p, "P8R:C", DescriptiveSystem::Spanish).unwrap()[0].promotion(),
        Some(Role::Knight)
    );
    let p = pos("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Qh8#"), &spanish), "D8T++");
}

/// A Ruy Lopez in English descriptive notation, as books printed it.
const RUY_LOPEZ: [&str; 17] = [
    "P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5", "P-QR3", "B-R4", "N-B3", "O-O", "B-K2", "R-K1",
    "P-QN4", "B-N3", "P-Q3", "P-B3", "O-O", "P-KR3",
];

#[test]
fn english_descriptive_ruy_lopez_round_trips() {
    let start = Chess::default();
    let line = read_line(&start, &RUY_LOPEZ, ReadHint::NONE).unwrap();
    assert_eq!(line.notation, ENGLISH_DESCRIPTIVE);
    let english = WriteOptions::new(Notation::San, Language::English);
    assert_eq!(
        write_line(&start, &line.moves, &english),
        [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
            "d6", "c3", "O-O", "h3"
        ]
    );
    let descriptive = WriteOptions::new(ENGLISH_DESCRIPTIVE, Language::English);
    assert_eq!(write_line(&start, &line.moves, &descriptive), RUY_LOPEZ);
}

#[test]
fn english_descriptive_reads_the_usual_variants() {
    let start = Chess::default();
    let words = [
        "P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-Kt5", "P-QR3", "BxKt", "QPxB", "P-Q4", "PxP", "QxP",
        "QxQ",
    ];
    let line = read_line(&start, &words, ReadHint::NONE).unwrap();
    assert_eq!(line.moves.len(), words.len());
    let english = WriteOptions::new(ENGLISH_DESCRIPTIVE, Language::English);
    let written = write_line(&start, &line.moves, &english);
    assert_eq!(
        written,
        [
            "P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5", "P-QR3", "BxN", "QPxB", "P-Q4", "PxP", "QxP",
            "QxQ"
        ]
    );
    // Signs after a space, disambiguation by square, rank and wing.
    let p = pos("8/8/2k5/8/8/8/3K4/R6R w - - 0 1");
    for (text, from) in [
        ("KR-K1", Square::H1),
        ("QR-K1", Square::A1),
        ("R(KR1)-K1", Square::H1),
        ("R/QR1-K1", Square::A1),
    ] {
        let c = descriptive_candidates(&p, text, DescriptiveSystem::English).unwrap();
        assert_eq!(c.len(), 1, "{text}");
        assert_eq!(c[0].from(), Some(from), "{text}");
    }
    assert_eq!(write_move(&p, &mv(&p, "Rhe1"), &english), "R(KR1)-K1");
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let c = descriptive_candidates(&p, "R1-QR3", DescriptiveSystem::English).unwrap();
    assert_eq!(c[0].from(), Some(Square::A1));
    assert_eq!(write_move(&p, &mv(&p, "R1a3"), &english), "R(R1)-R3");
    // Pawn captures: told apart by the pawn's file or the taken pawn's square.
    let p = pos("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "dxe5"), &english), "PxP(K5)");
    assert_eq!(
        descriptive_candidates(&p, "PxKP", DescriptiveSystem::English).unwrap(),
        [mv(&p, "dxe5")]
    );
    assert_eq!(
        descriptive_candidates(&p, "PxP(Q4)", DescriptiveSystem::English)
            .unwrap_err()
            .to_string(),
        "illegal move PxP(Q4): no pawn can take a pawn so"
    );
    let p = pos("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "cxd5"), &english), "BPxP");
    assert_eq!(write_move(&p, &mv(&p, "exd5"), &english), "KPxP");
    // Promotion, en passant, checks.
    let p = pos("8/4P3/8/8/8/8/k7/2K5 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "e8=Q"), &english), "P-K8=Q");
    for text in ["P-K8=Q", "P-K8(Q)", "P-K8/Q"] {
        assert_eq!(
            descriptive_candidates(&p, text, DescriptiveSystem::English).unwrap(),
            [mv(&p, "e8=Q")]
        );
    }
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(write_move(&p, &mv(&p, "exd6"), &english), "PxP e.p.");
    let p = pos("k7/8/8/8/4R3/8/8/4K2B w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Re2"), &english), "R-K2 dis ch");
    assert_eq!(write_move(&p, &mv(&p, "Ra4"), &english), "R-QR4 dbl ch");
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Ra8"), &english), "R-R8 ch");
    let p = pos("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    assert_eq!(write_move(&p, &mv(&p, "Qh8#"), &english), "Q-R8 mate");
}

#[test]
fn descriptive_ambiguity_settled_by_the_following_moves() {
    let start = Chess::default();
    // After 1 P-K4 P-Q4 2 P-QB4, PxP may take either pawn; only after
    // ...dxc4 can the bishop take a pawn.
    let words = ["P-K4", "P-Q4", "P-QB4", "PxP", "BxP"];
    let line = read_line(&start, &words, ReadHint::NONE).unwrap();
    assert_eq!(line.moves[3].to(), Square::C4);
    // Without the last move, nothing decides.
    let err = read_line(&start, &words[..4], ReadHint::NONE).unwrap_err();
    assert_eq!(err.ply_index, 3);
    assert_eq!(err.candidates.len(), 2);
    assert_eq!(
        err.to_string(),
        "move 2... PxP: ambiguous: PxP could be dxc4 or dxe4"
    );
    // Variations read with the same lookahead.
    let moves = read_line_as(&start, &words, ENGLISH_DESCRIPTIVE, Language::English).unwrap();
    assert_eq!(moves, line.moves);
}

#[test]
fn descriptive_search_is_bounded() {
    // Each N-B3 may be either knight of the side: four readings per round,
    // all legal; a bad word at the end would make a naive search try them
    // all (4^30 lines). The reader gives up in bounded time and points at
    // the bad word.
    let start = Chess::default();
    let mut words = Vec::new();
    for _ in 0..30 {
        words.extend(["N-B3", "N-B3", "N-N1", "N-N1"]);
    }
    let ambiguous =
        read_line_as(&start, &words, ENGLISH_DESCRIPTIVE, Language::English).unwrap_err();
    assert_eq!(ambiguous.ply_index, 0);
    assert_eq!(ambiguous.candidates.len(), 2);
    words.push("junk");
    let err = read_line_as(&start, &words, ENGLISH_DESCRIPTIVE, Language::English).unwrap_err();
    assert_eq!(err.ply_index, 120);
    assert!(
        matches!(err.reason, LineErrorReason::Move(MoveError::Syntax { .. })),
        "{err}"
    );
}

#[test]
fn notation_detection() {
    let start = Chess::default();
    let uci = read_line(&start, &["e2e4", "e7e5", "g1f3"], ReadHint::NONE).unwrap();
    assert_eq!(uci.notation, Notation::Uci);
    let long = read_line(&start, &["e2-e4", "e7-e5", "Ng1-f3"], ReadHint::NONE).unwrap();
    assert_eq!(long.notation, Notation::Long);
    let mixed = read_line(&start, &["e4", "e7e5"], ReadHint::NONE).unwrap();
    assert_eq!(mixed.notation, Notation::San);
    assert_eq!(
        read_line(&start, &[] as &[&str], ReadHint::NONE)
            .unwrap()
            .moves,
        []
    );
    // A wrong notation hint is only a hint.
    let hint = ReadHint {
        notation: Some(SPANISH_DESCRIPTIVE),
        language: None,
    };
    assert_eq!(
        read_line(&start, &["e4", "e5"], hint).unwrap().notation,
        Notation::San
    );
    let hint = ReadHint {
        notation: Some(Notation::San),
        language: None,
    };
    assert_eq!(
        read_line(&start, &["P4R", "P4R"], hint).unwrap().notation,
        SPANISH_DESCRIPTIVE
    );
}

#[test]
fn portuguese_letters() {
    // Rei, Dama, Torre, Bispo, Cavalo: B is the bishop as in English, C the knight.
    let start = Chess::default();
    let words = [
        "e4", "e5", "Cf3", "Cc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Dd6",
    ];
    let line = read_line(&start, &words, ReadHint::NONE).unwrap();
    assert_eq!(line.language, Language::Portuguese);
    let portuguese = WriteOptions::new(Notation::San, Language::Portuguese);
    assert_eq!(write_line(&start, &line.moves, &portuguese), words);
    assert_eq!("pt".parse::<Language>(), Ok(Language::Portuguese));
    assert_eq!("Portuguese".parse::<Language>(), Ok(Language::Portuguese));
}
