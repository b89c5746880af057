//! Message catalogs and the choice of the page language.

use std::collections::HashMap;

use super::web_files;

/// The interface languages: English, Portuguese, Spanish, French.
pub const LANGUAGES: [(&str, &str); 4] = [
    ("en", "English"),
    ("pt", "Português"),
    ("es", "Español"),
    ("fr", "Français"),
];

/// The four catalogs, read once at start.
#[derive(Debug)]
pub struct Catalogs {
    by_lang: HashMap<&'static str, Catalog>,
}

/// The namespaces of keys (`home.`, ...) that the scripts of some pages alone ask for, each
/// with those pages' templates: a page's embedded catalog keeps its own and leaves out the
/// others', so that every page does not carry every page's texts (the analysis board has
/// little room: see the browser test of its weight).
pub const PAGE_KEYS: [(&str, &[&str]); 6] = [
    ("home", &["home"]),
    ("practice", &["practice"]),
    ("editor", &["editor"]),
    ("database", &["database"]),
    // The game page's texts; the home page's lists name the players as it does.
    ("game", &["game", "home"]),
    // The computer analysis of a game (computer-analysis.js), where it is offered.
    ("computer", &["game", "analysis"]),
];

/// The namespaces of keys that no page embeds: a script asks for them when it needs them
/// (`GET /api/texts/{namespace}`). `prefs.`: the settings panel's, which every page offers
/// but few visitors open, loaded with its script at the first press of the gear.
pub const LOADED_KEYS: [&str; 1] = ["prefs"];

/// One language's messages, and its JSON text for scripts.
#[derive(Debug)]
pub struct Catalog {
    pub messages: HashMap<String, String>,
    pub json: &'static str,
    /// The JSON a page embeds, by template (see [`PAGE_KEYS`]); `""` for every other page.
    for_pages: HashMap<&'static str, String>,
    /// The JSON of each namespace of [`LOADED_KEYS`].
    loaded: HashMap<&'static str, String>,
}

/// Whether a page of `template` (`""`: a page named in no [`PAGE_KEYS`]) embeds `key`.
fn embeds(template: &str, key: &str) -> bool {
    let namespace = key.split('.').next().unwrap_or("");
    PAGE_KEYS
        .iter()
        .find(|(n, _)| *n == namespace)
        .is_none_or(|(_, pages)| pages.contains(&template))
}

impl Catalog {
    fn new(messages: HashMap<String, String>, json: &'static str) -> Catalog {
        let mut for_pages = HashMap::new();
        let pages = PAGE_KEYS
            .iter()
            .flat_map(|(_, pages)| pages.iter().copied());
        for page in pages.chain([""]) {
            let kept: std::collections::BTreeMap<&String, &String> = messages
                .iter()
                .filter(|(key, _)| embeds(page, key) && !LOADED_KEYS.contains(&namespace_of(key)))
                .collect();
            for_pages.insert(page, serde_json::to_string(&kept).unwrap_or_default());
        }
        let mut loaded = HashMap::new();
        for namespace in LOADED_KEYS {
            let kept: std::collections::BTreeMap<&String, &String> = messages
                .iter()
                .filter(|(key, _)| namespace_of(key) == namespace)
                .collect();
            loaded.insert(namespace, serde_json::to_string(&kept).unwrap_or_default());
        }
        Catalog {
            messages,
            json,
            for_pages,
            loaded,
        }
    }

    /// The JSON of the texts of `namespace`, one of [`LOADED_KEYS`].
    pub fn loaded_json(&self, namespace: &str) -> Option<&str> {
        self.loaded.get(namespace).map(String::as_str)
    }

    /// The catalog as JSON for the page of `template`: without the other pages' own keys.
    pub fn json_for(&self, template: &str) -> &str {
        self.for_pages
            .get(template)
            .or_else(|| self.for_pages.get(""))
            .map_or(self.json, String::as_str)
    }
}

/// The namespace of a key: `prefs` for `prefs.volume`.
fn namespace_of(key: &str) -> &str {
    key.split('.').next().unwrap_or("")
}

impl Catalogs {
    /// Reads `web/i18n/<lang>.json` for every language. A missing or broken catalog is an
    /// error at start, not a broken page later.
    pub fn load() -> anyhow::Result<Catalogs> {
        let mut by_lang = HashMap::new();
        for (code, _) in LANGUAGES {
            let path = format!("i18n/{code}.json");
            let json =
                web_files::text(&path).ok_or_else(|| anyhow::anyhow!("web/{path} is missing"))?;
            let messages: HashMap<String, String> =
                serde_json::from_str(json).map_err(|e| anyhow::anyhow!("web/{path}: {e}"))?;
            by_lang.insert(code, Catalog::new(messages, json));
        }
        Ok(Catalogs { by_lang })
    }

    /// The catalog of `lang` (English for an unknown code).
    pub fn catalog(&self, lang: &str) -> &Catalog {
        self.by_lang
            .get(lang)
            .or_else(|| self.by_lang.get("en"))
            .expect("English catalog")
    }

    /// The text of `key` in `lang`, else in English, else the key itself.
    pub fn text<'a>(&'a self, lang: &str, key: &'a str) -> &'a str {
        self.catalog(lang)
            .messages
            .get(key)
            .or_else(|| self.catalog("en").messages.get(key))
            .map_or(key, String::as_str)
    }
}

/// A supported language code, if `code` is one (case-insensitive, `pt-BR` counts as `pt`).
pub fn supported(code: &str) -> Option<&'static str> {
    let primary = code
        .trim()
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    LANGUAGES.iter().map(|(c, _)| *c).find(|c| *c == primary)
}

/// The best supported language of an `Accept-Language` header.
///
/// ```
/// use site::server::i18n::from_accept_language;
/// assert_eq!(from_accept_language("de-DE,fr;q=0.8,pt-BR;q=0.9"), Some("pt"));
/// assert_eq!(from_accept_language("de"), None);
/// ```
pub fn from_accept_language(header: &str) -> Option<&'static str> {
    let mut best: Option<(f32, &'static str)> = None;
    for part in header.split(',') {
        let mut fields = part.split(';');
        let tag = fields.next().unwrap_or("");
        let q = fields
            .find_map(|f| f.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if let Some(code) = supported(tag)
            && q > 0.0
            && best.is_none_or(|(bq, _)| q > bq)
        {
            best = Some((q, code));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys a page's scripts need are in its catalog, and other pages' own keys are not.
    #[test]
    fn each_page_embeds_its_own_keys_and_the_shared_ones() {
        let catalogs = Catalogs::load().unwrap();
        let en = catalogs.catalog("en");
        let keys = |template: &str| -> HashMap<String, String> {
            serde_json::from_str(en.json_for(template)).unwrap()
        };
        let analysis = keys("analysis");
        assert!(analysis.contains_key("computer.request"));
        assert!(analysis.contains_key("analysis.moves") && analysis.contains_key("side.white"));
        assert!(
            !analysis
                .keys()
                .any(|k| k.starts_with("game.") || k.starts_with("home."))
        );
        let game = keys("game");
        assert!(game.contains_key("computer.request") && game.contains_key("game.resign"));
        assert!(!game.contains_key("home.title"));
        let home = keys("home");
        assert!(home.contains_key("game.anonymous") && home.contains_key("home.title"));
        assert!(!home.contains_key("computer.request"));
        let other = keys("help-notation");
        assert!(!other.keys().any(|k| {
            ["game.", "computer.", "editor."]
                .iter()
                .any(|n| k.starts_with(n))
        }));
        assert!(other.contains_key("nav.analysis"));
    }
}
