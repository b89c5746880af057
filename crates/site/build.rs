//! Embeds the web pages' files (crates/site/web) into the binary, so that `serve` needs
//! nothing beside it: writes a table of every file with its bytes to OUT_DIR/web_files.rs, a
//! table of the static files that compress, gzipped once here (sent to browsers that accept
//! gzip), and a version of the files under static/ (a hash of their names and bytes) for
//! their URLs. The static scripts and style sheets are sent without their comment lines
//! (build/comments.rs).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "build/comments.rs"]
mod comments;

fn collect(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            out.push(path.strip_prefix(root).expect("inside web/").to_path_buf());
        }
    }
}

fn main() {
    // Read when the script runs, not when it was compiled: a script compiled for a checkout
    // elsewhere (two worktrees sharing a target directory) must not embed that checkout's
    // files, or none when it is gone.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("web");
    println!("cargo:rerun-if-changed={}", root.display());
    println!("cargo:rerun-if-changed=build/comments.rs");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let gzip_dir = out_dir.join("gzip");
    std::fs::create_dir_all(&gzip_dir).expect("make OUT_DIR/gzip");
    let plain_dir = out_dir.join("plain");
    std::fs::create_dir_all(&plain_dir).expect("make OUT_DIR/plain");
    let mut gzipped = String::from(
        "/// The static files that compress, gzipped (RFC 1952), by path relative to web/.\npub static GZIP_FILES: &[(&str, &[u8])] = &[\n",
    );
    let mut version = Fnv::default();
    let mut code = String::from(
        "/// Every file under web/, by path relative to it (with `/` separators).\npub static WEB_FILES: &[(&str, &[u8])] = &[\n",
    );
    for rel in &files {
        let name = rel.to_string_lossy().replace('\\', "/");
        // Skip what is not part of the site: notes for developers, editor files.
        if name.ends_with(".md") || name.starts_with('.') || name.contains("/.") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", root.join(rel).display());
        let mut source = root.join(rel);
        if name.starts_with("static/") {
            let mut bytes = std::fs::read(&source).expect("read a web file");
            // Scripts and style sheets go out without their comment lines.
            let syntax = match name.rsplit('.').next() {
                Some("js") => Some(comments::Syntax::Script),
                Some("css") => Some(comments::Syntax::StyleSheet),
                _ => None,
            };
            if let (Some(syntax), Ok(text)) = (syntax, std::str::from_utf8(&bytes)) {
                bytes = comments::blank_comment_lines(text, syntax).into_bytes();
                source = plain_dir.join(name.replace('/', "__"));
                std::fs::write(&source, &bytes).expect("write a script without comments");
            }
            version.add(name.as_bytes());
            version.add(&bytes);
            if compresses(&name) {
                let gz = gzip(&bytes);
                if gz.len() < bytes.len() {
                    let path = gzip_dir.join(format!("{}.gz", name.replace('/', "__")));
                    std::fs::write(&path, gz).expect("write a gzipped file");
                    let _ = writeln!(
                        gzipped,
                        "    ({name:?}, include_bytes!({:?})),",
                        path.display().to_string()
                    );
                }
            }
        }
        let _ = writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            source.display().to_string()
        );
    }
    code.push_str("];\n");
    gzipped.push_str("];\n");
    code.push_str(&gzipped);
    let _ = writeln!(
        code,
        "/// The version of the files under static/: changes whenever any of them does.\npub const STATIC_VERSION: &str = \"{:016x}\";",
        version.0
    );
    std::fs::write(out_dir.join("web_files.rs"), code).expect("write web_files.rs");
}

/// Whether a file is text worth compressing (images such as PNG are compressed already).
fn compresses(name: &str) -> bool {
    matches!(
        name.rsplit('.').next(),
        Some("js" | "mjs" | "css" | "svg" | "json" | "html" | "txt")
    )
}

/// `bytes` as a gzip member (RFC 1952): a header, the DEFLATE data at the best compression,
/// the CRC-32 and the length.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    // Magic, DEFLATE, no flags, no time, best compression, unknown system.
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255];
    out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(bytes, 10));
    out.extend_from_slice(&crc32(bytes).to_le_bytes());
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out
}

/// CRC-32 (IEEE 802.3, the one gzip uses), bit by bit: the files are small.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// FNV-1a, 64 bits: enough to tell versions of the static files apart (not a secret).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds `bytes`, then their length, so that moving bytes between two parts changes it.
    fn add(&mut self, bytes: &[u8]) {
        for b in bytes
            .iter()
            .copied()
            .chain((bytes.len() as u64).to_le_bytes())
        {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
