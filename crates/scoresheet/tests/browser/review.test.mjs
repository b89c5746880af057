// Issue 14, "Broken": what a lidraughts or lichess player found broken on the site, each
// checked the way a player meets it.

import { readFileSync } from 'node:fs';
import { assert, assertEqual, waitFor, clickSquare, moveTexts, openAnalysis, loadText, fenOf } from './helpers.mjs';

async function createGame(page, baseUrl, body) {
  const r = await page.request.post(`${baseUrl}/api/games`, { data: body });
  assertEqual(r.status(), 201, `game created: ${await r.text()}`);
  return r.json();
}

/** Plays `moves` (ids) in game `id` through the API, as the seat holder of `page`. */
async function playMoves(page, baseUrl, id, moves) {
  for (const [ply, move] of moves.entries()) {
    const r = await page.request.post(`${baseUrl}/api/games/${id}/moves`, { data: { move, ply } });
    assertEqual(r.status(), 200, `move ${ply + 1} (${move}): ${await r.text()}`);
  }
}

/** A short American game on the device, played to its end through the API: 26-22 18x25. */
async function finishedGame(page, baseUrl) {
  const created = await createGame(page, baseUrl, { rules: 'american', mode: 'device', fen: 'W:W26,31:B18,3' });
  const id = created.game.id;
  await playMoves(page, baseUrl, id, ['26-22', '18x25', '31-27', '3-7']);
  const r = await page.request.post(`${baseUrl}/api/games/${id}/resign`, { data: {} });
  assertEqual(r.status(), 200, `resigned: ${await r.text()}`);
  return id;
}

/** The squares the board marks as the last move. */
function lastSquares(page) {
  return page.$$eval('#board rect.sq.last', (rs) => rs.map((r) => r.getAttribute('data-sq')).sort());
}

export default [
  {
    name: 'a finished game steps through its moves: click, arrow keys, Home/End and buttons, the last move marked',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const id = await finishedGame(page, baseUrl);
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      await page.waitForSelector('#board svg g.piece');
      const end = await fenOf(page);
      assertEqual(await lastSquares(page), ['3', '7'], 'the last move is marked at the end');
      // A click on the first move shows the position after it.
      await page.click('#moves button.move[data-ply="1"]');
      await waitFor(page, () => document.getElementById('fen-out').value !== '' && document.querySelector('#moves button.move[data-ply="1"][aria-current]'), null, 'move 1 current');
      await waitFor(page, (e) => document.getElementById('fen-out').value !== e, end, 'the board to step back');
      assert((await fenOf(page)).includes('22'), `after 26-22 a white man on 22: ${await fenOf(page)}`);
      assertEqual(await lastSquares(page), ['22', '26'], 'the move shown is marked');
      assert(await page.isVisible('#review-note'), 'the page says an earlier position is shown');
      // The arrow keys walk.
      await page.keyboard.press('ArrowRight');
      await waitFor(page, () => document.querySelector('#moves button.move[data-ply="2"][aria-current]'), null, 'ArrowRight: move 2');
      await waitFor(page, () => document.querySelectorAll('#board rect.sq.last').length === 2 && document.querySelector('#board rect.sq.last[data-sq="25"]'), null, 'move 2 marked');
      await page.keyboard.press('Home');
      await waitFor(page, () => !document.querySelector('#moves button.move[aria-current]'), null, 'Home: the start, no move current');
      await waitFor(page, () => document.getElementById('fen-out').value.startsWith('W:W26,31'), null, 'the start position');
      assert(await page.isDisabled('#nav-back'), 'at the start, back is disabled');
      await page.click('#nav-forward');
      await waitFor(page, () => document.querySelector('#moves button.move[data-ply="1"][aria-current]'), null, 'forward: move 1');
      await page.keyboard.press('End');
      await waitFor(page, (e) => document.getElementById('fen-out').value === e, end, 'End: the final position');
      assert(!(await page.isVisible('#review-note')), 'back at the end, no note');
      assert(await page.isDisabled('#nav-forward'), 'at the end, forward is disabled');
      await page.click('#nav-back');
      await waitFor(page, () => document.querySelector('#moves button.move[data-ply="3"][aria-current]'), null, 'back: move 3');
      await shot(page, 'finished-game-review');
    },
  },
  {
    name: 'against the computer with slow diagrams: every click right after its reply is taken',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'international', mode: 'computer', level: 'beginner', color: 'white' });
      const id = created.game.id;
      await page.route('**/api/svg?*', async (route) => {
        await new Promise((r) => setTimeout(r, 100 + Math.floor(Math.random() * 250)));
        await route.continue();
      });
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      for (let i = 0; i < 6; i += 1) {
        await waitFor(page, () => document.getElementById('status').textContent.includes('Your move'), null, `move ${i + 1}: your move`);
        // The player clicks at once: the board must show the position the status speaks of.
        const info = await page.evaluate(() => {
          const b = document.getElementById('board');
          const movable = [...b.querySelectorAll('g.piece.movable')].map((g) => g.getAttribute('data-sq'));
          return { fen: b.dataset.fen, under: document.getElementById('fen-out').value, movable };
        });
        assertEqual(info.fen, info.under, `move ${i + 1}: the board shows the FEN under it`);
        assert(info.movable.length > 0, `move ${i + 1}: pieces are movable when the status says "Your move"`);
        const state = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
        const move = state.position.legal.find((m) => info.movable.includes(m.from));
        assert(move, `move ${i + 1}: a legal move from a movable square`);
        const plies = state.plies;
        await clickSquare(page, move.from);
        for (const sq of move.path) await clickSquare(page, sq);
        await waitFor(page, (n) => document.querySelectorAll('#moves button.move').length >= n + 1, plies, `move ${i + 1} taken`);
        const after = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
        if (after.status === 'finished') break;
      }
    },
  },
  {
    name: 'the rules menu changes the board at once: a chess game, then International draughts',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: '1. e4 e5 2. Nf3 Nc6 *' });
      assertEqual(await moveTexts(page), ['e4', 'e5', 'Nf3', 'Nc6'], 'the chess game is loaded');
      assert(await page.isVisible('#chess-notation'), 'the chess panel is shown');
      await page.selectOption('#rules', 'international');
      await waitFor(page, () => document.querySelector('#board svg rect.sq[data-sq="50"]') && !document.querySelector('#board svg g.piece.chess'), null, 'a 10x10 draughts board');
      await waitFor(page, () => document.getElementById('fen-out').value.startsWith('W:W31,32,33'), null, 'the International start under the board');
      assertEqual(await moveTexts(page), [], 'no chess moves left in the list');
      assert(!(await page.isVisible('#chess-notation')), 'the chess panel is gone');
      assertEqual(await page.inputValue('#text'), '1. e4 e5 2. Nf3 Nc6 *', 'the text stays in the box');
    },
  },
  {
    name: 'counts are moves, with plural forms: "1 move", "22 moves" for 43 plies',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const one = await createGame(page, baseUrl, { rules: 'american', mode: 'device' });
      await playMoves(page, baseUrl, one.game.id, ['11-15']);
      // 43 plies: the computer-free game on the device, random legal moves from the API.
      const long = await createGame(page, baseUrl, { rules: 'international', mode: 'device' });
      for (let ply = 0; ply < 43; ply += 1) {
        const state = await (await page.request.get(`${baseUrl}/api/games/${long.game.id}`)).json();
        if (state.status !== 'ongoing') break;
        const r = await page.request.post(`${baseUrl}/api/games/${long.game.id}/moves`, { data: { move: state.position.legal[0].id, ply } });
        assertEqual(r.status(), 200, `ply ${ply + 1}`);
      }
      const plies = (await (await page.request.get(`${baseUrl}/api/games/${long.game.id}`)).json()).plies;
      await page.goto(`${baseUrl}/?lang=en`);
      const metas = await page.$$eval('#mine .meta', (ms) => ms.map((m) => m.textContent));
      assert(metas.some((m) => /(^| )1 move( |$)/.test(m)), `"1 move" in ${JSON.stringify(metas)}`);
      assert(!metas.some((m) => /(^| )1 moves/.test(m)), `no "1 moves" in ${JSON.stringify(metas)}`);
      const full = Math.ceil(plies / 2);
      assert(metas.some((m) => m.includes(`${full} moves`)), `"${full} moves" for ${plies} plies in ${JSON.stringify(metas)}`);
      await page.goto(`${baseUrl}/?lang=fr`);
      const fr = await page.$$eval('#mine .meta', (ms) => ms.map((m) => m.textContent));
      assert(fr.some((m) => /(^| )1 coup( |$)/.test(m)), `"1 coup" in ${JSON.stringify(fr)}`);
    },
  },
  {
    name: 'players without a name are "Anonymous" on the page and "?" in the PDN, never their colour',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const id = await finishedGame(page, baseUrl);
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      await page.waitForSelector('#board svg g.piece');
      const title = await page.textContent('#game-title');
      assert(!/White – Black/.test(title), `the title names no colour as a player: ${title}`);
      assert(title.includes('Anonymous'), `the title says Anonymous: ${title}`);
      const pdn = await (await page.request.get(`${baseUrl}/api/games/${id}/pdn`)).text();
      assert(pdn.includes('[White "?"]') && pdn.includes('[Black "?"]'), `unknown players are "?":\n${pdn}`);
    },
  },
  {
    name: 'a word that is not a move: the error says so in the page language, without backticks, at its move',
    async run({ baseUrl, newPage, shot }) {
      for (const [lang, words] of [['en', 'is not a move'], ['fr', 'n’est pas un coup']]) {
        const page = await newPage({ locale: lang });
        await openAnalysis(page, baseUrl, `?lang=${lang}`);
        await loadText(page, { rules: 'american', start: 'pdn', text: '1. hello 11-15 *' });
        await page.waitForSelector('#load-error:not([hidden])');
        const reason = await page.textContent('#load-error .reason');
        assert(!reason.includes('`'), `no backticks: ${reason}`);
        assert(reason.includes('hello') && reason.includes(words), `${lang}: the reason in the page language: ${reason}`);
        assert(reason.includes('{'), `the reason says where comments go: ${reason}`);
        const where = await page.textContent('#load-error .where');
        assert(/1/.test(where), `the place names line and move: ${where}`);
        await shot(page, `not-a-move-${lang}`);
        // An illegal move is said in the language too.
        await loadText(page, { rules: 'american', start: 'pdn', text: '1. 12-17 *' });
        const illegal = await page.textContent('#load-error .reason');
        assert(illegal.includes('12-17') && illegal.includes('9-13'), `${lang}: the illegal move and the legal ones: ${illegal}`);
        if (lang === 'fr') assert(illegal.includes('légal'), `in French: ${illegal}`);
      }
    },
  },
  {
    name: 'a move number is never left alone at the end of a line of the move list (game page and analysis board)',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'international', mode: 'device' });
      const id = created.game.id;
      for (let ply = 0; ply < 50; ply += 1) {
        const state = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
        if (state.status !== 'ongoing') break;
        const legal = state.position.legal;
        const r = await page.request.post(`${baseUrl}/api/games/${id}/moves`, { data: { move: legal[legal.length - 1].id, ply } });
        assertEqual(r.status(), 200, `ply ${ply + 1}`);
      }
      const lone = () => page.$$eval('#moves .num', (nums) => nums.filter((n) => {
        const next = n.nextElementSibling;
        return next && Math.abs(next.getBoundingClientRect().top - n.getBoundingClientRect().top) > 4;
      }).map((n) => n.textContent));
      // Every width from a small phone to a laptop: a break between a number and its move
      // happens at some of them wherever the list allows one.
      const scan = async (where) => {
        for (let width = 260; width <= 1300; width += 6) {
          await page.setViewportSize({ width, height: 844 });
          assertEqual(await lone(), [], `${where}, width ${width}: numbers apart from their move`);
        }
      };
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      await page.waitForSelector('#moves button.move');
      await scan('game page');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${baseUrl}/analysis?lang=en`);
      const pdn = await (await page.request.get(`${baseUrl}/api/games/${id}/pdn`)).text();
      await loadText(page, { rules: 'international', start: 'pdn', text: pdn });
      await scan('analysis board');
    },
  },
  {
    name: 'Analyse of a stored game keeps it: the text box holds its PDN, Load reads it again',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const id = await finishedGame(page, baseUrl);
      await page.goto(`${baseUrl}/analysis?game=${id}&lang=en`);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 4, null, 'the game on the analysis board');
      assertEqual(await page.inputValue('#start'), 'pdn', 'the start is the pasted game');
      const text = await page.inputValue('#text');
      assert(text.includes('26-22') && text.includes('[Result'), `the game's PDN in the box: ${text}`);
      await page.click('#load');
      await page.waitForTimeout(300);
      await waitFor(page, () => !document.querySelector('#load-form.busy'), null, 'the load');
      assertEqual(await moveTexts(page), ['26-22', '18x25', '31-27', '3-7'], 'Load keeps the game');
    },
  },
  {
    name: 'the finished page says the game is over once; the analysis download has Result and Date',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'american', mode: 'device', fen: 'W:W26:B18' });
      await page.goto(`${baseUrl}/game/${created.game.id}?lang=en`);
      await page.waitForSelector('#board svg g.piece');
      await clickSquare(page, '26');
      await clickSquare(page, '22');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 1, null, 'one move');
      await clickSquare(page, '18');
      await clickSquare(page, '25');
      await page.waitForSelector('#result:not([hidden])');
      await page.waitForSelector('#game-message:not([hidden])');
      const body = await page.textContent('main');
      const times = body.split('The game is over').length - 1;
      assertEqual(times, 1, `"The game is over" once on the page: ${body.replace(/\s+/g, ' ')}`);
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'pdn', text: '1. 11-15 23-19 *' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const pdn = readFileSync(await download.path(), 'utf8');
      assert(/\[Result "\*"\]/.test(pdn), `a Result tag:\n${pdn}`);
      assert(/\[Date "\d{4}\.\d{2}\.\d{2}"\]/.test(pdn), `a Date tag:\n${pdn}`);
      const order = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'].map((t) => pdn.indexOf(`[${t} `));
      assert(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1])), `the Seven Tag Roster in order:\n${pdn}`);
    },
  },
];
