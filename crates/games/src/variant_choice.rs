//! Which rules a draughts game is played under: its GameType tag, the rules the user selected,
//! or, when neither says, what its squares and moves show.

use draughts::{BoardSize, Color, Fen, Variant, game_type_name};

/// Reads a PDN `GameType` value, short (`20`) or long (`20,W,10,10,N2,0`: type, first mover,
/// board width and height, notation, inversion).
///
/// Only the supported variants are accepted; any other type is named in the error
/// ("variant not supported: Portuguese draughts (GameType 28)"), so that a game is never read
/// under rules it was not played by. The long form's colour and board size must agree with
/// the variant.
///
/// ```
/// use draughts::Variant;
/// use games::variant_from_game_type;
/// assert_eq!(variant_from_game_type("20,W,10,10,N2,0"), Ok(Variant::INTERNATIONAL));
/// assert_eq!(variant_from_game_type(" 21 "), Ok(Variant::AMERICAN));
/// assert_eq!(variant_from_game_type("22"), Ok(Variant::ITALIAN));
/// assert!(variant_from_game_type("28").unwrap_err().contains("Portuguese"));
/// ```
pub fn variant_from_game_type(value: &str) -> Result<Variant, String> {
    variant_from_tags(value, None)
}

/// The draughts variant a game's `Variant` tag names when no GameType tag says, as the
/// draughts sites write it: lidraughts' `Russian`, `Brazilian`, `Frisian`, `Frysk!`,
/// `Antidraughts`, `Breakthrough`, and `International`, `American/English`, `English`,
/// `Checkers`, `Italian`, ... (any name or alias of [`Variant`]'s `FromStr`, not a number).
/// `None` for `Standard` and `From Position`, which chess sites write too (the moves decide
/// then), and for names that are no draughts variant (`Chess960`, `Crazyhouse`).
///
/// ```
/// use draughts::Variant;
/// use games::draughts_variant_named;
/// assert_eq!(draughts_variant_named("American/English"), Some(Variant::AMERICAN));
/// assert_eq!(draughts_variant_named("Frysk!"), Some(Variant::FRYSK));
/// assert_eq!(draughts_variant_named("russian"), Some(Variant::RUSSIAN));
/// assert_eq!(draughts_variant_named("Standard"), None);
/// assert_eq!(draughts_variant_named("Chess960"), None);
/// assert_eq!(draughts_variant_named("20"), None);
/// ```
pub fn draughts_variant_named(value: &str) -> Option<Variant> {
    let name = value.trim();
    if is_neutral_variant_name(name) || name.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    name.parse().ok()
}

/// `Standard` and `From Position` (and an empty tag): names that chess and draughts sites
/// both write in a `Variant` tag.
pub(crate) fn is_neutral_variant_name(value: &str) -> bool {
    let squeezed: String = value
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(squeezed.as_str(), "" | "standard" | "fromposition")
}

/// Reads a PDN `GameType` value together with the game's `Variant` tag, which tells apart
/// the variants that share a GameType (lidraughts writes `[GameType "20"]` with
/// `[Variant "Antidraughts"]`, `"Breakthrough"`; `[GameType "40"]` with `"Frysk!"`). A
/// Variant tag that names another GameType's variant, or none, is left to the GameType.
///
/// ```
/// use draughts::Variant;
/// use games::variant_from_tags;
/// assert_eq!(variant_from_tags("20", Some("Breakthrough")), Ok(Variant::BREAKTHROUGH));
/// assert_eq!(variant_from_tags("40", Some("Frysk!")), Ok(Variant::FRYSK));
/// assert_eq!(variant_from_tags("20", Some("Standard")), Ok(Variant::INTERNATIONAL));
/// ```
pub fn variant_from_tags(value: &str, variant_tag: Option<&str>) -> Result<Variant, String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    let number: u32 = fields[0]
        .parse()
        .map_err(|_| format!("GameType `{value}` does not start with a number"))?;
    let Some(by_number) = Variant::from_game_type(number) else {
        return Err(match game_type_name(number) {
            Some(name) => format!("variant not supported: {name} (GameType {number})"),
            None => format!("variant not supported: GameType {number}"),
        });
    };
    let variant = variant_tag
        .and_then(|t| t.parse::<Variant>().ok())
        .filter(|v| v.game_type == number)
        .unwrap_or(by_number);
    if let Some(colour) = fields.get(1).filter(|c| !c.is_empty()) {
        let first = match colour.to_ascii_uppercase().as_str() {
            "W" => Some(Color::White),
            "B" => Some(Color::Black),
            _ => None,
        };
        if let Some(first) = first.filter(|&c| c != variant.first) {
            return Err(format!(
                "GameType `{value}` says {first} moves first, but in {} {} does",
                variant.title, variant.first
            ));
        }
    }
    let side = u32::from(variant.size.side());
    for (i, what) in [(2, "width"), (3, "height")] {
        if let Some(n) = fields.get(i).filter(|f| !f.is_empty())
            && n.parse::<u32>().ok() != Some(side)
        {
            return Err(format!(
                "GameType `{value}` gives a board {what} of {n}, but {} is played on {}",
                variant.title, variant.size
            ));
        }
    }
    Ok(variant)
}

/// The board a game's squares point to: 10×10 when its FEN reads only on that board, or a move
/// names a square that only that board has (a number over 32, a file past `h`, a rank past
/// 8), else 8×8.
pub fn board_size_hint<'a>(
    fen: Option<&str>,
    words: impl IntoIterator<Item = &'a str>,
) -> BoardSize {
    if let Some(fen) = fen
        && Fen::parse(fen, Variant::BRAZILIAN).is_err()
        && Fen::parse(fen, Variant::INTERNATIONAL).is_ok()
    {
        return BoardSize::Ten;
    }
    if words.into_iter().any(|w| names_a_ten_square(w.as_bytes())) {
        return BoardSize::Ten;
    }
    BoardSize::Eight
}

/// Whether a move word names a square only the 10×10 board has: a number over 32 (a run of
/// one or two digits; a longer run, `3228`, is several squares), a rank over 8 after a file
/// letter, or a file `i` or `j` before a rank.
#[inline]
pub(crate) fn names_a_ten_square(bytes: &[u8]) -> bool {
    scan_squares(bytes, |_| {})
}

/// [`names_a_ten_square`], handing every byte to `each` on the way (the caller's own look at
/// the word, made in the same pass).
#[inline(always)]
pub(crate) fn scan_squares(bytes: &[u8], mut each: impl FnMut(u8)) -> bool {
    // One pass: the digit run read now, its length, and whether a file letter stands before.
    let mut ten = false;
    let mut n = 0u32;
    let mut run = 0u32;
    let mut after_letter = false;
    let mut prev = 0u8;
    for &c in bytes {
        each(c);
        let digit = c.wrapping_sub(b'0');
        if digit < 10 {
            if run == 0 {
                ten |= matches!(prev, b'i' | b'j');
                after_letter = matches!(prev.to_ascii_lowercase(), b'a'..=b'j');
            }
            run += 1;
            n = if run <= 2 {
                n * 10 + u32::from(digit)
            } else {
                0
            };
        } else if run > 0 {
            ten |= run <= 2 && n > if after_letter { 8 } else { 32 };
            run = 0;
            n = 0;
        }
        prev = c;
    }
    ten || (run > 0 && run <= 2 && n > if after_letter { 8 } else { 32 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_types() {
        assert_eq!(variant_from_game_type("25"), Ok(Variant::RUSSIAN));
        assert_eq!(
            variant_from_game_type("26,W,8,8,A0,0"),
            Ok(Variant::BRAZILIAN)
        );
        assert_eq!(
            variant_from_game_type("21,B,8,8,N1,0"),
            Ok(Variant::AMERICAN)
        );
        assert!(
            variant_from_game_type("21,W")
                .unwrap_err()
                .contains("Black does")
        );
        assert!(
            variant_from_game_type("20,W,8,8")
                .unwrap_err()
                .contains("10×10")
        );
        assert!(
            variant_from_game_type("28")
                .unwrap_err()
                .contains("Portuguese draughts (GameType 28)")
        );
        assert!(
            variant_from_game_type("30")
                .unwrap_err()
                .contains("Turkish")
        );
        assert_eq!(variant_from_game_type("29"), Ok(Variant::CZECH));
        assert_eq!(variant_from_game_type("40"), Ok(Variant::FRISIAN));
        assert_eq!(variant_from_game_type("27,W,12,12"), Ok(Variant::CANADIAN));
        assert!(variant_from_game_type("27,W,10,10").is_err());
        assert_eq!(
            variant_from_tags("20", Some("Antidraughts")),
            Ok(Variant::ANTIDRAUGHTS)
        );
        assert_eq!(
            variant_from_tags("40", Some("Breakthrough")),
            Ok(Variant::FRISIAN),
            "a Variant tag of another GameType does not change it"
        );
        assert!(
            variant_from_game_type("77")
                .unwrap_err()
                .contains("GameType 77")
        );
        assert!(variant_from_game_type("draughts").is_err());
        assert!(variant_from_game_type("").is_err());
    }

    #[test]
    fn board_hints() {
        assert_eq!(board_size_hint(None, ["11-15", "23x14"]), BoardSize::Eight);
        assert_eq!(
            board_size_hint(None, ["32-28", "19-23", "33x22"]),
            BoardSize::Ten
        );
        assert_eq!(board_size_hint(Some("W:W31-50:B1-20"), []), BoardSize::Ten);
        assert_eq!(
            board_size_hint(Some("B:W21-32:B1-12"), []),
            BoardSize::Eight
        );
        assert_eq!(
            board_size_hint(Some("B:WK33:B22"), ["22-17"]),
            BoardSize::Ten
        );
        assert_eq!(board_size_hint(None, ["a3b4", "h6:f4"]), BoardSize::Eight);
        assert_eq!(board_size_hint(None, ["a3b4", "j4-i5"]), BoardSize::Ten);
        assert_eq!(board_size_hint(None, ["3228"]), BoardSize::Eight);
        assert_eq!(board_size_hint(None, ["b10-a9"]), BoardSize::Ten);
        for (word, ten) in [
            ("32", false),
            ("33", true),
            ("28-32", false),
            ("28-33", true),
            ("a8", false),
            ("a9", true),
            ("H8", false),
            ("k9", false),
            ("i1", true),
            ("I1", false),
            ("333", false),
            ("", false),
        ] {
            assert_eq!(names_a_ten_square(word.as_bytes()), ten, "{word}");
        }
    }

    proptest::proptest! {
        /// The one-pass scan says what the rule says, run by run: each maximal run of one or
        /// two digits is a square (after a file letter `a`-`j`, a rank), and `i` or `j`
        /// before a digit is a file of the big board.
        #[test]
        fn ten_squares_run_by_run(word in "([a-lA-L]?[0-9]{1,3}[x:\\-]?){0,4}|[0-9a-lA-Lx:\\-]{0,12}") {
            let b = word.as_bytes();
            let mut expected = false;
            let mut i = 0;
            while i < b.len() {
                if b[i].is_ascii_digit() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    let digits = &word[start..i];
                    let letter = start > 0 && b[start - 1].is_ascii_alphabetic()
                        && ('a'..='j').contains(&(b[start - 1] as char).to_ascii_lowercase());
                    if digits.len() <= 2 {
                        let n: u32 = digits.parse().unwrap_or(0);
                        expected |= if letter { n > 8 } else { n > 32 };
                    }
                    if start > 0 && matches!(b[start - 1], b'i' | b'j') {
                        expected = true;
                    }
                } else {
                    i += 1;
                }
            }
            proptest::prop_assert_eq!(names_a_ten_square(b), expected, "{}", word);
        }
    }
}
