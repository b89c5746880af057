//! The endgame tables of every variant found in one directory: what a server or the Hub
//! engine loads at start.

use std::path::Path;
use std::sync::Arc;

use crate::variant::Variant;

use super::endgames::{Endgames, LoadError, supports};

/// The tables of each variant found in a directory, shared by every search that probes them
/// (cloning a library shares its tables).
///
/// ```
/// use draughts::egdb::{Library, generate};
/// use draughts::Variant;
/// let dir = std::env::temp_dir().join(format!("library-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// generate(&Variant::AMERICAN, 2, |_, _| {}).save(&dir).unwrap();
/// let library = Library::load(&dir).unwrap();
/// assert_eq!(library.for_variant(&Variant::AMERICAN).unwrap().max_pieces(), 2);
/// assert!(library.for_variant(&Variant::INTERNATIONAL).is_none());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug, Default)]
pub struct Library {
    tables: Vec<Arc<Endgames>>,
}

impl Library {
    /// Loads every table of every variant in `dir` (a variant without any file there is left
    /// out; an empty directory gives an empty library).
    ///
    /// # Errors
    /// [`LoadError`]: the directory or a file cannot be read, or a file is refused.
    pub fn load(dir: &Path) -> Result<Library, LoadError> {
        let mut tables = Vec::new();
        for variant in Variant::ALL.iter().filter(|v| supports(v)) {
            let found = Endgames::load(variant, dir)?;
            if found.slices().next().is_some() {
                tables.push(Arc::new(found));
            }
        }
        Ok(Library { tables })
    }

    /// A library of tables already in memory (built by [`super::generate`], say), one
    /// [`Endgames`] a variant: a later one of the same variant replaces an earlier.
    ///
    /// ```
    /// use draughts::egdb::{Library, generate};
    /// use draughts::Variant;
    /// let library = Library::of([generate(&Variant::RUSSIAN, 2, |_, _| {})]);
    /// assert_eq!(library.for_variant(&Variant::RUSSIAN).unwrap().max_pieces(), 2);
    /// ```
    pub fn of(tables: impl IntoIterator<Item = Endgames>) -> Library {
        let mut library = Library::default();
        for t in tables {
            library
                .tables
                .retain(|held| held.variant().name != t.variant().name);
            library.tables.push(Arc::new(t));
        }
        library
    }

    /// The tables of `variant`, when the library has some.
    pub fn for_variant(&self, variant: &Variant) -> Option<Arc<Endgames>> {
        self.tables
            .iter()
            .find(|t| t.variant().name == variant.name)
            .cloned()
    }

    /// Whether the library has no table at all.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Each variant's tables.
    pub fn iter(&self) -> impl Iterator<Item = &Endgames> {
        self.tables.iter().map(|t| &**t)
    }

    /// One line a variant: its name, its largest number of pieces and its positions (for a
    /// server's start-up log).
    pub fn summary(&self) -> String {
        self.iter()
            .map(|t| {
                format!(
                    "{} up to {} pieces ({} positions)",
                    t.variant().name,
                    t.max_pieces(),
                    t.positions()
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}
