// A move drawn on the server's diagram by the page itself, before the server has answered:
// the game page shows the player's own move at once (as lichess does) and the server's
// diagram of the new position replaces this drawing when the move is confirmed, or the
// diagram before it comes back when the move is refused. Only what the eye needs is drawn:
// the piece goes to its square (sliding there unless it was dragged), the pieces taken go,
// a castling rook moves, a promoted pawn shows its new piece, and a man that ends on the far
// row is crowned. The material count and the FEN wait for the server.

const CHESS_GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };

function find(svg, kind, sq) {
  return svg.querySelector(`${kind}[data-sq="${CSS.escape(sq)}"]`);
}

/** The place of a square's top-left corner in the diagram's units. */
function corner(svg, sq) {
  const r = find(svg, 'rect.sq', sq);
  return r ? { x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')) } : null;
}

/**
 * Moves the piece `g` from square `from` to square `to`. The diagram's pieces are drawn at
 * their squares' coordinates, so the move is a CSS translation (in the diagram's units, as the
 * board's slide is); with `animate` it slides from where it stood.
 */
function shift(svg, g, from, to, animate) {
  const a = corner(svg, from);
  const b = corner(svg, to);
  if (!a || !b) return;
  const end = `translate(${b.x - a.x}px, ${b.y - a.y}px)`;
  g.setAttribute('data-sq', to);
  g.removeAttribute('transform'); // a drag's offset
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!animate || still) {
    g.style.transform = end;
    return;
  }
  g.style.transform = 'translate(0px, 0px)';
  g.getBoundingClientRect(); // the start place is laid out before the slide
  g.classList.add('moving');
  g.style.transform = end;
  g.addEventListener('transitionend', () => g.classList.remove('moving'), { once: true });
}

/** Draws a draughts crown on the man `g`, as the server draws a king's. */
function crown(g) {
  const c = g.querySelector('circle');
  if (!c || g.classList.contains('king')) return;
  const x = Number(c.getAttribute('cx'));
  const y = Number(c.getAttribute('cy'));
  const points = [[-9, 5], [-9, -5], [-4, 0], [0, -7], [4, 0], [9, -5], [9, 5]];
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('class', 'crown');
  path.setAttribute('d', `${points.map(([dx, dy], i) => `${i ? 'L' : 'M'}${x + dx} ${y + dy}`).join(' ')} Z`);
  g.append(path);
  g.classList.replace('man', 'king');
}

/**
 * Draws `move` (a legal move of the API's Position: `from`, `to`, `path`, `captures`,
 * `promotion`) on `svg`, the diagram of the position it is played from. `flipped` is how the
 * diagram is drawn. Answers whether the move took something (for its sound), or null when it
 * could not be drawn (a drop, or a diagram without the piece): the board then waits for the
 * server's diagram.
 */
export function drawMove(svg, move, { flipped = false, animate = true } = {}) {
  if (!svg || !move.from) return null;
  const mover = find(svg, 'g.piece', move.from);
  if (!mover) return null;
  let took = false;
  for (const sq of move.captures || []) {
    const taken = find(svg, 'g.piece', sq);
    if (taken && taken !== mover) {
      taken.remove();
      took = true;
    }
  }
  shift(svg, mover, move.from, move.to, animate);
  if (mover.classList.contains('chess')) {
    const letter = (mover.getAttribute('data-piece') || '').toLowerCase();
    // Castling: the king goes two files, the rook from its corner to the square it crossed.
    const file = (sq) => sq.charCodeAt(0) - 97;
    if (letter === 'k' && Math.abs(file(move.to) - file(move.from)) === 2) {
      const rank = move.from.slice(1);
      const short = file(move.to) > file(move.from);
      const rookFrom = `${short ? 'h' : 'a'}${rank}`;
      const rook = find(svg, 'g.piece', rookFrom);
      if (rook) shift(svg, rook, rookFrom, `${short ? 'f' : 'd'}${rank}`, animate);
    }
    if (move.promotion && CHESS_GLYPHS[move.promotion]) {
      const text = mover.querySelector('text');
      if (text) text.textContent = CHESS_GLYPHS[move.promotion];
      // The simple set's drawing of the piece (piece-sets.js), when the boards have it.
      const drawn = mover.querySelector('use.drawn');
      if (drawn) drawn.setAttribute('href', `#chess-${move.promotion.toUpperCase()}`);
      mover.setAttribute('data-piece', move.promotion.toUpperCase()); // the server's letters are capitals
    }
    return took;
  }
  // Draughts: White's men go up the diagram (down when it is flipped), Black's the other
  // way; a man that ends on the far row is a king (the server's diagram says so for every
  // variant's own rule as soon as it comes).
  if (mover.classList.contains('man')) {
    const ys = [...svg.querySelectorAll('rect.sq')].map((r) => Number(r.getAttribute('y')));
    const end = corner(svg, move.to);
    const white = mover.classList.contains('white');
    const far = white !== flipped ? Math.min(...ys) : Math.max(...ys);
    if (end && end.y === far) crown(mover);
  }
  return took;
}
