// The move list as lichess shows it: the main line in two columns (move number, the first
// mover's move, the second mover's move), interrupted by comments and side lines, which are
// written inline, indented and nested; annotation glyphs beside the moves; the current move
// highlighted and kept in view. The list knows nothing of the page: it draws a tree (see
// movetree.js) and says which move was clicked.

import { el } from './i18n.js';
import { moveNumber } from './board.js';

/**
 * How numeric annotation glyphs are shown ($1 is `!`); others are written `$n`. The slight
 * advantages are written `+=` and `=+`: the usual fonts have no ⩲ and ⩱.
 */
export const NAG_GLYPHS = {
  1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞',
  14: '+=', 15: '=+', 16: '±', 17: '∓', 18: '+−', 19: '−+', 22: '⨀', 23: '⨀', 32: '⟳', 33: '⟳',
  36: '→', 37: '→', 40: '↑', 41: '↑', 132: '⇆', 133: '⇆', 138: '⊕', 139: '⊕', 146: 'N',
};

/** The glyphs of a list of NAGs, as text. */
export function nagText(nags) {
  return (nags || []).map((n) => NAG_GLYPHS[n] || `$${n}`).join(' ');
}

// The options of each list drawn, for the one click handler of its container.
const lists = new WeakMap();

/** The number of move `n` with its mark: `12.` for the first mover, `12…` for the second. */
export function numberText(o, n) {
  const { number, first } = moveNumber(o.rules, o.startSide, n.ply, o.startNumber);
  return `${number}${first ? '.' : '…'}`;
}

/**
 * Draws the moves of `o.tree` into `container` (its old content goes).
 *
 * Options: `tree` (`{ nodes: Map }`, node 0 the start, see movetree.js), `rules`,
 * `startSide` (`white` or `black`: who moves first from the start position), `startNumber`
 * (the number of the first move), `current` (the id of the node shown), `onSelect(id)` (a
 * move was clicked), `empty` (the text when there is no move), `result` (a text after the
 * moves, or null), `judge(node)` (optional: what a computer analysis says of a main-line
 * move, `{ kind, glyph, title, after }` or null; see computer-analysis.js).
 *
 * Each move is a `button.move` with `data-node` (its id), `data-move` (its move id) and
 * `data-ply`; the current one has `aria-current="true"`.
 */
export function renderMoveList(container, o) {
  if (!lists.has(container)) {
    container.addEventListener('click', (e) => {
      const button = e.target.closest('button.move');
      const opts = lists.get(container);
      if (!button || !container.contains(button) || !opts || !opts.onSelect) return;
      opts.onSelect(Number(button.dataset.node));
    });
  }
  lists.set(container, o);
  container.classList.add('movelist-box');
  const out = document.createDocumentFragment();
  const root = o.tree.nodes.get(0);
  if (root && root.comment) out.append(el('p', { class: 'comment root-comment', text: root.comment }));
  if (root && root.children.length) out.append(mainLine(o, root));
  else out.append(el('p', { class: 'empty', text: o.empty || '' }));
  if (o.result) out.append(el('p', { class: 'result', text: o.result }));
  container.replaceChildren(out);
  markCurrent(container, o.current);
}

/** Highlights node `id`'s move in the list and scrolls the list (not the page) to it. */
export function markCurrent(container, id) {
  for (const b of container.querySelectorAll('button.move[aria-current]')) b.removeAttribute('aria-current');
  const b = container.querySelector(`button.move[data-node="${id}"]`);
  if (!b) return;
  b.setAttribute('aria-current', 'true');
  const box = container.getBoundingClientRect();
  const r = b.getBoundingClientRect();
  if (r.top < box.top || r.bottom > box.bottom) {
    container.scrollTop += r.top - box.top - box.height / 2;
  }
}

function moveButton(o, n, judged = null) {
  const nags = nagText(n.nags);
  const clock = clockText(n.clockMs);
  const evaluation = evalText(n.evalCp, n.evalMate);
  return el('button', {
    type: 'button',
    class: 'move',
    'data-node': n.id,
    'data-move': n.move,
    'data-ply': n.ply,
    'aria-current': n.id === o.current ? 'true' : null,
    // Shown by the style sheet beside the move (not part of its text).
    'data-eval': evaluation || null,
    'data-clock': clock || null,
    title: judged ? judged.title : null,
  }, n.text,
  // The computer's mark stands before the glyphs of the record.
  judged ? el('span', { class: `nag ${judged.kind}`, text: judged.glyph }) : null,
  nags ? el('span', { class: 'nag', text: nags }) : null);
}

/** A clock in milliseconds as lichess shows it: `1:02:03`, `2:58`, under ten seconds `7.4`. */
export function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  if (seconds < 10) return `${seconds}.${tenths % 10}`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** An evaluation from White's side: `+0.2`, `-1.3`, `#3`, `#-2`. */
export function evalText(cp, mate) {
  if (mate !== null && mate !== undefined) return `#${mate}`;
  if (cp === null || cp === undefined) return '';
  const pawns = (cp / 100).toFixed(1);
  return cp > 0 ? `+${pawns}` : pawns;
}

/** The comment after a move as the list shows it: without the clock and evaluation commands
 * that the move itself shows. */
function shownComment(n) {
  return n.remark !== undefined && n.remark !== null ? n.remark : n.comment;
}

function comment(text) {
  return el('p', { class: 'comment', text });
}

/** The side lines `ids` (alternatives to one move), each in its own indented block. */
function sideLines(o, ids, depth) {
  return ids.map((id) => {
    const box = el('div', { class: `variation depth-${Math.min(depth, 4)}` });
    sideLine(o, box, id, depth);
    return box;
  });
}

/**
 * The main line: a grid of rows `number | first mover | second mover`. A comment or side
 * lines after a move end the row (its empty cell shows `…`) and take the full width; the
 * line then goes on with its number and `…` in the first mover's column when needed.
 */
function mainLine(o, root) {
  const grid = el('div', { class: 'mainline movelist' });
  let open = false; // a row holds the first mover's move and waits for the second's
  const close = () => {
    if (open) grid.append(el('span', { class: 'filler', 'aria-hidden': 'true', text: '…' }));
    open = false;
  };
  const interrupt = (...parts) => {
    close();
    grid.append(el('div', { class: 'interrupt' }, ...parts));
  };
  let id = root.children[0];
  while (id !== undefined) {
    const n = o.tree.nodes.get(id);
    if (!n) break;
    const parent = o.tree.nodes.get(n.parent);
    if (n.commentBefore) interrupt(comment(n.commentBefore));
    const { number, first } = moveNumber(o.rules, o.startSide, n.ply, o.startNumber);
    const judged = o.judge ? o.judge(n) : null;
    if (first) {
      close();
      grid.append(el('span', { class: 'num', text: String(number) }), moveButton(o, n, judged));
      open = true;
    } else {
      if (!open) {
        grid.append(el('span', { class: 'num', text: String(number) }),
          el('span', { class: 'filler', 'aria-hidden': 'true', text: '…' }));
      }
      grid.append(moveButton(o, n, judged));
      open = false;
    }
    const extra = [];
    if (judged && judged.after) extra.push(judged.after);
    if (shownComment(n)) extra.push(comment(shownComment(n)));
    if (parent && parent.children.length > 1) extra.push(...sideLines(o, parent.children.slice(1), 1));
    if (extra.length) interrupt(...extra);
    id = n.children[0];
  }
  return grid;
}

/** A side line from node `firstId` on, inline, with its own side lines nested in blocks. */
function sideLine(o, box, firstId, depth) {
  let id = firstId;
  let numbered = true; // the next move shows its number even if it is the second mover's
  while (id !== undefined) {
    const n = o.tree.nodes.get(id);
    if (!n) break;
    if (n.commentBefore) {
      box.append(el('span', { class: 'comment', text: n.commentBefore }));
      numbered = true;
    }
    const { first } = moveNumber(o.rules, o.startSide, n.ply, o.startNumber);
    const button = moveButton(o, n);
    // A move number stays on the line of its move.
    if (first || numbered) box.append(el('span', { class: 'pair' }, el('span', { class: 'num', text: numberText(o, n) }), button));
    else box.append(button);
    numbered = false;
    if (shownComment(n)) {
      box.append(el('span', { class: 'comment', text: shownComment(n) }));
      numbered = true;
    }
    const parent = o.tree.nodes.get(n.parent);
    if (parent && parent.children[0] === id && parent.children.length > 1) {
      box.append(...sideLines(o, parent.children.slice(1), depth + 1));
      numbered = true;
    }
    id = n.children[0];
  }
}
