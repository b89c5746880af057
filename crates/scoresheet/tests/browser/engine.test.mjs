// Engine analysis on the analysis board, in a real browser against the real server: the key
// `l` turns it on, an evaluation and a depth come, the best move shown is legal and plays
// when clicked; and "Play from here against the computer" opens a game where the computer
// answers. Chess needs the server's Stockfish (CI installs it): without it the chess test
// fails with a message saying so.

import { assert, assertEqual, waitFor, openAnalysis, loadText, fenOf, fenChange, clickSquare } from './helpers.mjs';

/** The legal move ids of a position, as the API lists them. */
async function legalIds(page, baseUrl, rules, fen) {
  const r = await page.request.post(`${baseUrl}/api/position`, { data: { rules, fen } });
  assertEqual(r.status(), 200, `the position's moves: ${await r.text()}`);
  return (await r.json()).legal.map((m) => m.id);
}

/** Waits until the engine shows a depth of at least `depth` with a number. */
async function waitDepth(page, depth) {
  await waitFor(page, (d) => {
    const panel = document.querySelector('.engine-panel');
    const score = document.getElementById('engine-score');
    return panel && Number(panel.dataset.depth || 0) >= d && score && /^([+\-−]?\d|#)/.test(score.textContent.trim());
  }, depth, `an evaluation at depth ${depth} or more`);
}

/** Opens the board on `fen`, turns the engine on with `l`, checks its best move, plays it. */
async function analyseAndPlayBest({ baseUrl, newPage, shot }, rules, fen, label) {
  const page = await newPage();
  await openAnalysis(page, baseUrl, '?lang=en');
  assertEqual(await page.getAttribute('#engine-toggle', 'aria-pressed'), 'false', 'the engine is off at first');
  assert(!(await page.isVisible('#engine-bar')), 'no evaluation bar while it is off');
  await loadText(page, { rules, start: 'fen', text: fen });
  const shown = await fenOf(page);
  // The key works wherever the focus is but in a text field.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press('l');
  assertEqual(await page.getAttribute('#engine-toggle', 'aria-pressed'), 'true', '`l` turns the engine on');
  await waitDepth(page, 2);
  assert(await page.isVisible('#engine-bar'), 'the evaluation bar is beside the board');
  const depthText = await page.textContent('#engine-depth');
  assert(/depth \d+/.test(depthText), `the depth is said: ${depthText}`);
  await shot(page, `${label}-on`);
  // Deeper depths keep coming: the move shown when it is clicked is the one played.
  const [best, first] = await page.evaluate(() => {
    const button = document.getElementById('engine-best');
    const shownBest = document.querySelector('.engine-panel').dataset.best;
    const id = button.dataset.move;
    button.click();
    return [shownBest, id];
  });
  assertEqual(first, best, 'the line starts with the best move');
  const legal = await legalIds(page, baseUrl, rules, shown);
  assert(legal.includes(best), `the best move ${best} is legal (${legal.join(' ')})`);
  await fenChange(page, shown);
  const played = await page.getAttribute('#moves button.move[aria-current="true"]', 'data-move');
  assertEqual(played, best, 'clicking the best move plays it on the board');
  // The new position is analysed in turn.
  await waitDepth(page, 1);
  // Back to the position analysed before: its deepest line shows at once, as the board does.
  await page.keyboard.press('ArrowLeft');
  await waitFor(page, (f) => document.getElementById('fen-out').value === f, shown, 'back to the analysed position');
  const back = await page.getAttribute('.engine-panel', 'data-depth');
  assert(Number(back) >= 2, `the earlier analysis shows at once (depth ${back})`);
  // Off again with `l`, and the choice is kept for the next visit.
  await page.keyboard.press('l');
  assertEqual(await page.getAttribute('#engine-toggle', 'aria-pressed'), 'false', '`l` turns it off');
  assert(!(await page.isVisible('#engine-bar')), 'the bar goes with it');
  await page.keyboard.press('l');
  await page.reload();
  await page.waitForSelector('#board svg');
  assertEqual(await page.getAttribute('#engine-toggle', 'aria-pressed'), 'true', 'on again after a reload');
}

export default [
  {
    name: 'with endgame tables (the test server has American checkers\' up to 3 pieces): the board says the tables\' result, not a number',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.addInitScript(() => localStorage.setItem('scoresheet.engine', 'on'));
      await openAnalysis(page, baseUrl, '?lang=en');
      // Two kings against one in the double corner: won, too long for the search alone.
      await loadText(page, { rules: 'american', start: 'fen', text: 'W:WK14,K18:BK1' });
      await waitFor(page, () => document.getElementById('engine-score')?.textContent === 'Database: White wins', null,
        'the tables\' win is said');
      assert(Number(await page.getAttribute('.engine-panel', 'data-depth')) >= 1, 'at a depth');
      await shot(page, 'engine-database-win');
      // Far from the tables, a number as before.
      await loadText(page, { rules: 'american', start: 'fen', text: 'B:W18,22,23,25,27,28,30,31:B1,3,5,6,9,10,11,12' });
      await waitDepth(page, 2);
    },
  },
  {
    name: 'American checkers: `l` shows an evaluation, a depth and a legal best move that plays when clicked',
    run: (ctx) => analyseAndPlayBest(ctx, 'american', 'B:W18,22,23,25,27,28,30,31:B1,3,5,6,9,10,11,12', 'american'),
  },
  {
    name: 'International draughts: the same from the start position',
    run: (ctx) => analyseAndPlayBest(ctx, 'international', 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20', 'international'),
  },
  {
    name: 'International draughts: the engine is given the game, so a position standing for the third time is a draw, and alone it is searched',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      const moves = ['48-43', '3-9', '43-48', '9-3', '48-43', '3-9', '43-48', '9-3'];
      const text = `[GameType "20"]\n[FEN "W:WK48,35:BK3,16"]\n\n1. ${moves.slice(0, 2).join(' ')} 2. ${moves.slice(2, 4).join(' ')} 3. ${moves.slice(4, 6).join(' ')} 4. ${moves.slice(6).join(' ')} *`;
      await loadText(page, { rules: 'international', start: 'pdn', text });
      const asked = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/engine?')) asked.push(new URL(r.url()).searchParams);
      });
      await page.evaluate(() => document.activeElement && document.activeElement.blur());
      await page.keyboard.press('End');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current="true"]')?.dataset.ply === '8', null, 'the last move');
      await page.keyboard.press('l');
      await waitFor(page, () => (document.getElementById('engine-line')?.textContent || '').includes('The game is over'), null,
        'the engine says the game is over: the start stands for the third time');
      const last = asked[asked.length - 1];
      assertEqual(last.get('moves'), moves.join(' '), 'the moves from the start go with the request');
      assert(/K48/.test(last.get('fen')), `the start's FEN: ${last.get('fen')}`);
      // The same position at the start of the game: no history, searched as usual.
      await page.keyboard.press('Home');
      await waitDepth(page, 2);
      assertEqual(asked[asked.length - 1].get('moves'), null, 'nothing before the start');
    },
  },
  {
    name: 'chess by Stockfish: an evaluation, a depth and a legal best move',
    async run(ctx) {
      const r = await fetch(`${ctx.baseUrl}/api/engine/status`);
      const status = await r.json();
      assert(status.chess, 'the server has no Stockfish: install Debian\'s `stockfish` (scripts/setup-browser does)');
      await analyseAndPlayBest(ctx, 'chess', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', 'chess');
    },
  },
  {
    name: 'the analysis page with the engine on weighs under 200 KB, everything it loads counted (not the analysis stream)',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      const sizes = [];
      page.on('response', async (r) => {
        if ((r.headers()['content-type'] || '').includes('text/event-stream')) return;
        try {
          sizes.push([r.url(), (await r.body()).length]);
        } catch {
          // a redirect or an answer without a body
        }
      });
      await page.addInitScript(() => localStorage.setItem('scoresheet.engine', 'on'));
      await openAnalysis(page, baseUrl, '?lang=en&rules=international');
      await waitDepth(page, 2);
      const total = sizes.reduce((sum, [, n]) => sum + n, 0);
      assert(sizes.some(([url]) => url.endsWith('/engine.js')), 'engine.js is loaded');
      assert(total < 200 * 1024, `${total} bytes: ${JSON.stringify(sizes)}`);
    },
  },
  {
    name: 'play from here against the computer: the game page opens and the computer answers the first move',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12' });
      await page.selectOption('#engine-level', 'beginner');
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#play-computer')]);
      await page.waitForSelector('#board svg g.piece');
      // The player has the side to move of the analysed position: Black here.
      await waitFor(page, () => document.querySelector('#board g.piece.movable[data-sq="11"]'), null, 'the player to move');
      await clickSquare(page, '11');
      await clickSquare(page, '15');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 2, null, 'the computer\'s answer');
      const id = page.url().split('/').pop();
      const game = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
      assertEqual([game.mode, game.computer, game.plies], ['computer', 'white', 2], 'a game against the computer, which answered');
      await shot(page, 'play-computer');
    },
  },
  {
    name: 'chess against the computer from the new-game page: Stockfish plays White\'s first move by itself',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/new?lang=en`);
      await page.check('input[name="rules"][value="chess"]');
      await waitFor(page, () => !document.querySelector('input[name="mode"][value="computer"]').disabled, null,
        'the computer offered for chess (the server needs Stockfish: install Debian\'s `stockfish`)');
      assert(!(await page.isDisabled('input[name="mode"][value="friend"]')), 'chess is played with a friend too');
      await page.check('input[name="mode"][value="computer"]');
      await page.check('input[name="level"][value="beginner"]');
      await page.check('input[name="color"][value="black"]');
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 1, null, 'the computer\'s first move');
      await shot(page, 'chess-computer');
    },
  },
];
