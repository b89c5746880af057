// The home page: the visitor's own games and the recent finished games (from the page data).

import { t, tn, el, page, rulesName } from './i18n.js';
import { resultWords, resultText } from './results.js';

const STATUS = { waiting: 'game.status.waiting', ongoing: 'game.status.ongoing', finished: 'game.status.finished' };
const MODES = { device: 'mode.device', computer: 'mode.computer', friend: 'mode.friend' };

function when(ms) {
  if (!ms) return '';
  try {
    return new Date(ms).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}

const LEVELS = { beginner: 'level.beginner', intermediate: 'level.intermediate', strong: 'level.strong' };

/** A player's name: the computer in the page's language, else the name given, else "Anonymous". */
function playerName(g, side) {
  if (g.mode === 'computer' && g.computer === side) {
    return t('game.computer', { level: LEVELS[g.level] ? t(LEVELS[g.level]).toLowerCase() : g.level || '' });
  }
  return (side === 'white' ? g.white : g.black) || t('game.anonymous');
}

function item(g) {
  const white = playerName(g, 'white');
  const black = playerName(g, 'black');
  let state = STATUS[g.status] ? t(STATUS[g.status]) : g.status;
  if (g.status === 'finished' && g.result) {
    state = `${resultText(g.rules, g.result)} · ${resultWords(g.rules, g.result, g.winner)}`;
  }
  const meta = [rulesName(g.rules), MODES[g.mode] ? t(MODES[g.mode]) : g.mode, tn('home.moves', Math.ceil(g.plies / 2)), when(g.updated_at)]
    .filter(Boolean).join(' · ');
  return el('li', {},
    el('div', {},
      el('a', { class: 'players', href: `/game/${encodeURIComponent(g.id)}`, text: `${white} – ${black}` }),
      el('div', { class: 'meta', text: meta })),
    el('div', { class: 'state', text: state }));
}

function fill(id, games, emptyKey) {
  const list = document.getElementById(id);
  list.replaceChildren();
  if (!games || !games.length) {
    list.append(el('li', { class: 'empty-list', text: t(emptyKey) }));
    return;
  }
  for (const g of games) list.append(item(g));
}

fill('mine', page.mine, 'home.no-mine');
fill('recent', page.recent, 'home.no-recent');
