// The piece sets beyond the server's drawing. The server draws a draughts piece as a disc,
// a ring and (a king) a crown, and a chess piece as a figurine glyph (`text`): that is the
// flat set and the glyph set. `dress` adds to a drawn board what the other sets need — a
// second disc under each king (the classic set's stacked king), and for each chess piece a
// `use` of this file's own drawing of it (the simple set) — and board-themes.css shows
// what the set chosen on <html> (data-draughts-pieces, data-chess-pieces) wants: changing
// sets is a change of attribute, with no new drawing asked of the server.
//
// site.js loads this file once a set other than the server's is chosen (the settings panel
// loads it for its previews): it dresses the boards already drawn, then each board drawn
// after (boards tell of it with the window event `scoresheet:drawn`, `detail` the SVG).
//
// The drawings and the classic set's shading live once in the page, in a hidden SVG made
// on the first call. Every shape here was drawn for scoresheet (GPL-3.0-or-later like the
// rest), in a 50 × 50 square, a square of the server's board.

const NS = 'http://www.w3.org/2000/svg';
const SPRITE = 'piece-sprite';

// Each piece: its outline shapes (filled with the side's colour), then its lines (`l`,
// drawn in the colour that stands out on that fill). A base of one width under each.
const BASE = 'M12 43h26v-3.5q0-1.5-1.5-1.5h-23q-1.5 0-1.5 1.5z';
// Inline styles, not classes: the page's style sheet does not reach into a `use`'s copy,
// but the custom properties set on the piece (board-themes.css) are inherited there.
const LINE = 'style="fill:none;stroke:var(--piece-line)"';
const DOT = 'style="fill:var(--piece-line);stroke:none"';
const CHESS = {
  P: [
    '<circle cx="25" cy="15.5" r="6"/>',
    '<path d="M16.5 38.5C17 32 20.5 28.5 21.5 25h7c1 3.5 4.5 7 5 13.5z"/>',
    '<path d="M18.5 25.5h13v-2.5q0-1.5-1.5-1.5h-10q-1.5 0-1.5 1.5z"/>',
    `<path d="${BASE}"/>`,
  ],
  R: [
    '<path d="M16 35l1.5-17h15l1.5 17z"/>',
    '<path d="M13.5 18.5v-10h5v4h4v-4h5v4h4v-4h5v10z"/>',
    '<path d="M14 38.5h22l-2-3.5h-18z"/>',
    `<path d="${BASE}"/>`,
    `<path ${LINE} d="M18 22h14M17.6 31h14.8"/>`,
  ],
  N: [
    '<path d="M17 39c0-6 3-9.5 6-11.5-2.5 0-5.5 1-8 3-2 1.5-4.5.5-4.5-2 0-3.5 3.5-6.5 5.5-9.5 1.5-2.5 2-5.5 4-7.5l-1-4.5 4 3 2-2.5 1.5 3c6.5 1.5 11.5 8 11.5 17.5 0 4-1 7.5-1.5 11z"/>',
    `<path d="${BASE}"/>`,
    `<path ${LINE} d="M27.5 13.5c4.5 3 7 9 6.5 17"/>`,
    `<circle ${DOT} cx="21" cy="16.5" r="1.5"/>`,
    `<circle ${DOT} cx="13" cy="27.6" r=".9"/>`,
  ],
  B: [
    '<path d="M15.5 38.5c2-3 4.5-4.5 5-7h9c.5 2.5 3 4 5 7z"/>',
    '<path d="M25 10c-7 5-8.5 10.5-6.5 18.5h13c2-8 .5-13.5-6.5-18.5z"/>',
    '<path d="M18 31.5h14v-3.5h-14z"/>',
    '<circle cx="25" cy="8" r="2.5"/>',
    `<path d="${BASE}"/>`,
    `<path ${LINE} d="M28 14.5l-5.5 6.5"/>`,
  ],
  Q: [
    '<path d="M14 38.5L9.5 16l6.5 11 1-15 4 13.5 4-15.5 4 15.5 4-13.5 1 15 6.5-11-4.5 22.5z"/>',
    '<circle cx="9.5" cy="14.5" r="2.2"/><circle cx="17" cy="10.5" r="2.2"/><circle cx="25" cy="8.5" r="2.2"/><circle cx="33" cy="10.5" r="2.2"/><circle cx="40.5" cy="14.5" r="2.2"/>',
    `<path d="${BASE}"/>`,
    `<path ${LINE} d="M14.5 33.5c6.5-1.7 14.5-1.7 21 0"/>`,
  ],
  K: [
    '<path d="M23.5 5.5h3v3h3v3h-3v5h-3v-5h-3v-3h3z"/>',
    '<path d="M14 38.5c-3.5-8-3-15.5 3-17.5 3.5-1 6 .5 8 3 2-2.5 4.5-4 8-3 6 2 6.5 9.5 3 17.5z"/>',
    `<path d="${BASE}"/>`,
    `<path ${LINE} d="M14.5 33.5c6.5-1.7 14.5-1.7 21 0M25 24v8"/>`,
  ],
};

// The classic set's discs: lit from the top left, as a turned wooden piece.
const SHADING = [
  ['disc-classic-white', [['0', '#fffdf5'], ['.55', '#efe3c8'], ['1', '#c8b48c']]],
  ['disc-classic-black', [['0', '#6f5a4c'], ['.5', '#3a2b23'], ['1', '#150e0a']]],
];

/** Puts the hidden SVG of drawings and shading into the page, once. */
export function ensureSprite() {
  if (document.getElementById(SPRITE)) return;
  const gradients = SHADING.map(([id, stops]) => `<radialGradient id="${id}" cx=".38" cy=".34" r=".72">${
    stops.map(([at, colour]) => `<stop offset="${at}" stop-color="${colour}"/>`).join('')}</radialGradient>`).join('');
  const symbols = Object.entries(CHESS).map(([letter, shapes]) => `<symbol id="chess-${letter}" viewBox="0 0 50 50">${shapes.join('')}</symbol>`).join('');
  const sprite = document.createElementNS(NS, 'svg');
  sprite.setAttribute('id', SPRITE);
  sprite.setAttribute('aria-hidden', 'true');
  sprite.setAttribute('focusable', 'false');
  // Not display:none: a gradient in an undisplayed SVG paints nothing in some browsers.
  sprite.setAttribute('style', 'position:absolute;width:0;height:0;overflow:hidden');
  sprite.innerHTML = `<defs>${gradients}${symbols}</defs>`;
  document.body.append(sprite);
}

/** Adds to the pieces of `svg` (a board as the server draws it) what every set needs. */
export function dress(svg) {
  ensureSprite();
  for (const g of svg.querySelectorAll('g.piece')) {
    if (g.dataset.dressed) continue;
    g.dataset.dressed = '1';
    if (g.classList.contains('chess')) {
      const square = svg.querySelector(`rect.sq[data-sq="${CSS.escape(g.dataset.sq || '')}"]`);
      const text = g.querySelector('text');
      const letter = (g.dataset.piece || 'P').toUpperCase();
      if (!text || !CHESS[letter]) continue;
      // The square's corner, else the glyph's place (the server writes it 14 below the
      // centre).
      const x = square ? Number(square.getAttribute('x')) : Number(text.getAttribute('x')) - 25;
      const y = square ? Number(square.getAttribute('y')) : Number(text.getAttribute('y')) - 39;
      const use = document.createElementNS(NS, 'use');
      use.setAttribute('href', `#chess-${letter}`);
      use.setAttribute('class', 'drawn');
      for (const [k, v] of [['x', x], ['y', y], ['width', 50], ['height', 50]]) use.setAttribute(k, String(v));
      g.append(use);
    } else if (g.classList.contains('king')) {
      const disc = g.querySelector('circle');
      if (!disc) continue;
      const under = disc.cloneNode();
      under.setAttribute('class', 'under');
      g.prepend(under);
    }
  }
}

for (const svg of document.querySelectorAll('svg.board')) dress(svg);
window.addEventListener('scoresheet:drawn', (e) => dress(e.detail));
