// A table's page: watches the table over its WebSocket, takes a seat (an open one, an
// invitation's, or the one this browser held before), and enters moves by clicks on the
// spots of the `legal` message; the server checks every move with the rules.
const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
const $ = id => document.getElementById(id);
const SEATS_KEY = 'tabula.seats';
let last = 0, moves = [], info = null, boardAt = -1, socket = null;
let legal = null, path = [], mine = null, asked = false, baseTitle = document.title;
// The move number of a move sent and not yet answered (it is on its way).
let sending = null;

function held() { try { return JSON.parse(localStorage.getItem(SEATS_KEY) || '{}'); } catch (e) { return {}; } }
function hold(entry) {
  const all = held();
  if (entry) all[TABLE] = entry; else delete all[TABLE];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}
function colour(player) { return colours[player] || '#888'; }
// The invitation codes this browser's lobby made for this table's reserved seats.
function invites() { try { return JSON.parse(localStorage.getItem('tabula.invites') || '{}')[TABLE] || {}; } catch (e) { return {}; } }
function myName() { return ($('name').value || '').trim() || 'Guest'; }
function send(m) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(m)); }
function myTurn() { return !!(legal && info && !info.result && legal.ply === info.ply && legal.seat === mine); }

function showStatus() {
  const status = $('status');
  const turn = myTurn();
  status.className = info.result ? 'over' : turn ? 'mine' : '';
  const onItsWay = sending !== null && sending === info.ply && !info.result;
  status.textContent = (info.result ? 'Game over: ' + info.result
    : onItsWay ? 'Your move is on its way... (move ' + (info.ply + 1) + ')'
    : turn ? 'Your turn (' + mine + ', move ' + (info.ply + 1) + ')'
    : info.to_move + (info.awaiting === 'chance' ? ' to throw' : ' to move') + ' (move ' + (info.ply + 1) + ')') + timeLeft();
  document.title = (turn ? '\u25B6 Your turn: ' : '') + baseTitle;
}

function show() {
  if (!info) return;
  showStatus();
  $('seats').innerHTML = info.seats.map(s => {
    let what = esc(s.name || s.state);
    if (s.player === mine) what += ' (you)';
    else if (s.state === 'taken' && !s.connected) what += ' (away)';
    const sit = s.state === 'open' && !mine && !info.result ? ` <button data-sit="${esc(s.player)}">Sit here</button>` : '';
    const code = s.state === 'reserved' && !info.result && invites()[s.player];
    if (code) what += ` <input readonly size="30" aria-label="${esc(s.player)}'s invitation link" value="${esc(location.origin + location.pathname + '?invite=' + encodeURIComponent(code))}" data-link>`;
    return `<div class="seat${s.player === info.to_move ? ' turn' : ''}"><span class="dot" style="background:${colour(s.player)}"></span>${esc(s.player)}: ${what}${sit}</div>`;
  }).join('');
  // With three or four players a seat that resigned has left the game, which goes on.
  $('resign').hidden = !mine || !!info.result || moves.some(m => m.text === mine + ' resigns');
  $('leave').hidden = !mine || !!info.result;
  $('notify').hidden = !mine || !('Notification' in window) || Notification.permission !== 'default';
  const list = $('moves');
  list.innerHTML = moves.map((m, i) => `<li${i === moves.length - 1 ? ' class="new"' : ''}>${m.seat ? '<span class="dot" style="background:' + colour(m.seat) + '"></span> ' : ''}${esc(m.text)}</li>`).join('');
  list.scrollTop = list.scrollHeight;
  if (boardAt !== last) { boardAt = last; drawBoard(last); }
  mark();
}

// What is left of the turn's time at a table with a clock (by this browser's clock).
function timeLeft() {
  if (!info || !info.deadline || info.result) return '';
  const s = Math.max(0, Math.round((info.deadline - Date.now()) / 1000));
  const d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60);
  const left = d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : `${m}:${String(s % 60).padStart(2, '0')}`;
  return ' \u2014 ' + left + ' left';
}

async function drawBoard(at) {
  try {
    const text = await (await fetch('/' + encodeURIComponent(TABLE) + '/board.svg?at=' + at, {cache: 'no-store'})).text();
    if (at === boardAt) {
      const board = $('board');
      board.innerHTML = text;
      board.dataset.ply = info ? info.ply : 0;
      if (!performance.getEntriesByName('board').length) performance.mark('board');
      mark();
    }
  } catch (e) {}
}

// The moves whose click paths begin with the spots clicked so far.
function candidates() {
  if (!myTurn()) return [];
  return legal.moves.filter(m => path.every((s, i) => m.path[i] === s));
}

// Lights up the spots: the pieces that may move, the spots clicked, where the move may go
// next; spots that are not on the board are buttons.
function mark() {
  const board = $('board');
  board.querySelectorAll("[data-spot]").forEach(e => e.classList.remove('movable', 'target', 'chosen'));
  const choices = $('choices');
  choices.innerHTML = '';
  const next = [...new Set(candidates().map(m => m.path[path.length]).filter(s => s !== undefined))];
  path.forEach(s => board.querySelectorAll(`[data-spot="${CSS.escape(s)}"]`).forEach(e => e.classList.add('chosen')));
  for (const s of next) {
    const on = board.querySelectorAll(`[data-spot="${CSS.escape(s)}"]`);
    if (on.length) on.forEach(e => e.classList.add(path.length ? 'target' : 'movable'));
    else {
      const b = document.createElement('button');
      b.textContent = s;
      b.dataset.choice = s;
      choices.appendChild(b);
    }
  }
  if (path.length) {
    const b = document.createElement('button');
    b.textContent = 'cancel';
    b.className = 'quiet';
    b.dataset.cancel = '1';
    choices.appendChild(b);
  }
  board.dataset.path = path.join(' ');
}

function click(spot) {
  if (!myTurn()) return;
  let next = candidates().filter(m => m.path[path.length] === spot);
  if (!next.length && path.length) { path = []; next = candidates().filter(m => m.path[0] === spot); }
  if (!next.length) { path = []; mark(); return; }
  path.push(spot);
  const done = next.find(m => m.path.length === path.length);
  if (done) {
    const ply = legal.ply;
    if (done.chance) send({type: 'chance', ply}); else send({type: 'move', text: done.text, ply});
    sending = ply;
    legal = null;
    path = [];
    $('message').textContent = '';
  }
  show();
}

function take(record) {
  if (record.n <= last) return;
  last = record.n;
  if (record.kind === 'moved') moves.push({seat: record.seat, text: record.text});
}

function notifyTurn() {
  if (!myTurn() || !document.hidden) return;
  if ('Notification' in window && Notification.permission === 'granted') {
    try { new Notification('Tabula: your turn', {body: baseTitle, tag: 'tabula-' + TABLE}); } catch (e) {}
  }
}

function receive(m) {
  if (m.type === 'welcome') { info = m.table; }
  else if (m.type === 'events') { m.events.forEach(take); last = Math.max(last, info ? info.last : 0); }
  else if (m.type === 'event') { take(m); info = m.table; }
  else if (m.type === 'snapshot') { info = m.table; moves = m.moves.map(text => ({text})); last = m.table.last; }
  else if (m.type === 'joined') { mine = m.seat; hold({seat: m.seat, token: m.token}); if (location.search) history.replaceState(null, '', location.pathname); }
  else if (m.type === 'left') { if (m.seat === mine) { mine = null; legal = null; hold(null); } }
  else if (m.type === 'legal') { legal = m; path = []; show(); notifyTurn(); return; }
  else if (m.type === 'error') {
    // Refused, or dropped as too fast: the move is on its way no more.
    sending = null;
    if (m.reply_to === 'join' && held()[TABLE]) { hold(null); mine = null; send({type: 'watch', since: last}); }
    // A move refused (the position moved on meanwhile): the seat's moves are asked for
    // again, by taking the seat back.
    else if ((m.reply_to === 'move' || m.reply_to === 'chance') && held()[TABLE]) send({type: 'join', token: held()[TABLE].token, since: last});
    $('message').textContent = m.message;
  }
  show();
}

function connect() {
  const conn = $('connection');
  socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/' + encodeURIComponent(TABLE));
  socket.onopen = () => {
    conn.textContent = 'live'; conn.className = ''; $('message').textContent = ''; sending = null;
    const mineBefore = held()[TABLE];
    const invite = new URLSearchParams(location.search).get('invite');
    if (mineBefore) send({type: 'join', token: mineBefore.token, since: last});
    else if (invite) send({type: 'join', token: invite, name: localStorage.getItem('tabula.name') || undefined, since: last});
    else send({type: 'watch', since: last});
  };
  socket.onmessage = e => receive(JSON.parse(e.data));
  socket.onclose = () => {
    conn.textContent = 'connection lost: reconnecting...'; conn.className = 'lost'; legal = null;
    // A table that is no longer served (closed for want of players) shows its closed page
    // (its game to download) instead of being asked for again and again.
    fetch('/' + encodeURIComponent(TABLE) + '/info.json', {cache: 'no-store'})
      .then(r => { if (r.status === 404) location.reload(); else setTimeout(connect, 1000); })
      .catch(() => setTimeout(connect, 1000));
  };
}

$('name').value = localStorage.getItem('tabula.name') || '';
$('name').addEventListener('change', () => localStorage.setItem('tabula.name', myName()));
$('board').addEventListener('click', e => { const el = e.target.closest('[data-spot]'); if (el) click(el.dataset.spot); });
$('choices').addEventListener('click', e => {
  const b = e.target.closest('button');
  if (!b) return;
  if (b.dataset.cancel) { path = []; mark(); } else click(b.dataset.choice);
});
$('seats').addEventListener('focusin', e => { if (e.target.dataset.link !== undefined) e.target.select(); });
$('seats').addEventListener('click', e => {
  const b = e.target.closest('button[data-sit]');
  if (b) { localStorage.setItem('tabula.name', myName()); send({type: 'join', seat: b.dataset.sit, name: myName(), since: last}); }
});
$('resign').addEventListener('click', () => { if (confirm('Resign this game?')) send({type: 'resign', seat: mine}); });
$('leave').addEventListener('click', () => { if (confirm('Give up your seat? Anybody may then sit there.')) send({type: 'leave', seat: mine}); });
$('notify').addEventListener('click', () => Notification.requestPermission().then(show));
setInterval(() => { if (info && info.deadline && !info.result) showStatus(); }, 1000);
connect();
