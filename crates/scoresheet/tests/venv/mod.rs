//! The workspace and the Python of the venv that scripts/columnar-tools makes (python-chess,
//! Polars, DuckDB), for the tests that compare with Python programs.

use std::path::{Path, PathBuf};

/// The workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The venv's Python; the test fails with what to run when it is missing.
pub fn python() -> PathBuf {
    let python = workspace().join("target/columnar-venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run scripts/columnar-tools (scripts/test does)",
        python.display()
    );
    python
}
