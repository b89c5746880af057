// Chess variants on the analysis board, Crazyhouse first: a real lichess Crazyhouse game
// (shared/data, beside the checkout) pasted with American checkers chosen opens as
// Crazyhouse (the rules and variant menus follow, the page says how it was read), its FENs
// have their pockets, the pockets above and below the board count the pieces in hand, a
// drop is played by clicking a pocket piece then a square (or by dragging it), the move
// list goes back and forth, the engine panel says there is no engine for Crazyhouse, and
// the download keeps the Variant tag.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, assertEqual, waitFor, openAnalysis, clickSquare, clickMove, waitBoard, fenChange, moveTexts } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const GAME = readFileSync(resolve(here, '../../../../../shared/data/chess/edge/saturs-jannlee-zh-lichess.pgn'), 'utf8');

/** After 9. c3 Bxe3 10. fxe3 Nxd5 11. Bxd5: each side holds a bishop and a knight. */
const AFTER_BXD5 = 'r2q1rk1/ppp2pp1/2np3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBnb] b - - 0 11';

/** The counts a pocket shows, as { P: 0, N: 1, ... }. */
function pocket(page, where) {
  return page.$$eval(`#board .pocket.${where} .pocket-piece`, (bs) => Object.fromEntries(bs.map((b) => [b.dataset.piece, Number(b.dataset.count)])));
}

/** Pastes the lichess game with American checkers chosen and waits for its 122 moves. */
async function pasteGame(page) {
  assertEqual(await page.inputValue('#rules'), 'american', 'American checkers is chosen at first');
  await page.evaluate(() => { document.getElementById('paste').open = true; });
  await page.fill('#text', GAME);
  await page.click('#load');
  await waitFor(page, () => !document.querySelector('#load-form.busy')
    && document.querySelectorAll('#moves button.move').length === 122, null, 'the 122 moves of the game');
}

/** Shows the position after ply `ply` of the main line. */
async function goTo(page, ply, fen) {
  await page.click(`#moves button.move[data-node="${ply}"]`);
  await waitBoard(page, fen);
  await waitFor(page, () => document.querySelector('#board .pocket.top:not([hidden]) .pocket-piece'), null, 'the pockets');
}

export default [
  {
    name: 'a lichess Crazyhouse game opens as Crazyhouse, with its pockets, its drops and no engine',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await pasteGame(page);
      assertEqual(await page.inputValue('#rules'), 'chess', 'the rules menu follows the game');
      assert(await page.isVisible('#variant'), 'the variant menu shows for chess');
      assertEqual(await page.inputValue('#variant'), 'crazyhouse', 'the variant menu follows the game');
      assertEqual((await page.textContent('#notices .read-as')).trim(), 'Read as: Crazyhouse, from the Variant tag.', 'how the game was read');

      // After the captures of moves 9 to 11: the FEN has its pockets, and so does the board.
      await goTo(page, 21, AFTER_BXD5);
      assertEqual(await page.inputValue('#fen-out'), AFTER_BXD5, 'the FEN under the board, with its pockets');
      assertEqual(await page.getAttribute('#board .pocket.top', 'data-side'), 'black', 'Black\'s pocket above the board');
      assertEqual(await pocket(page, 'top'), { P: 0, N: 1, B: 1, R: 0, Q: 0 }, 'Black\'s pieces in hand');
      assertEqual(await pocket(page, 'bottom'), { P: 0, N: 1, B: 1, R: 0, Q: 0 }, 'White\'s pieces in hand');
      assert(await page.isDisabled('#board .pocket.bottom .pocket-piece[data-piece="B"]'), 'White\'s pieces wait: Black is to move');
      await shot(page, 'pockets-desktop');

      // The engine: none for Crazyhouse, said plainly; its key changes nothing.
      await waitFor(page, () => {
        const none = document.getElementById('engine-none');
        return none && !none.hidden && none.offsetParent !== null;
      }, null, 'the engine panel to say there is no engine');
      assert((await page.textContent('#engine-none')).startsWith('No engine for Crazyhouse'), 'no engine for Crazyhouse');
      await page.keyboard.press('l');
      await page.waitForTimeout(150);
      assert(await page.isHidden('#engine-bar'), 'no evaluation bar after the engine key');
      assert(await page.isVisible('#engine-none'), 'still no engine after the engine key');

      // A drop by clicks: Black's bishop from the pocket, then a5.
      await page.click('#board .pocket.top .pocket-piece[data-piece="B"]');
      await waitFor(page, () => document.querySelector('#board rect.sq.dest[data-sq="a5"]'), null, 'a5 marked for the bishop');
      assertEqual(await page.getAttribute('#board .pocket.top .pocket-piece[data-piece="B"]', 'aria-pressed'), 'true', 'the bishop chosen');
      await clickSquare(page, 'a5');
      await waitBoard(page, 'r2q1rk1/ppp2pp1/2np3p/b2Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBn] w - - 1 12');
      assertEqual(await page.getAttribute('#board g.piece[data-sq="a5"]', 'class'), 'piece black chess', 'a black piece stands on a5');
      assertEqual(await page.getAttribute('#board g.piece[data-sq="a5"]', 'data-piece'), 'B', 'a bishop');
      assertEqual(await pocket(page, 'top'), { P: 0, N: 1, B: 0, R: 0, Q: 0 }, 'the bishop left Black\'s pocket');
      assert((await page.$$eval('#moves button.move', (bs) => bs.map((b) => b.textContent.trim()))).includes('B@a5'), 'the drop in the move list');

      // Back and forth in the move list.
      await page.keyboard.press('ArrowLeft');
      await waitBoard(page, AFTER_BXD5);
      await page.keyboard.press('ArrowRight');
      await waitFor(page, () => document.getElementById('fen-out').value.includes('[NBnb]') === false, null, 'forward again');

      // A drop by dragging: White's knight from the pocket onto c4... after going to ply 22.
      await goTo(page, 22, 'r2q1rk1/ppp2pp1/1bnp3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBn] w - - 1 12');
      const from = await page.locator('#board .pocket.bottom .pocket-piece[data-piece="N"]').boundingBox();
      const to = await page.locator('#board svg rect.sq[data-sq="c4"]').boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
      await waitFor(page, () => document.querySelector('#board g.piece[data-sq="c4"][data-piece="N"]'), null, 'the knight dragged onto c4');
      assert((await page.inputValue('#fen-out')).includes('[Bn]'), 'the knight left White\'s pocket');

      // The download keeps the variant.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      assert(/\.pgn$/.test(download.suggestedFilename()), 'a PGN file');
      const text = readFileSync(await download.path(), 'utf8');
      assert(text.includes('[Variant "Crazyhouse"]'), `the Variant tag in the file:\n${text}`);
      assert(text.includes('B@b6') && text.includes('N@c4'), 'the drops in the file');
    },
  },
  {
    name: 'the pockets on a phone, the variant menu, and a variant\'s own win in words',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'fr-FR' });
      await openAnalysis(page, baseUrl, '?lang=fr');
      await pasteGame(page);
      await goTo(page, 21, AFTER_BXD5);
      assertEqual(await pocket(page, 'bottom'), { P: 0, N: 1, B: 1, R: 0, Q: 0 }, 'White\'s pieces in hand');
      const board = await page.locator('#board svg.board').boundingBox();
      const top = await page.locator('#board .pocket.top').boundingBox();
      const bottom = await page.locator('#board .pocket.bottom').boundingBox();
      assert(top.y + top.height <= board.y + 1 && bottom.y >= board.y + board.height - 1, 'the pockets above and below the board');
      assert(bottom.x + bottom.width <= board.x + board.width + 1, 'the pockets within the board\'s width');
      const none = await page.textContent('#engine-none');
      assert(none.startsWith('Pas de moteur pour') && none.includes('Crazyhouse'), `no engine, in French: ${none}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'pockets-phone');

      // King of the Hill chosen from the menus: a king on the hill wins, said as such.
      await page.selectOption('#variant', 'kingofthehill');
      await waitFor(page, () => document.getElementById('fen-out').value.startsWith('rnbqkbnr/pppppppp'), null, 'the variant\'s start');
      await page.selectOption('#start', 'fen');
      await page.fill('#text', '8/8/8/4K3/8/8/8/k7 b - - 0 1');
      await page.click('#load');
      await waitFor(page, () => /colline/.test(document.getElementById('status').textContent), null, 'the hill in the status');
      assertEqual((await page.textContent('#status')).trim(), 'Les Blancs ont gagné : le roi a atteint la colline', 'the win in words');
    },
  },
  {
    name: 'the pockets follow a flipped board; Three-check counts the checks left; Antichess promotes to a king',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await pasteGame(page);
      await goTo(page, 22, 'r2q1rk1/ppp2pp1/1bnp3p/3Bp3/4P1b1/2PPPN2/PP4PP/R2Q1RK1[NBn] w - - 1 12');
      assertEqual(await page.getAttribute('#board .pocket.bottom', 'data-side'), 'white', 'White\'s pocket below at first');
      await page.click('.board-tools .flip');
      await waitFor(page, () => document.querySelector('#board .pocket.bottom')?.dataset.side === 'black', null, 'the pockets to change places');
      assertEqual(await page.getAttribute('#board .pocket.top', 'data-side'), 'white', 'White\'s pocket above the flipped board');
      assertEqual(await pocket(page, 'top'), { P: 0, N: 1, B: 1, R: 0, Q: 0 }, 'White\'s pieces, now above');
      assertEqual(await pocket(page, 'bottom'), { P: 0, N: 1, B: 0, R: 0, Q: 0 }, 'Black\'s pieces, now below');
      // White to move: White's pocket, above, is the one that plays.
      await page.click('#board .pocket.top .pocket-piece[data-piece="N"]');
      await waitFor(page, () => document.querySelector('#board rect.sq.dest[data-sq="c4"]'), null, 'c4 marked for the knight');
      await clickSquare(page, 'c4');
      await waitFor(page, () => document.querySelector('#board g.piece[data-sq="c4"][data-piece="N"].white'), null, 'the white knight dropped on c4');
      await shot(page, 'pockets-flipped');
      await page.click('.board-tools .flip');

      // Three-check from a FEN with its counters: a check spends one of White's three.
      await page.selectOption('#variant', 'threecheck');
      await waitFor(page, () => / 3\+3 /.test(document.getElementById('fen-out').value), null, 'the Three-check start, with its counters');
      await page.selectOption('#start', 'fen');
      await page.fill('#text', '4k3/8/8/8/8/8/8/4K2R w K - 3+3 0 1');
      await page.click('#load');
      await waitBoard(page, '4k3/8/8/8/8/8/8/4K2R w K - 3+3 0 1');
      assert((await page.textContent('#status')).includes('Checks to give: White 3 · Black 3'), `the checks left at the start: ${await page.textContent('#status')}`);
      await clickMove(page, 'h1', 'h8');
      await waitBoard(page, '4k2R/8/8/8/8/8/8/4K3 b - - 2+3 1 1');
      const status = await page.textContent('#status');
      assert(status.includes('Checks to give: White 2 · Black 3'), `a check spent: ${status}`);
      assertEqual(await moveTexts(page), ['Rh8+'], 'the check in the move list');

      // Antichess: a pawn on the last rank may become a king, offered beside the others.
      await page.selectOption('#variant', 'antichess');
      await waitFor(page, () => document.getElementById('fen-out').value.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -'), null, 'the Antichess start, no castling');
      await page.selectOption('#start', 'fen');
      await page.fill('#text', '8/4P3/8/8/8/8/8/7k w - - 0 1');
      await page.click('#load');
      await waitBoard(page, '8/4P3/8/8/8/8/8/7k w - - 0 1');
      await clickMove(page, 'e7', 'e8');
      await waitFor(page, () => document.querySelector('#board .promotion'), null, 'the promotion question');
      const offered = await page.$$eval('#board .promotion button.promote', (bs) => bs.map((b) => b.dataset.piece));
      assertEqual(offered, ['q', 'r', 'b', 'n', 'k'], 'a king offered beside the other pieces');
      await shot(page, 'antichess-promotion');
      await page.click('#board .promotion button.promote[data-piece="k"]');
      await waitBoard(page, '4K3/8/8/8/8/8/8/7k b - - 0 1');
      assertEqual(await page.getAttribute('#board g.piece[data-sq="e8"]', 'data-piece'), 'K', 'a king on e8');
      assertEqual(await moveTexts(page), ['e8=K'], 'the promotion to a king in the move list');
    },
  },
];
