//! The audience's pages: the list of tables, and one table's board (drawn by the server as
//! SVG), move list, seats, turn and result, kept live over the table's WebSocket. Plain
//! HTML, CSS and a little script; nothing to build.

const STYLE: &str = r#"
:root { color-scheme: light; --ink: #2b2118; --paper: #f4ecdc; --line: #cbb994; --accent: #8a3b12; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 Georgia, "Times New Roman", serif; color: var(--ink); background: var(--paper); }
header { padding: 12px 20px; background: #3b2a1c; color: #f4ecdc; display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
header a { color: #f4ecdc; text-decoration: none; font-size: 22px; font-weight: bold; letter-spacing: .04em; }
header span { opacity: .8; }
main { padding: 16px 20px; max-width: 1200px; margin: 0 auto; }
table.list { border-collapse: collapse; width: 100%; }
table.list th, table.list td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--line); }
table.list a { color: var(--accent); font-weight: bold; }
.layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(220px, 1fr); gap: 20px; align-items: start; }
@media (max-width: 760px) { .layout { grid-template-columns: 1fr; } }
#board svg { width: 100%; height: auto; display: block; max-height: 80vh; }
#status { font-size: 20px; margin: 0 0 10px; min-height: 1.5em; }
#status.over { color: var(--accent); font-weight: bold; }
.panel { background: #fbf6ec; border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; margin-bottom: 14px; }
.panel h2 { font-size: 15px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .08em; color: #6b5a44; }
#moves { margin: 0; padding-left: 2.4em; max-height: 50vh; overflow-y: auto; font-family: "DejaVu Sans Mono", monospace; font-size: 14px; }
#moves li.new { background: #f1d9a8; }
.seat { display: flex; gap: 8px; align-items: center; }
.dot { width: 12px; height: 12px; border-radius: 50%; border: 1px solid #0006; display: inline-block; }
.turn { font-weight: bold; }
#connection { font-size: 13px; color: #d8c8a8; }
#connection.lost { color: #b00020; font-weight: bold; }
"#;

/// The list of tables.
pub const LOBBY: &str = concat!(
    r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tabula: tables</title><style>"#,
    "\n/* style */\n",
    r#"</style></head>
<body><header><a href="/">Tabula</a><span>Five forgotten patented board games, played at this server's tables</span></header>
<main><h1>Tables</h1><p id="empty">No tables yet.</p>
<table class="list" id="tables" hidden><thead><tr><th>Table</th><th>Game</th><th>Seats</th><th>Moves</th><th>Now</th></tr></thead><tbody></tbody></table>
</main>
<script>
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
async function refresh() {
  try {
    const tables = await (await fetch('/api/tables', {cache: 'no-store'})).json();
    document.getElementById('empty').hidden = tables.length > 0;
    document.getElementById('tables').hidden = tables.length === 0;
    document.querySelector('#tables tbody').innerHTML = tables.map(t => `<tr>
      <td><a href="/${encodeURIComponent(t.id)}">${esc(t.id)}</a></td><td>${esc(t.title)}</td>
      <td>${t.seats.map(s => esc(s.player) + ': ' + esc(s.name || s.state)).join(', ')}</td>
      <td>${t.ply}</td><td>${t.result ? esc(t.result) : esc(t.to_move) + ' to ' + esc(t.awaiting === 'chance' ? 'throw' : 'move')}</td></tr>`).join('');
  } catch (e) {}
}
refresh(); setInterval(refresh, 2000);
</script></body></html>
"#
);

const TABLE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tabula: {TITLE} at table {ID}</title><style>/* style */</style></head>
<body><header><a href="/">Tabula</a><span>{TITLE} at table {ID}</span><span id="connection">connecting...</span></header>
<main class="layout">
<section><p id="status"></p><div id="board" aria-label="the board"></div></section>
<aside>
<div class="panel"><h2>Seats</h2><div id="seats"></div></div>
<div class="panel"><h2>Moves</h2><ol id="moves"></ol></div>
<div class="panel"><a id="download" href="/{ID}/scene.ron">Download the game as a scene file</a></div>
</aside></main>
<script>
const TABLE = {ID_JSON};
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
const colours = {COLOURS_JSON};
let last = 0, moves = [], info = null, boardAt = -1, socket = null;
function colour(player) { return colours[player] || '#888'; }
function show() {
  if (!info) return;
  const status = document.getElementById('status');
  status.className = info.result ? 'over' : '';
  status.textContent = info.result ? 'Game over: ' + info.result
    : info.to_move + (info.awaiting === 'chance' ? ' to throw' : ' to move') + ' (move ' + (info.ply + 1) + ')';
  document.getElementById('seats').innerHTML = info.seats.map(s => `<div class="seat${s.player === info.to_move ? ' turn' : ''}">
    <span class="dot" style="background:${colour(s.player)}"></span>${esc(s.player)}: ${esc(s.name || s.state)}${s.state === 'taken' && !s.connected ? ' (away)' : ''}</div>`).join('');
  const list = document.getElementById('moves');
  list.innerHTML = moves.map((m, i) => `<li${i === moves.length - 1 ? ' class="new"' : ''}>${m.seat ? '<span class="dot" style="background:' + colour(m.seat) + '"></span> ' : ''}${esc(m.text)}</li>`).join('');
  list.scrollTop = list.scrollHeight;
  if (boardAt !== last) { boardAt = last; drawBoard(last); }
}
async function drawBoard(at) {
  try {
    const text = await (await fetch('/' + encodeURIComponent(TABLE) + '/board.svg?at=' + at, {cache: 'no-store'})).text();
    if (at === boardAt) {
      const board = document.getElementById('board');
      board.innerHTML = text;
      board.dataset.ply = info ? info.ply : 0;
    }
  } catch (e) {}
}
function take(record) {
  if (record.n <= last) return;
  last = record.n;
  if (record.kind === 'moved') moves.push({seat: record.seat, text: record.text});
}
function receive(m) {
  if (m.type === 'welcome') { info = m.table; }
  else if (m.type === 'events') { m.events.forEach(take); last = Math.max(last, info ? info.last : 0); }
  else if (m.type === 'event') { take(m); info = m.table; }
  else if (m.type === 'snapshot') { info = m.table; moves = m.moves.map(text => ({text})); last = m.table.last; }
  else if (m.type === 'error') { console.warn(m.message); }
  show();
}
function connect() {
  const conn = document.getElementById('connection');
  socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/' + encodeURIComponent(TABLE));
  socket.onopen = () => { conn.textContent = 'live'; conn.className = ''; socket.send(JSON.stringify({type: 'watch', since: last})); };
  socket.onmessage = e => receive(JSON.parse(e.data));
  socket.onclose = () => { conn.textContent = 'connection lost: reconnecting...'; conn.className = 'lost'; setTimeout(connect, 1000); };
}
connect();
</script></body></html>
"#;

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

/// The list of tables, styled.
pub fn lobby() -> String {
    styled(LOBBY)
}

/// A table's page; `colours` gives each player's colour on the board.
pub fn table(id: &str, title: &str, colours: &[(String, String)]) -> String {
    let colours: std::collections::BTreeMap<&str, &str> = colours
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    styled(
        &TABLE
            .replace("{TITLE}", &escape(title))
            .replace("{ID_JSON}", &script_json(&id))
            .replace("{COLOURS_JSON}", &script_json(&colours))
            .replace("{ID}", &escape(id)),
    )
}

/// The page of a table that was closed: its game stays, to download.
pub fn closed(id: &str, title: &str) -> String {
    styled(&format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tabula: table {id} closed</title>\
         <style>/* style */</style></head><body><header><a href=\"/\">Tabula</a></header>\
         <main><h1>Table {id} is closed</h1><p>Nobody was at this table of {title} any more. \
         <a href=\"/{id}/scene.ron\">Download its game as a scene file</a>.</p>\
         <p><a href=\"/\">The tables</a></p></main></body></html>",
        id = escape(id),
        title = escape(title)
    ))
}

/// The page for an address that names no table.
pub fn not_found(id: &str) -> String {
    styled(&format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tabula: no table</title>\
         <style>/* style */</style></head><body><header><a href=\"/\">Tabula</a></header>\
         <main><h1>No table {}</h1><p><a href=\"/\">The tables</a></p></main></body></html>",
        escape(id)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_pages_are_escaped() {
        let page = table("t1", "<b>", &[("Black".into(), "#222".into())]);
        assert!(page.contains(r##"const colours = {"Black":"#222"};"##));
        assert!(page.contains("&lt;b&gt; at table t1"));
        assert!(!page.contains("/* style */"));
        assert!(not_found("<script>").contains("No table &lt;script&gt;"));
        assert!(lobby().contains("--accent"));
    }
}
