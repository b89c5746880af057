// Every page: mark the navigation link of the current page, apply the visitor's theme, the
// header's switches for the theme, the sounds of moves and chess figurines, and on a phone the
// header's menu (its links, languages and switches behind one button, as lichess has them).

import { t, el } from './i18n.js';
import {
  theme, setTheme, applyTheme, soundOn, setSound, moveSound, figurines, setFigurines,
} from './prefs.js';

applyTheme();

const here = location.pathname;
for (const a of document.querySelectorAll('header.site nav a')) {
  const path = a.getAttribute('href');
  if (path === here || (path !== '/' && here.startsWith(`${path}/`))) a.setAttribute('aria-current', 'page');
}

const box = document.getElementById('prefs');
if (box) {
  const NEXT = { system: 'dark', dark: 'light', light: 'system' };
  const themeButton = el('button', { type: 'button', id: 'theme-switch' });
  const showTheme = () => {
    const now = theme() || 'system';
    themeButton.textContent = t(`prefs.theme-${now}`);
    themeButton.title = t('prefs.theme-hint');
    themeButton.dataset.theme = now;
  };
  themeButton.addEventListener('click', () => {
    const next = NEXT[theme() || 'system'];
    setTheme(next === 'system' ? null : next);
    showTheme();
  });
  /**
   * A switch that is on or off (`isOn()`): its label (`label(on)`) and `aria-pressed` follow
   * the choice; a click turns it (`turn(on)`).
   */
  const onOff = (id, isOn, label, turn, title = null) => {
    const button = el('button', { type: 'button', id, title });
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
  };
  const sound = onOff('sound-switch', soundOn, (on) => t(on ? 'prefs.sound-on' : 'prefs.sound-off'), (on) => {
    setSound(on);
    moveSound(false);
  });
  // The label shows how chess moves look now: `Chess: Nf3` or `Chess: ♘f3`.
  const pieces = onOff('figurines-switch', figurines, (on) => t(on ? 'prefs.chess-figurines' : 'prefs.chess-letters'),
    setFigurines, t('prefs.figurines-hint'));
  window.addEventListener('scoresheet:prefs', pieces.show);
  showTheme();
  box.append(themeButton, sound.button, pieces.button);
}

// The phone's menu: the header shows the brand and this button; the rest opens under it.
const header = document.querySelector('header.site');
const menuButton = document.getElementById('menu-toggle');
if (header && menuButton) {
  header.classList.add('has-menu');
  const open = (yes) => {
    header.classList.toggle('open', yes);
    menuButton.setAttribute('aria-expanded', String(yes));
  };
  menuButton.addEventListener('click', () => open(!header.classList.contains('open')));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && header.classList.contains('open')) {
      open(false);
      menuButton.focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (header.classList.contains('open') && !header.contains(e.target)) open(false);
  });
}
