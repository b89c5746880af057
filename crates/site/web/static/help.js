// Live boards in the help articles. Markup:
//   <div class="live-board" data-rules="american" data-fen="W:W26,28,31:B17,19,20"
//        data-moves="26-23 19x26 31x22x13" data-caption="..."></div>
// Each becomes a board with a button per move (written in the variant's notation, as the
// server writes it); pressing one shows the position after it. With data-play="1" the reader
// may also try moves on the board.

import { post } from './api.js';
import { Board } from './board.js';
import { t, el } from './i18n.js';

async function setUp(box) {
  const rules = box.dataset.rules || 'american';
  const fen = box.dataset.fen;
  const moves = (box.dataset.moves || '').split(/\s+/).filter(Boolean);
  const caption = box.dataset.caption;
  box.replaceChildren();
  if (caption) box.append(el('p', { class: 'caption', text: caption }));
  const boardEl = el('div', { class: 'live-board-board' });
  const steps = el('div', { class: 'steps', role: 'group', 'aria-label': t('help.moves-of-board') });
  const fenLine = el('p', { class: 'fen' });
  box.append(boardEl, steps, fenLine);
  const play = box.dataset.play === '1';
  const board = new Board(boardEl, { rules, interactive: play, toolbar: false, material: false, coordinates: true, label: caption || t('board.label') });
  let svg = board.svgOptions();
  // Coordinates moved in the settings: the diagrams drawn before are redrawn as shown.
  board.onOptions = (options) => {
    svg = options;
    for (const f of frames) delete f.position.svg;
  };

  // The positions: the start, then after each move.
  const frames = [];
  try {
    const start = await post('/api/position', { rules, fen, svg });
    frames.push({ position: start, text: t('help.start'), last: null });
    let current = start;
    for (const mv of moves) {
      const answer = await post('/api/play', { rules, fen: current.fen, move: mv, svg });
      const id = answer.move.id;
      const squares = id.split(/[-x]/);
      frames.push({
        position: answer.position,
        text: answer.move.text,
        last: { from: squares[0], to: squares[squares.length - 1], path: squares.slice(1) },
      });
      current = answer.position;
    }
  } catch (e) {
    box.append(el('p', { class: 'notice error', text: e.message }));
    if (!frames.length) return;
  }

  const buttons = frames.map((f, i) => el('button', {
    type: 'button',
    class: i === 0 ? 'start' : 'move',
    text: f.text,
    onclick: () => show(i),
  }));
  steps.append(...buttons);
  if (frames.length === 1 && !play) steps.hidden = true;

  async function show(i) {
    const f = frames[i];
    buttons.forEach((b, j) => (j === i ? b.setAttribute('aria-current', 'true') : b.removeAttribute('aria-current')));
    await board.set(f.position, { last: f.last });
    fenLine.textContent = `FEN ${f.position.fen}`;
  }

  if (play) {
    board.onMove = async (m) => {
      try {
        const answer = await post('/api/play', { rules, fen: board.position.fen, move: m.id, svg });
        await board.set(answer.position, { last: { from: m.from, to: m.to, path: m.path } });
        board.say(answer.move.text, 'good');
        fenLine.textContent = `FEN ${answer.position.fen}`;
        buttons.forEach((b) => b.removeAttribute('aria-current'));
      } catch (e) {
        board.say(e.message, 'error');
      }
    };
  }
  await show(0);
}

for (const box of document.querySelectorAll('.live-board')) setUp(box);
