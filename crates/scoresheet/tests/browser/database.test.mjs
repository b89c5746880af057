// The games database in a real browser against the real server, whose database holds a TWIC
// issue (chess) and the 2003 world championship (International draughts), imported by
// browser.rs: the explorer beside the analysis board follows the board through a line and
// plays the move clicked, with counts that agree with GET /api/explorer; the database page
// finds a player's games and opens one on the board; the pages on a phone and in French.

import { assert, assertEqual, waitFor, openAnalysis } from './helpers.mjs';

/** Waits until the explorer shows the position under the board, and gives its game count. */
async function explorerGames(page) {
  await waitFor(page, () => {
    const panel = document.getElementById('explorer');
    const body = document.getElementById('explorer-body');
    return panel && panel.dataset.games && !body.classList.contains('busy');
  }, null, 'the explorer to answer');
  return Number(await page.getAttribute('#explorer', 'data-games'));
}

/** The explorer's rows: move id and games. */
async function rows(page) {
  return page.$$eval('#explorer tr[data-move]', (trs) => trs.map((tr) => ({
    move: tr.dataset.move,
    games: Number(tr.children[1].textContent),
  })));
}

/** The API's answer for the FEN under the board. */
async function asked(page, baseUrl, rules) {
  const fen = await page.inputValue('#fen-out');
  const r = await page.request.get(`${baseUrl}/api/explorer?${new URLSearchParams({ rules, fen })}`);
  assertEqual(r.status(), 200, `the explorer API: ${await r.text()}`);
  return r.json();
}

/** Plays explorer moves along the most played line, `plies` of them, checking each step. */
async function followLine(page, baseUrl, rules, plies) {
  let expected = null;
  for (let ply = 0; ply <= plies; ply += 1) {
    const games = await explorerGames(page);
    const api = await asked(page, baseUrl, rules);
    assertEqual(games, api.games, `the panel's games are the API's at ply ${ply}`);
    if (expected !== null) assertEqual(games, expected, `ply ${ply}: the games of the move clicked reach the position`);
    const shown = await rows(page);
    const text = await page.textContent('#explorer-body');
    assert(!/\bnull\b|undefined/.test(text), `no stray words in the panel: ${text}`);
    assertEqual(shown.map((r) => [r.move, r.games]), api.moves.map((m) => [m.uci, m.games]), `the rows at ply ${ply}`);
    if (ply === plies) break;
    assert(shown.length > 0, `moves to follow at ply ${ply}`);
    const top = shown[0];
    expected = top.games;
    await page.click(`#explorer button.explorer-move[data-move="${top.move}"]`);
    await waitFor(page, (m) => {
      const cur = document.querySelector('#moves button.move[aria-current="true"]');
      return cur && cur.dataset.move === m;
    }, top.move, `the move ${top.move} played on the board`);
  }
}

export default [
  {
    name: 'the explorer follows a chess line and plays the moves clicked',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?rules=chess&lang=en');
      assertEqual(await page.getAttribute('#explorer-toggle', 'aria-pressed'), 'false', 'the explorer is off at first, as lichess\'s');
      assert(await page.isHidden('#explorer-body'), 'nothing shown while it is off');
      await page.click('#explorer-toggle');
      const start = await explorerGames(page);
      assert(start > 1000, `the TWIC games reach the start: ${start}`);
      await followLine(page, baseUrl, 'chess', 4);
      await shot(page, 'explorer-chess');
      // On is remembered; then off, and remembered.
      await page.reload();
      await explorerGames(page);
      assertEqual(await page.getAttribute('#explorer-toggle', 'aria-pressed'), 'true', 'it stays on');
      await page.click('#explorer-toggle');
      assert(await page.isHidden('#explorer-body'), 'the explorer folds away');
      await page.reload();
      await page.waitForSelector('#explorer-toggle');
      await page.waitForTimeout(300);
      assertEqual(await page.getAttribute('#explorer-toggle', 'aria-pressed'), 'false', 'it stays off');
    },
  },
  {
    name: 'the explorer follows an International draughts line',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?rules=international&lang=en');
      await page.click('#explorer-toggle');
      const start = await explorerGames(page);
      assert(start >= 20, `the championship's games reach the start: ${start}`);
      await followLine(page, baseUrl, 'international', 3);
      await shot(page, 'explorer-international');
    },
  },
  {
    name: 'the database page finds a player and opens a game on the board',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      const api = await (await page.request.get(`${baseUrl}/api/database/games?player=praggnanandhaa&color=white`)).json();
      assert(api.total > 0, 'the API finds games');
      await page.goto(`${baseUrl}/database?lang=en`);
      // The page lists every game at first: wait for the search's answer, not that list.
      await page.waitForSelector('#db-games li[data-id]');
      await page.fill('#db-player', 'praggnanandhaa');
      await page.selectOption('#db-color', 'white');
      await page.click('#db-search');
      await waitFor(page, (total) => (document.querySelector('#db-count')?.textContent || '').includes(String(total))
        && document.querySelectorAll('#db-games li[data-id]').length === Math.min(total, 20), api.total, 'the search\'s games');
      assertEqual(await page.$$eval('#db-games li[data-id]', (l) => l.length), Math.min(api.total, 20), 'the page lists them');
      assert((await page.textContent('#db-count')).includes(String(api.total)), 'the count is said');
      assert(page.url().includes('player=praggnanandhaa'), 'the search is in the address');
      const first = await page.textContent('#db-games li[data-id] a.players');
      assert(/^Praggnanandhaa/i.test(first), `White is the player: ${first}`);
      await shot(page, 'database-search');
      await page.click('#db-games li[data-id] a.players');
      await page.waitForURL(/\/analysis\?db=\d+/);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length > 10, null, 'the game\'s moves');
      const id = Number(new URL(page.url()).searchParams.get('db'));
      const game = await (await page.request.get(`${baseUrl}/api/database/games/${id}`)).json();
      assertEqual(await page.$$eval('#moves button.move', (b) => b.filter((x) => !x.closest('.variation, .side-line')).length >= 1), true, 'moves are listed');
      assert(game.line.split(' ').length > 10, 'the stored game has its main line');
      // It opens at its start: the explorer shows the start position.
      const fen = await page.inputValue('#fen-out');
      assert(fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w'), `the game opens at its start: ${fen}`);
      await shot(page, 'database-game');
    },
  },
  {
    name: 'the explorer and the database page on a phone, in French',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'fr-FR' });
      await openAnalysis(page, baseUrl, '?rules=chess&lang=fr');
      await page.tap('#explorer-toggle');
      const atStart = await explorerGames(page);
      assertEqual((await page.textContent('#explorer-toggle')).trim(), 'Explorateur', 'the panel speaks French');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 390, `nothing wider than the phone: ${width}`);
      await page.tap('#explorer button.explorer-move');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current="true"]'), null, 'a move played by a tap');
      // The explorer follows: fewer games after the move than at the start.
      await waitFor(page, (start) => {
        const panel = document.getElementById('explorer');
        return Number(panel.dataset.games) < start && !document.getElementById('explorer-body').classList.contains('busy');
      }, atStart, 'the explorer to follow the tapped move');
      await shot(page, 'explorer-phone-fr');
      await page.goto(`${baseUrl}/database?lang=fr&event=WK`);
      await page.waitForSelector('#db-games li[data-id]');
      assert((await page.textContent('#db-count')).includes('parties'), 'the count speaks French');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(wide <= 390, `the database page fits the phone: ${wide}`);
      await shot(page, 'database-phone-fr');
    },
  },
];
