// Issue 30, item 4: the settings panel (the header's gear): board colours, draughts and chess
// piece sets, where coordinates go, kept from page to page and put on the page before its
// scripts run; the panel by keyboard, on a phone, in other languages.

import { assert, assertEqual, waitFor, openAnalysis } from './helpers.mjs';

// The dark squares of the boards chosen here (board-themes.css).
const SAND_DARK = 'rgb(140, 110, 76)';
const BLUE_DARK = 'rgb(124, 152, 174)';
const WOOD_DARK = 'rgb(169, 122, 82)';

async function openSettings(page) {
  await page.click('#settings-button');
  await page.waitForSelector('dialog#settings[open]');
}

async function closeSettings(page) {
  await page.keyboard.press('Escape');
  await waitFor(page, () => !document.querySelector('dialog#settings[open]'), null, 'the panel to close');
}

/** Picks `value` in the panel's radio group `group` (its label, as a pointer does). */
async function pick(page, group, value) {
  await page.click(`#${group} label[data-value="${value}"]`);
  assert(await page.isChecked(`#${group} input[value="${value}"]`), `${value} chosen in ${group}`);
}

/** The fill a dark square of the board in `root` is painted with. */
function darkSquare(page, root) {
  return page.$eval(`${root} svg rect.sq.dark`, (r) => getComputedStyle(r).fill);
}

/**
 * Where the coordinates of the board in `root` are: how many, and how many stand on the
 * squares (their box meets the box of all the squares).
 */
function coordinatePlaces(page, root) {
  return page.$eval(`${root} svg`, (svg) => {
    const squares = [...svg.querySelectorAll('rect.sq')].map((r) => r.getBoundingClientRect());
    const box = {
      left: Math.min(...squares.map((r) => r.left)),
      top: Math.min(...squares.map((r) => r.top)),
      right: Math.max(...squares.map((r) => r.right)),
      bottom: Math.max(...squares.map((r) => r.bottom)),
    };
    const labels = [...svg.querySelectorAll('text.coord')].map((t) => t.getBoundingClientRect());
    // Half a pixel of slack for the rounding of the text's box.
    const on = labels.filter((r) => r.right > box.left + 0.5 && r.left < box.right - 0.5 && r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5);
    return { count: labels.length, onSquares: on.length };
  });
}

/** What the pieces of the board in `root` show: draughts discs' fill, stacked kings, chess
 * drawings or glyphs. */
function pieceLook(page, root) {
  return page.$eval(`${root} svg`, (svg) => {
    const shown = (e) => !!e && getComputedStyle(e).display !== 'none';
    const man = svg.querySelector('g.piece.white.man > circle:not(.rim):not(.under)');
    const under = svg.querySelector('g.piece.king > circle.under');
    const chess = svg.querySelector('g.piece.chess');
    return {
      manFill: man ? getComputedStyle(man).fill : null,
      stackedKing: shown(under),
      chessDrawn: chess ? shown(chess.querySelector('use.drawn')) : null,
      chessGlyph: chess ? shown(chess.querySelector('text')) : null,
      drawing: chess && chess.querySelector('use.drawn') ? chess.querySelector('use.drawn').getAttribute('href') : null,
    };
  });
}

export default [
  {
    name: 'a board colour, piece sets and outside coordinates chosen on one page: the board follows at once, the next pages keep them',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      const fen = encodeURIComponent('W:WK18,22,30:B6,11,K14');
      await openAnalysis(page, baseUrl, `?lang=en&rules=american&fen=${fen}`);
      assertEqual(await darkSquare(page, '#board'), SAND_DARK, 'the sand board at first');
      assertEqual(await pieceLook(page, '#board'), { manFill: 'rgb(251, 250, 245)', stackedKing: false, chessDrawn: null, chessGlyph: null, drawing: null }, 'flat discs at first');
      assertEqual(await coordinatePlaces(page, '#board'), { count: 32, onSquares: 32 }, 'square numbers on the squares at first');

      await openSettings(page);
      await pick(page, 'board-choice', 'blue');
      assertEqual(await darkSquare(page, '#board'), BLUE_DARK, 'the board turns blue at once');
      await pick(page, 'draughts-choice', 'classic');
      const classic = await pieceLook(page, '#board');
      assert(classic.manFill.includes('#disc-classic-white'), `a classic man is shaded: ${classic.manFill}`);
      assert(classic.stackedKing, 'a classic king is two discs');
      await pick(page, 'chess-choice', 'simple');
      await pick(page, 'coordinates-choice', 'outside');
      await waitFor(page, () => document.querySelector('#board svg text.coord.num.out'), null, 'the numbers around the board');
      const around = await coordinatePlaces(page, '#board');
      assert(around.count > 0 && around.onSquares === 0, `every number around the board: ${JSON.stringify(around)}`);
      // Escape closes the panel; the focus is back on the gear.
      await closeSettings(page);
      assertEqual(await page.evaluate(() => document.activeElement && document.activeElement.id), 'settings-button', 'the focus back on the gear');
      await shot(page, 'analysis-blue-classic-outside-en');

      // Another page: the board editor, with chess.
      await page.goto(`${baseUrl}/editor?rules=chess&lang=en`);
      await page.waitForSelector('#editor-svg svg g.piece.chess use.drawn');
      assertEqual(await darkSquare(page, '#editor-svg'), BLUE_DARK, 'the blue board on the editor');
      const chess = await pieceLook(page, '#editor-svg');
      assertEqual([chess.chessDrawn, chess.chessGlyph], [true, false], 'the simple chess set: drawings, no glyphs');
      assert(/^#chess-[KQRBNP]$/.test(chess.drawing), `a drawing of the piece: ${chess.drawing}`);
      const strip = await coordinatePlaces(page, '#editor-svg');
      assert(strip.count === 16 && strip.onSquares === 0, `files and ranks beside the board: ${JSON.stringify(strip)}`);
      await shot(page, 'editor-chess-blue-simple-en');

      // Before any script of the page runs: the look is on <html> already (no flash of the
      // default board), from layout.html's first script. The practice page, its scripts held
      // back.
      await page.route('**/site.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await page.route('**/practice.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await page.goto(`${baseUrl}/practice?lang=en`);
      const early = await page.evaluate(() => ({
        ...document.documentElement.dataset,
        dark: getComputedStyle(document.documentElement).getPropertyValue('--dark-sq').trim(),
      }));
      assertEqual(early, { colours: 'blue', draughtsPieces: 'classic', chessPieces: 'simple', dark: '#7c98ae' }, 'the look before the scripts');
      await page.unrouteAll();

      // The practice page with its scripts: a draughts board in the choices.
      await page.goto(`${baseUrl}/practice?lang=en`);
      await page.waitForSelector('#board svg g.piece');
      assertEqual(await darkSquare(page, '#board'), BLUE_DARK, 'the blue board on the practice page');
      const practice = await pieceLook(page, '#board');
      assert(practice.manFill === null || practice.manFill.includes('#disc-classic-white'), `classic men: ${practice.manFill}`);
      const practiceCoords = await coordinatePlaces(page, '#board');
      assert(practiceCoords.count > 0 && practiceCoords.onSquares === 0, `coordinates around the board: ${JSON.stringify(practiceCoords)}`);

      // The board's own Coordinates button hides them; the panel says None; on again, they
      // come back around the board.
      await openAnalysis(page, baseUrl, `?lang=en&rules=american&fen=${fen}`);
      await page.click('.board-tools .coords');
      await waitFor(page, () => !document.querySelector('#board text.coord'), null, 'coordinates hidden');
      await openSettings(page);
      assert(await page.isChecked('#coordinates-choice input[value="none"]'), 'the panel says None');
      await pick(page, 'coordinates-choice', 'inside');
      await waitFor(page, () => document.querySelector('#board text.coord.num:not(.out)'), null, 'numbers on the squares');
      assertEqual(await page.getAttribute('.board-tools .coords', 'aria-pressed'), 'true', 'the board\'s button follows');
      await closeSettings(page);
    },
  },
  {
    name: 'the settings panel by keyboard: Enter opens it on the choice made, arrows choose, Escape closes it and gives the focus back',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await page.focus('#settings-button');
      await page.keyboard.press('Enter');
      await page.waitForSelector('dialog#settings[open]');
      assertEqual(await page.getAttribute('#settings-button', 'aria-expanded'), 'true', 'the gear says the panel is open');
      assertEqual(await page.evaluate(() => document.activeElement.name + ' ' + document.activeElement.value), 'settings-theme system', 'the focus on the theme chosen');
      await page.keyboard.press('ArrowRight');
      assertEqual(await page.getAttribute('html', 'data-theme'), 'light', 'an arrow chooses the next theme');
      // The panel keeps the focus inside: Tab goes on to the next group, not to the page.
      await page.keyboard.press('Tab');
      assert(await page.evaluate(() => !!document.activeElement.closest('dialog#settings')), 'Tab stays in the panel');
      assertEqual(await page.evaluate(() => document.activeElement.name), 'settings-colours', 'Tab: the board\'s colours');
      await page.keyboard.press('ArrowRight');
      assertEqual(await page.getAttribute('html', 'data-colours'), 'wood', 'an arrow chooses the next board');
      assertEqual(await darkSquare(page, '#board'), WOOD_DARK, 'the board is wood at once');
      await shot(page, 'panel-open-en-1280');
      await page.keyboard.press('Escape');
      await waitFor(page, () => !document.querySelector('dialog#settings[open]'), null, 'the panel to close');
      // The dialog's `close` event, whose handler sets the gear and gives it the focus, comes
      // in a task of its own after the panel shuts (HTML's dialog steps): wait for it.
      await waitFor(page, () => document.getElementById('settings-button').getAttribute('aria-expanded') === 'false', null, 'the gear to say closed');
      assertEqual(await page.evaluate(() => document.activeElement.id), 'settings-button', 'the focus back on the gear');
      // A click outside the panel closes it too.
      await openSettings(page);
      await page.mouse.click(20, 880);
      await waitFor(page, () => !document.querySelector('dialog#settings[open]'), null, 'a click outside to close the panel');
    },
  },
  {
    name: 'the settings panel on a phone, in Portuguese and French, and boards in other colours and sets in light and dark pages',
    async run({ baseUrl, newPage, shot }) {
      const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await openAnalysis(phone, baseUrl, `?lang=pt&rules=american&fen=${encodeURIComponent('W:WK18,22,30:B6,11,K14')}`);
      await phone.click('#menu-toggle');
      await openSettings(phone);
      const box = await phone.$eval('dialog#settings', (d) => {
        const r = d.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      assert(box.left >= 0 && box.right <= 390 && box.top >= 0 && box.bottom <= 844, `the panel within the phone's screen: ${JSON.stringify(box)}`);
      assertEqual((await phone.textContent('#settings-title')).trim(), 'Configurações', 'the panel speaks Portuguese');
      assertEqual((await phone.textContent('#board-choice label[data-value="wood"]')).trim(), 'Madeira', 'its choices too');
      await shot(phone, 'panel-open-pt-phone');
      await pick(phone, 'board-choice', 'wood');
      await pick(phone, 'draughts-choice', 'contrast');
      await closeSettings(phone);
      await phone.click('#menu-toggle');
      await shot(phone, 'board-wood-contrast-pt-phone');

      // French, wide, a dark page: the panel, then boards in two other looks.
      const page = await newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await openAnalysis(page, baseUrl, `?lang=fr&rules=international&fen=${encodeURIComponent('W:WK28,32,33,38:B12,17,K23,19')}`);
      await openSettings(page);
      assertEqual((await page.textContent('#coordinates-choice label[data-value="outside"]')).trim(), 'Autour du plateau', 'the panel speaks French');
      await pick(page, 'board-choice', 'grey');
      await pick(page, 'draughts-choice', 'contrast');
      await shot(page, 'panel-open-fr-1280-dark');
      await closeSettings(page);
      await shot(page, 'board-grey-contrast-fr-dark');
      await openSettings(page);
      await pick(page, 'board-choice', 'olive');
      await pick(page, 'draughts-choice', 'classic');
      await pick(page, 'coordinates-choice', 'outside');
      await waitFor(page, () => document.querySelector('#board svg text.coord.num.out'), null, 'the numbers around the board');
      await closeSettings(page);
      await shot(page, 'board-olive-classic-outside-fr-dark');
      const chess = await newPage();
      await openAnalysis(chess, baseUrl, `?lang=fr&rules=chess&fen=${encodeURIComponent('r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5')}`);
      await openSettings(chess);
      await pick(chess, 'board-choice', 'blue');
      await pick(chess, 'chess-choice', 'simple');
      await closeSettings(chess);
      await shot(chess, 'board-chess-blue-simple-fr');
      await chess.emulateMedia({ colorScheme: 'dark' });
      await openSettings(chess);
      await pick(chess, 'board-choice', 'olive');
      await pick(chess, 'chess-choice', 'glyphs');
      await closeSettings(chess);
      await shot(chess, 'board-chess-olive-glyphs-fr-dark');
    },
  },
];
