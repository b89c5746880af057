//! Opening inputs and outputs: files or standard streams, with a byte count for progress.

use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;

/// The bytes an input has handed out so far, shared with whoever shows progress (the input
/// may be read on another thread: `db import`).
#[derive(Clone, Debug, Default)]
pub struct ByteCount(Arc<AtomicU64>);

impl ByteCount {
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A reader that counts the bytes it has handed out.
pub struct Counting<R> {
    inner: R,
    count: ByteCount,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.0.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened input: its name for messages, its size if known, and a shared byte counter.
pub struct Input {
    pub name: String,
    pub size: Option<u64>,
    pub read: ByteCount,
    pub reader: Counting<Box<dyn Read + Send>>,
}

/// Opens `path`, or standard input for `-`.
pub fn open(path: &str) -> anyhow::Result<Input> {
    let (name, size, inner): (String, Option<u64>, Box<dyn Read + Send>) = if path == "-" {
        ("<stdin>".into(), None, Box::new(io::stdin()))
    } else {
        let file = File::open(path).with_context(|| format!("cannot open {path}"))?;
        let size = file.metadata().ok().map(|m| m.len());
        (path.to_string(), size, Box::new(file))
    };
    let read = ByteCount::default();
    Ok(Input {
        name,
        size,
        read: read.clone(),
        reader: Counting { inner, count: read },
    })
}
