//! Tag pairs: `[Name "value"]`.

use std::fmt;

use crate::{Pos, Text};

/// One tag pair of a game's header, such as `[White "Tinsley"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name, as written (names are case-sensitive).
    pub name: Text,
    /// The value, with the escapes `\"` and `\\` already undone.
    pub value: Text,
    /// Where the tag starts in the text it was read from (unknown for tags set by a program).
    pub at: Pos,
}

/// The tag pairs of a game, in the order they were written.
///
/// Names are case-sensitive. A text may repeat a name: all copies are kept in order, and
/// [`Tags::get`] returns the first.
///
/// ```
/// use record::Tags;
///
/// let mut tags = Tags::new();
/// tags.set("Event", "Club championship");
/// tags.set("Result", "*");
/// tags.set("Result", "1-0");
/// assert_eq!(tags.get("Result"), Some("1-0"));
/// assert_eq!(tags.names().collect::<Vec<_>>(), ["Event", "Result"]);
/// assert_eq!(tags.remove("Event").as_deref(), Some("Club championship"));
/// assert_eq!(tags.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags(Vec<Tag>);

impl Extend<Tag> for Tags {
    fn extend<I: IntoIterator<Item = Tag>>(&mut self, tags: I) {
        self.0.extend(tags);
    }
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags(Vec::new())
    }

    /// Reserves room for `additional` more tags.
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional);
    }

    /// The number of tag pairs (repeated names counted each time).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no tag pairs.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of the first tag with this name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.get_tag(name).map(|t| t.value.as_str())
    }

    /// The first tag with this name, with its place.
    pub fn get_tag(&self, name: &str) -> Option<&Tag> {
        self.0.iter().find(|t| t.name == name)
    }

    /// Whether a tag with this name is present.
    pub fn contains(&self, name: &str) -> bool {
        self.get_tag(name).is_some()
    }

    /// Sets the value of the first tag with this name, or adds the tag at the end.
    pub fn set(&mut self, name: &str, value: impl Into<Text>) {
        let value = value.into();
        match self.0.iter_mut().find(|t| t.name == name) {
            Some(tag) => tag.value = value,
            None => self.0.push(Tag {
                name: name.into(),
                value,
                at: Pos::default(),
            }),
        }
    }

    /// Inserts a tag at `index` (clamped to the length), even if the name is already present.
    pub fn insert(&mut self, index: usize, name: &str, value: impl Into<Text>) {
        let index = index.min(self.0.len());
        self.0.insert(
            index,
            Tag {
                name: name.into(),
                value: value.into(),
                at: Pos::default(),
            },
        );
    }

    /// Appends a tag at the end, even if the name is already present.
    pub fn push(&mut self, tag: Tag) {
        self.0.push(tag);
    }

    /// Removes the first tag with this name and returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|t| t.name == name)?;
        Some(self.0.remove(i).value.into_string())
    }

    /// The tags in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Tag> {
        self.0.iter()
    }

    /// The tags in order, to change in place.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Tag> {
        self.0.iter_mut()
    }

    /// The names in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|t| t.name.as_str())
    }

    /// Removes every tag.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = &'a Tag;
    type IntoIter = std::slice::Iter<'a, Tag>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for Tags {
    type Item = Tag;
    type IntoIter = std::vec::IntoIter<Tag>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<Vec<Tag>> for Tags {
    fn from(tags: Vec<Tag>) -> Tags {
        Tags(tags)
    }
}

impl FromIterator<(String, String)> for Tags {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Tags {
        Tags(
            iter.into_iter()
                .map(|(name, value)| Tag {
                    name: name.into(),
                    value: value.into(),
                    at: Pos::default(),
                })
                .collect(),
        )
    }
}

/// Writes `value` between double quotes, escaping `\` and `"`, as in a tag pair.
pub(crate) fn write_quoted(out: &mut impl fmt::Write, value: &str) -> fmt::Result {
    out.write_char('"')?;
    for part in value.split_inclusive(['"', '\\']) {
        match part.as_bytes().last() {
            Some(b'"' | b'\\') => {
                out.write_str(&part[..part.len() - 1])?;
                out.write_char('\\')?;
                out.write_str(&part[part.len() - 1..])?;
            }
            _ => out.write_str(part)?,
        }
    }
    out.write_char('"')
}

/// Undoes the escapes `\"` and `\\` of a quoted value; other backslashes stay as written.
pub(crate) fn unescape_into(raw: &str, out: &mut String) {
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next @ ('"' | '\\')) = chars.peek()
        {
            out.push(next);
            chars.next();
            continue;
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_round_trips() {
        for v in [
            "plain",
            r#"a "quoted" word"#,
            r"back\slash",
            r#"\""#,
            "",
            "Ünïcödé",
        ] {
            let mut s = String::new();
            write_quoted(&mut s, v).unwrap();
            let mut back = String::new();
            unescape_into(&s[1..s.len() - 1], &mut back);
            assert_eq!(back, v, "{s}");
        }
    }

    #[test]
    fn set_insert_remove() {
        let mut t = Tags::new();
        t.set("A", "1");
        t.insert(0, "B", "2");
        t.insert(10, "A", "3");
        assert_eq!(t.names().collect::<Vec<_>>(), ["B", "A", "A"]);
        assert_eq!(t.get("A"), Some("1"));
        assert_eq!(t.remove("A").as_deref(), Some("1"));
        assert_eq!(t.get("A"), Some("3"));
        assert_eq!(t.get("a"), None);
    }
}
