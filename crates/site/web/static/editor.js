// The board editor: set up a position by clicking (a piece from the palette, or the eraser,
// onto a square; the same piece again takes it off), choose the side to move, clear the
// board, put the start position, flip; the FEN under the board follows every change and can
// be typed in. "Analyse" opens the position on the analysis board, "Play from here" on the
// new-game form. The server draws the board (`/api/svg?setup=1` draws a chess FEN that is
// not yet a legal position) and says whether the position is legal (`/api/position`).

import { post, copyText } from './api.js';
import { t, el, page, sideName } from './i18n.js';
import { statusWords } from './results.js';

const $ = (id) => document.getElementById(id);

const DRAUGHTS_TOOLS = [
  ['wm', 'editor.white-man'], ['wk', 'editor.white-king'],
  ['bm', 'editor.black-man'], ['bk', 'editor.black-king'],
];
const CHESS_GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const CHESS_NAMES = { k: 'editor.king', q: 'piece.queen', r: 'piece.rook', b: 'piece.bishop', n: 'piece.knight', p: 'editor.pawn' };

const state = {
  rules: page.rules || 'american',
  pieces: new Map(), // square name -> piece code (`wm`, `bk`; chess `K`, `p`)
  side: 'white',
  flipped: false,
  tool: null,
};
let drawTicket = 0;
let checkTicket = 0;
let valid = false;

const chess = () => state.rules === 'chess';

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
    if (at('e1', 'K') && at('h1', 'R')) castling += 'K';
    if (at('e1', 'K') && at('a1', 'R')) castling += 'Q';
    if (at('e8', 'k') && at('h8', 'r')) castling += 'k';
    if (at('e8', 'k') && at('a8', 'r')) castling += 'q';
    return `${ranks.join('/')} ${state.side === 'white' ? 'w' : 'b'} ${castling || '-'} - 0 1`;
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
    const [board, side] = fen.split(/\s+/);
    const rows = (board || '').split('/');
    if (rows.length !== 8) return false;
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
  const query = new URLSearchParams({ rules: state.rules, fen, coordinates: '1', flipped: state.flipped ? '1' : '0', setup: '1' });
  try {
    const response = await fetch(`/api/svg?${query}`);
    if (ticket !== drawTicket) return;
    if (!response.ok) throw new Error(String(response.status));
    $('editor-svg').innerHTML = await response.text();
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
  const analyse = new URLSearchParams({ rules: state.rules, fen });
  $('editor-analyse').href = `/analysis?${analyse}`;
  $('editor-play').href = `/new?${analyse}`;
  try {
    const pos = await post('/api/position', { rules: state.rules, fen });
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
    const view = await post('/api/load', { rules: state.rules, start: 'initial' });
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
  renderPalette();
  await startPosition();
});

$('side').addEventListener('change', () => {
  state.side = $('side').value;
  draw();
});

$('editor-start').addEventListener('click', () => startPosition());
$('editor-clear').addEventListener('click', () => {
  state.pieces = new Map();
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
    const pos = await post('/api/position', { rules: state.rules, fen: text });
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

async function init() {
  $('rules').value = state.rules;
  state.rules = $('rules').value || 'american';
  renderPalette();
  // An unreadable FEN in the link: the start position.
  if (page.fen && (await openFen(page.fen))) return;
  await startPosition();
}

init();
