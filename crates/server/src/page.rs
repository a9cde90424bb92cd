//! The pages a browser gets: the lobby (the tables, my games, a new table) and one table's
//! page (the board drawn by the server as SVG, the seats, the moves, and moves entered by
//! clicks). Plain HTML, CSS and script in the files of `crates/server/page/`, put together
//! here; nothing to build.

const STYLE: &str = include_str!("../page/style.css");
const LOBBY: &str = include_str!("../page/lobby.html");
const LOBBY_SCRIPT: &str = include_str!("../page/lobby.js");
const TABLE: &str = include_str!("../page/table.html");
const TABLE_SCRIPT: &str = include_str!("../page/table.js");
const CLOSED: &str = include_str!("../page/closed.html");
const NOT_FOUND: &str = include_str!("../page/not_found.html");

/// A value written into a script as JSON (a string in it must not close the script).
fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .expect("page data serialises")
        .replace("</", "<\\/")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn styled(page: &str) -> String {
    page.replacen("/* style */", STYLE, 1)
}

/// The lobby: the tables a page at a time, the games this browser holds seats at, and a
/// form that makes a table.
pub fn lobby() -> String {
    styled(LOBBY).replacen("/* script */", LOBBY_SCRIPT, 1)
}

/// A table's page; `colours` gives each player's colour on the board.
pub fn table(id: &str, title: &str, colours: &[(String, String)]) -> String {
    let colours: std::collections::BTreeMap<&str, &str> = colours
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    // The script goes in last, so that nothing in it is taken for a placeholder.
    styled(
        &TABLE
            .replace("{TITLE}", &escape(title))
            .replace("{ID_JSON}", &script_json(&id))
            .replace("{COLOURS_JSON}", &script_json(&colours))
            .replace("{ID}", &escape(id)),
    )
    .replacen("/* script */", TABLE_SCRIPT, 1)
}

/// The page of a table that was closed: its game stays, to download.
pub fn closed(id: &str, title: &str) -> String {
    styled(
        &CLOSED
            .replace("{TITLE}", &escape(title))
            .replace("{ID}", &escape(id)),
    )
}

/// The page for an address that names no table.
pub fn not_found(id: &str) -> String {
    styled(&NOT_FOUND.replace("{ID}", &escape(id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_pages_are_escaped() {
        let page = table("t1", "<b>", &[("Black".into(), "#222".into())]);
        assert!(page.contains(r##"const colours = {"Black":"#222"};"##));
        assert!(page.contains("&lt;b&gt; at table t1"));
        assert!(!page.contains("/* style */") && !page.contains("/* script */"));
        assert!(page.contains("function click("));
        assert!(not_found("<script>").contains("No table &lt;script&gt;"));
        assert!(closed("t<1>", "Camelot").contains("Table t&lt;1&gt; is closed"));
        assert!(lobby().contains("--accent") && !lobby().contains("/* script */"));
    }

    #[test]
    fn pages_are_small() {
        // A table's page is one request besides its board: well under 100 KB.
        let page = table("t1", "Camelot", &[("White".into(), "#eee".into())]);
        assert!(page.len() < 40_000, "{} bytes", page.len());
        assert!(lobby().len() < 60_000, "{} bytes", lobby().len());
    }
}
