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
