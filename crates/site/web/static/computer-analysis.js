// A full-game computer analysis on a page (the game page, the analysis board), loaded when
// one is asked for or found: POST /api/computer-analysis, then GET its key every second with
// the progress shown, then the evaluation graph (evalgraph.js), each player's summary, and
// what the move list shows of each judged move (its glyph, the words, the better line: the
// page's list draws them through `judge`, see movelist.js).

import { get, post } from './api.js';
import { t, el, sideName } from './i18n.js';
import { moveNumber } from './board.js';
import { numberText } from './movelist.js';
import { localMove } from './chessletters.js';
import { evalGraph } from './evalgraph.js';

const GLYPHS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const POLL_MS = 1000;

// The style sheet of the graph and the marks, loaded with this module.
if (!document.getElementById('computer-analysis-styles')) {
  document.head.append(el('link', { rel: 'stylesheet', id: 'computer-analysis-styles', href: new URL('./computer-analysis.css', import.meta.url).href }));
}

/** A score as `[%eval]` writes it, White's: `0.27`, `-1.26`, `#-3`; the game over: `1-0` ... */
function scoreText(score) {
  if ('cp' in score) return (score.cp / 100).toFixed(2);
  if ('mate' in score) return `#${score.mate}`;
  if ('table' in score) return t(`analysis.engine-db-${score.table}`);
  return score.over === true ? '1-0' : score.over === false ? '0-1' : '½-½';
}

/**
 * Attaches the analysis to `box` (which holds the request button, `button.request`: the page
 * calls `request()` on its click).
 *
 * Options: `body()` (the POST body: `rules`, `variant`, `fen`, `moves`: the line analysed),
 * `numbering()` (`{ rules, startSide, startNumber }`, for the move numbers of the better
 * lines), `style()` (chess: `{ lang, figurines }`, how the page writes moves), `moveText(ply)`
 * (the text of move `ply`, for screen readers), `onShow()` (the analysis is here or
 * gone: the page draws its move list again), `onPly(ply)` (the graph asked for the position
 * after `ply` moves), `current()` (the ply shown, or null), `onLine(ply, ids, k)` (the
 * analysis board: play the first `k + 1` moves of the better line `ids` from the position
 * before move `ply`; without it the line is text).
 */
export function attachComputerAnalysis(box, o) {
  const button = box.querySelector('button.request');
  const out = el('div', { class: 'ca-body' });
  box.append(out);
  let shown = null; // the analysis shown: { analysis, moves (the ids analysed), graph }
  let ticket = 0; // drops the answers of an earlier request

  const say = (text, kind = 'warning') => {
    out.replaceChildren(el('p', { class: `notice ${kind}`, role: 'status', text }));
  };

  const progress = (done, total) => {
    let bar = out.querySelector('.ca-progress');
    if (!bar) {
      bar = el('div', { class: 'ca-progress' }, el('progress', { 'aria-hidden': 'true' }), el('span', { role: 'status' }));
      out.replaceChildren(bar);
    }
    bar.firstChild.max = total || 1;
    bar.firstChild.value = done;
    bar.lastChild.textContent = t('computer.analysing', { done, total });
  };

  /** Follows an answer of the API until the analysis is done, then shows it. */
  async function follow(status, moves, mine) {
    button.hidden = true;
    while (status.state !== 'done') {
      progress(status.done, status.total);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (mine !== ticket) return;
      status = await get(`/api/computer-analysis/${encodeURIComponent(status.key)}`);
      if (mine !== ticket) return;
    }
    show(status.analysis, moves);
  }

  function failed(e, mine) {
    if (mine !== ticket) return;
    button.hidden = false;
    button.disabled = false;
    const words = { busy: 'computer.busy', 'engine-unavailable': 'computer.unavailable', 'variant-not-analysed': 'computer.unavailable', 'not-found': 'computer.failed' };
    say(words[e.code] ? t(words[e.code]) : e.message);
  }

  function show(analysis, moves) {
    const marks = [];
    analysis.moves.forEach((m, i) => {
      if (m.judgement) marks.push({ ply: i + 1, kind: m.judgement });
    });
    const graph = evalGraph({
      wins: analysis.positions.map((p) => p.win),
      marks,
      label: t('computer.graph'),
      valueText: (ply) => {
        const score = scoreText(analysis.positions[ply].score);
        return ply ? `${numberText(o.numbering(), { ply })} ${o.moveText(ply)} ${score}` : score;
      },
      onSelect: (ply) => o.onPly(ply),
    });
    shown = { analysis, moves, graph };
    out.replaceChildren(graph.node, summary(analysis));
    button.hidden = true;
    o.onShow();
    graph.setCurrent(o.current());
  }

  function summary(analysis) {
    const rows = [
      ['computer.accuracy', (s) => (s.accuracy === null || s.accuracy === undefined ? '–' : s.accuracy.toFixed(1)), ''],
      ['computer.inaccuracies', (s) => s.inaccuracies, 'inaccuracy'],
      ['computer.mistakes', (s) => s.mistakes, 'mistake'],
      ['computer.blunders', (s) => s.blunders, 'blunder'],
    ];
    return el('table', { class: 'ca-summary' },
      el('thead', {}, el('tr', {}, el('td'),
        ...['white', 'black'].map((side) => el('th', { scope: 'col', class: side, text: sideName(side) })))),
      el('tbody', {}, ...rows.map(([key, value, kind]) => el('tr', { 'data-row': kind || 'accuracy' },
        el('th', { scope: 'row' }, kind ? el('span', { class: `nag ${kind}`, 'aria-hidden': 'true', text: GLYPHS[kind] }) : null, t(key)),
        ...['white', 'black'].map((side) => el('td', { 'data-side': side, text: String(value(analysis[side])) }))))));
  }

  /** The better line from the position before move `ply`: its moves' texts, numbered. */
  function lineItems(ply) {
    const p = shown.analysis.positions[ply - 1];
    const n = o.numbering();
    return p.line.map((text, k) => {
      const at = { ply: ply + k };
      const { first } = moveNumber(n.rules, n.startSide, at.ply, n.startNumber);
      // Chess: SAN in the page's letters or figurines (in chess the first mover is White).
      const shownText = n.rules === 'chess' ? localMove(text, first ? 'white' : 'black', o.style()) : text;
      return { text: shownText, number: k === 0 || first ? numberText(n, at) : null };
    });
  }

  /**
   * What the move list shows of move `ply` (1: the first move) when it was judged: `{ kind,
   * glyph, title, after }` (`after`: the better line, an element); null when not judged.
   */
  function judge(ply) {
    if (!shown) return null;
    const m = shown.analysis.moves[ply - 1];
    if (!m || !m.judgement) return null;
    const before = shown.analysis.positions[ply - 1];
    const after = shown.analysis.positions[ply];
    const items = lineItems(ply);
    const judgement = t(`computer.${m.judgement}`);
    const change = `(${scoreText(before.score)} → ${scoreText(after.score)})`;
    const title = t('computer.was-best', {
      judgement,
      before: scoreText(before.score),
      after: scoreText(after.score),
      move: items.length ? items[0].text : '?',
    });
    // Shown as well as the title: a phone has no tooltips.
    const line = el('p', { class: 'ca-line', 'data-ply': ply }, `${judgement} ${change}. `,
      el('span', { class: 'ca-line-label', text: t('computer.best') }));
    items.forEach((item, k) => {
      line.append(' ', item.number ? `${item.number} ` : '');
      line.append(o.onLine
        ? el('button', { type: 'button', class: 'ca-move', text: item.text, onclick: () => o.onLine(ply, shown.analysis.positions[ply - 1].best, k) })
        : el('span', { class: 'ca-move', text: item.text }));
    });
    return { kind: m.judgement, glyph: GLYPHS[m.judgement], title, after: items.length ? line : null };
  }

  /** Asks for the analysis of the line the page gives now. */
  async function request() {
    const mine = ++ticket;
    const body = o.body();
    button.disabled = true;
    progress(0, body.moves.length + 1);
    try {
      const status = await post('/api/computer-analysis', body);
      if (mine !== ticket) return;
      await follow(status, body.moves, mine);
    } catch (e) {
      failed(e, mine);
    }
  }

  return {
    request,
    /** Shows an answer of the API already had (the game page's, on opening). */
    follow: (status) => {
      const mine = ++ticket;
      follow(status, o.body().moves, mine).catch((e) => failed(e, mine));
    },
    judge,
    /** The move ids analysed (null when nothing is shown). */
    moves: () => (shown ? shown.moves : null),
    setCurrent: (ply) => {
      if (shown) shown.graph.setCurrent(ply);
    },
    /** Forgets the analysis shown (another game is on the page). */
    clear: () => {
      ticket += 1;
      const had = !!shown;
      shown = null;
      out.replaceChildren();
      button.hidden = false;
      button.disabled = false;
      if (had) o.onShow();
    },
  };
}
