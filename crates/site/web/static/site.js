// Every page: mark the navigation link of the current page, and on a phone the header's menu
// (as lichess has it). What few visitors use comes when wanted, to keep pages light: the
// settings panel (settings.js) at the press of the header's gear, the sounds (sound.js) at
// the first press of anything, the piece sets (piece-sets.js) once chosen.

import { soundOn, dressedPieces } from './prefs.js';

const here = location.pathname;
for (const a of document.querySelectorAll('header.site nav a')) {
  const path = a.getAttribute('href');
  if (path === here || (path !== '/' && here.startsWith(`${path}/`))) a.setAttribute('aria-current', 'page');
}

const gear = document.getElementById('settings-button');
if (gear) {
  gear.addEventListener('click', () => import('./settings.js').then(({ openSettings }) => openSettings(gear)));
}

// Browsers start audio only after the visitor has pressed something on the page.
const press = () => {
  if (!soundOn()) return;
  window.removeEventListener('pointerdown', press, true);
  window.removeEventListener('keydown', press, true);
  import('./sound.js');
};
window.addEventListener('pointerdown', press, true);
window.addEventListener('keydown', press, true);

const pieceSets = () => {
  if (dressedPieces()) import('./piece-sets.js');
};
pieceSets();
window.addEventListener('scoresheet:prefs', pieceSets);

// The phone's menu: the header shows the brand and this button; the rest opens under it.
const header = document.querySelector('header.site');
const menuButton = document.getElementById('menu-toggle');
if (header && menuButton) {
  header.classList.add('has-menu');
  const open = (yes) => {
    header.classList.toggle('open', yes);
    menuButton.setAttribute('aria-expanded', String(yes));
  };
  // The settings panel, open over the menu, takes Escape and clicks for itself.
  const inPanel = (e) => !!document.querySelector('dialog.settings[open]') || !!(e.target.closest && e.target.closest('dialog.settings'));
  menuButton.addEventListener('click', () => open(!header.classList.contains('open')));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && header.classList.contains('open') && !inPanel(e)) {
      open(false);
      menuButton.focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (header.classList.contains('open') && !header.contains(e.target) && !inPanel(e)) open(false);
  });
}
