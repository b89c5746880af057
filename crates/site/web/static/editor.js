// The board editor: set up a position by clicking (a piece from the palette, or the eraser,
// onto a square; the same piece again takes it off), choose the side to move, clear the
// board, put the start position, flip; the FEN under the board follows every change and can
// be typed in. Chess has its variants: Crazyhouse's pieces in hand and Three-check's checks
// still to give are set beside the board, and written into the FEN (`[Nn]`, `3+3`). "Analyse" opens the position on the analysis board, "Play from here" on the
// new-game form. The server draws the board (`/api/svg?setup=1` draws a chess FEN that is
// not yet a legal position) and says whether the position is legal (`/api/position`).

import { post, copyText } from './api.js';
import { t, el, page, sideName } from './i18n.js';
import { statusWords } from './results.js';
import { coordinates } from './prefs.js';

const $ = (id) => document.getElementById(id);

const DRAUGHTS_TOOLS = [
  ['wm', 'editor.white-man'], ['wk', 'editor.white-king'],
  ['bm', 'editor.black-man'], ['bk', 'editor.black-king'],
];
const CHESS_GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const CHESS_NAMES = { k: 'editor.king', q: 'piece.queen', r: 'piece.rook', b: 'piece.bishop', n: 'piece.knight', p: 'editor.pawn' };

/** The pieces a Crazyhouse pocket holds (a king is never in hand). */
const POCKET_ROLES = ['P', 'N', 'B', 'R', 'Q'];
const emptyPocket = () => Object.fromEntries(POCKET_ROLES.map((r) => [r, 0]));

const state = {
  rules: page.rules || 'american',
  // Chess: the variant (`standard`, `crazyhouse`, ...), its pockets and checks to give.
  variant: page.variant || 'standard',
  pockets: { white: emptyPocket(), black: emptyPocket() },
  checks: { white: 3, black: 3 },
  pieces: new Map(), // square name -> piece code (`wm`, `bk`; chess `K`, `p`)
  side: 'white',
  flipped: false,
  tool: null,
};
let drawTicket = 0;
let checkTicket = 0;
let valid = false;

const chess = () => state.rules === 'chess';
/** The chess variant other than standard chess, or null. */
const variant = () => (chess() && state.variant !== 'standard' ? state.variant : null);
/** A request's rules, and its variant when there is one (docs/api.md). */
const rulesRequest = () => (variant() ? { rules: state.rules, variant: state.variant } : { rules: state.rules });

/** Crazyhouse's pockets as its FEN writes them: White's pieces, then Black's (`NBnb`). */
function pocketText() {
  const side = (color, letter) => POCKET_ROLES.map((r) => letter(r).repeat(state.pockets[color][r])).join('');
  return side('white', (r) => r) + side('black', (r) => r.toLowerCase());
}

// ---------------------------------------------------------------- FEN

/** The FEN of the pieces set up. */
function fenOf() {
  if (chess()) {
    const ranks = [];
    for (let rank = 8; rank >= 1; rank -= 1) {
      let row = '';
      let empty = 0;
      for (const file of 'abcdefgh') {
        const p = state.pieces.get(`${file}${rank}`);
        if (p) {
          if (empty) row += String(empty);
          empty = 0;
          row += p;
        } else empty += 1;
      }
      if (empty) row += String(empty);
      ranks.push(row);
    }
    const at = (sq, p) => state.pieces.get(sq) === p;
    let castling = '';
    // Antichess has no castling.
    if (state.variant !== 'antichess') {
      if (at('e1', 'K') && at('h1', 'R')) castling += 'K';
      if (at('e1', 'K') && at('a1', 'R')) castling += 'Q';
      if (at('e8', 'k') && at('h8', 'r')) castling += 'k';
      if (at('e8', 'k') && at('a8', 'r')) castling += 'q';
    }
    const board = ranks.join('/') + (variant() === 'crazyhouse' ? `[${pocketText()}]` : '');
    const checks = variant() === 'threecheck' ? ` ${state.checks.white}+${state.checks.black}` : '';
    return `${board} ${state.side === 'white' ? 'w' : 'b'} ${castling || '-'} -${checks} 0 1`;
  }
  const list = (color) => [...state.pieces.entries()]
    .filter(([, p]) => p[0] === color)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([sq, p]) => (p[1] === 'k' ? `K${sq}` : sq))
    .join(',');
  return `${state.side === 'white' ? 'W' : 'B'}:W${list('w')}:B${list('b')}`;
}

/** Reads a FEN into the editor; false when it cannot be read. */
function readFen(text) {
  const fen = String(text || '').trim().replace(/^\[FEN\s+"(.*)"\]$/i, '$1').trim();
  const pieces = new Map();
  if (chess()) {
    const [field, side, ...rest] = fen.split(/\s+/);
    // Pockets after the board, `[Nn]`, or as a ninth rank, `/Nn`.
    let board = field || '';
    let pocket = '';
    const bracket = /^(.*)\[([A-Za-z]*)\]$/.exec(board);
    if (bracket) [, board, pocket] = bracket;
    const rows = board.split('/');
    if (rows.length === 9 && !bracket) pocket = rows.pop();
    if (rows.length !== 8) return false;
    const pockets = { white: emptyPocket(), black: emptyPocket() };
    for (const c of pocket) {
      const role = c.toUpperCase();
      if (!POCKET_ROLES.includes(role)) return false;
      pockets[c === role ? 'white' : 'black'][role] += 1;
    }
    // Three-check's counters: checks still to give (`3+3`, before the move counters), or
    // lichess's checks given at the end (`+1+0`).
    const checks = { white: 3, black: 3 };
    const left = rest.map((f) => /^(\d)\+(\d)$/.exec(f)).find(Boolean);
    const given = rest.map((f) => /^\+(\d)\+(\d)$/.exec(f)).find(Boolean);
    if (left) [checks.white, checks.black] = [Number(left[1]), Number(left[2])];
    else if (given) [checks.white, checks.black] = [3 - Number(given[1]), 3 - Number(given[2])];
    for (const [i, row] of rows.entries()) {
      let file = 0;
      for (const c of row) {
        if (/[1-8]/.test(c)) file += Number(c);
        else if (CHESS_GLYPHS[c] && file < 8) {
          pieces.set(`${'abcdefgh'[file]}${8 - i}`, c);
          file += 1;
        } else return false;
      }
      if (file !== 8) return false;
    }
    state.pieces = pieces;
    state.side = side === 'b' ? 'black' : 'white';
    state.pockets = pockets;
    state.checks = { white: Math.max(0, Math.min(3, checks.white)), black: Math.max(0, Math.min(3, checks.black)) };
    showVariantFields();
    return true;
  }
  const m = /^([WB])?:?(.*)$/i.exec(fen.replace(/\s+/g, ''));
  if (!m) return false;
  for (const part of m[2].split(':')) {
    if (!part) continue;
    const color = part[0].toUpperCase();
    if (color !== 'W' && color !== 'B') return false;
    for (const item of part.slice(1).split(',')) {
      if (!item) continue;
      const king = /^K/i.test(item);
      const range = /^(\d+)(?:-(\d+))?$/.exec(king ? item.slice(1) : item);
      if (!range) return false;
      const from = Number(range[1]);
      const to = range[2] ? Number(range[2]) : from;
      if (to < from || to - from > 200) return false;
      for (let n = from; n <= to; n += 1) pieces.set(String(n), `${color.toLowerCase()}${king ? 'k' : 'm'}`);
    }
  }
  state.pieces = pieces;
  state.side = (m[1] || 'W').toUpperCase() === 'B' ? 'black' : 'white';
  return true;
}

// ---------------------------------------------------------------- drawing

async function draw() {
  const fen = fenOf();
  $('editor-fen').value = fen;
  $('side').value = state.side;
  keepInAddress(fen);
  const ticket = ++drawTicket;
  const place = coordinates();
  const query = new URLSearchParams({
    ...rulesRequest(), fen, coordinates: place === 'none' ? '0' : '1', outside: place === 'outside' ? '1' : '0', flipped: state.flipped ? '1' : '0', setup: '1',
  });
  try {
    const response = await fetch(`/api/svg?${query}`);
    if (ticket !== drawTicket) return;
    if (!response.ok) throw new Error(String(response.status));
    $('editor-svg').innerHTML = await response.text();
    // For the piece sets drawn here (piece-sets.js, when one is chosen).
    const svg = $('editor-svg').querySelector('svg');
    if (svg) window.dispatchEvent(new CustomEvent('scoresheet:drawn', { detail: svg }));
    $('editor-board').dataset.fen = fen;
  } catch {
    if (ticket === drawTicket) $('editor-status').textContent = t('board.no-diagram');
  }
  check(fen);
}

/**
 * Writes the rules and the position into the page's address (replacing the entry, not adding
 * one): Back from the analysis board or the new-game form, or a reload, opens this position.
 */
function keepInAddress(fen) {
  const query = new URLSearchParams(location.search);
  query.set('rules', state.rules);
  if (variant()) query.set('variant', state.variant);
  else query.delete('variant');
  query.set('fen', fen);
  try {
    history.replaceState(history.state, '', `${location.pathname}?${query}`);
  } catch {
    // an address the browser refuses to change: the position is only lost on Back
  }
}

/** Asks the server whether the position is legal; the links follow. */
async function check(fen) {
  const ticket = ++checkTicket;
  const analyse = new URLSearchParams({ ...rulesRequest(), fen });
  $('editor-analyse').href = `/analysis?${analyse}`;
  $('editor-play').href = `/new?${analyse}`;
  // Games are played in standard chess and draughts only.
  $('editor-play').hidden = !!variant();
  try {
    const pos = await post('/api/position', { ...rulesRequest(), fen });
    if (ticket !== checkTicket) return;
    valid = true;
    $('editor-status').textContent = statusWords(pos);
    $('editor-status').classList.remove('invalid');
  } catch (e) {
    if (ticket !== checkTicket) return;
    valid = false;
    $('editor-status').textContent = t('editor.invalid', { why: e.message });
    $('editor-status').classList.add('invalid');
  }
  for (const id of ['editor-analyse', 'editor-play']) {
    $(id).classList.toggle('disabled', !valid);
    $(id).setAttribute('aria-disabled', String(!valid));
  }
}

function pieceIcon(code) {
  if (chess()) return el('span', { class: `glyph ${code === code.toUpperCase() ? 'white' : 'black'}`, 'aria-hidden': 'true', text: CHESS_GLYPHS[code] });
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 40 40');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `disc ${code[0] === 'w' ? 'white' : 'black'}`);
  const circle = (r, cls) => {
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', '20');
    c.setAttribute('cy', '20');
    c.setAttribute('r', String(r));
    if (cls) c.setAttribute('class', cls);
    return c;
  };
  svg.append(circle(17), circle(11, 'rim'));
  if (code[1] === 'k') {
    const crown = document.createElementNS(ns, 'path');
    crown.setAttribute('d', 'M12 25 L12 15 L16 19 L20 13 L24 19 L28 15 L28 25 Z');
    crown.setAttribute('class', 'crown');
    svg.append(crown);
  }
  return svg;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function renderPalette() {
  const box = $('palette');
  box.replaceChildren();
  const tools = chess()
    ? [...'KQRBNP'].map((c) => [c, CHESS_NAMES[c.toLowerCase()], 'white']).concat([...'kqrbnp'].map((c) => [c, CHESS_NAMES[c], 'black']))
    : DRAUGHTS_TOOLS.map(([code, key]) => [code, key, null]);
  if (!tools.some(([code]) => code === state.tool)) state.tool = tools[0][0];
  for (const [code, key, color] of tools) {
    // "White king", "Rey de las blancas": the catalog puts the words in its order, in small
    // letters, and the name starts with a capital.
    const name = color ? capital(t('editor.piece-of', { side: sideName(color).toLowerCase(), piece: t(key).toLowerCase() })) : t(key);
    box.append(el('button', {
      type: 'button',
      class: 'tool-piece',
      role: 'radio',
      'data-tool': code,
      'aria-checked': String(state.tool === code),
      'aria-label': name,
      title: name,
      onclick: () => choose(code),
    }, pieceIcon(code)));
  }
  box.append(el('button', {
    type: 'button',
    class: 'tool-piece eraser',
    role: 'radio',
    'data-tool': 'erase',
    'aria-checked': String(state.tool === 'erase'),
    'aria-label': t('editor.erase'),
    title: t('editor.erase'),
    onclick: () => choose('erase'),
  }, el('span', { 'aria-hidden': 'true', text: '✕' })));
}

function choose(code) {
  state.tool = code;
  for (const b of $('palette').querySelectorAll('[data-tool]')) b.setAttribute('aria-checked', String(b.dataset.tool === code));
}

// ---------------------------------------------------------------- actions

async function startPosition() {
  try {
    const view = await post('/api/load', { ...rulesRequest(), start: 'initial' });
    readFen(view.root.fen);
  } catch {
    state.pieces = new Map();
  }
  await draw();
}

$('editor-svg').addEventListener('click', (e) => {
  const target = e.target.closest('[data-sq]');
  if (!target) return;
  const sq = target.getAttribute('data-sq');
  // Draughts is played on the dark squares only: their names are numbers.
  if (!chess() && !/^\d+$/.test(sq)) return;
  if (state.tool === 'erase' || state.pieces.get(sq) === state.tool) state.pieces.delete(sq);
  else state.pieces.set(sq, state.tool);
  draw();
});

$('rules').addEventListener('change', async () => {
  state.rules = $('rules').value;
  showVariantFields();
  renderPalette();
  await startPosition();
});

$('variant').addEventListener('change', async () => {
  state.variant = $('variant').value;
  showVariantFields();
  await startPosition();
});

for (const color of ['white', 'black']) {
  $(`checks-${color}`).addEventListener('change', () => {
    const n = Number($(`checks-${color}`).value);
    state.checks[color] = Number.isInteger(n) ? Math.max(0, Math.min(3, n)) : 3;
    draw();
  });
}

/** The pockets' fields: a count of each piece in each side's hand. */
function renderPockets() {
  const box = $('pockets-edit');
  box.replaceChildren();
  for (const color of ['white', 'black']) {
    const row = el('div', { class: 'pocket-row', 'data-side': color },
      el('span', { class: 'pocket-side', text: t('board.pocket', { side: sideName(color) }) }));
    for (const role of POCKET_ROLES) {
      const code = color === 'white' ? role : role.toLowerCase();
      const name = capital(t('editor.piece-of', { side: sideName(color).toLowerCase(), piece: t(CHESS_NAMES[role.toLowerCase()]).toLowerCase() }));
      const input = el('input', {
        type: 'number', min: '0', max: '16', value: String(state.pockets[color][role]),
        'data-piece': code, 'aria-label': name, title: name,
      });
      input.addEventListener('change', () => {
        const n = Number(input.value);
        state.pockets[color][role] = Number.isInteger(n) ? Math.max(0, Math.min(16, n)) : 0;
        draw();
      });
      row.append(el('label', { class: 'pocket-count' }, pieceIcon(code), input));
    }
    box.append(row);
  }
}

/** Shows the variant menu for chess, and the pockets or checks the variant has. */
function showVariantFields() {
  $('variant-field').hidden = !chess();
  $('variant').value = state.variant;
  $('pockets-field').hidden = variant() !== 'crazyhouse';
  $('checks-field').hidden = variant() !== 'threecheck';
  if (variant() === 'crazyhouse') renderPockets();
  $('checks-white').value = String(state.checks.white);
  $('checks-black').value = String(state.checks.black);
}

$('side').addEventListener('change', () => {
  state.side = $('side').value;
  draw();
});

$('editor-start').addEventListener('click', () => startPosition());
$('editor-clear').addEventListener('click', () => {
  state.pieces = new Map();
  state.pockets = { white: emptyPocket(), black: emptyPocket() };
  showVariantFields();
  draw();
});
$('editor-flip').addEventListener('click', () => {
  state.flipped = !state.flipped;
  $('editor-flip').setAttribute('aria-pressed', String(state.flipped));
  draw();
});

/**
 * Opens the position of FEN `text` and draws it. A FEN in another form (square names, say) is
 * written canonically by the server first. Answers whether it could be read; `onError` gets
 * the server's refusal.
 */
async function openFen(text, onError = () => {}) {
  if (readFen(text)) {
    await draw();
    return true;
  }
  try {
    const pos = await post('/api/position', { ...rulesRequest(), fen: text });
    if (readFen(pos.fen)) {
      await draw();
      return true;
    }
  } catch (e) {
    onError(e);
  }
  return false;
}

$('editor-fen').addEventListener('change', () =>
  openFen($('editor-fen').value, (e) => {
    $('editor-status').textContent = t('editor.invalid', { why: e.message });
  }));

$('copy-fen').addEventListener('click', async () => {
  const ok = await copyText($('editor-fen').value, $('editor-fen'));
  $('copy-status').textContent = ok ? t('analysis.copied') : t('analysis.copy-failed');
});

for (const id of ['editor-analyse', 'editor-play']) {
  $(id).addEventListener('click', (e) => {
    if (!valid) e.preventDefault();
  });
}

// Coordinates chosen in the settings: the board is drawn again with them.
let drawnPlace = coordinates();
window.addEventListener('scoresheet:prefs', () => {
  if (coordinates() === drawnPlace) return;
  drawnPlace = coordinates();
  draw();
});

async function init() {
  $('rules').value = state.rules;
  state.rules = $('rules').value || 'american';
  $('variant').value = state.variant;
  state.variant = $('variant').value || 'standard';
  showVariantFields();
  renderPalette();
  // An unreadable FEN in the link: the start position.
  if (page.fen && (await openFen(page.fen))) return;
  await startPosition();
}

init();
