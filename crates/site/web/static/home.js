// The home page: the lobby's open games (live: the first visitor to take one plays it), the
// visitor's own games and the recent finished games (from the page data).

import { post } from './api.js';
import { t, tn, el, page, rulesName, sideName } from './i18n.js';
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

/** A time control as the new-game page words it (`300+3`: 5 min + 3 s). */
function controlText(control) {
  if (!control) return t('new.time-none');
  if (control.startsWith('1/')) return t('new.time-move', { s: control.slice(2) });
  const [base, inc] = control.split('+').map(Number);
  return t('new.time-inc', { min: base / 60, inc: inc || 0 });
}

/** Takes the free seat of open game `id` and opens its page. */
async function take(id, button) {
  button.disabled = true;
  try {
    await post(`/api/games/${encodeURIComponent(id)}/join`, {});
  } catch {
    // Taken by someone else meanwhile: the game's page says so.
  }
  location.href = `/game/${encodeURIComponent(id)}`;
}

function lobbyItem(g) {
  const href = `/game/${encodeURIComponent(g.id)}`;
  // The seat offered is the taker's colour; the creator plays the other one.
  const seat = g.yours ? null : t('home.lobby-seat', { side: sideName(g.seat) });
  const meta = [rulesName(g.rules), controlText(g.time_control), seat].filter(Boolean).join(' · ');
  let action;
  if (g.yours) {
    action = el('a', { class: 'state', href, text: t('home.lobby-yours') });
  } else {
    action = el('button', { type: 'button', class: 'primary', text: t('home.lobby-take') });
    action.addEventListener('click', () => take(g.id, action));
  }
  return el('li', { 'data-id': g.id },
    el('div', {},
      el('span', { class: 'players', text: g.name || t('game.anonymous') }),
      el('div', { class: 'meta', text: meta })),
    action);
}

function showLobby(lobby) {
  const list = document.getElementById('lobby');
  list.replaceChildren();
  if (!lobby.games.length) {
    list.append(el('li', { class: 'empty-list', text: t('home.no-lobby') }));
    return;
  }
  for (const g of lobby.games) list.append(lobbyItem(g));
}

// The lobby, live: the server sends the whole list when it changes.
showLobby({ games: [] });
if (window.EventSource) {
  const events = new EventSource('/api/lobby/events');
  events.addEventListener('lobby', (e) => {
    try {
      showLobby(JSON.parse(e.data));
    } catch {
      // a broken event: the next one repairs the list
    }
  });
}
