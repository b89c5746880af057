// The visitor's choices kept in this browser: the theme (the system's, light or dark), the
// sounds of moves and captures (off unless switched on), and chess pieces written as
// figurines or as the page's letters. The header's buttons change them (a change is told
// to the page as the window event `scoresheet:prefs`); boards call `moveSound`.

import { lang } from './i18n.js';
import { LETTER_LANGS } from './chessletters.js';

const THEME = 'scoresheet.theme';
const SOUND = 'scoresheet.sound';
const PIECES = 'scoresheet.pieces';

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The theme chosen: `light`, `dark`, or null (the system's). */
export function theme() {
  const t = read(THEME);
  return t === 'light' || t === 'dark' ? t : null;
}

/** Shows the page in `choice` (`light`, `dark`, or null for the system's) and keeps it. */
export function setTheme(choice) {
  write(THEME, choice);
  applyTheme();
}

/** Puts the kept theme on the page (`data-theme` on <html>; none: the system's). */
export function applyTheme() {
  const t = theme();
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}

/** Whether the page is dark now (chosen, or the system's). */
export function isDark() {
  const t = theme();
  if (t) return t === 'dark';
  return !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
}

/** Whether moves make a sound (off unless switched on). */
export function soundOn() {
  return read(SOUND) === 'on';
}

export function setSound(on) {
  write(SOUND, on ? 'on' : null);
}

/**
 * Whether chess pieces are written as figurines (♘f3) rather than letters: as chosen, else
 * on pages whose language has no letters of its own here.
 */
export function figurines() {
  const chosen = read(PIECES);
  if (chosen === 'figurines' || chosen === 'letters') return chosen === 'figurines';
  return !LETTER_LANGS.includes(lang);
}

/** Keeps the choice of figurines (`true`) or letters, and tells the page. */
export function setFigurines(on) {
  write(PIECES, on ? 'figurines' : 'letters');
  window.dispatchEvent(new Event('scoresheet:prefs'));
}

let audio = null;

/**
 * The sound of a move (`capture`: a lower, double knock), made by the browser's audio
 * synthesiser: no sound file to load. Silent when sounds are off or the browser has no
 * Web Audio.
 */
export function moveSound(capture = false) {
  if (!soundOn()) return;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    const knock = (at, freq) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(freq, at);
      osc.frequency.exponentialRampToValueAtTime(freq / 2, at + 0.08);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.35, at + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.09);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.1);
    };
    const now = audio.currentTime;
    if (capture) {
      knock(now, 300);
      knock(now + 0.07, 220);
    } else {
      knock(now, 520);
    }
  } catch {
    // no sound
  }
}
