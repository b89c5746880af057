//! The movetext of a game held back while the move of some word is not known yet: before the
//! game's family is decided, while several readings of it replay side by side and read a
//! word differently, or while a word waits for the next one (a capture written in parts, a
//! score that may be the result). Once one reading is left and nothing waits, the events are
//! handed on in their order, each word with the move that reading gave it.
//!
//! The texts are copied into one buffer, so that holding a game back costs no allocation per
//! event once the buffer has grown.

use std::ops::Range;

use record::{CommentKind, Nag, Pos};

/// One movetext event held back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A move word, with the move number written before it.
    Word {
        text: Range<u32>,
        at: Pos,
        number: Option<u32>,
    },
    Nag(Nag),
    Comment {
        text: Range<u32>,
        kind: CommentKind,
    },
    BeginVariation,
    EndVariation,
    Setup {
        name: Range<u32>,
        value: Range<u32>,
        at: Pos,
    },
    Escape(Range<u32>),
}

/// The events held back, in the order of the text.
#[derive(Debug, Default)]
pub(crate) struct EventLog {
    events: Vec<Event>,
    texts: String,
}

impl EventLog {
    /// Whether anything is held back.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Forgets every event.
    pub(crate) fn clear(&mut self) {
        self.events.clear();
        self.texts.clear();
    }

    fn text(&mut self, text: &str) -> Range<u32> {
        let start = self.texts.len();
        self.texts.push_str(text);
        // A game's text is far below 4 GiB: the reader refuses larger ones.
        start as u32..self.texts.len() as u32
    }

    pub(crate) fn word(&mut self, text: &str, at: Pos, number: Option<u32>) {
        let text = self.text(text);
        self.events.push(Event::Word { text, at, number });
    }

    pub(crate) fn nag(&mut self, nag: Nag) {
        self.events.push(Event::Nag(nag));
    }

    pub(crate) fn comment(&mut self, text: &str, kind: CommentKind) {
        let text = self.text(text);
        self.events.push(Event::Comment { text, kind });
    }

    pub(crate) fn begin_variation(&mut self) {
        self.events.push(Event::BeginVariation);
    }

    pub(crate) fn end_variation(&mut self) {
        self.events.push(Event::EndVariation);
    }

    pub(crate) fn setup(&mut self, name: &str, value: &str, at: Pos) {
        let name = self.text(name);
        let value = self.text(value);
        self.events.push(Event::Setup { name, value, at });
    }

    pub(crate) fn escape(&mut self, line: &str) {
        let text = self.text(line);
        self.events.push(Event::Escape(text));
    }

    /// The events, in order.
    pub(crate) fn events(&self) -> &[Event] {
        &self.events
    }

    /// The text of a range of an event.
    pub(crate) fn str(&self, range: &Range<u32>) -> &str {
        &self.texts[range.start as usize..range.end as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_keep_their_texts_and_order() {
        let mut log = EventLog::default();
        let at = Pos::default();
        log.comment("intro", CommentKind::Brace);
        log.word("11-15", at, Some(1));
        log.nag(Nag(1));
        log.begin_variation();
        log.word("9-13", at, None);
        log.end_variation();
        log.setup("FEN", "W:W18:B14", at);
        log.escape("%x");
        let texts: Vec<String> = log
            .events()
            .iter()
            .map(|e| match e {
                Event::Word { text, number, .. } => format!("{}#{number:?}", log.str(text)),
                Event::Comment { text, .. } => format!("{{{}}}", log.str(text)),
                Event::Nag(n) => format!("${}", n.0),
                Event::BeginVariation => "(".into(),
                Event::EndVariation => ")".into(),
                Event::Setup { name, value, .. } => {
                    format!("/{} {}/", log.str(name), log.str(value))
                }
                Event::Escape(t) => log.str(t).to_string(),
            })
            .collect();
        assert_eq!(
            texts,
            [
                "{intro}",
                "11-15#Some(1)",
                "$1",
                "(",
                "9-13#None",
                ")",
                "/FEN W:W18:B14/",
                "%x"
            ]
        );
        log.clear();
        assert!(log.is_empty());
    }
}
