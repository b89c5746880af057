// The opening explorer on the analysis board: the moves played from the board's position in
// the games database's games (GET /api/explorer), each with its number of games, a bar of
// White's wins, draws and Black's wins, and the players' average rating; the top and latest
// games, each opening on the board. It follows the board; a click on a move plays it. Off by
// default, as lichess's: the page loads this module (and its styles) when the button turns
// the explorer on, and the choice is remembered.

import { get } from './api.js';
import { t, tn, el } from './i18n.js';

const KEPT = 'scoresheet.explorer';
/** How long a shown position waits before it is asked for (keys held down skip past). */
const SETTLE_MS = 120;
/** Answers kept, to show at once when the board comes back to a position. */
const KEEP = 200;
/** Moves shown before "more". */
const SHOWN = 12;

function keep(on) {
  try {
    localStorage.setItem(KEPT, on ? 'on' : 'off');
  } catch {
    // storage off: the choice lasts this page only
  }
}

/** A percentage for a person: `52%`, or `<1%`. */
function percent(part, total) {
  if (!total) return '';
  const p = (100 * part) / total;
  return p > 0 && p < 1 ? '<1%' : `${Math.round(p)}%`;
}

/** The three-part bar of a move's results. */
function bar(c) {
  const part = (cls, n, label) => {
    const share = c.games ? (100 * n) / c.games : 0;
    return el('span', { class: `explorer-${cls}`, style: `width:${share.toFixed(2)}%`, title: `${label} ${percent(n, c.games)}` },
      share >= 12 ? percent(n, c.games) : '');
  };
  return el('span', { class: 'explorer-bar', 'aria-hidden': 'true' },
    part('white', c.white, t('side.white')), part('draw', c.draws, t('explorer.draws')), part('black', c.black, t('side.black')));
}

function gameLink(g) {
  const name = (n, r) => (r ? `${n || '?'} (${r})` : n || '?');
  return el('li', {},
    el('a', { href: `/analysis?db=${g.id}`, text: `${name(g.white, g.whiteElo)} – ${name(g.black, g.blackElo)}` }),
    ` ${g.result}`,
    g.year ? ` · ${g.year}` : '',
    g.uci ? el('span', { class: 'explorer-played' }, ` · ${g.uci}`) : '');
}

/**
 * Takes over the explorer's panel (`#explorer`, its button, summary and body, in the page),
 * turned on. `onMove(id)` plays a move id on the board. The page calls
 * `show(rules, variant, fen, notation)` whenever it shows another position.
 */
export function attachExplorer({ onMove }) {
  const state = { on: true, all: false, key: null, timer: null, ticket: 0, answers: new Map(), last: null };
  const panel = document.getElementById('explorer');
  const toggle = document.getElementById('explorer-toggle');
  const summary = document.getElementById('explorer-summary');
  const body = document.getElementById('explorer-body');
  toggle.addEventListener('click', () => setOn(!state.on));
  keep(true);
  // The table's and bars' styles come with the module.
  if (!document.getElementById('explorer-styles')) {
    document.head.append(el('link', { rel: 'stylesheet', id: 'explorer-styles', href: new URL('./explorer.css', import.meta.url).href }));
  }

  function render(answer) {
    panel.classList.toggle('on', state.on);
    toggle.setAttribute('aria-pressed', String(state.on));
    body.hidden = !state.on;
    if (!state.on) {
      summary.textContent = '';
      return;
    }
    if (!answer) return;
    summary.textContent = tn('explorer.games', answer.games);
    panel.dataset.games = String(answer.games);
    if (!answer.games) {
      body.replaceChildren(el('p', { class: 'explorer-none', text: t('explorer.none') }));
      return;
    }
    const rows = answer.moves.map((m, i) => el('tr', { 'data-move': m.uci, hidden: !state.all && i >= SHOWN },
      el('td', {}, el('button', { type: 'button', class: 'explorer-move', 'data-move': m.uci, title: t('explorer.play'), onclick: () => onMove(m.uci) }, m.san)),
      el('td', { class: 'num' }, String(m.games)),
      el('td', { class: 'explorer-results' }, bar(m)),
      el('td', { class: 'num' }, m.averageRating ? String(m.averageRating) : '')));
    const table = el('table', { class: 'explorer-moves' },
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: t('explorer.move') }),
        el('th', { scope: 'col', class: 'num', text: t('explorer.games-head') }),
        el('th', { scope: 'col', text: t('explorer.results') }),
        el('th', { scope: 'col', class: 'num', text: t('explorer.rating') }))),
      el('tbody', {}, rows));
    const lists = [];
    for (const [key, games] of [['explorer.top', answer.topGames], ['explorer.recent', answer.recentGames]]) {
      if (games && games.length) {
        lists.push(el('h3', { class: 'explorer-list-title', text: t(key) }), el('ul', { class: 'explorer-games' }, games.map(gameLink)));
      }
    }
    const more = answer.moves.length > SHOWN && !state.all
      ? el('button', { type: 'button', class: 'explorer-more', id: 'explorer-more', onclick: () => { state.all = true; render(answer); } },
        t('explorer.more', { count: answer.moves.length - SHOWN }))
      : null;
    const moves = answer.moves.length ? table : el('p', { class: 'explorer-none', text: t('explorer.ended') });
    body.replaceChildren(...[moves, more, ...lists].filter(Boolean));
  }

  async function ask(key, params) {
    const ticket = ++state.ticket;
    try {
      const answer = await get(`/api/explorer?${params}`);
      state.answers.set(key, answer);
      if (state.answers.size > KEEP) state.answers.delete(state.answers.keys().next().value);
      if (ticket === state.ticket && key === state.key) render(answer);
    } catch (e) {
      if (ticket !== state.ticket) return;
      summary.textContent = '';
      body.replaceChildren(el('p', { class: 'explorer-error', role: 'alert', text: t('explorer.error', { reason: e.message }) }));
    }
  }

  function show(rules, variant, fen, notation = {}) {
    state.last = { rules, variant, fen, notation };
    if (!state.on || !rules || !fen) {
      render(null);
      return;
    }
    const params = new URLSearchParams({ rules, fen });
    if (rules === 'chess' && variant && variant !== 'standard') params.set('variant', variant);
    if (notation.lang) params.set('lang', notation.lang);
    if (notation.style) params.set('style', notation.style);
    const key = params.toString();
    state.key = key;
    clearTimeout(state.timer);
    const known = state.answers.get(key);
    if (known) {
      render(known);
      return;
    }
    body.classList.add('busy');
    state.timer = setTimeout(() => ask(key, params).finally(() => body.classList.remove('busy')), SETTLE_MS);
  }

  function setOn(on) {
    state.on = on;
    keep(on);
    if (on && state.last) {
      const { rules, variant, fen, notation } = state.last;
      show(rules, variant, fen, notation);
    } else {
      render(null);
    }
  }

  render(null);
  return { show };
}

