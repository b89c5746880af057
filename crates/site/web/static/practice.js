// Forced captures: positions from real games and problem books where the side to move has to
// capture. The player finds the capture on the board; a wrong click says why; a right one shows
// how the capture is written in the variant's notation.

import { post } from './api.js';
import { Board } from './board.js';
import { t, el, page, rulesName, sideName } from './i18n.js';

const $ = (id) => document.getElementById(id);
const all = (page && page.positions) || [];
let list = all;
let index = 0;
let entry = null;
let start = null; // the Position of the puzzle
let mistakes = 0;
let finished = false;
const score = { solved: 0, firstTry: 0 };

const board = new Board($('board'), {
  onMove: (m) => answer(m),
  onWrong: (key) => wrong(key),
});

function feedback(...children) {
  $('feedback').replaceChildren(...children);
}

function squaresOf(id) {
  const parts = id.split(/[-x]/);
  return { from: parts[0], to: parts[parts.length - 1], path: parts.slice(1) };
}

async function show(i) {
  if (!list.length) {
    $('task').textContent = t('practice.none');
    return;
  }
  index = ((i % list.length) + list.length) % list.length;
  entry = list[index];
  mistakes = 0;
  finished = false;
  feedback(el('p', { class: 'hint', text: t('practice.hint') }));
  $('counter').textContent = t('practice.counter', { n: index + 1, total: list.length, rules: rulesName(entry.rules) });
  $('source').textContent = t('practice.source', { source: entry.source });
  try {
    start = await post('/api/position', { rules: entry.rules, fen: entry.fen, svg: board.svgOptions() });
  } catch (e) {
    feedback(el('p', { class: 'bad', text: e.message }));
    return;
  }
  $('task').textContent = t('practice.task', { side: sideName(start.side) });
  board.setInteractive(true);
  await board.set(start);
}

function wrong(key) {
  if (finished) return;
  mistakes += 1;
  feedback(el('p', { class: 'bad', text: t(key) }), el('p', { class: 'hint', text: t('practice.try-again') }));
}

async function answer(m) {
  if (finished) return;
  finished = true;
  let after;
  try {
    after = await post('/api/play', { rules: entry.rules, fen: start.fen, move: m.id, svg: board.svgOptions() });
  } catch (e) {
    feedback(el('p', { class: 'bad', text: e.message }));
    finished = false;
    return;
  }
  board.setInteractive(false);
  await board.set(after.position, { last: squaresOf(m.id) });
  score.solved += 1;
  if (mistakes === 0) score.firstTry += 1;
  const parts = [
    el('p', { class: 'good', text: t('practice.right') }),
    el('p', {}, t('practice.written', { rules: rulesName(entry.rules) }), ' ', el('span', { class: 'answer-text', text: after.move.text })),
  ];
  const taken = m.captures ? m.captures.length : 0;
  if (taken > 1) parts.push(el('p', { text: t('practice.took', { count: taken }) }));
  if (m.id !== entry.answer) parts.push(el('p', { class: 'hint', text: t('practice.in-game', { text: entry.text }) }));
  feedback(...parts);
  $('score').textContent = t('practice.score', { solved: score.solved, first: score.firstTry });
}

async function reveal() {
  if (!entry || !start) return;
  finished = true;
  board.setInteractive(false);
  await board.set(start, { last: squaresOf(entry.answer) });
  feedback(
    el('p', {}, t('practice.answer-is'), ' ', el('span', { class: 'answer-text', text: entry.text })),
    el('p', { class: 'hint', text: t('practice.answer-marked') }),
  );
}

function filter(rules) {
  list = rules === 'all' ? all : all.filter((p) => p.rules === rules);
  for (const b of document.querySelectorAll('.filters button')) {
    b.setAttribute('aria-pressed', String(b.dataset.rules === rules));
  }
  show(0);
}

for (const b of document.querySelectorAll('.filters button')) {
  b.addEventListener('click', () => filter(b.dataset.rules));
}
$('next').addEventListener('click', () => show(index + 1));
$('retry').addEventListener('click', () => show(index));
$('show').addEventListener('click', () => reveal());

show(0);
