// Issue 27, "the remaining board bugs": each test here failed before its fix.

import { assert, assertEqual, waitFor, openAnalysis, moveTexts, fenOf } from './helpers.mjs';

/** POSTs JSON to the API in the page's browser context (its cookies go with it). */
async function api(page, baseUrl, path, data) {
  const r = await page.request.post(`${baseUrl}${path}`, { data });
  assert(r.ok(), `${path}: ${r.status()} ${await r.text()}`);
  return r.json();
}

/** Loads `text` as `start` (`fen` or `pdn`) from the paste form and waits for `moves` moves. */
async function loadForm(page, start, text, moves = 0) {
  await page.evaluate(() => {
    document.getElementById('paste').open = true;
  });
  await page.selectOption('#start', start);
  await page.fill('#text', text);
  const before = await fenOf(page);
  await page.click('#load');
  await waitFor(page, ([n, b]) => !document.querySelector('#load-form.busy')
    && document.querySelectorAll('#moves button.move').length === n
    && (n > 0 || document.getElementById('fen-out').value !== b), [moves, before], `${moves} moves loaded`);
}

/** Plays a move by typing it under the board and waits for the list to have `count` moves. */
async function typeMove(page, text, count) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  await waitFor(page, (n) => document.querySelectorAll('#moves button.move').length === n, count, `${text} played`);
}

/** The engine's hint while it is off, as the page shows it. */
async function engineHint(page, baseUrl) {
  await openAnalysis(page, baseUrl, '?lang=en');
  await page.evaluate(() => localStorage.setItem('scoresheet.engine', 'off'));
  await page.reload();
  await page.waitForSelector('#engine .engine-off');
  return page.evaluate(() => document.querySelector('#engine .engine-off').innerText.trim());
}

/** A chess game on one device, in progress after three moves (1. e4 e5 2. Nf3): its id. */
async function chessGame(page, baseUrl) {
  const created = await api(page, baseUrl, '/api/games', { rules: 'chess', mode: 'device' });
  const id = created.game.id;
  for (const [ply, move] of ['e2e4', 'e7e5', 'g1f3'].entries()) {
    await api(page, baseUrl, `/api/games/${id}/moves`, { move, ply });
  }
  return id;
}

export default [
  {
    name: 'the share box goes when another game is loaded: its link was the analysis before',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadForm(page, 'pdn', '[GameType "21"]\n1. 11-15 23-19 *', 2);
      await page.click('#share');
      await waitFor(page, () => document.getElementById('share-link').value.includes('/analysis/'), null, 'a share link');
      assert(await page.isVisible('#share-box'), 'the share box shows the link');
      await loadForm(page, 'pdn', '[GameType "20"]\n1. 32-28 18-23 2. 37-32 *', 3);
      assert(await page.isHidden('#share-box'), 'the share box is gone with the analysis it shared');
      assertEqual(await page.inputValue('#share-link'), '', 'the old link is not kept');
    },
  },
  {
    name: 'a declined draw offer no longer says "waiting for an answer" to the player who made it',
    async run({ baseUrl, newPage }) {
      const alice = await newPage();
      const bob = await newPage();
      const created = await api(alice, baseUrl, '/api/games', { rules: 'american', mode: 'friend', color: 'white', name: 'Alice' });
      const id = created.game.id;
      await api(bob, baseUrl, `/api/games/${id}/join`, {});
      await alice.goto(`${baseUrl}/game/${id}?lang=en`);
      await bob.goto(`${baseUrl}/game/${id}?lang=en`);
      for (const p of [alice, bob]) await p.waitForSelector('#board svg g.piece');
      await alice.click('#draw');
      await alice.waitForSelector('#offer:not([hidden])');
      assert((await alice.textContent('#offer')).includes('waiting for an answer'), 'the offer waits');
      await bob.waitForSelector('#decline-draw');
      await bob.click('#decline-draw');
      await alice.waitForSelector('#offer', { state: 'hidden' });
      await waitFor(alice, () => document.getElementById('game-message').textContent.includes('declined'), null, 'Alice told of the refusal');
      const shown = await alice.evaluate(() => document.querySelector('.game-page').innerText);
      assert(!shown.includes('waiting for an answer'), `nothing says the offer still waits: ${shown}`);
    },
  },
  {
    name: 'the editor keeps its position in the address: Back from the analysis board and a reload bring it back',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/editor?rules=american&lang=en`);
      await page.waitForSelector('#editor-svg svg rect.sq');
      await page.click('#editor-clear');
      await waitFor(page, () => document.getElementById('editor-fen').value === 'B:W:B', null, 'an empty board');
      await page.click('#palette [data-tool="wk"]');
      await page.locator('#editor-svg svg rect.sq[data-sq="22"]').click({ force: true });
      await waitFor(page, () => document.getElementById('editor-fen').value === 'B:WK22:B', null, 'a white king on 22');
      await waitFor(page, () => document.getElementById('editor-board').dataset.fen === 'B:WK22:B', null, 'the board drawn');
      await page.click('#palette [data-tool="bm"]');
      await page.locator('#editor-svg svg rect.sq[data-sq="9"]').click({ force: true });
      await waitFor(page, () => document.getElementById('editor-fen').value === 'B:WK22:B9', null, 'a black man on 9');
      await waitFor(page, () => document.getElementById('editor-analyse').getAttribute('aria-disabled') === 'false'
        && document.getElementById('editor-analyse').href.includes('B9'), null, 'the position checked');
      const url = new URL(page.url());
      assertEqual([url.searchParams.get('rules'), url.searchParams.get('fen')], ['american', 'B:WK22:B9'], 'the address holds the position');
      await Promise.all([page.waitForURL(/\/analysis\?/), page.click('#editor-analyse')]);
      await page.waitForSelector('#board svg g.piece');
      await page.goBack();
      await waitFor(page, () => document.getElementById('editor-fen') && document.getElementById('editor-fen').value === 'B:WK22:B9', null, 'the position after Back');
      await page.reload();
      await waitFor(page, () => document.getElementById('editor-fen').value === 'B:WK22:B9', null, 'the position after a reload');
    },
  },
  {
    name: 'a finished game played as Black opens on the analysis board from Black\'s side',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      const created = await api(page, baseUrl, '/api/games', { rules: 'american', mode: 'computer', level: 'beginner', color: 'black' });
      const id = created.game.id;
      await api(page, baseUrl, `/api/games/${id}/resign`, {});
      await page.goto(`${baseUrl}/analysis?game=${id}&lang=en`);
      await page.waitForSelector('#board svg rect.sq[data-sq="1"]');
      const y = (sq) => page.$eval(`#board svg rect.sq[data-sq="${sq}"]`, (r) => r.getBoundingClientRect().y);
      assert((await y('1')) > (await y('32')), 'square 1 (Black\'s side) is at the bottom');
      assertEqual(await page.getAttribute('#board-tools .flip', 'aria-pressed'), 'true', 'the board is flipped');
      await shot(page, 'black-player-analysis');
      // Someone else, who did not play the game, sees it from White's side.
      const other = await newPage();
      await other.goto(`${baseUrl}/analysis?game=${id}&lang=en`);
      await other.waitForSelector('#board svg rect.sq[data-sq="1"]');
      const y2 = (sq) => other.$eval(`#board svg rect.sq[data-sq="${sq}"]`, (r) => r.getBoundingClientRect().y);
      assert((await y2('1')) < (await y2('32')), 'a visitor sees square 1 at the top');
    },
  },
  {
    name: 'move numbers on screen are those of the download: White first from an American FEN is 1. 26-23 19x26',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await page.selectOption('#rules', 'american');
      await loadForm(page, 'fen', 'W:W26,28,31:B17,19,20');
      await typeMove(page, '26-23', 1);
      await typeMove(page, '19x26', 2);
      await typeMove(page, '31x22x13', 3);
      const cells = await page.$$eval('#moves .mainline > *', (cs) => cs.map((c) => c.textContent.trim()));
      assertEqual(cells, ['1', '26-23', '19x26', '2', '31x22x13'], 'the rows of the move list');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const { readFileSync } = await import('node:fs');
      const text = readFileSync(await download.path(), 'utf8');
      assert(/\n1\. 26-23 19x26 2\. 31x22x13 \*/.test(text), `the download numbers them alike: ${text}`);
    },
  },
  {
    name: 'chess moves in the page\'s letters on the Spanish, French and Portuguese pages, figurines by a switch kept like the theme',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      const id = await chessGame(page, baseUrl);
      await page.goto(`${baseUrl}/game/${id}?lang=es`);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 3, null, 'the game\'s moves');
      assertEqual(await moveTexts(page), ['e4', 'e5', 'Cf3'], 'Spanish letters on the game page');
      await api(page, baseUrl, `/api/games/${id}/resign`, {});
      await page.goto(`${baseUrl}/analysis?game=${id}&lang=fr`);
      await waitFor(page, () => [...document.querySelectorAll('#moves button.move')].map((b) => b.textContent).join(' ') === 'e4 e5 Cf3', null, 'French letters on the analysis board');
      // The switch in the settings panel: figurines, on this page at once and on the next.
      await page.click('#settings-button');
      await page.click('#figurines-switch');
      await waitFor(page, () => [...document.querySelectorAll('#moves button.move')].map((b) => b.textContent).join(' ') === 'e4 e5 ♘f3', null, 'figurines on the analysis board');
      assertEqual(await page.getAttribute('#figurines-switch', 'aria-pressed'), 'true', 'the switch says so');
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl}/game/${id}?lang=es`);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 3, null, 'the game\'s moves');
      assertEqual(await moveTexts(page), ['e4', 'e5', '♘f3'], 'figurines kept for the next page');
      await shot(page, 'chess-figurines-es');
      await page.click('#settings-button');
      await page.click('#figurines-switch');
      await waitFor(page, () => document.querySelector('#moves button.move[data-ply="3"]').textContent === 'Cf3', null, 'letters again');
      // The Portuguese page: Portuguese letters (C for Cavalo).
      const pt = await newPage();
      await pt.goto(`${baseUrl}/game/${id}?lang=pt`);
      await waitFor(pt, () => document.querySelectorAll('#moves button.move').length === 3, null, 'the game\'s moves');
      assertEqual(await moveTexts(pt), ['e4', 'e5', 'Cf3'], 'Portuguese letters on the Portuguese page');
    },
  },
  {
    name: 'the side ahead agrees with its verb: "As Brancas estão à frente", "Las Blancas van por delante", "Les Blancs ont l’avantage"',
    async run({ baseUrl, newPage }) {
      for (const [lang, expected] of [['pt', 'As Brancas estão à frente: +2'], ['es', 'Las Blancas van por delante: +2'], ['fr', 'Les Blancs ont l’avantage : +2'], ['en', 'White is ahead: +2']]) {
        const page = await newPage();
        await openAnalysis(page, baseUrl, `?lang=${lang}&rules=american&fen=${encodeURIComponent('W:W26,28,31:B17')}`);
        await waitFor(page, () => document.querySelector('.material .ahead'), null, 'the material line');
        assertEqual((await page.textContent('.material .ahead')).trim(), expected, `${lang}: the side ahead`);
      }
      // The editor's chess pieces: "Rey de las blancas", not "Blancas rey".
      const page = await newPage();
      await page.goto(`${baseUrl}/editor?rules=chess&lang=es`);
      await page.waitForSelector('#palette [data-tool="K"]');
      assertEqual(await page.getAttribute('#palette [data-tool="K"]', 'aria-label'), 'Rey de las blancas', 'a piece\'s name in Spanish order');
    },
  },
  {
    name: 'on a touch screen the engine says to tap its button, not to press L',
    async run({ baseUrl, newPage }) {
      const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      assertEqual(await engineHint(phone, baseUrl), 'Evaluation, depth and best line: tap Engine.', 'the phone\'s hint');
      const keys = await engineHint(await newPage(), baseUrl);
      assertEqual(keys, 'Evaluation, depth and best line: press L.', 'with a mouse and keyboard');
    },
  },
  {
    name: 'on a phone the header\'s menu holds the languages and the settings, whose switches are within the screen',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await page.goto(`${baseUrl}/analysis?lang=en`);
      await page.waitForSelector('#menu-toggle');
      assert(await page.isHidden('.languages'), 'the languages wait behind the menu');
      await page.click('#menu-toggle');
      assertEqual(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'true', 'the button says the menu is open');
      const inside = (selector) => page.$eval(selector, (e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
      });
      for (const selector of ['.languages a[hreflang="es"]', '#settings-button', 'header.site nav a[href="/editor"]']) {
        assert(await inside(selector), `${selector} is on the screen`);
      }
      await shot(page, 'phone-menu');
      // The settings panel over the menu: each switch can be brought on the screen.
      await page.click('#settings-button');
      await page.waitForSelector('dialog#settings[open]');
      for (const selector of ['#theme-switch', '#sound-switch', '#figurines-switch']) {
        await page.locator(selector).scrollIntoViewIfNeeded();
        assert(await inside(selector), `${selector} is on the screen`);
      }
      await page.click('#theme-switch label[data-value="dark"]');
      assertEqual(await page.getAttribute('html', 'data-theme'), 'dark', 'the theme chosen from the menu');
      await page.keyboard.press('Escape');
      await waitFor(page, () => !document.querySelector('dialog#settings[open]'), null, 'the panel to close');
      assert(await page.isVisible('#settings-button'), 'the menu stays open for the next switch');
      await Promise.all([page.waitForURL(/lang=es/), page.click('.languages a[hreflang="es"]')]);
      assertEqual(await page.getAttribute('html', 'lang'), 'es', 'the language link works from the menu');
      await page.keyboard.press('Escape');
    },
  },
];
