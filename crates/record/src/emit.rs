//! Handing a game to a [`Visitor`]: each token as soon as the lexer has read it, with its
//! place and its text.
//!
//! The text and place of a token are read as ASCII as long as the game is ASCII up to the
//! token's end, which in most files is the whole game. Beyond the game's first non-ASCII byte
//! the game's encoding must be known: UTF-8, or Latin-1 if any byte of the game is not valid
//! UTF-8. It is known at once when the whole rest of the input is valid UTF-8; otherwise the
//! rest of the game is held back, and handed over when its end shows what it is.
//!
//! The tags, and what comes before them, are held back too until the movetext starts, so
//! that a broken tag section reaches the visitor not at all.

use crate::lexer::{Kind, Sink, Token};
use crate::result::plain_result;
use crate::tag::unescape_into;
use crate::{CommentKind, Flow, Leniency, Nag, Pos, Visitor};

/// What is known of the bytes of a game beyond its first non-ASCII byte.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Enc {
    /// Nothing yet: only ASCII text has been handed over.
    #[default]
    Unknown,
    Utf8,
    Latin1,
}

/// Which tokens are held back.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Hold {
    /// The tags and what comes before them, until the movetext starts.
    #[default]
    Prelude,
    /// Everything up to the game's end: its encoding is not known yet.
    Rest,
    /// None.
    No,
}

/// Whether the input from file offset `from` to its end is valid UTF-8 (`bad` is `None`) or
/// where its first invalid byte is, once the whole input is read.
#[derive(Copy, Clone, Debug, Default)]
struct Tail {
    known: bool,
    from: u64,
    bad: Option<u64>,
}

/// The most room (in bytes) a buffer of the emitter keeps from one game to the next.
const KEPT_BYTES: usize = 1 << 16;

/// Empties `v`, and frees its room if it holds more than [`KEPT_BYTES`].
fn shrink_vec<T>(v: &mut Vec<T>) {
    if v.capacity().saturating_mul(std::mem::size_of::<T>()) > KEPT_BYTES {
        *v = Vec::new();
    } else {
        v.clear();
    }
}

/// What the emitter keeps of a game between two attempts at it (when the reader must read
/// more input), and its buffers between games.
#[derive(Debug)]
pub(crate) struct EmitState {
    /// The place of the game: its first line, the characters before it on that line, and
    /// its byte offset in the input.
    first_line: u32,
    col_base: u32,
    offset: u64,
    hold: Hold,
    /// Where the text that can be handed over at once ends: the end of the ASCII text checked
    /// so far, or 0 while tokens are held back.
    live: usize,
    /// A move word waits for suffixes, or tokens are being skipped: the state machine of
    /// [`Emitter::general`] must see each token.
    busy: bool,
    /// `live`, or 0 when `busy`: a token that ends by there is handed over at once.
    gate: usize,
    /// `begin_game` has been called.
    started: bool,
    queue: Vec<Token>,
    /// The largest extent of the tokens in `queue`.
    queue_extent: u32,
    enc: Enc,
    /// The game is ASCII up to `fast_len`; `non_ascii` is set once the first non-ASCII byte
    /// is found (there).
    fast_len: usize,
    non_ascii: bool,
    /// In a UTF-8 game, the length of the text checked so far.
    utf8_len: usize,
    /// A move word, handed over once it is clear that no suffix joins it (`QxP ch`), and the
    /// pieces that joined it.
    word: Option<Token>,
    more: Vec<Token>,
    /// The depth of variations of the tokens handed over.
    depth: u32,
    /// Skipping the rest of the game, or up to the `)` that brings the depth back to the
    /// first number (then calling `end_variation` if the second is true).
    skip_game: bool,
    skip_to: Option<(u32, bool)>,
    /// Column cache of a UTF-8 game: line start, position, characters between them.
    cache: (usize, usize, u32),
    scratch: [String; 3],
    /// How much text to check at once as ASCII: a little more than the last game.
    hint: usize,
    tail: Tail,
}

impl Default for EmitState {
    fn default() -> Self {
        EmitState {
            first_line: 1,
            col_base: 0,
            offset: 0,
            hold: Hold::Prelude,
            live: 0,
            busy: false,
            gate: 0,
            started: false,
            queue: Vec::new(),
            queue_extent: 0,
            enc: Enc::Unknown,
            fast_len: 0,
            non_ascii: false,
            utf8_len: 0,
            word: None,
            more: Vec::new(),
            depth: 0,
            skip_game: false,
            skip_to: None,
            cache: (usize::MAX, 0, 0),
            scratch: Default::default(),
            hint: 4096,
            tail: Tail::default(),
        }
    }
}

impl EmitState {
    fn set_live(&mut self, live: usize) {
        self.live = live;
        self.gate = if self.busy { 0 } else { live };
    }

    fn set_busy(&mut self, busy: bool) {
        self.busy = busy;
        self.gate = if busy { 0 } else { self.live };
    }

    /// Ready for a game that starts at `offset` in the input, on line `first_line` after
    /// `col_base` characters.
    pub fn begin(&mut self, first_line: u32, col_base: u32, offset: u64) {
        self.first_line = first_line;
        self.col_base = col_base;
        self.offset = offset;
        self.hold = Hold::Prelude;
        self.live = 0;
        self.busy = false;
        self.gate = 0;
        self.started = false;
        // A big game's buffers are not kept for the games after it: a game of a million
        // comments before its first move would leave its queue of tokens to every later one.
        shrink_vec(&mut self.queue);
        self.queue_extent = 0;
        self.enc = Enc::Unknown;
        self.fast_len = 0;
        self.non_ascii = false;
        self.utf8_len = 0;
        self.word = None;
        shrink_vec(&mut self.more);
        for scratch in &mut self.scratch {
            if scratch.capacity() > KEPT_BYTES {
                *scratch = String::new();
            }
        }
        self.depth = 0;
        self.skip_game = false;
        self.skip_to = None;
        self.cache = (usize::MAX, 0, 0);
    }
}

/// The text of a game, as far as it is checked: `fast` is ASCII, `utf8` valid UTF-8.
#[derive(Copy, Clone)]
struct Src<'a> {
    s: &'a [u8],
    fast: &'a str,
    utf8: &'a str,
    latin1: bool,
}

impl<'a> Src<'a> {
    /// The text of `s[a..b]`.
    #[inline(always)]
    fn text<'x>(self, a: u32, b: u32, scratch: &'x mut String) -> &'x str
    where
        'a: 'x,
    {
        let (a, b) = (a as usize, b as usize);
        if b <= self.fast.len() {
            return self.fast.get(a..b).unwrap_or_default();
        }
        self.text_beyond(a, b, scratch)
    }

    #[inline(never)]
    fn text_beyond<'x>(self, a: usize, b: usize, scratch: &'x mut String) -> &'x str
    where
        'a: 'x,
    {
        if !self.latin1
            && let Some(t) = self.utf8.get(a..b)
        {
            return t;
        }
        scratch.clear();
        scratch.extend(
            self.s
                .get(a..b)
                .unwrap_or_default()
                .iter()
                .map(|&c| c as char),
        );
        scratch
    }

    /// Appends the text of `s[a..b]` to `out`.
    fn push_text(self, a: u32, b: u32, out: &mut String) {
        let (a, b) = (a as usize, b as usize);
        let checked = if b <= self.fast.len() {
            self.fast.get(a..b)
        } else if !self.latin1 {
            self.utf8.get(a..b)
        } else {
            None
        };
        match checked {
            Some(t) => out.push_str(t),
            None => out.extend(
                self.s
                    .get(a..b)
                    .unwrap_or_default()
                    .iter()
                    .map(|&c| c as char),
            ),
        }
    }
}

/// The value of a tag or setup token, escapes undone.
fn unescaped<'x>(src: Src<'x>, t: &Token, raw: &'x mut String, out: &'x mut String) -> &'x str {
    let value = src.text(t.c, t.d, raw);
    if !t.flag {
        return value;
    }
    out.clear();
    unescape_into(value, out);
    out
}

/// The first non-ASCII byte of `b`.
fn first_non_ascii(b: &[u8]) -> Option<usize> {
    let mut at = 0;
    for chunk in b.chunks(64) {
        if !chunk.is_ascii() {
            return chunk.iter().position(|c| !c.is_ascii()).map(|k| at + k);
        }
        at += chunk.len();
    }
    None
}

/// The longest prefix of `b` that is valid UTF-8.
fn valid_prefix(b: &[u8]) -> &str {
    b.utf8_chunks().next().map_or("", |c| c.valid())
}

/// Hands the tokens of one game to a visitor: the sink of the lexer while it reads the game.
pub(crate) struct Emitter<'a, 'r, V> {
    s: &'a [u8],
    /// All of `s` is valid UTF-8: `utf8` is all of it, `fast` all of its ASCII start.
    whole: bool,
    eof: bool,
    fast: &'a str,
    utf8: &'a str,
    st: &'r mut EmitState,
    visitor: &'r mut V,
}

impl<V: Visitor> Sink for Emitter<'_, '_, V> {
    #[inline(always)]
    fn token(&mut self, t: Token) {
        if t.extent() as usize <= self.st.gate {
            self.emit_now(&t);
        } else {
            self.token_beyond(t);
        }
    }

    #[inline(always)]
    fn word(&mut self, line: u32, line_start: usize, a: usize, b: usize, alone: bool) {
        if alone && b <= self.st.gate {
            let at = self.pos_fast(line, line_start, a);
            let text = self.fast.get(a..b).unwrap_or_default();
            match self.visitor.move_word(text, at) {
                Flow::Continue => {}
                flow => self.skip_after_word(flow),
            }
        } else {
            self.token_beyond(Token::new(Kind::Word, line, line_start, a, a, b));
        }
    }

    #[inline(always)]
    fn number(
        &mut self,
        line: u32,
        line_start: usize,
        start: usize,
        end: usize,
        n: u32,
        dots: u32,
    ) {
        if end <= self.st.gate {
            let at = self.pos_fast(line, line_start, start);
            self.visitor
                .move_number((n != u32::MAX).then_some(n), dots, at);
        } else {
            let mut t = Token::new(Kind::Number, line, line_start, start, start, end);
            t.c = n;
            t.d = dots;
            self.token_beyond(t);
        }
    }

    #[inline(always)]
    fn comment(&mut self, line: u32, line_start: usize, start: usize, a: usize, b: usize) {
        if b <= self.st.gate {
            let at = self.pos_fast(line, line_start, start);
            let text = self.fast.get(a..b).unwrap_or_default();
            self.visitor.comment(text, CommentKind::Brace, at);
        } else {
            self.token_beyond(Token::new(Kind::Comment, line, line_start, start, a, b));
        }
    }
}

impl<'a, 'r, V: Visitor> Emitter<'a, 'r, V> {
    /// An emitter over the text `s` of the game read so far (all of the input from the
    /// game's start that is in the buffer), which is `text` if it is valid UTF-8, and ASCII
    /// up to `ascii`.
    pub fn new(
        s: &'a [u8],
        text: Option<&'a str>,
        ascii: usize,
        eof: bool,
        st: &'r mut EmitState,
        visitor: &'r mut V,
    ) -> Self {
        let (fast, utf8) = match text {
            Some(text) => {
                st.non_ascii = ascii < s.len();
                (text.get(..ascii).unwrap_or_default(), text)
            }
            None => (
                std::str::from_utf8(s.get(..st.fast_len).unwrap_or_default()).unwrap_or(""),
                valid_prefix(s.get(..st.utf8_len).unwrap_or_default()),
            ),
        };
        st.fast_len = fast.len();
        st.utf8_len = utf8.len();
        if st.hold == Hold::No {
            st.set_live(fast.len());
        }
        Emitter {
            s,
            whole: text.is_some(),
            eof,
            fast,
            utf8,
            st,
            visitor,
        }
    }

    #[inline(always)]
    fn src(&self) -> Src<'a> {
        Src {
            s: self.s,
            fast: self.fast,
            utf8: self.utf8,
            latin1: self.st.enc == Enc::Latin1,
        }
    }

    /// The place of `at`, on the line `line` that starts at `line_start`.
    #[inline(always)]
    pub fn pos(&mut self, line: u32, line_start: usize, at: usize) -> Pos {
        let chars = self.chars(line_start, at);
        let column = if line == self.st.first_line {
            self.st.col_base + chars
        } else {
            chars
        } + 1;
        Pos {
            line,
            column,
            offset: self.st.offset + at as u64,
        }
    }

    /// The place of `at` in the ASCII text checked.
    #[inline(always)]
    fn pos_fast(&self, line: u32, line_start: usize, at: usize) -> Pos {
        let before = if line == self.st.first_line {
            self.st.col_base
        } else {
            0
        };
        Pos {
            line,
            column: before + (at - line_start) as u32 + 1,
            offset: self.st.offset + at as u64,
        }
    }

    #[inline(always)]
    fn pos_of(&mut self, t: &Token) -> Pos {
        self.pos(t.line, t.line_start as usize, t.start as usize)
    }

    /// The characters in `s[from..to]`.
    #[inline(always)]
    pub fn chars(&mut self, from: usize, to: usize) -> u32 {
        if to <= self.fast.len() || self.st.enc != Enc::Utf8 {
            return to.saturating_sub(from) as u32;
        }
        self.utf8_chars(from, to)
    }

    fn utf8_chars(&mut self, from: usize, to: usize) -> u32 {
        let (ls, upto, n) = self.st.cache;
        let (base, count) = if ls == from && upto <= to {
            (upto, n)
        } else {
            (from, 0)
        };
        let more = (self.s.get(base..to).unwrap_or_default())
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count() as u32;
        self.st.cache = (from, to, count + more);
        count + more
    }

    /// Makes `fast` cover `s[..need]` if that is ASCII; returns whether it does.
    fn grow_fast(&mut self, need: usize) -> bool {
        let s = self.s;
        let from = self.fast.len();
        if need <= from {
            return true;
        }
        if self.whole || self.st.non_ascii || need > s.len() {
            return false;
        }
        let mut to = need
            .max(from.saturating_mul(2))
            .max(self.st.hint)
            .min(s.len());
        if let Some(k) = first_non_ascii(&s[from..to]) {
            to = from + k;
            self.st.non_ascii = true;
        }
        self.fast = std::str::from_utf8(&s[..to]).unwrap_or("");
        self.st.fast_len = self.fast.len();
        if self.st.hold == Hold::No {
            self.st.set_live(self.fast.len());
        }
        need <= self.fast.len()
    }

    /// Makes `utf8` cover `s[..need]`; returns whether it does.
    fn grow_utf8(&mut self, need: usize) -> bool {
        if need <= self.utf8.len() {
            return true;
        }
        let to = need
            .max(self.utf8.len().saturating_mul(2))
            .max(self.st.hint)
            .min(self.s.len());
        self.utf8 = valid_prefix(&self.s[..to]);
        self.st.utf8_len = self.utf8.len();
        need <= self.utf8.len()
    }

    /// Whether the rest of the input, from the game's first non-ASCII byte, is known to be
    /// valid UTF-8, which makes the game UTF-8 wherever it ends.
    fn rest_is_utf8(&mut self) -> bool {
        if !self.eof {
            return false;
        }
        if self.whole {
            return true;
        }
        let q = self.fast.len();
        let at = self.st.offset + q as u64;
        let tail = self.st.tail;
        if tail.known && tail.from <= at {
            match tail.bad {
                None => return true,
                Some(bad) if bad >= at => return false,
                Some(_) => {}
            }
        }
        let rest = self.s.get(q..).unwrap_or_default();
        let bad = std::str::from_utf8(rest)
            .err()
            .map(|e| at + e.valid_up_to() as u64);
        self.st.tail = Tail {
            known: true,
            from: at,
            bad,
        };
        bad.is_none()
    }

    /// Whether a token that reaches `need` can be handed over now.
    fn can_emit(&mut self, need: usize) -> bool {
        if self.grow_fast(need) {
            return true;
        }
        match self.st.enc {
            Enc::Utf8 => self.grow_utf8(need),
            Enc::Latin1 => true,
            Enc::Unknown => {
                if !self.rest_is_utf8() {
                    return false;
                }
                self.st.enc = Enc::Utf8;
                self.grow_utf8(need)
            }
        }
    }

    /// Settles the encoding of the game, now that it is known to end at `end`.
    pub fn decide(&mut self, end: usize) {
        let end = end.min(self.s.len());
        if self.grow_fast(end) {
            return;
        }
        if self.st.enc == Enc::Unknown {
            let beyond = &self.s[self.fast.len()..end];
            self.st.enc = if self.whole || std::str::from_utf8(beyond).is_ok() {
                Enc::Utf8
            } else {
                Enc::Latin1
            };
        }
        if self.st.enc == Enc::Utf8 {
            self.grow_utf8(end);
        }
    }

    /// A token that is held back, reaches beyond the ASCII text checked so far, or finds
    /// the state machine busy.
    #[inline(never)]
    fn token_beyond(&mut self, t: Token) {
        match self.st.hold {
            Hold::Prelude => {
                self.st.queue.push(t);
                self.st.queue_extent = self.st.queue_extent.max(t.extent());
                let prelude = matches!(
                    t.kind,
                    Kind::Tag | Kind::Comment | Kind::LineComment | Kind::Escape | Kind::Lenient
                );
                if !prelude {
                    if self.can_emit(self.st.queue_extent as usize) {
                        self.start();
                    } else {
                        self.st.hold = Hold::Rest;
                    }
                }
            }
            Hold::Rest => self.st.queue.push(t),
            Hold::No => {
                if self.can_emit(t.extent() as usize) {
                    self.general(&t);
                    return;
                }
                // Not known yet: hold back the rest, the word that waits for suffixes first.
                let st = &mut *self.st;
                st.hold = Hold::Rest;
                st.set_live(0);
                if let Some(w) = st.word.take() {
                    st.queue.push(w);
                    st.queue.extend_from_slice(&st.more);
                    st.more.clear();
                }
                st.queue.push(t);
                self.rebusy();
            }
        }
    }

    /// Begins the game: `begin_game`, the tags, `begin_movetext`, then the other tokens held
    /// back.
    fn start(&mut self) {
        self.st.started = true;
        self.st.hold = Hold::No;
        self.st.set_live(self.fast.len());
        let mut queue = std::mem::take(&mut self.st.queue);
        let at = queue.first().map_or(Pos::START, |t| self.pos_of(t));
        self.visitor.begin_game(at);
        let src = self.src();
        for t in queue.iter().filter(|t| t.kind == Kind::Tag) {
            let fast = self.fast;
            if !t.flag && t.d as usize <= fast.len() {
                // ASCII, without escapes.
                let at = self.pos_fast(t.line, t.line_start as usize, t.start as usize);
                let name = fast.get(t.a as usize..t.b as usize).unwrap_or_default();
                let value = fast.get(t.c as usize..t.d as usize).unwrap_or_default();
                self.visitor.tag(name, value, at);
                continue;
            }
            let at = self.pos_of(t);
            let [s0, s1, s2] = &mut self.st.scratch;
            let name = src.text(t.a, t.b, s0);
            let value = unescaped(src, t, s1, s2);
            self.visitor.tag(name, value, at);
        }
        if self.visitor.begin_movetext() != Flow::Continue {
            self.st.skip_game = true;
            self.st.set_busy(true);
        }
        for t in queue.iter().filter(|t| t.kind != Kind::Tag) {
            self.general(t);
        }
        queue.clear();
        self.st.queue = queue;
    }

    /// Ends a game read without error: hands over what was held back, then `end_game`.
    pub fn finish(&mut self, end: usize) -> V::Output {
        if self.st.hold != Hold::No {
            self.decide(end);
            if !self.st.started {
                self.start();
            } else {
                self.st.hold = Hold::No;
                let mut queue = std::mem::take(&mut self.st.queue);
                for t in &queue {
                    self.general(t);
                }
                queue.clear();
                self.st.queue = queue;
            }
        }
        if let Some(w) = self.st.word {
            self.flush_word(w);
        }
        self.visitor.end_game()
    }

    /// Notes the length of the game just read, to size the text checked at once for the next.
    pub fn end(&mut self, len: usize) {
        self.st.hint = len.saturating_add(len / 4).saturating_add(64);
    }

    fn rebusy(&mut self) {
        let st = &mut *self.st;
        let busy = st.word.is_some() || st.skip_game || st.skip_to.is_some();
        st.set_busy(busy);
    }

    /// Hands over one token through the whole state machine: joins words, skips.
    fn general(&mut self, t: &Token) {
        if let Some(w) = self.st.word {
            if t.kind == Kind::WordCont {
                self.st.more.push(*t);
                return;
            }
            self.flush_word(w);
        }
        if self.st.skip_game {
            return;
        }
        if let Some((to, close)) = self.st.skip_to {
            self.skip(t, to, close);
            return;
        }
        self.emit_now(t);
    }

    /// Hands over one token when no word waits and nothing is skipped.
    #[inline(always)]
    fn emit_now(&mut self, t: &Token) {
        let src = self.src();
        match t.kind {
            Kind::Word | Kind::WordCont => {
                self.st.word = Some(*t);
                self.st.set_busy(true);
            }
            Kind::Tag => {}
            Kind::Nag => {
                let at = self.pos_of(t);
                self.visitor.nag(Nag(t.c as u16), at);
            }
            Kind::Number => {
                let at = self.pos_of(t);
                let number = (t.c != u32::MAX).then_some(t.c);
                self.visitor.move_number(number, t.d, at);
            }
            Kind::Comment => {
                let at = self.pos_of(t);
                let text = src.text(t.a, t.b, &mut self.st.scratch[0]);
                self.visitor.comment(text, CommentKind::Brace, at);
            }
            Kind::LineComment => {
                let at = self.pos_of(t);
                let text = src.text(t.a, t.b, &mut self.st.scratch[0]);
                self.visitor.comment(text, CommentKind::Line, at);
            }
            Kind::Escape => {
                let at = self.pos_of(t);
                let text = src.text(t.a, t.b, &mut self.st.scratch[0]);
                self.visitor.escape(text, at);
            }
            Kind::Open => {
                self.st.depth += 1;
                let at = self.pos_of(t);
                match self.visitor.begin_variation(at) {
                    Flow::Continue => {}
                    Flow::SkipVariation => {
                        self.st.skip_to = Some((self.st.depth - 1, false));
                        self.st.set_busy(true);
                    }
                    Flow::SkipGame => {
                        self.st.skip_game = true;
                        self.st.set_busy(true);
                    }
                }
            }
            Kind::Close => {
                self.st.depth = self.st.depth.saturating_sub(1);
                let at = self.pos_of(t);
                self.visitor.end_variation(at);
            }
            Kind::Setup => {
                let at = self.pos_of(t);
                let [s0, s1, s2] = &mut self.st.scratch;
                let name = src.text(t.a, t.b, s0);
                let value = unescaped(src, t, s1, s2);
                self.visitor.setup(name, value, at);
            }
            Kind::Result => {
                let at = self.pos_of(t);
                let out = &mut self.st.scratch[0];
                let text = if t.flag {
                    plain_result(&src.s[t.a as usize..t.b as usize], out)
                } else {
                    src.text(t.a, t.b, out)
                };
                self.visitor.result(text, at);
            }
            Kind::Lenient => {
                let at = self.pos_of(t);
                let text = src.text(t.a, t.b, &mut self.st.scratch[0]);
                self.visitor.lenient(Leniency::of_code(t.c), text, at);
            }
        }
    }

    /// Hands over the move word `w`, with the pieces that joined it if `joined`.
    #[inline(always)]
    fn move_word(&mut self, w: Token, joined: bool) {
        let at = self.pos_of(&w);
        let src = self.src();
        let st = &mut *self.st;
        let text = if !joined || st.more.is_empty() {
            src.text(w.a, w.b, &mut st.scratch[0])
        } else {
            let out = &mut st.scratch[0];
            out.clear();
            src.push_text(w.a, w.b, out);
            for c in &st.more {
                if c.flag {
                    out.push(' ');
                }
                src.push_text(c.a, c.b, out);
            }
            out.as_str()
        };
        match self.visitor.move_word(text, at) {
            Flow::Continue => {}
            flow => self.skip_after_word(flow),
        }
    }

    #[cold]
    fn skip_after_word(&mut self, flow: Flow) {
        let st = &mut *self.st;
        match flow {
            Flow::SkipVariation if st.depth > 0 => st.skip_to = Some((st.depth - 1, true)),
            _ => st.skip_game = true,
        }
        st.set_busy(true);
    }

    /// Hands over the move word that waited for suffixes.
    #[inline(never)]
    fn flush_word(&mut self, w: Token) {
        self.st.word = None;
        self.move_word(w, true);
        self.st.more.clear();
        self.rebusy();
    }

    /// A token in a variation being skipped.
    fn skip(&mut self, t: &Token, to: u32, close: bool) {
        match t.kind {
            Kind::Open => self.st.depth += 1,
            Kind::Close => {
                self.st.depth = self.st.depth.saturating_sub(1);
                if self.st.depth == to {
                    self.st.skip_to = None;
                    self.rebusy();
                    if close {
                        let at = self.pos_of(t);
                        self.visitor.end_variation(at);
                    }
                }
            }
            _ => {}
        }
    }
}
