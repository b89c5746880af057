//! The rules as the pages show them, made from [`Rules::all`]: the new-game page's choices
//! and the analysis board's select, grouped by board (8×8, 10×10, 12×12, then chess), and
//! the facts the scripts need of each (who moves first, how results are written).

use crate::models::Side;
use games::Rules;
use games::render::escape_html;

/// The board a rules choice is played on, for grouping: its side, chess last.
fn board(rules: &Rules) -> u8 {
    match rules {
        Rules::Draughts(v) => v.size.side(),
        Rules::Chess => u8::MAX,
    }
}

/// The rules in groups by board: each group's heading (catalog text) and its rules, in
/// [`Rules::all`]'s order within a group.
fn groups(translate: &impl Fn(&str) -> String) -> Vec<(String, Vec<Rules>)> {
    let mut all: Vec<Rules> = Rules::all().collect();
    // A stable sort keeps Rules::all's order within a board.
    all.sort_by_key(board);
    all.chunk_by(|a, b| board(a) == board(b))
        .map(|list| {
            let heading = match board(&list[0]) {
                u8::MAX => translate("rules.chess"),
                side => translate("new.board").replace("{n}", &side.to_string()),
            };
            (heading, list.to_vec())
        })
        .collect()
}

/// The new-game page's radio choices (`name="rules"`), the first one checked: a name and a
/// line on what sets the variant apart, under a heading per board.
pub fn choices(translate: impl Fn(&str) -> String) -> String {
    let mut html = String::new();
    let mut first = true;
    for (heading, list) in groups(&translate) {
        html.push_str(&format!(
            r#"<p class="choices-heading">{}</p><div class="choices rules-choices">"#,
            escape_html(&heading)
        ));
        for rules in list {
            let name = rules.name();
            html.push_str(&format!(
                r#"<label class="choice"><input type="radio" name="rules" value="{name}"{}><span><strong>{}</strong><small>{}</small></span></label>"#,
                if first { " checked" } else { "" },
                escape_html(&translate(&format!("rules.{name}"))),
                escape_html(&translate(&format!("new.{name}-text"))),
            ));
            first = false;
        }
        html.push_str("</div>");
    }
    html
}

/// The analysis board's `<option>`s, in an `<optgroup>` per board.
pub fn options(translate: impl Fn(&str) -> String) -> String {
    let mut html = String::new();
    for (heading, list) in groups(&translate) {
        html.push_str(&format!(r#"<optgroup label="{}">"#, escape_html(&heading)));
        for rules in list {
            let name = rules.name();
            html.push_str(&format!(
                r#"<option value="{name}">{}</option>"#,
                escape_html(&translate(&format!("rules.{name}")))
            ));
        }
        html.push_str("</optgroup>");
    }
    html
}

/// What the scripts need to know of one rules choice.
#[derive(Debug, serde::Serialize)]
pub struct Facts {
    /// The side that moves first: `white` or `black`.
    pub first: &'static str,
    /// The result when the side that moves first wins (`1-0`, `2-0`).
    pub first_wins: &'static str,
    /// The result when the other side wins.
    pub second_wins: &'static str,
    /// A draw.
    pub draw: &'static str,
}

/// The facts of every rules choice, by name, for the pages' `rules-data`.
pub fn facts() -> std::collections::BTreeMap<&'static str, Facts> {
    Rules::all()
        .map(|rules| {
            let facts = match rules {
                Rules::Draughts(v) => Facts {
                    first: v.first.name(),
                    first_wins: v.results.first_wins,
                    second_wins: v.results.second_wins,
                    draw: v.results.draw,
                },
                Rules::Chess => Facts {
                    first: Side::White.as_str(),
                    first_wins: "1-0",
                    second_wins: "0-1",
                    draw: "1/2-1/2",
                },
            };
            (rules.name(), facts)
        })
        .collect()
}

/// [`facts`] as JSON that can sit in a `<script>`, made once: every page carries it.
pub fn facts_json() -> &'static str {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| super::template::script_safe_json(&facts()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> String {
        format!("<{k}>")
    }

    #[test]
    fn every_rules_choice_is_offered_once_grouped_by_board() {
        let html = choices(key);
        for rules in Rules::all() {
            let value = format!(r#"value="{}""#, rules.name());
            assert_eq!(html.matches(&value).count(), 1, "{value} in {html}");
        }
        assert_eq!(html.matches(" checked").count(), 1);
        assert_eq!(html.matches(r#"class="choices-heading""#).count(), 4);
        // 8×8 first (American checked), then 10×10, 12×12 and chess.
        let at = |s: &str| html.find(s).unwrap();
        assert!(at(r#"value="american" checked"#) < at(r#"value="international""#));
        assert!(at(r#"value="czech""#) < at(r#"value="frisian""#));
        assert!(at(r#"value="killer""#) < at(r#"value="canadian""#));
        assert!(at(r#"value="canadian""#) < at(r#"value="chess""#));
        let options = options(key);
        assert_eq!(options.matches("<option ").count(), Rules::all().count());
        assert_eq!(options.matches("<optgroup ").count(), 4);
    }

    #[test]
    fn every_language_names_and_describes_every_rules_choice() {
        let catalogs = crate::server::i18n::Catalogs::load().unwrap();
        for (lang, _) in crate::server::i18n::LANGUAGES {
            let messages = &catalogs.catalog(lang).messages;
            let mut keys = vec!["new.board".to_string()];
            for rules in Rules::all() {
                keys.push(format!("rules.{}", rules.name()));
                keys.push(format!("new.{}-text", rules.name()));
            }
            for key in keys {
                assert!(messages.contains_key(&key), "{lang}: {key} missing");
            }
        }
    }

    #[test]
    fn facts_say_who_moves_first_and_how_results_read() {
        let facts = facts();
        assert_eq!(facts.len(), Rules::all().count());
        assert_eq!(facts["american"].first, "black");
        assert_eq!(facts["pool"].first, "black");
        assert_eq!(facts["italian"].first, "white");
        assert_eq!(facts["international"].first_wins, "2-0");
        assert_eq!(facts["canadian"].draw, "1-1");
        assert_eq!(facts["chess"].second_wins, "0-1");
    }
}
