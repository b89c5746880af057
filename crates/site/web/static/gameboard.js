// The game page's board: the board of board.js with two things only a game has, as lichess
// and lidraughts have them. Kept apart so that the other pages do not load them.
//
// - Premove mode (setPremoves): on the other side's turn the player chooses among the moves
//   the page gives (premove.js) as moves are chosen, by clicks or a drag; the move chosen is
//   queued and marked (`rect.sq.premove`), not played, and told to the page (`onPremove`).
//   Any press on the board or a right click cancels it.
// - A move shown ahead (showMove): the player's move drawn on the diagram (movedraw.js)
//   before the server confirms it; the server's diagram of the next position replaces the
//   drawing without sliding or sounding the move again, and takeBack puts the diagram of the
//   position before it back when the server refuses it.

import { Board } from './board.js';
import { drawMove } from './movedraw.js';
import { moveSound } from './prefs.js';

// The premove marks (in blue-grey, as lichess marks them), with the page's other styles.
document.head.append(Object.assign(document.createElement('link'), {
  rel: 'stylesheet',
  href: new URL('./gameboard.css', import.meta.url).href,
}));

export class GameBoard extends Board {
  /** Board's options, and `onPremove(queued)`: the premove queued, `{ move, clicks }`, or
   * null when it is cancelled. */
  constructor(root, options = {}) {
    super(root, options);
    this.onPremove = options.onPremove || (() => {});
    // The moves the player may queue in the position shown, the other side to move (null:
    // the board plays the position's own legal moves).
    this.premoves = null;
    this.queued = null; // the premove queued: { move, clicks }
    // The player's move shown before the server confirmed it: { move, fen (the position it
    // is played from), applied (drawn), last (the mark before), text (the diagram before) }.
    this.ahead = null;
    // A click that names no move is said, except in premove mode: the player is guessing at
    // the next position, and lichess says nothing either. The landing squares of an
    // ambiguous capture are still asked for.
    const said = this.onWrong;
    this.onWrong = (key, sq) => {
      if (this.premoves && key !== 'board.ambiguous') this.clearSelection();
      else said(key, sq);
    };
    // A right click (a long press on a phone) cancels a premove and the piece chosen, as on
    // lichess; elsewhere the browser's menu is left alone.
    this.host.addEventListener('contextmenu', (e) => {
      if (!this.queued && !(this.premoves && this.selected !== null)) return;
      e.preventDefault();
      this.cancelPremove();
      this.clearSelection();
    });
  }

  async set(position, options) {
    this.premoves = null;
    // The move shown ahead stays while it waits for the position it is played from, and once
    // drawn until the next position (its confirmation) is drawn; the position it was played
    // from drawn again takes it back.
    const a = this.ahead;
    if (a && (a.applied ? a.fen === position.fen : a.fen !== position.fen)) this.ahead = null;
    await super.set(position, options);
  }

  async draw(text) {
    await super.draw(text);
    const a = this.ahead;
    if (!a || !this.drawn || this.drawn !== this.position) return; // a newer drawing comes
    // A move waiting for this position (a premove played as the other side's move came), or
    // drawn on it before this redraw (coordinates or flip changed); else the move was
    // confirmed (or another position is shown) and this diagram is the server's.
    if (a.fen === this.drawn.fen) this.applyAhead(a.applied);
    else if (a.applied) this.ahead = null;
  }

  moved(took) {
    // The move shown ahead, confirmed: it was seen and heard when it was made.
    const a = this.ahead;
    if (a && a.applied && a.fen !== this.drawn.fen && this.last.from === a.move.from && this.last.to === a.move.to) return;
    super.moved(took);
  }

  /** Allows or stops moving pieces, and leaves premove mode. */
  setInteractive(on) {
    this.premoves = null;
    super.setInteractive(on);
  }

  /**
   * Premove mode: `moves` (legal-move objects of the player's side in the position shown,
   * the other side to move) may be chosen as moves are, and the one chosen is queued
   * (`onPremove`) and marked instead of played. Null leaves the mode and shuts the board.
   */
  setPremoves(moves) {
    super.setInteractive(!!moves);
    this.premoves = moves || null;
    this.mark();
  }

  legal() {
    return this.premoves || super.legal();
  }

  mover() {
    const side = super.mover();
    if (!this.premoves) return side;
    return side === 'white' ? 'black' : 'white';
  }

  mark() {
    super.mark();
    if (!this.svgEl) return;
    for (const node of this.svgEl.querySelectorAll('.premove, .premovable')) node.classList.remove('premove', 'premovable');
    // In premove mode the pieces that may be premoved are `premovable`, not `movable`:
    // `movable` means the player may move it now.
    if (this.premoves) {
      for (const node of this.svgEl.querySelectorAll('g.piece.movable')) node.classList.replace('movable', 'premovable');
    }
    if (this.queued) {
      const m = this.queued.move;
      for (const sq of [m.from, ...m.path]) {
        const r = this.rect(sq);
        if (r) r.classList.add('premove');
      }
    }
    this.frame.classList.toggle('premoving', !!this.premoves && this.interactive);
  }

  click(sq) {
    this.clicked = sq; // the landing squares of a premove are kept (see play)
    super.click(sq);
  }

  /** The player chose `move`: played, or in premove mode queued with the landing squares
   * clicked (a premove of a capture that can go two ways is told apart by them later). */
  play(move) {
    if (!this.premoves) {
      super.play(move);
      return;
    }
    const clicks = [...this.via];
    if (this.clicked && clicks[clicks.length - 1] !== this.clicked) clicks.push(this.clicked);
    this.selected = null;
    this.via = [];
    this.say('');
    this.showPremove({ move, clicks });
    this.onPremove(this.queued);
  }

  /** Marks `queued` ({ move, clicks }) as the premove, or none. */
  showPremove(queued) {
    this.queued = queued || null;
    this.mark();
  }

  /** Cancels the queued premove, if any, and tells the page. */
  cancelPremove() {
    if (!this.queued) return;
    this.showPremove(null);
    this.onPremove(null);
  }

  pointerDown(e) {
    // A press anywhere on the board cancels the queued premove; on a piece it may start the
    // next one.
    if (e.button === 0 && this.queued && this.interactive) this.cancelPremove();
    super.pointerDown(e);
  }

  pointerUp(e) {
    // A dragged piece is already where it goes: the move shown ahead does not slide it.
    this.dropping = !!(this.press && this.press.dragging);
    try {
      super.pointerUp(e);
    } finally {
      this.dropping = false;
    }
  }

  /**
   * Shows `move`, played from the position whose FEN is `fen`, before the server confirms
   * it: drawn on the diagram now if that position is on screen, else as soon as it is.
   */
  showMove(move, fen) {
    this.ahead = { move, fen, applied: false, animate: !this.dropping };
    if (this.svgEl && this.drawn && this.drawn === this.position && this.drawn.fen === fen) this.applyAhead(false);
  }

  /** Draws the move shown ahead on the diagram on screen; `again` after a redraw of the same
   * position: without sliding or sound. */
  applyAhead(again) {
    const a = this.ahead;
    if (!again) a.last = this.last;
    a.text = this.svgEl.outerHTML; // the diagram before, for takeBack
    const took = drawMove(this.svgEl, a.move, { flipped: this.flipped, animate: a.animate && !again });
    if (took === null) {
      this.ahead = null; // nothing drawn: the server's diagram will show it
      return;
    }
    a.applied = true;
    this.last = { from: a.move.from, to: a.move.to, path: a.move.path };
    this.mark();
    if (!again) moveSound(took);
  }

  /** Puts back the diagram of the position the move shown ahead was played from (the server
   * refused the move, or it could not be sent). */
  takeBack() {
    const a = this.ahead;
    this.ahead = null;
    if (!a || !a.applied) return;
    this.last = a.last;
    // A newer position being drawn replaces the diagram anyway.
    if (this.drawn !== this.position || this.drawn.fen !== a.fen) return;
    this.drawing = this.draw(a.text);
  }
}
