//! The `scoresheet` command line.
fn main() {}
