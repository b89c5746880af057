//! Whole-line comments blanked out of the scripts and style sheets the site sends: the
//! sources keep their documentation, browsers get the code (and the same line numbers, so an
//! error a browser reports points at the source's line). Used by build.rs; tested with the
//! crate's unit tests.

/// The kind of text, for its comment syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// JavaScript: `// ...` lines and `/* ... */` blocks; lines inside a template literal
    /// (between backticks over several lines) are kept as they are.
    Script,
    /// CSS: `/* ... */` blocks.
    StyleSheet,
}

/// `text` with every line that is only a comment (a `//` line in a script, or a `/* */` block
/// whose first line starts with `/*` and whose last line ends with `*/`) left empty; every
/// other line as it was. A block that ends on a line with code after it is kept whole.
pub fn blank_comment_lines(text: &str, syntax: Syntax) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len());
    let mut in_template = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if in_template {
            in_template ^= odd_backticks(line);
            out.push_str(line);
            i += 1;
        } else if syntax == Syntax::Script && trimmed.starts_with("//") {
            out.push_str(ending(line));
            i += 1;
        } else if let Some(opened) = trimmed.strip_prefix("/*") {
            // The block's lines, up to the one that closes it.
            let mut end = i;
            let mut rest = opened;
            while !rest.contains("*/") && end + 1 < lines.len() {
                end += 1;
                rest = lines[end];
            }
            let closed = rest.contains("*/");
            let closing = rest.trim_end();
            let clean =
                closed && closing.ends_with("*/") && closing.find("*/") == Some(closing.len() - 2);
            for line in &lines[i..=end] {
                out.push_str(if clean { ending(line) } else { line });
            }
            i = end + 1;
        } else {
            if syntax == Syntax::Script {
                in_template ^= odd_backticks(line);
            }
            out.push_str(line);
            i += 1;
        }
    }
    out
}

/// The line's end (`"\n"`, or nothing for a last line without one).
fn ending(line: &str) -> &'static str {
    if line.ends_with('\n') { "\n" } else { "" }
}

/// Whether `line` has an odd number of backticks not escaped by a backslash: a template
/// literal opens or closes on it.
fn odd_backticks(line: &str) -> bool {
    let mut odd = false;
    let mut escaped = false;
    for c in line.chars() {
        match c {
            '\\' if !escaped => escaped = true,
            '`' if !escaped => odd = !odd,
            _ => escaped = false,
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_lines_are_blanked_and_code_kept_line_for_line() {
        let script = "// The module.\nimport { t } from './i18n.js';\n/**\n * A function.\n */\nfunction f(a) {\n  // why\n  const s = `one\n// inside a template\n/* also inside */\n`;\n  return a * 2 /* kept */;\n}\n/* a block */ const x = 1;\n/* a block\n  that ends */ const y = 2;\nconst url = 'http://x'; // kept: code first\n";
        let out = blank_comment_lines(script, Syntax::Script);
        assert_eq!(
            out,
            "\nimport { t } from './i18n.js';\n\n\n\nfunction f(a) {\n\n  const s = `one\n// inside a template\n/* also inside */\n`;\n  return a * 2 /* kept */;\n}\n/* a block */ const x = 1;\n/* a block\n  that ends */ const y = 2;\nconst url = 'http://x'; // kept: code first\n"
        );
        assert_eq!(out.lines().count(), script.lines().count());
        // An escaped backtick opens no template.
        let escaped = "const a = '\\`';\n// gone\n";
        assert_eq!(
            blank_comment_lines(escaped, Syntax::Script),
            "const a = '\\`';\n\n"
        );
        // Style sheets have no line comments.
        let css = "/* Colours. */\na { color: red; }\n// not a comment in CSS\n";
        assert_eq!(
            blank_comment_lines(css, Syntax::StyleSheet),
            "\na { color: red; }\n// not a comment in CSS\n"
        );
    }

    /// Every script and style sheet of the site: the same lines, each either kept as it was
    /// or blanked, and only comment lines blanked.
    #[test]
    fn the_sites_files_keep_their_code() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web/static");
        let mut saved = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let syntax = match path.extension().and_then(|e| e.to_str()) {
                Some("js") => Syntax::Script,
                Some("css") => Syntax::StyleSheet,
                _ => continue,
            };
            let text = std::fs::read_to_string(&path).unwrap();
            let out = blank_comment_lines(&text, syntax);
            let (before, after): (Vec<&str>, Vec<&str>) =
                (text.lines().collect(), out.lines().collect());
            assert_eq!(before.len(), after.len(), "{}", path.display());
            // Each line blanked is a `//` line (scripts) or in a block comment.
            let mut in_block = false;
            for (a, b) in before.iter().zip(&after) {
                let t = a.trim();
                let opens = t.starts_with("/*");
                let commented = in_block
                    || opens
                    || (syntax == Syntax::Script && t.starts_with("//"))
                    || t.is_empty();
                assert!(
                    a == b || (b.is_empty() && commented),
                    "{}: {a:?} became {b:?}",
                    path.display()
                );
                if opens {
                    in_block = !t[2..].contains("*/");
                } else if in_block {
                    in_block = !a.contains("*/");
                }
            }
            saved += text.len() - out.len();
        }
        assert!(saved > 10_000, "{saved} bytes of comments");
    }
}
