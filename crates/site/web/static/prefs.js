// The visitor's choices, kept in localStorage (`scoresheet.*`) and made in the settings
// panel (settings.js); a change is told to the page as the window event `scoresheet:prefs`.

import { lang } from './i18n.js';
import { LETTER_LANGS } from './chessletters.js';

/** The look (look.js puts it on <html>): each choice's values, the first the default. */
export const LOOK = {
  colours: ['sand', 'wood', 'blue', 'olive', 'grey'],
  draughtsPieces: ['flat', 'classic', 'contrast'],
  chessPieces: ['glyphs', 'simple'],
};

export function read(key) {
  try {
    return localStorage.getItem(`scoresheet.${key}`);
  } catch {
    return null;
  }
}

/** Keeps `value` for `key` (null: forgets it) and tells the page. */
export function keep(key, value) {
  try {
    if (value === null) localStorage.removeItem(`scoresheet.${key}`);
    else localStorage.setItem(`scoresheet.${key}`, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
  window.dispatchEvent(new Event('scoresheet:prefs'));
}

/** The theme chosen: `light`, `dark`, or null (the system's). */
export function theme() {
  const t = read('theme');
  return t === 'light' || t === 'dark' ? t : null;
}

/** The look's choice `name` (a key of LOOK). */
export function look(name) {
  return LOOK[name].includes(read(name)) ? read(name) : LOOK[name][0];
}

/** Whether boards need piece-sets.js: a piece set other than the server's drawing. */
export function dressedPieces() {
  return look('draughtsPieces') !== 'flat' || look('chessPieces') !== 'glyphs';
}

/** Where coordinates go: `inside` (on the squares), `outside` (around the board), `none`.
 * Shown or not is kept as the board's Coordinates button kept it before the panel. */
export function coordinates() {
  if (/"coordinates":false/.test(read('board'))) return 'none';
  return read('coordinates') === 'outside' ? 'outside' : 'inside';
}

/** Keeps where coordinates go, or `shown` again where they went last. */
export function setCoordinates(choice) {
  if (choice === 'inside' || choice === 'outside') keep('coordinates', choice === 'outside' ? 'outside' : null);
  keep('board', JSON.stringify({ coordinates: choice !== 'none' }));
}

/** Tells the page a move was shown (`capture`: it took something): sound.js, loaded at the
 * visitor's first press, makes it heard when sounds are on. */
export function moveSound(capture = false) {
  window.dispatchEvent(new CustomEvent('scoresheet:move', { detail: { capture: !!capture } }));
}

/** Whether moves make a sound: on unless switched off. */
export function soundOn() {
  return read('sound') !== 'off';
}

/** The sounds' volume, 0 to 100. */
export function volume() {
  const v = Number.parseInt(read('volume'), 10);
  return v >= 0 && v <= 100 ? v : 70;
}

/**
 * Whether chess pieces are written as figurines (♘f3) rather than letters: as chosen, else
 * on pages whose language has no letters of its own here.
 */
export function figurines() {
  const chosen = read('pieces');
  if (chosen === 'figurines' || chosen === 'letters') return chosen === 'figurines';
  return !LETTER_LANGS.includes(lang);
}

/** Keeps the choice of figurines (`true`) or letters, and tells the page. */
export function setFigurines(on) {
  keep('pieces', on ? 'figurines' : 'letters');
}
