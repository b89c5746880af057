// The new-game form: variant, mode (one device, the computer at three levels, a friend by
// link, or an open game in the lobby that anyone may take), side and name; creates the game
// and opens its page.

import { get, post } from './api.js';
import { t, page } from './i18n.js';

const form = document.getElementById('new-game');
const $ = (id) => document.getElementById(id);

function value(name) {
  const checked = form.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}

// Whether the server plays chess against the computer (it has Stockfish).
let chessComputer = false;

function update() {
  const chess = value('rules') === 'chess';
  // Chess against the computer needs the server's Stockfish.
  for (const input of form.querySelectorAll('input[name="mode"]')) {
    if (input.value === 'computer') input.disabled = chess && !chessComputer;
  }
  const checked = form.querySelector('input[name="mode"]:checked');
  if (!checked || checked.disabled) form.querySelector('input[name="mode"][value="device"]').checked = true;
  $('chess-note').hidden = !chess || chessComputer;
  const mode = value('mode');
  $('level-box').hidden = mode !== 'computer';
  $('color-box').hidden = mode === 'device';
  $('name-box').hidden = mode === 'device';
}

// A position from the editor or the analysis board (`/new?rules=...&fen=...`).
if (page.rules) {
  const input = form.querySelector(`input[name="rules"][value="${CSS.escape(page.rules)}"]`);
  if (input) input.checked = true;
}
// `/new?mode=lobby` (the home page's "Open a game") starts on that choice.
const asked = new URLSearchParams(location.search).get('mode');
const askedMode = asked && form.querySelector(`input[name="mode"][value="${CSS.escape(asked)}"]`);
if (askedMode) askedMode.checked = true;
if (page.fen) {
  $('from-fen').textContent = t('new.from-fen', { fen: page.fen });
  $('from-fen').hidden = false;
}

// Time controls as the TimeControl tag writes them (seconds): minutes plus increment as
// lichess offers them, and the time per move that American checkers' tournaments use.
const CONTROLS = ['', '60+0', '180+2', '300+3', '600+0', '900+10', '1800+0', '1/30', '1/60', 'custom'];

function controlLabel(value) {
  if (!value) return t('new.time-none');
  if (value === 'custom') return t('new.time-custom');
  if (value.startsWith('1/')) return t('new.time-move', { s: value.slice(2) });
  const [base, inc] = value.split('+').map(Number);
  return t('new.time-inc', { min: base / 60, inc });
}

for (const value of CONTROLS) {
  $('time-control').append(new Option(controlLabel(value), value));
}

/** The time control chosen, or null for none. */
function timeControl() {
  const value = $('time-control').value;
  if (value !== 'custom') return value || null;
  const minutes = Math.max(0, Math.round(Number($('time-minutes').value) || 0));
  const inc = Math.max(0, Math.round(Number($('time-increment').value) || 0));
  return `${minutes * 60}+${inc}`;
}

$('time-control').addEventListener('change', () => {
  $('time-custom').hidden = $('time-control').value !== 'custom';
});

form.addEventListener('change', update);
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const mode = value('mode');
  // An open game is a friend game listed in the lobby.
  const body = mode === 'lobby' ? { rules: value('rules'), mode: 'friend', lobby: true } : { rules: value('rules'), mode };
  if (page.fen && value('rules') === page.rules) body.fen = page.fen;
  if (mode === 'computer') body.level = value('level');
  const control = timeControl();
  if (control) body.time_control = control;
  if (mode !== 'device') {
    body.color = value('color');
    const name = $('name').value.trim();
    if (name) body.name = name;
  }
  $('create').disabled = true;
  try {
    const created = await post('/api/games', body);
    location.href = created.url || `/game/${encodeURIComponent(created.game.id)}`;
  } catch (err) {
    const box = $('new-error');
    box.textContent = `${t('new.error')} ${err.message}`;
    box.hidden = false;
    $('create').disabled = false;
  }
});

update();
get('/api/engine/status').then((s) => {
  chessComputer = !!(s && s.chess);
  update();
}).catch(() => {});
