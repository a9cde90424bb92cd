// The lobby: my games (the seats this browser holds, those where it is my turn first), the
// tables a page at a time (fetched again only when the server's change marker moves), and
// the form that makes a table: the game, its rules options from the server's descriptions,
// who sits where, and a starting position.
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
const $ = id => document.getElementById(id);
const PAGE = 50;
let offset = 0, version = -1, games = [], players = [], optionsRon = '';

const INVITES_KEY = 'tabula.invites';
function held() { try { return JSON.parse(localStorage.getItem('tabula.seats') || '{}'); } catch (e) { return {}; } }
const now = t => t.result ? esc(t.result) : esc(t.to_move) + ' to ' + (t.awaiting === 'chance' ? 'throw' : 'move');
const link = id => `<a href="/${encodeURIComponent(id)}">${esc(id)}</a>`;

async function json(url) {
  const r = await fetch(url, {cache: 'no-store'});
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

async function myGames() {
  const mine = held();
  const ids = Object.keys(mine);
  if (!ids.length) { $('mine').hidden = true; return; }
  const rows = [];
  for (const id of ids) {
    try {
      const r = await fetch('/' + encodeURIComponent(id) + '/info.json', {cache: 'no-store'});
      // A table no longer served: its link leads to its closed page and its game. (Any
      // other failure leaves the table out of this look only.)
      if (r.status === 404) rows.push({t: {id, title: '', result: 'closed'}, seat: mine[id].seat, turn: false});
      if (!r.ok) continue;
      const t = await r.json();
      rows.push({t, seat: mine[id].seat, turn: !t.result && t.to_move === mine[id].seat});
    } catch (e) {}
  }
  rows.sort((a, b) => (b.turn - a.turn) || (!!a.t.result - !!b.t.result));
  $('mine').hidden = rows.length === 0;
  $('mygames').innerHTML = rows.map(r => `<tr${r.turn ? ' class="turn"' : ''}><td>${link(r.t.id)}</td><td>${esc(r.t.title)}</td><td>${esc(r.seat)}</td><td>${r.turn ? 'Your turn' : now(r.t)}</td></tr>`).join('');
  const turns = rows.filter(r => r.turn).length;
  document.title = (turns ? '\u25B6 Your turn at ' + turns + ': ' : '') + 'Tabula: tables';
}

async function tables() {
  try {
    const r = await fetch('/api/tables?offset=' + offset + '&limit=' + PAGE, {cache: 'no-store'});
    const list = await r.json();
    const total = Number(r.headers.get('x-total-count') || list.length);
    $('empty').hidden = total > 0;
    $('tables').hidden = list.length === 0;
    document.querySelector('#tables tbody').innerHTML = list.map(t => `<tr>
      <td>${link(t.id)}</td><td>${esc(t.title)}</td>
      <td class="wide">${t.seats.map(s => esc(s.player) + ': ' + esc(s.name || s.state)).join(', ')}</td>
      <td class="wide">${t.ply}</td><td>${now(t)}</td></tr>`).join('');
    $('page').textContent = total ? `${offset + 1}-${offset + list.length} of ${total}` : '';
    $('prev').disabled = offset === 0;
    $('next').disabled = offset + list.length >= total;
  } catch (e) {}
}

// Fetches the list and my games again only when something changed at the server.
async function poll() {
  try {
    const v = (await json('/api/version')).version;
    if (v !== version) { await tables(); await myGames(); version = v; }
  } catch (e) {}
}

function game() { return games.find(g => g.name === $('game').value); }

function optionInput(o) {
  const id = 'opt-' + o.name;
  const title = `title="${esc(o.help)}"`;
  if (o.kind === 'switch') return `<label ${title}><input type="checkbox" id="${id}" data-option="${esc(o.name)}"> ${esc(o.label)}: ${esc(o.on)}</label>`;
  if (o.kind === 'choice') return `<label ${title}>${esc(o.label)} <select id="${id}" data-option="${esc(o.name)}">${o.choices.map(c => `<option value="${esc(c.name)}">${esc(c.shown)}</option>`).join('')}</select></label>`;
  if (o.kind === 'number') return `<label ${title}>${esc(o.label)} <input type="number" id="${id}" data-option="${esc(o.name)}" min="${o.min}" max="${o.max}" value="${o.default}" style="width:6em"></label>`;
  return '';
}

function showGame() {
  const g = game();
  if (!g) return;
  $('blurb').textContent = g.summary;
  const shown = g.options.filter(o => o.kind !== 'hidden');
  $('options').innerHTML = '<legend>Rules</legend>' + (shown.length ? shown.map(o => `<div class="row">${optionInput(o)}</div>`).join('') : '<span class="help">This game has no options.</span>');
  checkOptions();
}

// The options as the server reads them, and the players they give.
async function checkOptions() {
  const g = game();
  const q = new URLSearchParams({game: g.name});
  document.querySelectorAll('[data-option]').forEach(e => {
    const v = e.type === 'checkbox' ? (e.checked ? 'true' : '') : e.value;
    if (v !== '') q.append(e.dataset.option, v);
  });
  try {
    const r = await json('/api/options?' + q);
    optionsRon = r.options; players = r.players;
    $('problem').textContent = '';
    $('make').disabled = false;
  } catch (e) { $('problem').textContent = e.message; $('make').disabled = true; }
  showSeats();
}

function showSeats() {
  const before = [...document.querySelectorAll('#seats select')].map(s => s.value);
  $('seats').innerHTML = players.map((p, i) => `<div class="row"><label>${esc(p)} <select data-seat="${i}">
    <option value="me">me</option><option value="open">open</option><option value="invite">a friend (invitation link)</option>
    <option value="easy">computer, easy</option><option value="medium">computer, medium</option><option value="hard">computer, hard</option></select></label>
    <input data-friend="${i}" placeholder="friend's name" size="12" hidden></div>`).join('');
  document.querySelectorAll('#seats select').forEach((s, i) => { s.value = before[i] || (i === 0 ? 'me' : 'medium'); });
  friends();
}

function friends() {
  document.querySelectorAll('#seats select').forEach(s => {
    document.querySelector(`[data-friend="${s.dataset.seat}"]`).hidden = s.value !== 'invite';
  });
}

function seatSpecs() {
  const me = ($('name').value || '').trim() || 'Guest';
  return [...document.querySelectorAll('#seats select')].map(s => {
    const v = s.value;
    if (v === 'me') return {kind: 'reserved', name: me};
    if (v === 'invite') return {kind: 'reserved', name: (document.querySelector(`[data-friend="${s.dataset.seat}"]`).value || '').trim() || 'Friend'};
    if (v === 'open') return {kind: 'open'};
    return {kind: 'computer', level: v};
  });
}

// The options with the clock's seconds a move written in, as the server reads them.
function withClock(options) {
  const unit = Number($('clock').value || 0);
  if (!unit) return options;
  const seconds = unit * Math.max(1, Math.floor(Number($('clock-count').value) || 1));
  const o = (options || '').trim();
  return o && o !== '()' ? o.replace(/\)\s*$/, `, clock: ${seconds})`) : `(clock: ${seconds})`;
}

function create(e) {
  e.preventDefault();
  localStorage.setItem('tabula.name', ($('name').value || '').trim());
  const specs = seatSpecs();
  const setup = $('setup').value.trim();
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
  $('make').disabled = true;
  socket.onopen = () => socket.send(JSON.stringify({type: 'create', game: game().name, options: withClock(optionsRon), setup: setup || undefined, seats: specs}));
  socket.onmessage = m => {
    const msg = JSON.parse(m.data);
    socket.close();
    $('make').disabled = false;
    if (msg.type === 'error') { $('problem').textContent = msg.message; return; }
    if (msg.type !== 'created') return;
    const t = msg.table;
    const url = id => location.origin + '/' + encodeURIComponent(id);
    let mine = null;
    const links = [];
    t.seats.forEach((s, i) => {
      if (!s.invite) return;
      if (specs[i].kind === 'reserved' && document.querySelector(`[data-seat="${i}"]`).value === 'me' && !mine) mine = s.invite;
      else links.push(`<div class="row">${esc(s.player)} (${esc(s.name)}): <input readonly size="40" value="${esc(url(t.id) + '?invite=' + encodeURIComponent(s.invite))}" data-link></div>`);
    });
    // The friends' codes are given only now: kept in this browser, the table's page shows
    // each reserved seat's link again until its friend comes.
    const kept = {};
    t.seats.forEach(s => { if (s.invite && s.invite !== mine) kept[s.player] = s.invite; });
    if (Object.keys(kept).length) {
      let all = {};
      try { all = JSON.parse(localStorage.getItem(INVITES_KEY) || '{}'); } catch (e) {}
      all[t.id] = kept;
      localStorage.setItem(INVITES_KEY, JSON.stringify(all));
    }
    const go = url(t.id) + (mine ? '?invite=' + encodeURIComponent(mine) : '');
    if (!links.length) { location.href = go; return; }
    $('made').innerHTML = `<div class="banner"><p>Table ${esc(t.id)} is made. Send each friend the link to the seat kept for them:</p>${links.join('')}<p><a id="go" href="${esc(go)}">Go to the table</a></p></div>`;
  };
  socket.onerror = () => { $('problem').textContent = 'the server could not be reached'; $('make').disabled = false; };
}

async function start() {
  $('name').value = localStorage.getItem('tabula.name') || '';
  try {
    games = await json('/api/games');
    $('game').innerHTML = games.map(g => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join('');
    showGame();
  } catch (e) { $('problem').textContent = 'the list of games could not be read'; }
  poll();
  setInterval(poll, 2000);
}

$('game').addEventListener('change', showGame);
$('clock').addEventListener('change', () => {
  const unit = $('clock').value;
  $('clock-count').hidden = !unit;
  $('clock-count').value = unit === '1' ? 60 : 1;
});
$('options').addEventListener('change', checkOptions);
$('seats').addEventListener('change', friends);
$('create').addEventListener('submit', create);
$('made').addEventListener('focusin', e => { if (e.target.dataset.link !== undefined) e.target.select(); });
$('prev').addEventListener('click', () => { offset = Math.max(0, offset - PAGE); tables(); });
$('next').addEventListener('click', () => { offset += PAGE; tables(); });
start();
