//! Opening inputs and outputs: files or standard streams, with a byte count for progress.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, Read};
use std::rc::Rc;

use anyhow::Context;

/// A reader that counts the bytes it has handed out.
pub struct Counting<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// An opened input: its name for messages, its size if known, and a shared byte counter.
pub struct Input {
    pub name: String,
    pub size: Option<u64>,
    pub read: Rc<Cell<u64>>,
    pub reader: Counting<Box<dyn Read>>,
}

/// Opens `path`, or standard input for `-`.
pub fn open(path: &str) -> anyhow::Result<Input> {
    let (name, size, inner): (String, Option<u64>, Box<dyn Read>) = if path == "-" {
        ("<stdin>".into(), None, Box::new(io::stdin().lock()))
    } else {
        let file = File::open(path).with_context(|| format!("cannot open {path}"))?;
        let size = file.metadata().ok().map(|m| m.len());
        (path.to_string(), size, Box::new(file))
    };
    let read = Rc::new(Cell::new(0));
    Ok(Input {
        name,
        size,
        read: read.clone(),
        reader: Counting { inner, count: read },
    })
}
