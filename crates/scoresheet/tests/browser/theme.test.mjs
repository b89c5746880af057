// Issue 14, "Missing" 8: the dark theme (the system's setting and a choice in the settings
// panel), move and capture sounds (on by default once the visitor has pressed something, a
// switch and a volume in the panel: issue 30), the material under the board, the move's slide.

import { assert, assertEqual, waitFor, openAnalysis, loadText, clickSquare, fenChange, fenOf } from './helpers.mjs';

function background(page) {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const DARK = 'rgb(28, 31, 30)';
const LIGHT = 'rgb(246, 244, 238)';

/** Opens the settings panel from the header's gear. */
async function openSettings(page) {
  await page.click('#settings-button');
  await page.waitForSelector('dialog#settings[open]');
}

/** Closes it with Escape, as a keyboard does. */
async function closeSettings(page) {
  await page.keyboard.press('Escape');
  await waitFor(page, () => !document.querySelector('dialog#settings[open]'), null, 'the panel to close');
}

export default [
  {
    name: 'the dark theme follows the system, and the choice in the settings panel overrides it on every page',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await openAnalysis(page, baseUrl, '?lang=en');
      assertEqual(await background(page), DARK, 'a dark system gives dark pages');
      await shot(page, 'dark-analysis');
      await page.emulateMedia({ colorScheme: 'light' });
      assertEqual(await background(page), LIGHT, 'a light system gives light pages');
      await openSettings(page);
      assertEqual(await page.getAttribute('#theme-switch', 'data-theme'), 'system', 'the theme follows the system at first');
      assert(await page.isChecked('#theme-switch input[value="system"]'), 'System is the choice shown');
      await page.click('#theme-switch label[data-value="dark"]');
      assertEqual(await page.getAttribute('#theme-switch', 'data-theme'), 'dark', 'one press: dark');
      assertEqual(await background(page), DARK, 'dark chosen on a light system');
      await closeSettings(page);
      await page.goto(`${baseUrl}/new?lang=fr`);
      await page.waitForSelector('#settings-button');
      assertEqual(await background(page), DARK, 'the choice is kept on the next page');
      await openSettings(page);
      assertEqual((await page.textContent('#theme-switch label:has(input:checked)')).trim(), 'Sombre', 'the choice speaks French');
      await shot(page, 'dark-new-game-fr');
      await page.click('#theme-switch label[data-value="light"]');
      await page.emulateMedia({ colorScheme: 'dark' });
      assertEqual(await background(page), LIGHT, 'light chosen on a dark system');
    },
  },
  {
    name: 'sounds are on by default once the visitor has pressed something; switched off or at volume 0 silent; a move and a capture each make their sound',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      // A headless browser plays nothing: count the knocks the page asks the audio
      // synthesiser for (a move is one knock, a capture two), and the audio contexts it makes.
      await page.addInitScript(() => {
        window.knocks = 0;
        window.contexts = 0;
        const create = BaseAudioContext.prototype.createOscillator;
        BaseAudioContext.prototype.createOscillator = function (...args) {
          window.knocks += 1;
          return create.apply(this, args);
        };
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
          constructor(...args) {
            super(...args);
            window.contexts += 1;
          }
        };
      });
      const knocks = async () => page.evaluate(() => {
        const n = window.knocks;
        window.knocks = 0;
        return n;
      });
      await openAnalysis(page, baseUrl, '?lang=en');
      assertEqual(await page.evaluate(() => window.contexts), 0, 'no audio before the visitor has pressed anything (browsers refuse it)');
      const start = 'B:W22,30:B6,11';
      await loadText(page, { rules: 'american', start: 'fen', text: start });
      assertEqual(await page.evaluate(() => window.contexts), 1, 'the first press made the audio context');
      let before = await fenOf(page);
      await clickSquare(page, '11');
      await clickSquare(page, '15');
      before = await fenChange(page, before);
      assertEqual(await knocks(), 1, 'on by default: a move sounds');
      await openSettings(page);
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'true', 'the switch says on');
      assertEqual(await page.inputValue('#volume'), '70', 'at the default volume');
      await page.click('#sound-switch');
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false', 'off');
      assert(await page.isDisabled('#volume'), 'no volume while off');
      await closeSettings(page);
      await clickSquare(page, '22');
      await clickSquare(page, '18');
      before = await fenChange(page, before);
      assertEqual(await knocks(), 0, 'no sound while off');
      // Off is kept for the next page; on again, at volume 0 nothing sounds either.
      await page.reload();
      await page.waitForSelector('#board svg g.piece');
      await openSettings(page);
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false', 'off is kept');
      await page.click('#sound-switch');
      assertEqual(await page.getAttribute('#sound-switch', 'aria-pressed'), 'true', 'on');
      assertEqual(await knocks(), 1, 'switching on plays a knock to hear');
      await page.fill('#volume', '0');
      assertEqual(await knocks(), 0, 'no knock at volume 0');
      await closeSettings(page);
      await loadText(page, { rules: 'american', start: 'fen', text: start });
      before = await fenOf(page);
      await clickSquare(page, '11');
      await clickSquare(page, '15');
      before = await fenChange(page, before);
      assertEqual(await knocks(), 0, 'volume 0: no sound');
      await page.reload();
      await page.waitForSelector('#board svg g.piece');
      await openSettings(page);
      assertEqual(await page.inputValue('#volume'), '0', 'the volume is kept');
      await page.fill('#volume', '40');
      assertEqual(await knocks(), 1, 'the new volume is heard once');
      await closeSettings(page);
      await loadText(page, { rules: 'american', start: 'fen', text: start });
      before = await fenOf(page);
      await clickSquare(page, '11');
      await clickSquare(page, '15');
      before = await fenChange(page, before);
      assertEqual(await knocks(), 1, 'a move sounds again');
      // White's man steps next to Black's, which takes it.
      await clickSquare(page, '22');
      await clickSquare(page, '18');
      before = await fenChange(page, before);
      assertEqual(await knocks(), 1, 'a move sounds: one knock');
      await clickSquare(page, '15');
      await clickSquare(page, '22');
      await fenChange(page, before);
      assertEqual(await knocks(), 2, 'a capture sounds otherwise: two knocks');
    },
  },
  {
    name: 'the material under the board: draughts counts, chess points and pieces ahead; the moved piece slides',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'B:W18,30:B6,15' });
      assertEqual(await page.getAttribute('#board .material', 'data-diff'), '0', 'two against two');
      assert((await page.textContent('#board .material')).includes('White 2'), await page.textContent('#board .material'));
      // Watch the board for the slide of the next move's piece.
      await page.evaluate(() => {
        window.slid = [];
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes' && r.target.classList && r.target.classList.contains('moving')) window.slid.push(r.target.getAttribute('data-sq'));
          }
        }).observe(document.getElementById('board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
      });
      const before = await fenOf(page);
      await clickSquare(page, '15');
      await clickSquare(page, '22');
      await fenChange(page, before);
      assertEqual(await page.getAttribute('#board .material', 'data-diff'), '-1', 'Black took a man: one up');
      assert((await page.textContent('#board .material')).includes('Black is ahead: +1'), await page.textContent('#board .material'));
      assertEqual(await page.evaluate(() => window.slid), ['22'], 'the piece that moved slid to 22');
      await loadText(page, { rules: 'chess', start: 'pdn', text: '1. e4 d5 2. exd5 *' });
      await waitFor(page, () => document.querySelector('#board .material')?.dataset.diff === '1', null, 'White a pawn up');
      const text = await page.textContent('#board .material');
      assert(text.includes('White is ahead: +1') && text.includes('♟'), `the chess material: ${text}`);
      await shot(page, 'material-chess');
    },
  },
];
