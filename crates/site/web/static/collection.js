// The games of a collection (a text of several games, pasted or dropped), as `POST /api/list`
// gives them: one button per game (its players, event, date, result) to put it on the board.

import { t, tn, el } from './i18n.js';

/** The line a game is listed by: `White – Black`, then event, date and result. */
function label(game) {
  const players = `${game.white || t('analysis.unknown-player')} – ${game.black || t('analysis.unknown-player')}`;
  const rest = [game.event, game.round ? t('analysis.round', { round: game.round }) : null, game.date, game.result]
    .filter(Boolean).join(' · ');
  return { players, rest };
}

/**
 * Draws the list `list` (`{ total, games }`) into `container`, game `current` marked;
 * `onChoose(number)` is called with the number of a game clicked. A text of one game (or
 * none) hides the list.
 */
export function renderGameList(container, list, current, onChoose) {
  if (!list || list.total < 2) {
    container.hidden = true;
    container.replaceChildren();
    return;
  }
  const items = list.games.map((game) => {
    const { players, rest } = label(game);
    return el('li', {},
      el('button', {
        type: 'button',
        class: 'listed-game',
        'data-game': game.number,
        'aria-current': game.number === current ? 'true' : null,
        onclick: () => onChoose(game.number),
      },
      el('span', { class: 'number', text: `${game.number}.` }),
      el('span', { class: 'players', text: players }),
      rest ? el('span', { class: 'details', text: rest }) : null,
      game.unreadable ? el('span', { class: 'unreadable', text: t('analysis.game-unreadable') }) : null));
  });
  const parts = [el('h2', { class: 'list-title', text: tn('analysis.games-in-text', list.total) })];
  if (list.games.length < list.total) parts.push(el('p', { class: 'hint', text: t('analysis.games-listed', { shown: list.games.length }) }));
  parts.push(el('ol', { class: 'listed-games' }, ...items));
  container.replaceChildren(...parts);
  container.hidden = false;
}

/** Marks game `current` in a list drawn by `renderGameList`. */
export function markGame(container, current) {
  for (const b of container.querySelectorAll('button.listed-game')) {
    if (Number(b.dataset.game) === current) b.setAttribute('aria-current', 'true');
    else b.removeAttribute('aria-current');
  }
}
