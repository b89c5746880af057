// The evaluation graph of a computer analysis, as lichess draws it: White's winning chances
// over the plies as an inline SVG (no chart library), the light area White's share, a dot
// on each judged move (coloured by the style sheet: computer-analysis.css), a line at the
// ply shown. It is a slider for the keyboard and for screen readers: a click or a tap picks
// a ply, the arrow keys step, Home and End jump.

const NS = 'http://www.w3.org/2000/svg';
// The drawing's own units; the picture is stretched to the box (preserveAspectRatio none),
// so lines and dots keep their width in screen pixels (vector-effect in the style sheet).
const W = 1000;
const H = 100;
// Room on each side, so that the dots of the first and last plies are not cut in half.
const PAD = 12;

function svgEl(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * A graph of `wins` (White's win percentage in each position: the start, then after each
 * move). `marks`: `[{ ply, kind }]` (the position after the judged move, and `inaccuracy`,
 * `mistake` or `blunder`). `label`: the slider's name; `valueText(ply)`: what a screen reader
 * says of a ply; `onSelect(ply)`: a ply was picked. Answers `{ node, setCurrent(ply) }`;
 * `setCurrent(null)` shows no ply.
 */
export function evalGraph({ wins, marks, label, valueText, onSelect }) {
  const last = Math.max(wins.length - 1, 1);
  const x = (ply) => ((ply * W) / last).toFixed(1);
  const y = (win) => (H - (Math.max(0, Math.min(100, win)) * H) / 100).toFixed(1);
  const curve = wins.map((w, i) => `${x(i)},${y(w)}`).join(' ');
  const ends = [y(wins[0]), y(wins[wins.length - 1])];
  const svg = svgEl('svg', { viewBox: `${-PAD} 0 ${W + 2 * PAD} ${H}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' });
  svg.append(
    svgEl('rect', { class: 'black-area', x: -PAD, width: W + 2 * PAD, height: H }),
    svgEl('polygon', { class: 'white-area', points: `${-PAD},${H} ${-PAD},${ends[0]} ${curve} ${W + PAD},${ends[1]} ${W + PAD},${H}` }),
    svgEl('line', { class: 'middle', x1: -PAD, x2: W + PAD, y1: H / 2, y2: H / 2 }),
  );
  // A dot is a line of no length with round ends: round on screen however the box stretches.
  for (const { ply, kind } of marks) {
    svg.append(svgEl('path', { class: `mark ${kind}`, d: `M${x(ply)} ${y(wins[ply])}h0` }));
  }
  const cursor = svgEl('line', { class: 'cursor', y1: 0, y2: H, x1: 0, x2: 0, visibility: 'hidden' });
  svg.append(cursor);
  const node = document.createElement('div');
  node.className = 'eval-graph';
  node.tabIndex = 0;
  node.setAttribute('role', 'slider');
  node.setAttribute('aria-label', label);
  node.setAttribute('aria-valuemin', '0');
  node.setAttribute('aria-valuemax', String(wins.length - 1));
  node.append(svg);
  let current = null;

  const setCurrent = (ply) => {
    current = ply;
    cursor.setAttribute('visibility', ply === null ? 'hidden' : 'visible');
    if (ply === null) {
      node.removeAttribute('aria-valuenow');
      node.removeAttribute('aria-valuetext');
      return;
    }
    cursor.setAttribute('x1', x(ply));
    cursor.setAttribute('x2', x(ply));
    node.setAttribute('aria-valuenow', String(ply));
    node.setAttribute('aria-valuetext', valueText(ply));
  };
  const pick = (ply) => {
    const to = Math.max(0, Math.min(wins.length - 1, ply));
    if (to !== current) onSelect(to);
  };

  node.addEventListener('click', (e) => {
    const box = node.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * (W + 2 * PAD) - PAD;
    if (box.width > 0) pick(Math.round((at / W) * last));
  });
  node.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const at = current ?? 0;
    const to = {
      ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1,
      PageDown: at - 10, PageUp: at + 10, Home: 0, End: wins.length - 1,
    }[e.key];
    if (to === undefined) return;
    // The page's own keys (the same arrows on the board) must not step a second time.
    e.preventDefault();
    e.stopPropagation();
    pick(to);
  });
  return { node, setCurrent };
}
