// The interactive board: shows the server's SVG diagram of a position and lets the player
// choose one of its legal moves by clicking or dragging.
//
// The position is the API's Position object (docs/api.md): `legal` lists every legal move with
// its `from`, `to`, every landing square (`path`) and the squares it takes (`captures`). The
// SVG marks each square with `rect.sq[data-sq]` and each piece with `g.piece[data-sq]`; the
// board shows selection, legal destinations and the last move by adding classes to them.
//
// Choosing a move: click a piece of the side to move (its legal destinations are marked), then
// where it goes. A capture of several pieces needs only its end square when that names one
// legal move; otherwise the player clicks the landing squares in order until one move is
// left. A chess promotion asks which piece. A Crazyhouse drop (a legal move with `drop`) is
// chosen from the pockets (pockets.js), then its square.

import { svg as fetchSvg } from './api.js';
import { el, t, sideName, rulesFacts } from './i18n.js';
import { coordinates, setCoordinates, moveSound } from './prefs.js';

/** Chess piece values for the material count, as lichess counts them. */
const CHESS_VALUES = { Q: 9, R: 5, B: 3, N: 3, P: 1, K: 0 };
const CHESS_GLYPHS = { Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟' };

/** Whether `seq` appears in `path` in the same order (not necessarily next to each other). */
export function inOrder(seq, path) {
  let i = 0;
  for (const sq of path) {
    if (i < seq.length && sq === seq[i]) i += 1;
  }
  return i === seq.length;
}

const PROMOTIONS = [
  ['q', 'piece.queen', '\u265B'],
  ['r', 'piece.rook', '\u265C'],
  ['b', 'piece.bishop', '\u265D'],
  ['n', 'piece.knight', '\u265E'],
  // Antichess promotes to a king too.
  ['k', 'piece.king', '\u265A'],
];

export class Board {
  /**
   * @param {HTMLElement} root where the board goes (its content is replaced)
   * @param {object} options `rules`, `interactive` (default true), `toolbar` (default true),
   *   `onMove(move)` (a legal move object chosen by the player), `onWrong(key, square)`
   *   (a click that names no legal move: a catalog key), `flipped`, `coordinates` (shown
   *   whatever the visitor chose: boards in articles), `label`, `toolsHost` (where the
   *   Coordinates and Flip buttons go; under the board by default)
   */
  constructor(root, options = {}) {
    this.root = root;
    this.rules = options.rules || 'american';
    this.interactive = options.interactive !== false;
    this.onMove = options.onMove || (() => {});
    this.onWrong = options.onWrong || ((key) => this.say(t(key)));
    this.onOptions = options.onOptions || (() => {});
    // Coordinates as the visitor chose (shown unless the page says), and when they change.
    this.fixedCoordinates = options.coordinates;
    this.followPrefs(false);
    window.addEventListener('scoresheet:prefs', () => this.followPrefs(true));
    this.flipped = options.flipped ?? false;
    this.label = options.label || t('board.label');
    this.position = null;
    this.last = null;
    this.selected = null;
    this.via = [];
    this.svgEl = null;
    this.drawn = null; // the position whose diagram is on screen
    this.drawing = Promise.resolve(); // the diagram set() last asked for
    this.renderId = 0;

    root.classList.add('board-widget');
    root.replaceChildren();
    this.host = el('div', { class: 'board-svg' });
    this.host.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.host.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.host.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.host.addEventListener('pointercancel', () => this.cancelDrag());
    this.host.addEventListener('dragstart', (e) => e.preventDefault());
    this.frame = el('div', { class: 'board-frame' }, this.host);
    root.append(this.frame);
    if (options.toolbar !== false) {
      this.coordButton = el('button', {
        type: 'button',
        class: 'tool coords',
        'aria-pressed': String(this.coordinates),
        text: t('board.coordinates'),
        onclick: () => this.setOptions({ coordinates: !this.coordinates }),
      });
      this.flipButton = el('button', {
        type: 'button',
        class: 'tool flip',
        'aria-pressed': String(this.flipped),
        text: t('board.flip'),
        onclick: () => this.setOptions({ flipped: !this.flipped }),
      });
      // The page may keep the tools elsewhere (beside the move buttons, to save a row).
      (options.toolsHost || root).append(el('div', { class: 'board-tools' }, this.coordButton, this.flipButton));
    }
    this.messageEl = el('p', { class: 'board-message', role: 'status', 'aria-live': 'polite' });
    root.append(this.messageEl);
    // The material on the board, under it (boards in articles leave it out).
    this.materialEl = options.material === false ? null : el('p', { class: 'material' });
    if (this.materialEl) root.append(this.materialEl);
  }

  /** Takes the coordinates the visitor chose (`redraw`: and redraws when they changed). */
  followPrefs(redraw) {
    const place = coordinates();
    const shown = this.fixedCoordinates ?? place !== 'none';
    if (shown === this.coordinates && (place === 'outside') === this.outside) return;
    this.coordinates = shown;
    this.outside = place === 'outside';
    if (this.coordButton) this.coordButton.setAttribute('aria-pressed', String(shown));
    if (redraw) this.setOptions({});
  }

  /** The `svg` option of API requests that matches this board. */
  svgOptions() {
    return { coordinates: this.coordinates, outside: this.outside, flipped: this.flipped };
  }

  /** Shows a message under the board (empty to clear). */
  say(text, kind) {
    this.messageEl.textContent = text || '';
    this.messageEl.className = `board-message${kind ? ` ${kind}` : ''}`;
  }

  /**
   * Shows `position` (a Position from the API). `last` ({from, to, path}) marks the move
   * that led here. Uses `position.svg` when the answer carried one drawn with the board's
   * options, else asks the server for the diagram.
   */
  async set(position, { last = null, svg = null } = {}) {
    this.position = position;
    if (position.rules) this.rules = position.rules;
    this.last = last;
    this.selected = null;
    this.via = [];
    this.closePromotion();
    const text = svg || position.svg || null;
    this.drawing = this.draw(text);
    await this.drawing;
  }

  /** Whether the diagram on screen is the one of `fen` (set() asks for it; it may still be on
   * its way). */
  shows(fen) {
    return !!this.drawn && this.drawn.fen === fen;
  }

  /** Whether the diagram on screen is the position the board holds: only then are pieces
   * marked movable and clicks taken (a click on the diagram of another position would play
   * a move the player has not seen). */
  current() {
    return !!this.position && this.drawn === this.position;
  }

  /** Allows or stops moving pieces. */
  setInteractive(on) {
    this.interactive = on;
    this.selected = null;
    this.via = [];
    this.mark();
  }

  /** Changes orientation and redraws; coordinates are kept as the visitor's choice, which
   * redraws every board (followPrefs). */
  async setOptions({ coordinates: shown, flipped }) {
    if (shown !== undefined) return setCoordinates(shown ? 'shown' : 'none');
    if (flipped !== undefined) {
      this.flipped = flipped;
      if (this.flipButton) this.flipButton.setAttribute('aria-pressed', String(flipped));
    }
    this.onOptions(this.svgOptions());
    if (this.position) await this.draw(null);
  }

  async draw(text) {
    const id = ++this.renderId;
    const position = this.position;
    let svgText = text;
    // A diagram that does not come (a dropped connection, a busy server) is asked for once
    // more before the board says so.
    for (let attempt = 0; !svgText && attempt < 2; attempt += 1) {
      try {
        svgText = await fetchSvg(this.rules, position.fen, this.svgOptions(), position.variant);
      } catch (e) {
        if (id !== this.renderId) return;
        if (attempt === 1) {
          this.say(t('board.no-diagram'), 'error');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    if (id !== this.renderId) return; // a newer position was asked for meanwhile
    const before = this.drawn;
    const piecesBefore = this.svgEl ? this.svgEl.querySelectorAll('g.piece').length : null;
    // The diagram is the server's drawing; every text in it is escaped there.
    this.host.innerHTML = svgText;
    const svg = this.host.querySelector('svg');
    if (!svg) return;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', this.describe());
    svg.classList.add(`rules-${this.rules}`);
    svg.setAttribute('focusable', 'false');
    // For piece-sets.js, when a set it draws is chosen.
    window.dispatchEvent(new CustomEvent('scoresheet:drawn', { detail: svg }));
    this.svgEl = svg;
    this.drawn = position;
    this.root.dataset.fen = this.position.fen;
    this.root.dataset.side = this.position.side || '';
    this.mark();
    this.showMaterial();
    // A move made (not the first drawing, not a redraw of the same position).
    if (before && this.last && before.fen !== position.fen) {
      this.moved(piecesBefore !== null && svg.querySelectorAll('g.piece').length < piecesBefore);
    }
  }

  /** A move made: the piece slides from where it stood, and the move is heard when sounds
   * are on (`took`: it took something). */
  moved(took) {
    this.slide(this.last);
    moveSound(took);
  }

  /** The side whose pieces the player moves. */
  mover() {
    return this.position.side;
  }

  /** Slides the piece that moved from its start square to where it stands. */
  slide(last) {
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const from = this.rect(last.from);
    const to = this.rect(last.to);
    const piece = this.piece(last.to);
    if (!from || !to || !piece) return;
    const dx = Number(from.getAttribute('x')) - Number(to.getAttribute('x'));
    const dy = Number(from.getAttribute('y')) - Number(to.getAttribute('y'));
    if (!dx && !dy) return;
    piece.style.transform = `translate(${dx}px, ${dy}px)`;
    piece.getBoundingClientRect(); // the start place is laid out before the slide
    piece.classList.add('moving');
    piece.style.transform = '';
    piece.addEventListener('transitionend', () => piece.classList.remove('moving'), { once: true });
  }

  /** Writes the material under the board: each side's pieces and who is ahead. */
  showMaterial() {
    if (!this.materialEl || !this.svgEl) return;
    const count = { white: {}, black: {} };
    for (const g of this.svgEl.querySelectorAll('g.piece')) {
      const side = g.classList.contains('white') ? 'white' : 'black';
      const kind = g.classList.contains('chess') ? g.getAttribute('data-piece') : g.classList.contains('king') ? 'king' : 'man';
      count[side][kind] = (count[side][kind] || 0) + 1;
    }
    this.materialEl.replaceChildren();
    // Crazyhouse: the pieces in hand count as the pieces on the board do.
    const hand = this.position && this.position.pockets;
    for (const side of hand ? ['white', 'black'] : []) {
      for (const [k, field] of [['Q', 'queen'], ['R', 'rook'], ['B', 'bishop'], ['N', 'knight'], ['P', 'pawn']]) {
        count[side][k] = (count[side][k] || 0) + (hand[side][field] || 0);
      }
    }
    if (this.rules === 'chess') {
      // As lichess: the pieces one side has more of, and the difference in points.
      const points = (side) => Object.entries(count[side]).reduce((sum, [k, n]) => sum + (CHESS_VALUES[k] || 0) * n, 0);
      const diff = points('white') - points('black');
      if (!diff) {
        this.materialEl.textContent = t('board.material-even');
        this.materialEl.dataset.diff = '0';
        return;
      }
      const ahead = diff > 0 ? 'white' : 'black';
      const behind = ahead === 'white' ? 'black' : 'white';
      let glyphs = '';
      for (const k of ['Q', 'R', 'B', 'N', 'P']) {
        glyphs += CHESS_GLYPHS[k].repeat(Math.max(0, (count[ahead][k] || 0) - (count[behind][k] || 0)));
      }
      this.materialEl.append(el('span', { class: 'ahead', text: t('board.material-ahead', { side: sideName(ahead), diff: `+${Math.abs(diff)}` }) }),
        ' ', el('span', { class: 'glyphs', 'aria-hidden': 'true', text: glyphs }));
      this.materialEl.dataset.diff = String(diff);
      return;
    }
    // Draughts: the men of each side, and its kings (♛).
    const words = (side) => `${sideName(side)} ${count[side].man || 0}${count[side].king ? ` + ${count[side].king}♛` : ''}`;
    const total = (side) => (count[side].man || 0) + (count[side].king || 0);
    const diff = total('white') - total('black');
    this.materialEl.dataset.diff = String(diff);
    this.materialEl.append(t('board.material-count', { white: words('white'), black: words('black') }));
    if (diff) {
      this.materialEl.append(' · ', el('span', { class: 'ahead', text: t('board.material-ahead', { side: sideName(diff > 0 ? 'white' : 'black'), diff: `+${Math.abs(diff)}` }) }));
    }
  }

  describe() {
    const p = this.position;
    if (!p) return this.label;
    return `${this.label}. ${t('board.to-move', { side: sideName(p.side) })}. FEN ${p.fen}`;
  }

  rect(sq) {
    return this.svgEl && this.svgEl.querySelector(`rect.sq[data-sq="${CSS.escape(sq)}"]`);
  }

  piece(sq) {
    return this.svgEl && this.svgEl.querySelector(`g.piece[data-sq="${CSS.escape(sq)}"]`);
  }

  legal() {
    return (this.position && this.position.legal) || [];
  }

  /** The legal moves that agree with the selected piece and the landing squares clicked. */
  candidates() {
    if (this.selected === null) return [];
    if (this.selected.startsWith('@')) return this.legal().filter((m) => m.drop === this.selected.slice(1));
    return this.legal().filter((m) => m.from === this.selected && inOrder(this.via, m.path));
  }

  /** Chooses a piece in hand to drop (`P`, `N`, ...: Crazyhouse); its squares are marked. */
  chooseDrop(letter) {
    if (!this.interactive || !this.current() || this.promotionEl) return;
    if (!this.legal().some((m) => m.drop === letter)) return;
    this.select(`@${letter}`);
  }

  /** Puts the classes on squares and pieces for the current state. */
  mark() {
    if (!this.svgEl) return;
    if (this.pockets) this.pockets.update();
    for (const node of this.svgEl.querySelectorAll('.selected, .dest, .step, .path, .last, .movable')) {
      node.classList.remove('selected', 'dest', 'step', 'path', 'last', 'movable');
    }
    if (this.last) {
      for (const sq of [this.last.from, ...(this.last.path || [this.last.to])]) {
        const r = this.rect(sq);
        if (r) r.classList.add('last');
      }
    }
    if (this.interactive && this.current()) {
      for (const from of new Set(this.legal().map((m) => m.from))) {
        const p = this.piece(from);
        if (p) p.classList.add('movable');
      }
    }
    this.frame.classList.toggle('interactive', this.interactive && this.current() && this.legal().length > 0);
    if (this.selected === null) return;
    const sel = this.rect(this.selected);
    if (sel) sel.classList.add('selected');
    for (const sq of this.via) {
      const r = this.rect(sq);
      if (r) r.classList.add('path');
    }
    const cands = this.candidates();
    // Where two candidates end on the same square, their landing squares tell them apart.
    const ends = new Map();
    for (const m of cands) ends.set(m.to, (ends.get(m.to) || 0) + 1);
    for (const m of cands) {
      const r = this.rect(m.to);
      if (r) r.classList.add('dest');
      const twin = ends.get(m.to) > 1 && !m.promotion;
      if (twin || this.via.length > 0) {
        for (const sq of m.path.slice(0, -1)) {
          const s = this.rect(sq);
          if (s && !this.via.includes(sq)) s.classList.add('step');
        }
      }
    }
  }

  select(sq) {
    this.selected = sq;
    this.via = [];
    this.say('');
    this.mark();
  }

  clearSelection() {
    this.selected = null;
    this.via = [];
    this.mark();
  }

  sideOf(sq) {
    const p = this.piece(sq);
    if (!p) return null;
    if (p.classList.contains('white')) return 'white';
    if (p.classList.contains('black')) return 'black';
    return null;
  }

  anyCapture() {
    return this.legal().some((m) => m.captures && m.captures.length > 0);
  }

  /** A click (or the end of a drag) on square `sq`. */
  click(sq) {
    if (!this.interactive || !this.current() || this.promotionEl) return;
    const legal = this.legal();
    if (this.selected === null) {
      if (legal.some((m) => m.from === sq)) {
        this.select(sq);
      } else if (this.sideOf(sq) && this.sideOf(sq) === this.mover()) {
        this.onWrong(this.anyCapture() ? 'board.must-capture' : 'board.cannot-move', sq);
      } else if (this.sideOf(sq)) {
        this.onWrong('board.not-your-piece', sq);
      }
      return;
    }
    const cands = this.candidates();
    if (this.via.length > 0 && sq === this.via[this.via.length - 1]) {
      const stop = cands.filter((m) => m.to === sq);
      if (stop.length === 1) this.play(stop[0]);
      return;
    }
    if (sq === this.selected && this.via.length === 0) {
      this.clearSelection();
      return;
    }
    const seq = [...this.via, sq];
    const fits = cands.filter((m) => inOrder(seq, m.path));
    if (fits.length === 1) {
      this.play(fits[0]);
      return;
    }
    if (fits.length > 1) {
      const endHere = fits.filter((m) => m.to === sq);
      if (endHere.length === fits.length) {
        if (fits.every((m) => m.promotion)) {
          this.askPromotion(fits);
          return;
        }
        // Same start and end, different pieces taken: the landing squares decide.
        this.onWrong('board.ambiguous', sq);
        this.mark();
        for (const m of fits) {
          for (const s of m.path.slice(0, -1)) {
            const r = this.rect(s);
            if (r && !this.via.includes(s)) r.classList.add('step');
          }
        }
        return;
      }
      this.via = seq;
      this.say(endHere.length === 1 ? t('board.stop-or-go-on') : t('board.next-landing'));
      this.mark();
      return;
    }
    if (legal.some((m) => m.from === sq)) {
      this.select(sq);
      return;
    }
    if (this.via.length === 0 && this.sideOf(sq) === this.mover()) {
      this.onWrong(this.anyCapture() ? 'board.must-capture' : 'board.cannot-move', sq);
      this.clearSelection();
      return;
    }
    this.onWrong(this.anyCapture() ? 'board.not-this-capture' : 'board.illegal', sq);
  }

  play(move) {
    this.selected = null;
    this.via = [];
    this.say('');
    this.mark();
    this.onMove(move);
  }

  askPromotion(moves) {
    this.closePromotion();
    const side = this.mover();
    const box = el('div', { class: 'promotion', role: 'dialog', 'aria-label': t('board.promote') },
      el('p', { text: t('board.promote') }));
    for (const [letter, key, glyph] of PROMOTIONS) {
      const m = moves.find((x) => x.promotion === letter);
      if (!m) continue;
      box.append(el('button', {
        type: 'button',
        class: `promote ${side}`,
        'data-piece': letter,
        'aria-label': t(key),
        title: t(key),
        onclick: () => {
          this.closePromotion();
          this.play(m);
        },
      }, el('span', { class: 'glyph', 'aria-hidden': 'true', text: glyph }), el('span', { class: 'name', text: t(key) })));
    }
    box.append(el('button', {
      type: 'button',
      class: 'cancel',
      text: t('common.cancel'),
      onclick: () => {
        this.closePromotion();
        this.clearSelection();
      },
    }));
    this.promotionEl = box;
    this.frame.append(box);
    const first = box.querySelector('button');
    if (first) first.focus();
  }

  closePromotion() {
    if (this.promotionEl) {
      this.promotionEl.remove();
      this.promotionEl = null;
    }
  }

  // Pointer handling: a press and release on the same spot is a click; a press on a movable
  // piece then a release elsewhere is a drag.

  squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const node = hit && hit.closest && hit.closest('[data-sq]');
    return node && this.host.contains(node) ? node.getAttribute('data-sq') : null;
  }

  pointerDown(e) {
    if (e.button !== 0 || !this.svgEl) return;
    const sq = this.squareAt(e.clientX, e.clientY);
    if (sq === null) return;
    this.press = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false };
    const canDrag = this.interactive && this.current() && this.legal().some((m) => m.from === sq) && !this.promotionEl;
    if (canDrag) {
      this.press.piece = this.piece(sq);
      try {
        this.host.setPointerCapture(e.pointerId);
      } catch {
        // not capturable: clicks still work
      }
    }
    e.preventDefault();
  }

  pointerMove(e) {
    const p = this.press;
    if (!p || !p.piece || e.pointerId !== p.id) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging && Math.hypot(dx, dy) < 5) return;
    if (!p.dragging) {
      p.dragging = true;
      if (this.selected !== p.sq) this.select(p.sq);
      p.piece.classList.add('dragging');
    }
    const ctm = this.svgEl.getScreenCTM();
    const scale = ctm ? ctm.a : 1;
    p.piece.setAttribute('transform', `translate(${dx / scale} ${dy / scale})`);
  }

  pointerUp(e) {
    const p = this.press;
    this.press = null;
    if (!p || e.pointerId !== p.id) return;
    if (p.piece) {
      p.piece.classList.remove('dragging');
      p.piece.removeAttribute('transform');
    }
    if (p.dragging) {
      const target = this.squareAt(e.clientX, e.clientY);
      if (target && target !== p.sq) this.click(target);
      return;
    }
    this.click(p.sq);
  }

  cancelDrag() {
    if (this.press && this.press.piece) {
      this.press.piece.classList.remove('dragging');
      this.press.piece.removeAttribute('transform');
    }
    this.press = null;
  }
}

/** Move numbers: which side moves first under `rules`. */
export function firstMover(rules) {
  return rulesFacts(rules).first;
}

/**
 * The move number and whether it is the first of its pair, for the move that starts at `ply`
 * (1-based, counted from the start position) when `startSide` moves first from the start.
 * Numbered as the site's PDN and PGN files number it: in chess a FEN's side to move keeps
 * its half of the pair (Black's first move is `1…`); a draughts FEN has no move number, and
 * its first move opens move 1 whichever side makes it (`1. 26-23 19x26 2.` from a position
 * with White to move in American, whose games Black opens).
 */
export function moveNumber(rules, startSide, ply, startNumber = 1) {
  const offset = rules === 'chess' && startSide !== firstMover(rules) ? 1 : 0;
  const k = ply - 1 + offset;
  return { number: startNumber + Math.floor(k / 2), first: k % 2 === 0 };
}

/** The chess FEN's full-move number (its last field: Three-check's FEN has one more
 * before it), else 1. */
export function fenMoveNumber(rules, fen) {
  if (rules !== 'chess') return 1;
  const fields = String(fen).trim().split(/\s+/);
  const n = fields.length >= 6 ? parseInt(fields[fields.length - 1], 10) : NaN;
  return Number.isFinite(n) && n > 0 ? n : 1;
}
