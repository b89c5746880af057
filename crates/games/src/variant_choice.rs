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
    for text in words {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                // Squares are one or two digits; a longer run (`3228`) is several squares.
                if i - start > 2 {
                    continue;
                }
                let n = bytes[start..i]
                    .iter()
                    .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
                let after_letter =
                    start > 0 && matches!(bytes[start - 1].to_ascii_lowercase(), b'a'..=b'j');
                if (after_letter && n > 8) || (!after_letter && n > 32) {
                    return BoardSize::Ten;
                }
                continue;
            }
            if matches!(c, b'i' | b'j') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                return BoardSize::Ten;
            }
            i += 1;
        }
    }
    BoardSize::Eight
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
    }
}
