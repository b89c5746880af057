//! The tags a game is written with: its own, with a few values changed or added, without
//! copying them.

use record::Tags;

/// `tags` with the values of `changes`, as [`Tags::set`] would leave them: the first tag of a
/// name in `changes` gets the new value, and a name that is not there is added at the end, in
/// the order of `changes`. The names in `changes` are different.
pub(crate) fn with_changes<'a>(
    tags: &'a Tags,
    changes: &'a [(&'a str, String)],
) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    // Where each change goes: the index of the first tag of its name, if any.
    let places: Vec<Option<usize>> = changes
        .iter()
        .map(|(name, _)| tags.iter().position(|t| t.name == *name))
        .collect();
    let replaced = places.clone();
    tags.iter()
        .enumerate()
        .map(
            move |(i, t)| match replaced.iter().position(|p| *p == Some(i)) {
                Some(k) => (t.name.as_str(), changes[k].1.as_str()),
                None => (t.name.as_str(), t.value.as_str()),
            },
        )
        .chain(
            changes
                .iter()
                .zip(places)
                .filter(|(_, place)| place.is_none())
                .map(|((name, value), _)| (*name, value.as_str())),
        )
}

/// The value of `name` among `tags` changed by `changes`, as [`with_changes`] writes it.
pub(crate) fn changed_value<'a>(
    tags: &'a Tags,
    changes: &'a [(&'a str, String)],
    name: &str,
) -> Option<&'a str> {
    match changes.iter().find(|(n, _)| *n == name) {
        Some((_, value)) => Some(value),
        None => tags.get(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_what_set_does() {
        let mut tags = Tags::new();
        for (n, v) in [("A", "1"), ("FEN", "x"), ("B", "2"), ("FEN", "y")] {
            tags.push(record::Tag {
                name: n.into(),
                value: v.into(),
                at: record::Pos::default(),
            });
        }
        let changes = [
            ("FEN", "z".to_string()),
            ("New", "n".into()),
            ("Other", "o".into()),
        ];
        let mut expected = tags.clone();
        for (n, v) in &changes {
            expected.set(n, v.as_str());
        }
        let got: Vec<_> = with_changes(&tags, &changes).collect();
        let want: Vec<_> = expected
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(got, want);
        assert_eq!(changed_value(&tags, &changes, "FEN"), Some("z"));
        assert_eq!(changed_value(&tags, &changes, "B"), Some("2"));
        assert_eq!(changed_value(&tags, &changes, "C"), None);
    }
}
