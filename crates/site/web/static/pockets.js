// Crazyhouse's pockets: the pieces each side holds in hand, shown above and below the board
// (the pocket of the side at the top above it), each piece in its side's colour with its
// count, as lichess shows them. A click on a piece of the side to move chooses it for a drop
// (the board marks where it may go), then a click on a square drops it there; a piece
// dragged from the pocket onto a square drops it too.
//
// The pockets come with the position (`pockets` of the API's Position); the drops are its
// legal moves with `drop` (docs/api.md). The board (board.js) keeps the choice as
// `selected = '@N'`.

import { el, t, sideName } from './i18n.js';

/** The pieces of a pocket in the order lichess shows them, with their catalog names. */
/** A piece drawn as the board draws it (its glyph, in its side's colour by the style sheet):
 * plain text, no SVG, so that `#board svg` stays the board's one diagram. */
function pieceGlyph(glyph) {
  return el('span', { class: 'glyph', 'aria-hidden': 'true', text: glyph });
}

const PIECES = [
  ['P', 'pawn', 'piece.pawn', '\u265F'],
  ['N', 'knight', 'piece.knight', '\u265E'],
  ['B', 'bishop', 'piece.bishop', '\u265D'],
  ['R', 'rook', 'piece.rook', '\u265C'],
  ['Q', 'queen', 'piece.queen', '\u265B'],
];

export class Pockets {
  /** Puts a pocket above and below `board`'s diagram; they show when a position has them. */
  constructor(board) {
    this.board = board;
    this.top = this.box('top');
    this.bottom = this.box('bottom');
    board.frame.prepend(this.top);
    board.frame.append(this.bottom);
    this.ghost = null;
    board.pockets = this;
  }

  /** A pocket's box with its five pieces, drawn once and updated for each position. */
  box(where) {
    const box = el('div', { class: `pocket ${where}`, role: 'group', hidden: true });
    for (const [letter, , key, glyph] of PIECES) {
      const piece = el('button', { type: 'button', class: 'pocket-piece', 'data-piece': letter, title: t(key) },
        pieceGlyph(glyph),
        el('span', { class: 'count', 'aria-hidden': 'true' }));
      piece.addEventListener('pointerdown', (e) => {
        if (piece.classList.contains('droppable')) this.press(e, piece, letter);
      });
      piece.addEventListener('click', (e) => {
        // A click from the keyboard (a press by pointer is handled as it goes down).
        if (e.detail === 0 && piece.classList.contains('droppable')) this.board.chooseDrop(letter);
      });
      box.append(piece);
    }
    return box;
  }

  /** Draws the pockets of the board's position (none when it has no pockets). */
  update() {
    const position = this.board.position;
    const pockets = position && position.pockets;
    this.board.frame.classList.toggle('with-pockets', !!pockets);
    this.top.hidden = !pockets;
    this.bottom.hidden = !pockets;
    if (!pockets) return;
    // Five pieces as wide as five squares, whether the coordinates take a strip or not.
    const square = this.board.rect('a1');
    const host = this.board.host.getBoundingClientRect().width;
    if (square && host) {
      const width = `${((500 * square.getBoundingClientRect().width) / host).toFixed(2)}%`;
      this.top.style.width = width;
      this.bottom.style.width = width;
    }
    const below = this.board.flipped ? 'black' : 'white';
    const above = below === 'white' ? 'black' : 'white';
    this.fill(this.top, above, pockets[above]);
    this.fill(this.bottom, below, pockets[below]);
  }

  fill(box, side, pocket) {
    const board = this.board;
    const playing = board.interactive && board.current() && board.position.side === side;
    box.dataset.side = side;
    box.setAttribute('aria-label', t('board.pocket', { side: sideName(side) }));
    for (const piece of box.querySelectorAll('.pocket-piece')) {
      const letter = piece.dataset.piece;
      const [, field, key] = PIECES.find(([l]) => l === letter);
      const count = (pocket && pocket[field]) || 0;
      const drops = playing && count > 0 && board.legal().some((m) => m.drop === letter);
      const chosen = drops && board.selected === `@${letter}`;
      piece.className = `pocket-piece ${side}${count ? '' : ' empty'}${chosen ? ' selected' : ''}${drops ? ' droppable' : ''}`;
      piece.dataset.count = String(count);
      piece.setAttribute('aria-label', `${t(key)}: ${count}`);
      if (drops) piece.setAttribute('aria-pressed', String(chosen));
      else piece.removeAttribute('aria-pressed');
      piece.disabled = !drops;
      piece.querySelector('.count').textContent = count > 0 ? String(count) : '';
    }
  }

  /** A press on a pocket piece: it is chosen, and follows the pointer if dragged. */
  press(e, piece, letter) {
    if (e.button !== 0) return;
    e.preventDefault();
    const board = this.board;
    const again = board.selected === `@${letter}`;
    if (!again) board.chooseDrop(letter);
    const start = { x: e.clientX, y: e.clientY, dragging: false };
    try {
      piece.setPointerCapture(e.pointerId);
    } catch {
      // not capturable: a click still works
    }
    const move = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      if (!start.dragging && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 5) return;
      if (!start.dragging) {
        start.dragging = true;
        const glyph = PIECES.find(([l]) => l === letter)[3];
        this.ghost = el('span', { class: `pocket-ghost ${piece.classList.contains('white') ? 'white' : 'black'}` }, pieceGlyph(glyph));
        const size = board.host.getBoundingClientRect().width / 8;
        this.ghost.style.width = `${Math.max(28, size)}px`;
        this.ghost.style.height = this.ghost.style.width;
        document.body.append(this.ghost);
      }
      this.ghost.style.left = `${ev.clientX}px`;
      this.ghost.style.top = `${ev.clientY}px`;
    };
    const up = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      piece.removeEventListener('pointermove', move);
      piece.removeEventListener('pointerup', up);
      piece.removeEventListener('pointercancel', up);
      if (this.ghost) {
        this.ghost.remove();
        this.ghost = null;
      }
      if (start.dragging) {
        const sq = ev.type === 'pointerup' ? board.squareAt(ev.clientX, ev.clientY) : null;
        if (sq !== null) board.click(sq);
        else board.clearSelection();
      } else if (again) {
        board.clearSelection(); // a second click on the chosen piece puts it back
      }
    };
    piece.addEventListener('pointermove', move);
    piece.addEventListener('pointerup', up);
    piece.addEventListener('pointercancel', up);
  }
}
