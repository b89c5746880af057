//! Names as the search compares them: a player, an event or a site matched whatever the
//! case and spacing it was written with.

/// A name as the search compares it: lower case, spaces around commas and dots dropped, runs
/// of spaces made one. A search for a name matches every name that starts with it.
///
/// ```
/// assert_eq!(database::name_key("  Kasparov,  Garry "), "kasparov,garry");
/// assert_eq!(database::name_key("KASPAROV, G."), "kasparov,g.");
/// ```
pub fn name_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !matches!(c, ',' | '.') && !out.ends_with([',', '.']) && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

/// The words of a name as the player search finds them: its [`name_key`] cut at spaces,
/// commas, dots, brackets and hyphens. A search for a player matches the games whose player's
/// name has, for each word asked, a word that starts with it (`kasparov` and `garry kasp`
/// both find `Garry Kasparov` and `Kasparov, G.`).
///
/// ```
/// assert_eq!(database::name_words("Kasparov, Garry"), ["kasparov", "garry"]);
/// assert_eq!(database::name_words("Deep Blue (Computer)"), ["deep", "blue", "computer"]);
/// ```
pub fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for w in name_key(name).split([' ', ',', '.', '(', ')', '-', '/']) {
        if !w.is_empty() && !words.iter().any(|o| o == w) {
            words.push(w.to_string());
        }
    }
    words
}
