// The settings panel: the gear in the header (site.js; inside the phone's menu there) opens
// a dialog with the page theme, the board's colours, the draughts and chess piece sets, where
// coordinates go, the sounds and their volume, and chess moves in figurines or letters, as
// lichess's and lidraughts's panels have them. Each choice takes effect at once and is kept
// (prefs.js); the boards of the page follow through the `scoresheet:prefs` event.
//
// A modal <dialog>: the browser keeps the focus inside it and closes it on Escape; the focus
// then goes back to the gear. The choices are radio groups in fieldsets, which the keyboard
// moves through with the arrow keys.
//
// site.js loads this file at the first press of the gear, and the panel brings the rest of
// what it needs then: its texts (`GET /api/texts/prefs`: pages do not carry them), its style
// sheet, the other boards' colours (board-themes.css) and the piece sets (piece-sets.js).

import { t as pageText, el, lang } from './i18n.js';
import {
  LOOK, keep, theme, look, coordinates, setCoordinates, soundOn, volume, figurines, setFigurines,
} from './prefs.js';
import { trySound } from './sound.js';
import { dress } from './piece-sets.js';

const PLACES = ['inside', 'outside', 'none'];

// The panel's texts, which pages do not carry (GET /api/texts/prefs).
let texts = {};
const t = (key) => texts[key] || pageText(key);

/** Loads the style sheet `file` (beside this script) once; resolves when it is in force. */
export function styleSheet(file) {
  const id = file.replace('.css', '');
  let link = document.getElementById(id);
  if (!link) {
    link = Object.assign(document.createElement('link'), { rel: 'stylesheet', id, href: new URL(file, import.meta.url).href });
    link.loaded = new Promise((resolve) => {
      link.onload = resolve;
      link.onerror = resolve;
    });
    document.head.append(link);
  }
  // A sheet that look.js put in was in force before the first paint.
  return link.loaded || Promise.resolve();
}

/** Keeps a choice of the look (`theme`: null for the system's; or a key of LOOK) and puts
 * it on <html> (look.js's attributes), with board-themes.css for a look not the default's. */
function setLook(name, value) {
  const d = document.documentElement.dataset;
  if (name === 'theme') {
    if (value) d.theme = value;
    else delete d.theme;
    keep('theme', value);
    return;
  }
  d[name] = value;
  if (value !== LOOK[name][0]) styleSheet('board-themes.css');
  keep(name, value === LOOK[name][0] ? null : value);
}

const NS = 'http://www.w3.org/2000/svg';

// The catalog's names of the choices (written out, so that the catalogs' test sees them).
const NAMES = {
  sand: 'prefs.board-sand',
  wood: 'prefs.board-wood',
  blue: 'prefs.board-blue',
  olive: 'prefs.board-olive',
  grey: 'prefs.board-grey',
  flat: 'prefs.draughts-flat',
  classic: 'prefs.draughts-classic',
  contrast: 'prefs.draughts-contrast',
  glyphs: 'prefs.chess-glyphs',
  simple: 'prefs.chess-simple',
  inside: 'prefs.coordinates-inside',
  outside: 'prefs.coordinates-outside',
  none: 'prefs.coordinates-none',
};

/** An SVG element from markup, in the SVG namespace. */
function svgOf(markup, attrs) {
  const svg = document.createElementNS(NS, 'svg');
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  svg.innerHTML = markup;
  return svg;
}

/** Draughts pieces as the server draws them (svg.rs): a man and a king of each side, on
 * dark squares, for a set's preview. */
function draughtsPreview(set) {
  const disc = (cx, side, king) => `<g class="piece ${side} ${king ? 'king' : 'man'}"><circle cx="${cx}" cy="25" r="19"/><circle class="rim" cx="${cx}" cy="25" r="13"/>${
    king ? `<path class="crown" d="M${cx - 9} 30 L${cx - 9} 20 L${cx - 4} 25 L${cx} 18 L${cx + 4} 25 L${cx + 9} 20 L${cx + 9} 30 Z"/>` : ''}</g>`;
  const squares = [0, 50, 100, 150].map((x) => `<rect class="sq dark" x="${x}" y="0" width="50" height="50"/>`).join('');
  const svg = svgOf(squares + disc(25, 'white', false) + disc(75, 'white', true) + disc(125, 'black', false) + disc(175, 'black', true), {
    class: 'board preview', viewBox: '0 0 200 50', 'aria-hidden': 'true', focusable: 'false', 'data-draughts-pieces': set,
  });
  dress(svg);
  return svg;
}

/** A king, a queen and a knight of each side in a chess set, on light and dark squares. */
function chessPreview(set) {
  const pieces = [['K', 'white'], ['Q', 'black'], ['N', 'white'], ['N', 'black']];
  let markup = '';
  pieces.forEach(([letter, side], i) => {
    const x = i * 50;
    const glyph = { K: '\u265A', Q: '\u265B', N: '\u265E' }[letter];
    markup += `<rect class="sq ${i % 2 ? 'dark' : 'light'}" data-sq="p${i}" x="${x}" y="0" width="50" height="50"/>`;
    markup += `<g class="piece ${side} chess" data-sq="p${i}" data-piece="${letter}"><text x="${x + 25}" y="39" text-anchor="middle">${glyph}</text></g>`;
  });
  const svg = svgOf(markup, {
    class: 'board preview', viewBox: '0 0 200 50', 'aria-hidden': 'true', focusable: 'false', 'data-chess-pieces': set,
  });
  dress(svg);
  return svg;
}

/**
 * A group of radio buttons: `choices` as [value, label, picture?], the one of `current()`
 * checked; a choice calls `choose(value)`. Its fieldset gets `id` and the value chosen as
 * `data-value`.
 */
function radios(id, legend, name, choices, current, choose) {
  const box = el('fieldset', { id, class: `settings-group ${name}` }, el('legend', { text: legend }));
  const row = el('div', { class: 'picks' });
  for (const [value, label, picture] of choices) {
    const input = el('input', { type: 'radio', name: `settings-${name}`, value, class: 'visually-hidden' });
    input.addEventListener('change', () => {
      if (input.checked) choose(value);
    });
    row.append(el('label', { class: 'pick', 'data-value': value }, input, picture || '', el('span', { class: 'pick-name', text: label })));
  }
  box.append(row);
  const show = () => {
    const now = current();
    box.dataset.value = now;
    for (const input of row.querySelectorAll('input')) input.checked = input.value === now;
  };
  show();
  return { box, show };
}

/** A switch that is on or off: its label and `aria-pressed` follow `isOn()`. */
function onOff(id, isOn, label, turn, title = null) {
  const button = el('button', { type: 'button', id, class: 'switch', title });
  const show = () => {
    button.textContent = label(isOn());
    button.setAttribute('aria-pressed', String(isOn()));
  };
  button.addEventListener('click', () => {
    turn(!isOn());
    show();
  });
  show();
  return { button, show };
}

let panel = null;

/** Opens the panel under `gear` (the header's button), made at the first call. */
export async function openSettings(gear) {
  if (!panel) {
    panel = (async () => {
      const asked = fetch(`/api/texts/prefs?lang=${encodeURIComponent(lang)}`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({}));
      await Promise.all([styleSheet('settings.css'), styleSheet('board-themes.css')]);
      // Without its texts (a lost connection), the panel still works, in key names.
      texts = await asked;
      return makePanel(gear);
    })();
  }
  (await panel).open();
}

function makePanel(gear) {
  const themes = radios('theme-switch', t('prefs.theme'), 'theme', [
    ['system', t('prefs.theme-system')], ['light', t('prefs.theme-light')], ['dark', t('prefs.theme-dark')],
  ], () => theme() || 'system', (v) => setLook('theme', v === 'system' ? null : v));
  // The old switch's name for the theme shown, kept for the pages' tests and styles.
  const showTheme = () => {
    themes.show();
    themes.box.dataset.theme = theme() || 'system';
  };
  themes.box.append(el('p', { class: 'hint', text: t('prefs.theme-hint') }));

  const lookChoice = (id, legend, name, picture) => radios(id, legend, name,
    LOOK[name].map((v) => [v, t(NAMES[v]), picture(v)]), () => look(name), (v) => setLook(name, v));
  const boards = lookChoice('board-choice', t('prefs.board'), 'colours', (b) => el('span', { class: 'swatch', 'data-colours': b, 'aria-hidden': 'true' }));
  const draughts = lookChoice('draughts-choice', t('prefs.draughts-pieces'), 'draughtsPieces', draughtsPreview);
  const chess = lookChoice('chess-choice', t('prefs.chess-pieces'), 'chessPieces', chessPreview);
  const places = radios('coordinates-choice', t('prefs.coordinates'), 'coordinates',
    PLACES.map((p) => [p, t(NAMES[p])]), coordinates, setCoordinates);

  const sound = onOff('sound-switch', soundOn, (on) => t(on ? 'prefs.sound-on' : 'prefs.sound-off'), (on) => {
    keep('sound', on ? null : 'off');
    trySound();
  });
  const slider = el('input', {
    type: 'range', id: 'volume', min: '0', max: '100', step: '5', value: String(volume()),
  });
  const level = el('output', { for: 'volume', class: 'volume-level', text: `${volume()}` });
  slider.addEventListener('input', () => {
    level.textContent = slider.value;
  });
  // A knock at the volume chosen, once the slider is let go.
  slider.addEventListener('change', () => {
    keep('volume', slider.value);
    trySound();
  });
  const sounds = el('fieldset', { id: 'sound-choice', class: 'settings-group sound' },
    el('legend', { text: t('prefs.sound') }),
    el('div', { class: 'sound-row' }, sound.button,
      el('div', { class: 'volume-row' }, el('label', { for: 'volume', class: 'volume-label', text: t('prefs.volume') }), slider, level)));
  const showSound = () => {
    sound.show();
    slider.disabled = !soundOn();
    slider.value = String(volume());
    level.textContent = String(volume());
  };

  // How chess moves are written: `Chess: Nf3` or `Chess: ♘f3`.
  const pieces = onOff('figurines-switch', figurines, (on) => t(on ? 'prefs.chess-figurines' : 'prefs.chess-letters'),
    setFigurines, t('prefs.figurines-hint'));
  const moves = el('fieldset', { id: 'notation-choice', class: 'settings-group notation' },
    el('legend', { text: t('prefs.chess-moves') }), pieces.button);

  const close = el('button', {
    type: 'button', class: 'settings-close', 'aria-label': t('prefs.close'), title: t('prefs.close'), text: '\u00d7',
  });
  const dialog = el('dialog', { id: 'settings', class: 'settings', 'aria-labelledby': 'settings-title' },
    el('div', { class: 'settings-inner' },
      el('div', { class: 'settings-head' }, el('h2', { id: 'settings-title', text: t('prefs.settings') }), close),
      themes.box, boards.box, draughts.box, chess.box, places.box, sounds, moves));
  document.body.append(dialog);

  const showAll = () => {
    showTheme();
    boards.show();
    draughts.show();
    chess.show();
    places.show();
    showSound();
    pieces.show();
  };
  showAll();
  // Choices made elsewhere (a board's Coordinates button, the analysis board's figurines box,
  // another tab's storage) show here.
  window.addEventListener('scoresheet:prefs', showAll);

  const open = () => {
    showAll();
    // On a wide screen the panel hangs under the gear (a phone's is across the screen: CSS).
    const phone = window.matchMedia && window.matchMedia('(max-width: 600px)').matches;
    const r = gear.getBoundingClientRect();
    dialog.style.marginTop = phone ? '' : `${Math.max(8, Math.round(r.bottom + 6))}px`;
    dialog.style.marginRight = phone ? '' : `${Math.max(8, Math.round(document.documentElement.clientWidth - r.right))}px`;
    dialog.showModal();
    gear.setAttribute('aria-expanded', 'true');
    const checked = dialog.querySelector('input:checked');
    if (checked) checked.focus();
  };
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    gear.setAttribute('aria-expanded', 'false');
    gear.focus();
  });
  return { open };
}
