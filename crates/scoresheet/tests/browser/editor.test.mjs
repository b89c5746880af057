// Issue 14, "Missing" 4 to 6: the board editor, links that open a position, the layout on a
// phone and on a laptop screen.

import { assert, assertEqual, waitFor, openAnalysis, loadText, fenOf, fenChange } from './helpers.mjs';

/** Opens the editor and waits until its board and FEN are there. */
async function openEditor(page, baseUrl, query) {
  await page.goto(`${baseUrl}/editor${query}`);
  await page.waitForSelector('#editor-svg svg rect.sq');
  await waitFor(page, () => document.getElementById('editor-fen').value.length > 0 && document.getElementById('editor-status').textContent.length > 0, null, 'the editor ready');
}

function editorFen(page) {
  return page.inputValue('#editor-fen');
}

/** Clicks a square of the editor's board, waits for the FEN to change and then for the board to
 * be drawn anew from it (the diagram comes from the server after the FEN: a click in between
 * would find the square it aimed at taken out of the page). */
async function put(page, sq) {
  const before = await editorFen(page);
  await page.locator(`#editor-svg svg rect.sq[data-sq="${sq}"]`).click({ force: true });
  await waitFor(page, (b) => document.getElementById('editor-fen').value !== b, before, `the FEN to change after a click on ${sq}`);
  await waitFor(page, () => document.getElementById('editor-board').dataset.fen === document.getElementById('editor-fen').value, null, `the board drawn after a click on ${sq}`);
}

/** Waits until the editor has checked the position it shows. */
async function checked(page) {
  await waitFor(page, () => {
    const a = document.getElementById('editor-analyse');
    return a.href.includes(encodeURIComponent(document.getElementById('editor-fen').value).slice(0, 20))
      && a.getAttribute('aria-disabled') !== null;
  }, null, 'the position checked');
  await page.waitForTimeout(150);
}

export default [
  {
    name: 'editor: clear, put a king and a man by clicking, side to move, the FEN follows; Analyse opens that position',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openEditor(page, baseUrl, '?rules=american&lang=en');
      assert((await editorFen(page)).startsWith('B:W21,22'), `the American start: ${await editorFen(page)}`);
      await page.click('#editor-clear');
      await waitFor(page, () => document.getElementById('editor-fen').value === 'B:W:B', null, 'an empty board');
      await page.click('#palette [data-tool="wk"]');
      await put(page, '22');
      await page.click('#palette [data-tool="bm"]');
      await put(page, '18');
      await put(page, '9');
      assertEqual(await editorFen(page), 'B:WK22:B9,18', 'the FEN of the pieces put');
      // The same piece again takes it off; the eraser too.
      await put(page, '9');
      assertEqual(await editorFen(page), 'B:WK22:B18', 'a second click takes the man off');
      await page.selectOption('#side', 'white');
      await waitFor(page, () => document.getElementById('editor-fen').value === 'W:WK22:B18', null, 'White to move');
      await checked(page);
      assert((await page.textContent('#editor-status')).includes('White to move'), `a legal position: ${await page.textContent('#editor-status')}`);
      assertEqual(await page.$$eval('#editor-svg g.piece', (gs) => gs.map((g) => `${g.getAttribute('data-sq')} ${g.getAttribute('class')}`).sort()),
        ['18 piece black man', '22 piece white king'], 'the board shows the pieces');
      await shot(page, 'editor-american');
      await Promise.all([page.waitForURL(/\/analysis\?/), page.click('#editor-analyse')]);
      await page.waitForSelector('#board svg g.piece');
      await waitFor(page, () => document.getElementById('fen-out').value === 'W:WK22:B18', null, 'the analysis board shows the position');
      assertEqual(await page.inputValue('#rules'), 'american', 'the rules follow');
    },
  },
  {
    name: 'editor: a chess board without kings is not a position yet; with them it is, and Play from here starts a game from it',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openEditor(page, baseUrl, '?rules=chess&lang=en');
      assert((await editorFen(page)).startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq'), `the chess start: ${await editorFen(page)}`);
      await page.click('#editor-clear');
      await waitFor(page, () => document.getElementById('editor-fen').value.startsWith('8/8/8/8/8/8/8/8 w'), null, 'an empty board');
      await checked(page);
      assertEqual(await page.getAttribute('#editor-analyse', 'aria-disabled'), 'true', 'no Analyse without kings');
      await page.click('#palette [data-tool="K"]');
      await put(page, 'e1');
      await page.click('#palette [data-tool="R"]');
      await put(page, 'h1');
      await page.click('#palette [data-tool="k"]');
      await put(page, 'e8');
      assertEqual(await editorFen(page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'the FEN, with the castling right the pieces allow');
      await checked(page);
      assertEqual(await page.getAttribute('#editor-analyse', 'aria-disabled'), 'false', 'a legal position');
      await shot(page, 'editor-chess');
      await Promise.all([page.waitForURL(/\/new\?/), page.click('#editor-play')]);
      assert(await page.isVisible('#from-fen'), 'the form says the game starts from the position');
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
      await page.waitForSelector('#board svg g.piece');
      assertEqual(await fenOf(page), '4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'the game starts from the edited position');
    },
  },
  {
    name: 'links: /editor?fen= and /analysis?fen= open the position; Copy link gives a link that opens the same position',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openEditor(page, baseUrl, `?rules=russian&fen=${encodeURIComponent('W:WK23,28:B17,19')}&lang=en`);
      assertEqual(await editorFen(page), 'W:WK23,28:B17,19', 'the editor opens the FEN of its link');
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'international', start: 'pdn', text: '1. 32-28 19-23 2. 28x19 14x23 *' });
      const end = await fenOf(page);
      await page.keyboard.press('ArrowLeft');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current]')?.textContent.startsWith('28x19'), null, 'move 3 current');
      // The position after move 3 under the board (its diagram comes after the list).
      const fen = await fenChange(page, end);
      await page.click('#copy-link');
      await waitFor(page, () => document.getElementById('copy-status').textContent.length > 0, null, 'the link copied');
      assertEqual(await page.textContent('#copy-status'), 'Link to this position copied.', 'the copy worked');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert(link.startsWith(`${baseUrl}/analysis?`), `a link to the analysis board: ${link}`);
      const other = await newPage();
      await other.goto(link);
      await other.waitForSelector('#board svg g.piece');
      await waitFor(other, (f) => document.getElementById('fen-out').value === f, fen, 'the same position from the link');
      assertEqual(await other.inputValue('#rules'), 'international', 'the same rules');
    },
  },
  {
    name: 'Share this analysis: the game with its side lines and comments opens from /analysis/ID in another browser',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      const text = '1. c3-d4 (1. c3-b4 {also good} f6-g5) 1... f6-g5 2. g3-f4 {the usual} *';
      await loadText(page, { rules: 'russian', start: 'pdn', text });
      const moves = await page.$$eval('#moves button.move', (bs) => bs.map((b) => b.textContent.trim()));
      const comments = await page.$$eval('#moves .comment', (cs) => cs.map((c) => c.textContent.trim()));
      assertEqual(comments, ['also good', 'the usual'], 'the comments on the board');
      await page.click('#share');
      await page.waitForSelector('#share-box:not([hidden])');
      const link = await page.inputValue('#share-link');
      assert(/\/analysis\/[0-9a-f]{10}$/.test(link), `a link to the saved analysis: ${link}`);
      await shot(page, 'share');
      const other = await newPage({ locale: 'fr' });
      await other.goto(`${link}?lang=fr`);
      await waitFor(other, (n) => document.querySelectorAll('#moves button.move').length === n, moves.length, 'the saved moves');
      assertEqual(await other.$$eval('#moves button.move', (bs) => bs.map((b) => b.textContent.trim())), moves, 'the same moves and side lines');
      assertEqual(await other.$$eval('#moves .comment', (cs) => cs.map((c) => c.textContent.trim())), comments, 'the same comments');
      assertEqual(await other.inputValue('#rules'), 'russian', 'the same rules');
      const missing = await other.goto(`${baseUrl}/analysis/0000000000`);
      assertEqual(missing.status(), 404, 'an unknown analysis is a 404 page');
    },
  },
  {
    name: 'on a phone (390x844) the board and the move list are both in the first screen; on a laptop (1280x800) the board, moves and paste form are',
    async run({ baseUrl, newPage, shot }) {
      for (const lang of ['en', 'fr', 'es', 'pt']) {
        const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, locale: lang });
        await openAnalysis(page, baseUrl, `?lang=${lang}`);
        await loadText(page, { rules: 'american', start: 'pdn', text: '1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 *' });
        await page.reload();
        await page.waitForSelector('#board svg g.piece');
        await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 7, null, 'the moves after the reload');
        const box = await page.evaluate(() => {
          const r = (sel) => document.querySelector(sel).getBoundingClientRect();
          return { board: r('#board svg').bottom, moves: r('#moves').top, movesEnd: r('#moves button.move').bottom, paste: document.getElementById('paste').open };
        });
        assert(box.board <= 844, `${lang}: the board ends in the first screen (${box.board})`);
        assert(box.movesEnd <= 844, `${lang}: the first move is in the first screen (${box.movesEnd})`);
        assert(!box.paste, `${lang}: the paste form is folded on a phone`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, `phone-analysis-${lang}`);
        // The game page too.
        await page.goto(`${baseUrl}/new?lang=${lang}`);
        await page.check('input[name="mode"][value="computer"]');
        await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
        await page.waitForSelector('#board svg g.piece');
        const game = await page.evaluate(() => ({
          board: document.querySelector('#board svg').getBoundingClientRect().bottom,
          moves: document.getElementById('moves').getBoundingClientRect().top,
        }));
        assert(game.board <= 844 && game.moves <= 844 - 30, `${lang}: the game page's board and moves in the first screen (${JSON.stringify(game)})`);
        await shot(page, `phone-game-${lang}`);
      }
      const page = await newPage({ viewport: { width: 1280, height: 800 } });
      await openAnalysis(page, baseUrl, '?lang=en');
      const box = await page.evaluate(() => {
        const r = (sel) => document.querySelector(sel).getBoundingClientRect();
        return { board: r('#board svg').bottom, fen: r('#fen-out').bottom, moves: r('#moves').bottom, paste: r('#paste summary').bottom, load: r('#load').bottom };
      });
      for (const [what, bottom] of Object.entries(box)) assert(bottom <= 800, `1280x800: ${what} above the fold (${bottom})`);
      await shot(page, 'laptop-analysis');
    },
  },
  {
    name: 'editor: a Crazyhouse position with pieces in hand and a Three-check one with checks given; Analyse opens them in their variant',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      // From the analysis board's link: a Crazyhouse position opens in the editor as such.
      const fen = 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1';
      await openEditor(page, baseUrl, `?rules=chess&variant=crazyhouse&lang=en&fen=${encodeURIComponent(fen)}`);
      assertEqual(await page.inputValue('#variant'), 'crazyhouse', 'the variant menu');
      assert(await page.isVisible('#pockets-field'), 'the pockets for Crazyhouse');
      assert(await page.isHidden('#checks-field'), 'no checks for Crazyhouse');
      assertEqual(await editorFen(page), fen, 'the FEN with its pockets');
      assertEqual(await page.inputValue('#pockets-edit input[data-piece="N"]'), '1', 'a white knight in hand');
      assertEqual(await page.inputValue('#pockets-edit input[data-piece="n"]'), '1', 'a black knight in hand');
      // A white queen in hand is more queens than White can have with eight pawns: the server
      // says so. Black's knight taken out of its hand instead: legal.
      await page.fill('#pockets-edit input[data-piece="Q"]', '1');
      await page.dispatchEvent('#pockets-edit input[data-piece="Q"]', 'change');
      await waitFor(page, () => document.getElementById('editor-fen').value.includes('[NQn]'), null, 'the queen in the FEN');
      await checked(page);
      assert((await page.textContent('#editor-status')).includes('too much material'), `too many queens: ${await page.textContent('#editor-status')}`);
      await page.fill('#pockets-edit input[data-piece="Q"]', '0');
      await page.dispatchEvent('#pockets-edit input[data-piece="Q"]', 'change');
      await page.fill('#pockets-edit input[data-piece="n"]', '0');
      await page.dispatchEvent('#pockets-edit input[data-piece="n"]', 'change');
      await waitFor(page, () => document.getElementById('editor-fen').value.includes('[N] w'), null, 'only White\'s knight in hand');
      await checked(page);
      assert(!(await page.textContent('#editor-status')).startsWith('Not a legal'), `a legal position: ${await page.textContent('#editor-status')}`);
      assert(await page.isHidden('#editor-play'), 'no games in Crazyhouse: no "Play from here"');
      await shot(page, 'editor-crazyhouse');
      const href = await page.getAttribute('#editor-analyse', 'href');
      assert(href.includes('variant=crazyhouse'), `Analyse names the variant: ${href}`);
      await page.click('#editor-analyse');
      await page.waitForURL(/\/analysis\?/);
      await waitFor(page, () => document.getElementById('fen-out').value.includes('['), null, 'the analysis board with the pockets');
      assertEqual(await page.inputValue('#variant'), 'crazyhouse', 'the analysis board in Crazyhouse');
      assert((await page.inputValue('#fen-out')).startsWith('r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR['), 'the same position');
      assertEqual(await page.$$eval('#board .pocket.bottom .pocket-piece', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.piece, Number(b.dataset.count)]))),
        { P: 0, N: 1, B: 0, R: 0, Q: 0 }, 'White\'s pocket on the board');
      // And back to the editor from the board.
      await page.click('#open-editor');
      await page.waitForURL(/\/editor\?/);
      await page.waitForSelector('#editor-svg svg rect.sq');
      await waitFor(page, () => document.getElementById('variant').value === 'crazyhouse' && document.getElementById('editor-fen').value.includes('['), null, 'the editor in Crazyhouse again');

      // Three-check: the variant's start has its counters; a check given is one fewer to give.
      await page.selectOption('#variant', 'threecheck');
      await waitFor(page, () => / 3\+3 0 1$/.test(document.getElementById('editor-fen').value), null, 'the Three-check start');
      assert(await page.isVisible('#checks-field') && await page.isHidden('#pockets-field'), 'checks, not pockets');
      await page.fill('#checks-white', '1');
      await page.dispatchEvent('#checks-white', 'change');
      await waitFor(page, () => / 1\+3 0 1$/.test(document.getElementById('editor-fen').value), null, 'one check left to White');
      await checked(page);
      assert(!(await page.textContent('#editor-status')).startsWith('Not a legal'), `a legal position: ${await page.textContent('#editor-status')}`);
      // A FEN typed with lichess's counters of checks given reads as checks to give.
      await page.fill('#editor-fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0');
      await page.dispatchEvent('#editor-fen', 'change');
      await waitFor(page, () => document.getElementById('checks-white').value === '1' && / 1\+3 0 1$/.test(document.getElementById('editor-fen').value), null, 'two checks given: one to give');
      await shot(page, 'editor-threecheck');
      // Back to standard chess: no variant in the FEN, the address or the links.
      await page.selectOption('#variant', 'standard');
      await waitFor(page, () => document.getElementById('editor-fen').value === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', null, 'the standard start');
      assert(!page.url().includes('variant='), `no variant in the address: ${page.url()}`);
      await checked(page);
      assert(await page.isVisible('#editor-play'), 'Play from here for standard chess');
    },
  },
];
