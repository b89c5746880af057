//! Embeds the web pages' files (crates/scoresheet/web) into the binary, so that `serve` needs
//! nothing beside it: writes a table of every file with its bytes to OUT_DIR/web_files.rs, and
//! a version of the files under static/ (a hash of their names and bytes) for their URLs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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
    // The directory of this build, read when the script runs: the one it was compiled in
    // (`env!`) is another when a target directory is shared or copied between work trees.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("web");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
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
        if name.starts_with("static/") {
            version.add(name.as_bytes());
            version.add(&std::fs::read(root.join(rel)).expect("read a web file"));
        }
        let _ = writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            root.join(rel).display().to_string()
        );
    }
    code.push_str("];\n");
    let _ = writeln!(
        code,
        "/// The version of the files under static/: changes whenever any of them does.\npub const STATIC_VERSION: &str = \"{:016x}\";",
        version.0
    );
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("web_files.rs");
    std::fs::write(out, code).expect("write web_files.rs");
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
