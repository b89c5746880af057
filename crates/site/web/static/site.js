// Every page: mark the navigation link of the current page, apply the visitor's theme, and
// the header's switches for the theme and the sounds of moves.

import { t, el } from './i18n.js';
import { theme, setTheme, applyTheme, soundOn, setSound, moveSound } from './prefs.js';

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
  const soundButton = el('button', { type: 'button', id: 'sound-switch' });
  const showSound = () => {
    soundButton.textContent = soundOn() ? t('prefs.sound-on') : t('prefs.sound-off');
    soundButton.setAttribute('aria-pressed', String(soundOn()));
  };
  soundButton.addEventListener('click', () => {
    setSound(!soundOn());
    showSound();
    moveSound(false);
  });
  showTheme();
  showSound();
  box.append(themeButton, soundButton);
}
