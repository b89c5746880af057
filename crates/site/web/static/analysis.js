// The analysis board: load a position or a game (pasted, or a file chosen or dropped; a
// collection lists its games to choose one), walk through its moves, play new moves (which
// start side lines when played from an earlier position), copy the FEN, download the game
// tree as PDN or PGN.

import { post, download, copyText, ApiError } from './api.js';
import { Board, fenMoveNumber } from './board.js';
import { t, tn, el, page, lang, rulesName, variantName, sideName } from './i18n.js';
import { statusWords, resultWords, resultText } from './results.js';
import { attachEngine } from './engine.js';
import { renderMoveList, markCurrent, numberText } from './movelist.js';
import { attachMoveMenu } from './movemenu.js';
import { readTextFile, acceptDrops } from './textfile.js';
import { renderGameList, markGame } from './collection.js';
import { figurines, setFigurines } from './prefs.js';
import {
  deleteFrom, isWithin, isMainLine, branchCount, promote, setComment, setMoveGlyph, moveGlyph,
} from './movetree.js';

const $ = (id) => document.getElementById(id);
const SAVED = 'scoresheet.analysis';
const CHESS_LANGS = ['en', 'es', 'fr', 'de', 'it', 'nl', 'pt', 'pl', 'eo'];
// What each `rules_source` of a load says ("Read as: chess, from the moves.").
const READ_AS = {
  gametype: 'load.read-as-gametype',
  variant: 'load.read-as-variant',
  event: 'load.read-as-event',
  moves: 'load.read-as-moves',
  fen: 'load.read-as-fen',
  selected: 'load.read-as-selected',
};

const ui = {
  rules: $('rules'),
  variant: $('variant'),
  variantField: $('variant-field'),
  start: $('start'),
  text: $('text'),
  hint: $('text-hint'),
  error: $('load-error'),
  form: $('load-form'),
  notices: $('notices'),
  info: $('game-info'),
  moves: $('moves'),
  fen: $('fen-out'),
  copy: $('copy-fen'),
  copyStatus: $('copy-status'),
  status: $('status'),
  download: $('download'),
  deleteLine: $('delete-line'),
  chess: $('chess-notation'),
  nLang: $('notation-lang'),
  nStyle: $('notation-style'),
  nFig: $('notation-figurines'),
  moveForm: $('move-form'),
  moveInput: $('move-input'),
  moveMenu: $('move-menu'),
  games: $('game-list'),
  file: $('file'),
};

// The game tree. Node 0 is the start position; every other node is a move. `children[0]` of
// a node is its main continuation, the others are side lines.
const tree = {
  rules: 'american',
  // Chess: the variant of the game (`crazyhouse`, ...), sent with every FEN; null for
  // standard chess and draughts.
  variant: null,
  tags: [],
  result: null,
  nodes: new Map(),
  current: 0,
  nextId: 1,
};

// Chess moves in the page's language (its piece letters), or in figurines as the visitor
// chose in the header (see prefs.js).
const notation = {
  lang: CHESS_LANGS.includes(lang) ? lang : 'en',
  style: 'san',
  figurines: figurines(),
};

// The text's games as /api/list gave them (`{ text, total, games }`), and the one on the
// board (from 1).
let listed = null;
let chosen = 1;
// The text came from a .pgn file: a game that shows no family is read as chess.
let pgnFile = false;

const positions = new Map(); // cache: key -> Position
let showing = 0; // counter that drops answers to stale requests
let loads = 0; // the same for loads

const board = new Board($('board'), {
  rules: tree.rules,
  // A finished game of the visitor's is seen from their side.
  flipped: !!(page && page.you === 'black'),
  onMove: (m) => playMove(m.id),
  onOptions: () => positions.clear(),
  toolsHost: $('board-tools'),
});
// Crazyhouse's pockets (pockets.js) come with the first position that has pieces in hand:
// a draughts or chess page does not load them.
let pockets = null;
function loadPockets(pos) {
  if (pockets || !pos.pockets) return;
  pockets = import('./pockets.js').then(({ Pockets }) => {
    new Pockets(board);
    board.mark();
  });
}

const engine = attachEngine({
  container: $('engine'),
  boardEl: $('board'),
  onBestMove: (id) => playMove(id),
  isFlipped: () => board.flipped,
});

// The computer analysis of the main line (computer-analysis-board.js), loaded when asked for.
let computer = null;
let computerLoad = null;
$('computer-analysis').querySelector('button').onclick = async () => {
  computerLoad ||= import('./computer-analysis-board.js').then((m) => {
    computer = m.attachToBoard($('computer-analysis'), {
      tree, node, go, playMove, renderMoves, rulesRequest, notation, numbering: moveListNumbering,
    });
    return computer;
  });
  (await computerLoad).request();
};

// The opening explorer (explorer.js), loaded when turned on: off by default, as lichess's.
let explorer = null;
let explorerLoad = null;
let explorerAt = null; // the position shown, for the explorer once loaded
function loadExplorer() {
  explorerLoad ||= import('./explorer.js').then(({ attachExplorer }) => {
    explorer = attachExplorer({ onMove: (id) => playMove(id) });
    if (explorerAt) explorer.show(...explorerAt);
    return explorer;
  });
  return explorerLoad;
}
$('explorer-toggle').addEventListener('click', () => {
  if (!explorer) loadExplorer();
});
try {
  if (localStorage.getItem('scoresheet.explorer') === 'on') loadExplorer();
} catch {
  // storage off: the explorer starts off
}

function notationRequest() {
  return { lang: notation.lang, style: notation.style, figurines: notation.figurines };
}

/** A request's rules and, for a chess variant, its variant (docs/api.md). */
function rulesRequest(rules = tree.rules, variant = tree.variant) {
  return rules === 'chess' && variant && variant !== 'standard' ? { rules, variant } : { rules };
}

/** The variant the form asks for: the variant menu's, when the rules are chess. */
function formVariant() {
  return ui.rules.value === 'chess' ? ui.variant.value : null;
}

function node(id) {
  return tree.nodes.get(id);
}

// ---------------------------------------------------------------- loading

/** Replaces the tree with a GameView from /api/load (or the page data). */
function takeView(view) {
  tree.rules = view.rules;
  tree.variant = view.variant || null;
  tree.tags = view.tags || [];
  tree.result = view.result || null;
  tree.nodes = new Map();
  tree.nodes.set(0, {
    id: 0,
    parent: null,
    fen: view.root.fen,
    comment: view.root.comment || null,
    children: [],
    ply: 0,
    main: true,
  });
  let maxId = 0;
  for (const n of view.nodes || []) {
    tree.nodes.set(n.id, {
      id: n.id,
      parent: n.parent,
      move: n.move,
      text: n.text,
      fen: n.fen,
      comment: n.comment || null,
      commentBefore: n.comment_before || null,
      // What the comment's clock and evaluation commands say, shown as such; `remark` is the
      // rest of the comment (see the API's NodeView).
      remark: n.remark,
      clockMs: n.clock_ms ?? null,
      evalCp: n.eval_cp ?? null,
      evalMate: n.eval_mate ?? null,
      nags: n.nags || [],
      main: !!n.main,
      ply: n.ply,
      children: [],
    });
    maxId = Math.max(maxId, n.id);
  }
  for (const n of view.nodes || []) {
    const parent = node(n.parent);
    if (parent) parent.children.push(n.id);
  }
  tree.nextId = maxId + 1;
  tree.startSide = view.root.position ? view.root.position.side : sideOfFen(view.root.fen);
  tree.startNumber = fenMoveNumber(tree.rules, view.root.fen);
  positions.clear();
  if (view.root.position && view.root.position.svg) cachePosition(view.root.position);
  ui.rules.value = tree.rules;
  ui.variant.value = tree.variant || 'standard';
  board.rules = tree.rules;
  updateChessControls();
}

/** The name of the board's rules: the chess variant's when there is one. */
function shownRulesName(rules, variant) {
  return variant ? variantName(variant) : rulesName(rules);
}

function sideOfFen(fen) {
  const f = String(fen).trim();
  if (tree.rules === 'chess') return f.split(/\s+/)[1] === 'b' ? 'black' : 'white';
  return /^b/i.test(f) ? 'black' : 'white';
}

/** The last node of the main line. */
function mainEnd() {
  let n = node(0);
  while (n.children.length) n = node(n.children[0]);
  return n.id;
}

function clearNotices() {
  ui.notices.replaceChildren();
}

function notice(text, kind) {
  ui.notices.append(el('p', { class: `notice ${kind || ''}`, text }));
}

/** What is wrong, in the page's language, when the error says it as data; else null. */
function errorWords(e) {
  const p = e.problem;
  if (p && p.kind === 'not-a-move') return t('problem.not-a-move', { text: p.text });
  if (p && p.kind === 'unreadable') return t('problem.unreadable', { text: p.text });
  if (p && p.kind === 'illegal') {
    return p.legal && p.legal.length
      ? t('problem.illegal-legal', { text: p.text, legal: p.legal.join(' ') })
      : t('problem.illegal', { text: p.text });
  }
  if (p && p.kind === 'ambiguous') return t('problem.ambiguous', { text: p.text, candidates: (p.candidates || []).join(', ') });
  if (['syntax', 'bad-fen', 'empty'].includes(e.code)) return t(`problem.${e.code}`);
  return null;
}

function showError(e) {
  ui.error.replaceChildren();
  const parts = [el('strong', { text: t('load.error') })];
  const where = [];
  if (e.line) where.push(t('load.at', { line: e.line, column: e.column || 1 }));
  if (e.ply) where.push(t('load.at-move', { number: `${e.ply.number}${e.ply.second ? '…' : ''}` }));
  if (where.length) parts.push(' ', el('span', { class: 'where', text: t('load.where', { where: where.join(', ') }) }));
  const words = errorWords(e);
  if (words) {
    // The reader's own message has more detail (the position, the legal moves) but is in
    // English: it is kept, folded.
    parts.push(el('span', { class: 'reason', text: words }),
      el('details', { class: 'error-detail' },
        el('summary', { text: t('load.details') }),
        el('span', { lang: 'en', text: e.message })));
  } else {
    parts.push(el('span', { class: 'reason', lang: lang === 'en' ? null : 'en', text: e.message }));
  }
  ui.error.append(...parts);
  ui.error.hidden = false;
  $('paste').open = true;
  if (e.line) selectInText(e.line, e.column || 1);
}

function hideError() {
  ui.error.hidden = true;
  ui.error.replaceChildren();
}

/** Puts the caret of the text box at a line and column, so the mistake is easy to find. */
function selectInText(line, column) {
  const lines = ui.text.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i += 1) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  try {
    ui.text.setSelectionRange(offset, Math.min(ui.text.value.length, offset + 1));
  } catch {
    // not focusable yet
  }
}

/**
 * Reads the form onto the board. `initial`: the rules' start position whatever the form's
 * start is (a change of rules: the board, the moves and the panels follow the menu at once;
 * the text stays in the box for Load). `game`: which game of a PDN/PGN text (from 1).
 */
async function load({ initial = false, game = 1 } = {}) {
  const rules = ui.rules.value;
  const start = initial ? 'initial' : ui.start.value;
  const text = ui.text.value;
  const games = start === 'pdn';
  if (start !== 'initial' && !text.trim()) {
    showError(new ApiError(0, start === 'fen' ? t('load.empty-fen') : t('load.empty-pdn')));
    return;
  }
  if (start !== 'initial' && new Blob([text]).size > 1024 * 1024) {
    showError(new ApiError(413, t('load.too-big')));
    return;
  }
  ui.form.classList.add('busy');
  const ticket = ++loads;
  try {
    const body = { ...rulesRequest(rules, formVariant()), start, notation: notationRequest(), svg: board.svgOptions() };
    if (start !== 'initial') body.text = text;
    if (games) {
      body.game = game;
      if (pgnFile) body.start = 'pgn';
    }
    const view = await post('/api/load', body);
    // A later Load (or a change of rules) was asked for meanwhile: its answer wins.
    if (ticket !== loads) return;
    hideError();
    clearNotices();
    takeView(view);
    forgetShare();
    if (computer) computer.clear(); // the analysis was of another game
    chosen = game;
    if (games) {
      const key = READ_AS[view.rules_source];
      if (key) notice(t(key, { rules: shownRulesName(view.rules, view.variant) }), 'info read-as');
    }
    for (const w of view.warnings || []) notice(`${t('load.warning')} ${w}`, 'warning');
    tree.current = mainEnd();
    renderAll();
    await showCurrent();
    save();
    if (games) await listGames(text, view.games_in_text);
    else listGames(null, 0);
  } catch (e) {
    // The board keeps what it showed.
    if (ticket !== loads) return;
    showError(e instanceof ApiError ? e : new ApiError(0, String(e)));
    // The text's other games may read: they are listed to choose from.
    if (games) await listGames(text, null);
  } finally {
    if (ticket === loads) ui.form.classList.remove('busy');
  }
}

/**
 * Lists the games of `text` (`count` of them when known) when it holds more than one, the
 * one on the board marked; hides the list otherwise.
 */
async function listGames(text, count) {
  if (text === null || count === 1 || count === 0) {
    renderGameList(ui.games, null);
    return;
  }
  if (!listed || listed.text !== text) {
    try {
      const list = await post('/api/list', { text });
      listed = { text, ...list };
    } catch {
      renderGameList(ui.games, null);
      return;
    }
    if (ui.text.value !== text) return;
  }
  renderGameList(ui.games, listed, chosen, (number) => chooseGame(number));
}

/** Puts game `number` of the listed text on the board. */
async function chooseGame(number) {
  if (listed) ui.text.value = listed.text;
  ui.start.value = 'pdn';
  updateHint();
  await load({ game: number });
  markGame(ui.games, chosen);
}

/** Puts a file's text in the box and loads it (its first game; a collection is listed). */
async function openFile(file) {
  let text;
  try {
    text = await readTextFile(file);
  } catch (e) {
    showError(new ApiError(e instanceof RangeError ? 413 : 0,
      e instanceof RangeError ? t('load.file-too-big', { name: file.name }) : t('load.file-unreadable', { name: file.name })));
    return;
  }
  $('paste').open = true;
  ui.text.value = text;
  ui.start.value = looksLikeFen(text) ? 'fen' : 'pdn';
  pgnFile = /\.pgn$/i.test(file.name);
  updateHint();
  await load();
}

/** Whether a text is one FEN line (draughts `W:W21,22:B1,2`, or chess) rather than a game. */
function looksLikeFen(text) {
  const line = text.trim();
  if (!line || line.includes('\n')) return false;
  return /^[WB]?:[WB]/i.test(line) || /^[1-8pnbrqk]+(\/[1-8pnbrqk]+){7}(\s|$)/i.test(line);
}

/** The share box belongs to the analysis it was made for: another game hides it. */
function forgetShare() {
  $('share-box').hidden = true;
  $('share-link').value = '';
}

// ---------------------------------------------------------------- the position

function cacheKey(fen) {
  const o = board.svgOptions();
  return `${tree.rules}|${tree.variant}|${fen}|${notation.lang}|${notation.style}|${notation.figurines}|${o.coordinates}|${o.flipped}`;
}

function cachePosition(pos) {
  if (positions.size > 300) positions.clear();
  positions.set(cacheKey(pos.fen), pos);
}

async function positionOf(fen) {
  const key = cacheKey(fen);
  if (positions.has(key)) return positions.get(key);
  const pos = await post('/api/position', {
    ...rulesRequest(),
    fen,
    notation: notationRequest(),
    svg: board.svgOptions(),
  });
  positions.set(key, pos);
  // The canonical FEN may differ from the one asked for: keep both.
  cachePosition(pos);
  return pos;
}

/** The squares of a move id: `31x22x13` → from 31, path [22, 13]; `e2e4` → e2, [e4]. */
function squaresOf(id) {
  if (!id) return null;
  if (tree.rules === 'chess') {
    // A drop (`N@e3`) marks its square only.
    const drop = id.indexOf('@');
    if (drop >= 0) return { from: id.slice(drop + 1), to: id.slice(drop + 1), path: [id.slice(drop + 1)] };
    return { from: id.slice(0, 2), to: id.slice(2, 4), path: [id.slice(2, 4)] };
  }
  const parts = id.split(/[-x]/);
  return { from: parts[0], to: parts[parts.length - 1], path: parts.slice(1) };
}

async function showCurrent() {
  const n = node(tree.current);
  const ticket = ++showing;
  let pos;
  try {
    pos = await positionOf(n.fen);
  } catch (e) {
    if (ticket === showing) ui.status.textContent = e.message;
    return;
  }
  if (ticket !== showing) return;
  loadPockets(pos);
  await board.set(pos, { last: n.id ? squaresOf(n.move) : null });
  ui.fen.value = pos.fen;
  $('open-editor').href = `/editor?${positionQuery(pos.fen)}`;
  engine.show(tree.rules, pos.fen, notationRequest(), tree.variant, { start: node(0).fen, moves: pathTo(n.id) });
  explorerAt = [tree.rules, tree.variant, pos.fen, notationRequest()];
  if (explorer) explorer.show(...explorerAt);
  ui.status.textContent = statusWords(pos);
  // Three-check: the checks each side still has to give.
  if (pos.checks) {
    const side = (color) => `${sideName(color)} ${pos.checks[color]}`;
    ui.status.textContent += ` · ${t('board.checks-left', { white: side('white'), black: side('black') })}`;
  }
  ui.copyStatus.textContent = '';
  highlightCurrent();
  updateButtons();
}

/** The query of a link to position `fen` under the board's rules. */
function positionQuery(fen) {
  return new URLSearchParams({ ...rulesRequest(), fen }).toString();
}

async function go(id) {
  if (id === null || id === undefined || !tree.nodes.has(id)) return;
  tree.current = id;
  highlightCurrent();
  updateButtons();
  await showCurrent();
  save();
}

// ---------------------------------------------------------------- playing moves

async function playMove(moveText) {
  const from = node(tree.current);
  const known = from.children.map(node).find((c) => c.move === moveText);
  if (known) {
    await go(known.id);
    return;
  }
  let answer;
  try {
    answer = await post('/api/play', {
      ...rulesRequest(),
      fen: from.fen,
      move: moveText,
      notation: notationRequest(),
      svg: board.svgOptions(),
    });
  } catch (e) {
    board.say(e.message, 'error');
    return false;
  }
  const again = from.children.map(node).find((c) => c.move === answer.move.id);
  if (again) {
    await go(again.id);
    return true;
  }
  const id = tree.nextId++;
  tree.nodes.set(id, {
    id,
    parent: from.id,
    move: answer.move.id,
    text: answer.move.text,
    fen: answer.position.fen,
    comment: null,
    commentBefore: null,
    nags: [],
    main: from.main && from.children.length === 0,
    ply: from.ply + 1,
    children: [],
  });
  from.children.push(id);
  cachePosition(answer.position);
  tree.current = id;
  renderMoves();
  await showCurrent();
  save();
  return true;
}

// ---------------------------------------------------------------- the move list

function renderMoves() {
  let result = null;
  if (tree.result && tree.result !== '*') {
    const words = resultWords(tree.rules, tree.result);
    result = `${resultText(tree.rules, tree.result)}${words ? ` — ${words}` : ''}`;
  }
  renderMoveList(ui.moves, {
    tree,
    rules: tree.rules,
    startSide: tree.startSide,
    startNumber: tree.startNumber,
    current: tree.current,
    onSelect: (id) => go(id),
    empty: t('analysis.no-moves'),
    result,
    judge: computer && computer.judge,
  });
}

/** The edits of the move list's menu: each draws the list again and keeps the tree. */
attachMoveMenu(ui.moves, {
  button: ui.moveMenu,
  current: () => tree.current,
  describe: (id) => {
    const n = node(id);
    if (!n || id === 0) return null;
    return {
      label: `${numberText(moveListNumbering(), n)} ${n.text}`,
      glyph: moveGlyph(tree, id),
      comment: n.comment,
      mainLine: isMainLine(tree, id),
      branches: branchCount(tree, id),
    };
  },
  onComment: (id, text) => edited(() => setComment(tree, id, text)),
  onGlyph: (id, nag) => edited(() => setMoveGlyph(tree, id, nag)),
  onPromote: (id, toMain) => edited(() => promote(tree, id, toMain)),
  onDelete: (id) => deleteMove(id),
});

function moveListNumbering() {
  return { rules: tree.rules, startSide: tree.startSide, startNumber: tree.startNumber };
}

function edited(change) {
  change();
  renderMoves();
  save();
}

/** Deletes move `id` and everything after it; the board goes back a move if it was there. */
function deleteMove(id) {
  const inside = isWithin(tree, id, tree.current);
  const parent = deleteFrom(tree, id);
  if (parent === null) return;
  if (inside) tree.current = parent;
  renderMoves();
  updateButtons();
  showCurrent();
  save();
}

function renderInfo() {
  ui.info.replaceChildren();
  const shown = tree.tags.filter(([name]) => !['FEN', 'SetUp', 'Setup'].includes(name));
  if (!shown.length) return;
  const dl = el('dl', { class: 'tags' });
  for (const [name, value] of shown) {
    dl.append(el('dt', { text: name }), el('dd', { text: value }));
  }
  ui.info.append(el('details', { class: 'card', open: shown.length <= 8 },
    el('summary', { text: t('analysis.tags') }), dl));
}

function highlightCurrent() {
  markCurrent(ui.moves, tree.current);
  if (computer) computer.show(tree.current);
}

function updateButtons() {
  const n = node(tree.current);
  $('nav-start').disabled = n.id === 0;
  $('nav-back').disabled = n.id === 0;
  $('nav-forward').disabled = n.children.length === 0;
  $('nav-end').disabled = n.children.length === 0;
  ui.deleteLine.hidden = n.id === 0;
  ui.moveMenu.disabled = n.id === 0;
  ui.download.textContent = tree.rules === 'chess' ? t('analysis.download-pgn') : t('analysis.download-pdn');
  $('computer-analysis').hidden = !node(0).children.length;
}

function renderAll() {
  renderInfo();
  renderMoves();
  updateButtons();
}

function updateChessControls() {
  ui.chess.hidden = tree.rules !== 'chess' && ui.rules.value !== 'chess';
  ui.variantField.hidden = ui.rules.value !== 'chess';
  ui.nLang.value = notation.lang;
  ui.nStyle.value = notation.style;
  ui.nFig.checked = notation.figurines;
  updateHint();
}

function updateHint() {
  const start = ui.start.value;
  const rules = ui.rules.value;
  let key = 'start.hint-initial';
  if (start === 'fen') key = rules === 'chess' ? 'start.hint-fen-chess' : 'start.hint-fen';
  else if (start === 'pdn') key = rules === 'chess' ? 'start.hint-pgn' : 'start.hint-pdn';
  ui.hint.textContent = t(key);
  ui.text.placeholder = start === 'fen' ? (rules === 'chess' ? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' : 'W:W26,28,31:B17,19,20') : '';
}

// ---------------------------------------------------------------- export, notation, keeping

/** The tree in the export form: parents before children, each parent's main child first. */
function exportNodes() {
  // Depth first with a stack of our own (a main line of 20,000 moves would overflow the
  // script's call stack): each node, then its first child's line, then its siblings.
  const out = [];
  const todo = [...node(0).children].reverse();
  while (todo.length) {
    const n = node(todo.pop());
    const item = { id: n.id, parent: n.parent, move: n.move, nags: n.nags || [] };
    const comment = [n.commentBefore, n.comment].filter(Boolean).join(' ');
    if (comment) item.comment = comment;
    out.push(item);
    for (let i = n.children.length - 1; i >= 0; i -= 1) todo.push(n.children[i]);
  }
  return out;
}

function exportTags() {
  const tags = tree.tags.filter(([name]) => !['FEN', 'SetUp', 'Setup', 'GameType', 'Result'].includes(name));
  if (!tags.some(([name]) => name === 'Event')) tags.unshift(['Event', 'Analysis']);
  return tags;
}

async function exportText() {
  return post('/api/export', {
    ...rulesRequest(),
    start: node(0).fen,
    tags: exportTags(),
    nodes: exportNodes(),
    result: tree.result || '*',
    notation: notationRequest(),
  });
}

/** The move ids from the start to node `id`. */
function pathTo(id) {
  const path = [];
  let n = node(id);
  while (n && n.id !== 0) {
    path.push(n.move);
    n = node(n.parent);
  }
  return path.reverse();
}

function followPath(path) {
  let n = node(0);
  for (const mv of path) {
    const next = n.children.map(node).find((c) => c.move === mv);
    if (!next) break;
    n = next;
  }
  return n.id;
}

/** Rewrites every move in the current notation: the tree goes out as PGN and back in. */
async function renotate() {
  const path = pathTo(tree.current);
  positions.clear();
  if (node(0).children.length === 0) {
    await showCurrent();
    save();
    return;
  }
  try {
    const { text } = await exportText();
    const keep = { tags: tree.tags, result: tree.result };
    const view = await post('/api/load', {
      rules: tree.rules,
      start: 'pdn',
      text,
      notation: notationRequest(),
      svg: board.svgOptions(),
    });
    takeView(view);
    tree.tags = keep.tags;
    tree.result = keep.result;
    tree.current = followPath(path);
    renderAll();
    await showCurrent();
    save();
  } catch (e) {
    notice(e.message, 'warning');
  }
}

function save() {
  try {
    sessionStorage.setItem(SAVED, JSON.stringify({
      rules: tree.rules,
      variant: tree.variant,
      start: node(0).fen,
      tags: tree.tags,
      result: tree.result,
      nodes: exportNodes(),
      path: pathTo(tree.current),
      notation,
      form: { rules: ui.rules.value, variant: ui.variant.value, start: ui.start.value, text: ui.text.value.length < 200000 ? ui.text.value : '' },
    }));
  } catch {
    // storage full or off: nothing is lost but the restore
  }
}

/** Brings back the board of this tab after a reload (a language switch reloads the page). */
async function restore() {
  let saved;
  try {
    saved = JSON.parse(sessionStorage.getItem(SAVED));
  } catch {
    saved = null;
  }
  if (!saved || !saved.start) return false;
  if (saved.form) {
    ui.rules.value = saved.form.rules || saved.rules;
    ui.variant.value = saved.form.variant || saved.variant || 'standard';
    ui.start.value = saved.form.start || 'initial';
    ui.text.value = saved.form.text || '';
  }
  if (saved.notation && saved.notation.explicit) Object.assign(notation, saved.notation, { figurines: figurines() });
  try {
    let view;
    if (saved.nodes && saved.nodes.length) {
      const { text } = await post('/api/export', {
        ...rulesRequest(saved.rules, saved.variant),
        start: saved.start,
        tags: [['Event', 'Analysis']],
        nodes: saved.nodes,
        result: '*',
        notation: notationRequest(),
      });
      view = await post('/api/load', { rules: saved.rules, start: 'pdn', text, notation: notationRequest(), svg: board.svgOptions() });
    } else {
      view = await post('/api/load', { ...rulesRequest(saved.rules, saved.variant), start: 'fen', text: saved.start, notation: notationRequest(), svg: board.svgOptions() });
    }
    takeView(view);
    tree.tags = saved.tags || [];
    tree.result = saved.result || null;
    ui.rules.value = saved.form ? saved.form.rules || tree.rules : tree.rules;
    updateChessControls();
    tree.current = followPath(saved.path || []);
    renderAll();
    await showCurrent();
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- events

ui.form.addEventListener('submit', (e) => {
  e.preventDefault();
  load();
});

ui.rules.addEventListener('change', () => {
  updateChessControls();
  load({ initial: true });
});

ui.variant.addEventListener('change', () => load({ initial: true }));

ui.start.addEventListener('change', () => {
  updateHint();
  if (ui.start.value !== 'initial') ui.text.focus();
});

// The box is always open to typing: a text typed or pasted while "Start from" says the
// initial position is a game or a FEN, and "Start from" follows.
ui.text.addEventListener('input', () => {
  pgnFile = false;
  if (ui.start.value === 'initial' && ui.text.value.trim()) {
    ui.start.value = looksLikeFen(ui.text.value) ? 'fen' : 'pdn';
    updateHint();
  }
});

$('open-file').addEventListener('click', () => ui.file.click());
ui.file.addEventListener('change', () => {
  const file = ui.file.files && ui.file.files[0];
  ui.file.value = '';
  if (file) openFile(file);
});
acceptDrops(document.querySelector('.analysis'), (file) => openFile(file));

ui.copy.addEventListener('click', async () => {
  const ok = await copyText(ui.fen.value, ui.fen);
  ui.copyStatus.textContent = ok ? t('analysis.copied') : t('analysis.copy-failed');
});

$('share').addEventListener('click', async () => {
  $('share').disabled = true;
  try {
    const { text, warnings } = await exportText();
    if (warnings && warnings.length) notice(warnings.join(' '), 'warning');
    const saved = await post('/api/analyses', { rules: tree.rules, text });
    const url = `${location.origin}${saved.url}`;
    $('share-link').value = url;
    $('share-box').hidden = false;
    $('share-link').select();
    await copyText(url, $('share-link'));
  } catch (e) {
    notice(e.message, 'warning');
  } finally {
    $('share').disabled = false;
  }
});

$('copy-share').addEventListener('click', () => copyText($('share-link').value, $('share-link')));

$('copy-link').addEventListener('click', async () => {
  const url = `${location.origin}/analysis?${positionQuery(ui.fen.value)}`;
  const ok = await copyText(url, ui.fen);
  ui.copyStatus.textContent = ok ? t('analysis.link-copied') : t('analysis.copy-failed');
});

ui.download.addEventListener('click', async () => {
  try {
    const { text, filename, warnings } = await exportText();
    if (warnings && warnings.length) notice(warnings.join(' '), 'warning');
    download(text, filename, tree.rules === 'chess' ? 'application/x-chess-pgn' : 'application/x-pdn');
  } catch (e) {
    notice(e.message, 'warning');
  }
});

ui.deleteLine.addEventListener('click', () => deleteMove(tree.current));

ui.moveForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = ui.moveInput.value.trim();
  if (!text) return;
  const ok = await playMove(text);
  if (ok) ui.moveInput.value = '';
});

for (const [id, target] of [
  ['nav-start', () => 0],
  ['nav-back', () => node(tree.current).parent],
  ['nav-forward', () => node(tree.current).children[0]],
  ['nav-end', () => lineEnd(tree.current)],
]) {
  $(id).addEventListener('click', () => go(target()));
}

/** The end of the line through node `id`, following main continuations. */
function lineEnd(id) {
  let n = node(id);
  while (n.children.length) n = node(n.children[0]);
  return n.id;
}

document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
  const n = node(tree.current);
  let to;
  if (e.key === 'ArrowLeft') to = n.parent;
  else if (e.key === 'ArrowRight') to = n.children[0];
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = lineEnd(n.id);
  else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
    // Switch between the alternatives of the current move.
    const parent = node(n.parent);
    if (!parent) return;
    const i = parent.children.indexOf(n.id) + (e.key === 'ArrowDown' ? 1 : -1);
    to = parent.children[i];
  } else return;
  e.preventDefault();
  if (to !== undefined && to !== null) go(to);
});

for (const input of [ui.nLang, ui.nStyle]) {
  input.addEventListener('change', () => {
    notation.lang = ui.nLang.value;
    notation.style = ui.nStyle.value;
    notation.explicit = true;
    renotate();
  });
}

// Figurines are the visitor's choice for every page (the header's switch, or this box).
ui.nFig.addEventListener('change', () => setFigurines(ui.nFig.checked));
window.addEventListener('scoresheet:prefs', () => {
  if (notation.figurines === figurines()) return;
  notation.figurines = figurines();
  ui.nFig.checked = notation.figurines;
  if (tree.rules === 'chess') renotate();
});

// ---------------------------------------------------------------- start

async function init() {
  // On a phone the board and its moves come first: the paste form is folded away.
  if (window.matchMedia && window.matchMedia('(max-width: 600px)').matches) $('paste').open = false;
  updateChessControls();
  const data = page || {};
  if (data.game) {
    ui.rules.value = data.game.rules;
    if (data.pdn) {
      ui.start.value = 'pdn';
      ui.text.value = data.pdn;
      updateHint();
    }
    takeView(data.game);
    if (data.game_id) notice(t('analysis.stored-game'), 'info');
    if (data.analysis_id) notice(t('analysis.saved'), 'info');
    tree.current = mainEnd();
    renderAll();
    // The server writes chess moves in English letters: in the page's own, or figurines.
    if (tree.rules === 'chess' && (notation.lang !== 'en' || notation.figurines)) await renotate();
    else await showCurrent();
    save();
    return;
  }
  if (data.rules) ui.rules.value = data.rules;
  if (data.variant) ui.variant.value = data.variant;
  if (data.pdn) {
    // A game of the games database (`?db=ID`): loaded as a pasted game is.
    ui.start.value = 'pdn';
    ui.text.value = data.pdn;
    updateHint();
    await load();
    // A game from the database opens at its start, to be played through.
    await go(0);
    return;
  }
  if (data.fen) {
    ui.start.value = 'fen';
    ui.text.value = data.fen;
    updateHint();
    await load();
    return;
  }
  const asked = new URLSearchParams(location.search).get('rules');
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SAVED));
  } catch {
    saved = null;
  }
  if ((!asked || (saved && saved.rules === asked)) && (await restore())) return;
  ui.start.value = 'initial';
  updateHint();
  await load();
}

init();
