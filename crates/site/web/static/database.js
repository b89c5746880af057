// The games database page: a search by player, colour, event, variant, dates, result,
// opening moves or position (GET /api/database/games), the games found a page at a time,
// each opening on the analysis board (/analysis?db=ID). The search is kept in the page's
// address, so that a search can be shared and the back button goes back to it.

import { get } from './api.js';
import { t, tn, el, page, rulesName, variantName } from './i18n.js';

const $ = (id) => document.getElementById(id);
const FIELDS = ['player', 'color', 'event', 'variant', 'since', 'until', 'result', 'opening', 'fen', 'pattern'];
const LIMIT = 20;

/** A variant's name for a person: chess variants by their name, draughts by the rules'. */
function variantTitle(name) {
  if (name === 'standard') return rulesName('chess');
  const chess = variantName(name);
  return chess !== name ? chess : rulesName(name);
}

for (const v of page.variants || []) {
  $('db-variant').append(el('option', { value: v, text: variantTitle(v) }));
}

function player(name, elo) {
  const n = name || '?';
  return elo ? `${n} (${elo})` : n;
}

function item(g) {
  const meta = [g.variant ? variantTitle(g.variant) : null, g.event, g.site, g.date, tn('database.moves', Math.ceil(g.plies / 2))]
    .filter(Boolean).join(' · ');
  return el('li', { 'data-id': g.id },
    el('div', {},
      el('a', { class: 'players', href: `/analysis?db=${g.id}`, text: `${player(g.white, g.whiteElo)} – ${player(g.black, g.blackElo)}` }),
      el('div', { class: 'meta', text: meta })),
    el('div', { class: 'state', text: g.result }));
}

/** The search the address asks for. */
function asked() {
  const q = new URLSearchParams(location.search);
  for (const f of FIELDS) {
    if (q.has(f)) $(`db-${f}`).value = q.get(f);
  }
  return q;
}

let pageNumber = 1;
let ticket = 0;

async function run(q) {
  const mine = ++ticket;
  const params = new URLSearchParams();
  for (const f of FIELDS) {
    const v = q.get(f);
    if (v) params.set(f, v);
  }
  pageNumber = Math.max(1, Number(q.get('page')) || 1);
  params.set('page', String(pageNumber));
  params.set('limit', String(LIMIT));
  $('db-error').hidden = true;
  $('db-count').textContent = t('database.searching');
  try {
    const found = await get(`/api/database/games?${params}`);
    if (mine !== ticket) return;
    $('db-count').textContent = tn('database.count', found.total);
    const list = $('db-games');
    list.replaceChildren(...found.games.map(item));
    if (!found.games.length) list.append(el('li', { class: 'empty-list', text: t('database.none') }));
    const pages = Math.max(1, Math.ceil(found.total / LIMIT));
    $('db-page').textContent = t('database.page', { page: pageNumber, pages });
    $('db-prev').disabled = pageNumber <= 1;
    $('db-next').disabled = pageNumber >= pages;
  } catch (e) {
    if (mine !== ticket) return;
    $('db-count').textContent = '';
    $('db-error').textContent = e.message;
    $('db-error').hidden = false;
  }
}

/** Puts the form (and a page) into the address, and searches. */
function search(pageAsked = 1) {
  const q = new URLSearchParams();
  for (const f of FIELDS) {
    const v = $(`db-${f}`).value.trim();
    if (v) q.set(f, v);
  }
  if (pageAsked > 1) q.set('page', String(pageAsked));
  history.pushState(null, '', `/database${q.size ? `?${q}` : ''}`);
  run(q);
}

$('db-form').addEventListener('submit', (e) => {
  e.preventDefault();
  search(1);
});
$('db-prev').addEventListener('click', () => search(pageNumber - 1));
$('db-next').addEventListener('click', () => search(pageNumber + 1));
window.addEventListener('popstate', () => run(asked()));
run(asked());
