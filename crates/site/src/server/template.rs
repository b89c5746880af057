//! Filling page templates: `{{t:key}}`, `{{v:name}}`, `{{raw:name}}`, `{{json:name}}`.

use std::collections::HashMap;

use games::render::escape_html;

/// What a template's placeholders are filled with.
#[derive(Default)]
pub struct Values {
    pub text: HashMap<&'static str, String>,
    pub raw: HashMap<&'static str, String>,
    pub json: HashMap<&'static str, String>,
}

impl Values {
    /// Adds `{{v:name}}`: text, escaped when filled in.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Values {
        self.text.insert(name, value.into());
        self
    }

    /// Adds `{{raw:name}}`: HTML, already safe, filled in as it is.
    pub fn raw(mut self, name: &'static str, html: impl Into<String>) -> Values {
        self.raw.insert(name, html.into());
        self
    }

    /// Adds `{{json:name}}`: a value as JSON, safe inside a `<script>` element.
    pub fn json(mut self, name: &'static str, value: &impl serde::Serialize) -> Values {
        self.json.insert(name, script_safe_json(value));
        self
    }
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` are written as `\u` escapes
/// so that no `</script>` or comment opener can appear.
pub fn script_safe_json(value: &impl serde::Serialize) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `template` with each `{{part:NAME}}` replaced by the text `part` gives for NAME (a piece
/// of markup that several templates share; empty when there is none). Parts are put in once:
/// a part's own `{{part:...}}` stays as it is.
pub fn with_parts<'a>(
    template: &'a str,
    part: impl Fn(&str) -> Option<&'a str>,
) -> std::borrow::Cow<'a, str> {
    if !template.contains("{{part:") {
        return std::borrow::Cow::Borrowed(template);
    }
    let mut out = String::with_capacity(template.len() + 2048);
    let mut rest = template;
    while let Some(start) = rest.find("{{part:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 7..];
        let Some(end) = after.find("}}") else {
            break;
        };
        out.push_str(part(after[..end].trim()).unwrap_or("").trim_end());
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Fills `template`. `translate` gives the catalog text of a key.
pub fn render(template: &str, values: &Values, translate: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = after[..end].trim();
        match inner.split_once(':') {
            Some(("t", key)) => out.push_str(&escape_html(&translate(key.trim()))),
            Some(("v", name)) => out.push_str(&escape_html(
                values.text.get(name.trim()).map_or("", String::as_str),
            )),
            Some(("raw", name)) => {
                out.push_str(values.raw.get(name.trim()).map_or("", String::as_str))
            }
            Some(("json", name)) => {
                out.push_str(values.json.get(name.trim()).map_or("null", String::as_str))
            }
            _ => {
                out.push_str("{{");
                out.push_str(&after[..end]);
                out.push_str("}}");
            }
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_put_in_once() {
        let part = |name: &str| match name {
            "a" => Some("<b>{{t:x}}</b>\n"),
            "loop" => Some("{{part:loop}}"),
            _ => None,
        };
        assert_eq!(
            with_parts("1 {{part:a}} 2 {{part:a}}", part),
            "1 <b>{{t:x}}</b> 2 <b>{{t:x}}</b>"
        );
        assert_eq!(
            with_parts("{{part:loop}}", part),
            "{{part:loop}}",
            "not again"
        );
        assert_eq!(with_parts("[{{part:none}}]", part), "[]");
        assert!(matches!(
            with_parts("no parts", part),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn placeholders() {
        let v = Values::default()
            .text("name", "<b>")
            .raw("html", "<i>x</i>")
            .json("data", &serde_json::json!({"a": "</script>"}));
        let out = render(
            "{{t:k}}|{{v:name}}|{{raw:html}}|{{json:data}}|{{other}}",
            &v,
            |k| format!("T({k})&"),
        );
        assert_eq!(
            out,
            "T(k)&amp;|&lt;b&gt;|<i>x</i>|{\"a\":\"\\u003c/script\\u003e\"}|{{other}}"
        );
    }
}
