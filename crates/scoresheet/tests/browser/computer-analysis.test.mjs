// The full-game computer analysis on the pages (issue 30, item 1): requested on the analysis
// board and on a finished game's page, its progress, the evaluation graph that moves the
// board, the marks of the judged moves in the move list and each player's summary; a second
// visitor of the game sees it at once.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, assertEqual, waitFor, openAnalysis, loadText, fenOf } from './helpers.mjs';

// The lichess blitz game of tests/cli_analyse.rs: 6. e4?? drops the pawn and the game (a
// blunder for Stockfish at depth 14, the site's search).
const CHESS_GAME = '1. d4 d5 2. b3 Nc6 3. Bb2 Bf5 4. Nc3 Nb4 5. Rc1 e6 6. e4 dxe4 *';
// The position after 2... Nc6 (ply 4).
const AFTER_NC6 = 'r1bqkbnr/ppp1pppp/2n5/3p4/3P4/1P6/P1P1PPPP/RNBQKBNR w KQkq - 1 3';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };
// An analysis takes seconds to a minute on a busy machine (Stockfish to depth 14 a position).
const ANALYSIS_MS = 240000;

/** Round 12 of the 2009 Dutch championship (Meijer - Meurs), whose last move, 48... 14-19,
 * walks into a forced win (tests/cli_analyse.rs). */
function championshipGame() {
  const here = dirname(fileURLToPath(import.meta.url));
  const text = readFileSync(resolve(here, '../../../../../shared/data/draughts/pdn-spec-games/succeed/090417ronde12.pdn'), 'utf8');
  const games = text.split(/\n(?=\[Event )/);
  return games[0];
}

/** Clicks the request button and waits for the graph; answers whether the progress showed. */
async function requestAnalysis(page) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/computer-analysis') && r.request().method() === 'POST');
  await page.click('#computer-analysis button.request');
  const status = (await answer).status();
  assert(status === 200 || status === 202, `the request is answered ${status}`);
  let sawProgress = false;
  if (status === 202) {
    await page.waitForSelector('#computer-analysis .ca-progress, #computer-analysis .eval-graph');
    sawProgress = await page.evaluate(() => {
      const text = document.querySelector('#computer-analysis .ca-progress span');
      return !!text && /^Analysing… \d+\/\d+$|^Analyse en cours… \d+\/\d+$/.test(text.textContent);
    });
    // The analysis of a game that is not done yet shows how far it is, until it is.
    assert(sawProgress || await page.isVisible('#computer-analysis .eval-graph'), 'progress or the result');
  }
  await page.waitForSelector('#computer-analysis .eval-graph', { timeout: ANALYSIS_MS });
  return { status, sawProgress };
}

/** The judged mark beside the move of `ply` in the list: `{ glyph, kind, title }` or null. */
function markOf(page, ply) {
  return page.evaluate((p) => {
    const b = document.querySelector(`#moves button.move[data-ply="${p}"]`);
    const nag = b && b.querySelector('.nag.inaccuracy, .nag.mistake, .nag.blunder');
    return nag ? { glyph: nag.textContent, kind: nag.className.replace('nag ', ''), title: b.title } : null;
  }, ply);
}

/** The summary's cell of `row` (`accuracy`, `inaccuracy`, `mistake`, `blunder`) for `side`. */
function summaryOf(page, row, side) {
  return page.textContent(`.ca-summary tr[data-row="${row}"] td[data-side="${side}"]`);
}

/** Clicks (on a phone taps) the graph at ply `ply` of `plies`. */
async function clickGraph(page, ply, plies, tap = false) {
  await page.locator('.eval-graph').scrollIntoViewIfNeeded();
  const box = await page.locator('.eval-graph').boundingBox();
  // The graph keeps 12 of its 1024 units free on each side.
  const inner = (box.width * 1000) / 1024;
  const [x, y] = [box.x + (box.width - inner) / 2 + (inner * ply) / plies, box.y + box.height / 2];
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

export default [
  {
    name: 'the analysis board: a chess game analysed, 6. e4 marked ??, one blunder for White, the graph moves the board',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      assert(await page.isHidden('#computer-analysis'), 'no request without moves');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS_GAME });
      await page.waitForSelector('#computer-analysis button.request:visible');
      const { status, sawProgress } = await requestAnalysis(page);
      assert(status === 200 || sawProgress, 'the progress was shown while it ran');
      const mark = await markOf(page, 11);
      assertEqual(mark && [mark.glyph, mark.kind], ['??', 'blunder'], '6. e4 is a blunder in the move list');
      assert(/^Blunder \(-?\d+\.\d\d → -?\d+\.\d\d\)\. .+ was best\.$/.test(mark.title), `its words: ${mark.title}`);
      assertEqual(await summaryOf(page, 'blunder', 'white'), '1', 'one blunder for White');
      assert(/^\d+\.\d$/.test(await summaryOf(page, 'accuracy', 'white')), 'White\'s accuracy with one decimal');
      // The better line under the judged move, whose moves play on the board.
      const line = page.locator('#moves .ca-line[data-ply="11"]');
      assert((await line.textContent()).includes('Best:'), 'the better line is shown');
      // The graph: a click on a point shows that ply's position.
      await clickGraph(page, 4, 12);
      await waitFor(page, (f) => document.getElementById('fen-out').value === f, AFTER_NC6, 'the position after 2... Nc6');
      assertEqual(await page.getAttribute('.eval-graph', 'aria-valuenow'), '4', 'the graph marks ply 4');
      assertEqual(await page.getAttribute('#moves button.move[aria-current="true"]', 'data-ply'), '4', 'the list too');
      // The keyboard: the graph takes the arrows, one ply a press.
      await page.focus('.eval-graph');
      await page.keyboard.press('ArrowRight');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current="true"]').dataset.ply === '5', null, 'ply 5');
      await page.waitForTimeout(300);
      assertEqual(await page.getAttribute('.eval-graph', 'aria-valuenow'), '5', 'one step, not two');
      await page.keyboard.press('End');
      await waitFor(page, () => document.querySelector('.eval-graph').getAttribute('aria-valuenow') === '12', null, 'the end');
      await shot(page, 'board-en-desktop');
      // The first move of the better line is played as a side line from before 6. e4.
      const before = await fenOf(page);
      await line.locator('button.ca-move').first().click();
      await waitFor(page, (b) => document.getElementById('fen-out').value !== b, before, 'the better move on the board');
      await page.waitForSelector('#moves .variation button.move[aria-current="true"]');
      assertEqual(await page.getAttribute('#moves button.move[aria-current="true"]', 'data-ply'), '11', 'in place of 6. e4');
      assertEqual(await page.getAttribute('.eval-graph', 'aria-valuenow'), '10', 'the graph shows where the side line leaves');
      // Another game loaded: the analysis goes with the one it was of.
      await loadText(page, { rules: 'chess', start: 'pdn', text: '1. e4 e5 *' });
      assert(await page.isHidden('.eval-graph'), 'no graph for the new game');
      assert(await page.isVisible('#computer-analysis button.request'), 'the button asks for the new one');
    },
  },
  {
    name: 'the analysis board on a French phone: the analysis kept is shown at once, marks and summary in French',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage(PHONE);
      await openAnalysis(page, baseUrl, '?lang=fr');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS_GAME });
      const { status } = await requestAnalysis(page);
      assertEqual(status, 200, 'the same game is answered at once, done');
      const mark = await markOf(page, 11);
      assert(mark && mark.glyph === '??' && mark.title.startsWith('Gaffe ('), `6. e4?? in French: ${JSON.stringify(mark)}`);
      assertEqual(await page.textContent('.ca-summary tr[data-row="blunder"] th'), '??Gaffes', 'the summary in French');
      const box = await page.locator('.eval-graph').boundingBox();
      assert(box.width > 300 && box.x >= 0 && box.x + box.width <= 390, `the graph fits the phone: ${JSON.stringify(box)}`);
      await clickGraph(page, 4, 12, true);
      await waitFor(page, (f) => document.getElementById('fen-out').value === f, AFTER_NC6, 'a tap shows the position after 2... Nc6');
      await page.locator('.eval-graph').scrollIntoViewIfNeeded();
      await shot(page, 'board-fr-phone');
    },
  },
  {
    name: 'a finished game\'s page: the analysis asked for, its progress, the graph and ??, and another visitor sees it at once',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const view = await (await page.request.post(`${baseUrl}/api/load`, {
        data: { rules: 'international', start: 'pdn', text: championshipGame() },
      })).json();
      const ids = [];
      for (let n = view.nodes.find((x) => x.parent === 0 && x.main); n; n = view.nodes.find((x) => x.parent === n.id && x.main)) ids.push(n.move);
      assertEqual(ids.length, 96, 'the game has 96 moves');
      const created = await (await page.request.post(`${baseUrl}/api/games`, { data: { rules: 'international', mode: 'device' } })).json();
      const id = created.game.id;
      for (const [ply, move] of ids.entries()) {
        const r = await page.request.post(`${baseUrl}/api/games/${id}/moves`, { data: { move, ply } });
        assert(r.ok(), `move ${ply + 1} (${move}): ${r.status()} ${await r.text()}`);
      }
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      await page.waitForSelector('#board svg g.piece');
      assert(await page.isHidden('#computer-analysis'), 'no analysis while the game goes on');
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForSelector('#computer-analysis button.request:visible');
      const { status, sawProgress } = await requestAnalysis(page);
      assert(status === 202 && sawProgress, 'a new analysis shows its progress');
      const mark = await markOf(page, 96);
      assertEqual(mark && [mark.glyph, mark.kind], ['??', 'blunder'], '48... 14-19 is a blunder');
      assert(Number(await summaryOf(page, 'blunder', 'black')) >= 1, 'Black\'s blunders are counted');
      assert((await page.textContent('#moves .ca-line[data-ply="96"]')).includes('Best:'), 'the better line as text');
      // The graph steps through the game as the move list does.
      await clickGraph(page, 20, 96);
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current="true"]')?.dataset.ply === '20', null, 'ply 20');
      const game = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
      await waitFor(page, (f) => document.getElementById('fen-out').value === f, game.moves[19].fen, 'the position after ply 20');
      await page.locator('.eval-graph').scrollIntoViewIfNeeded();
      await shot(page, 'game-en-desktop');

      // A watcher in French on a phone: the analysis is there without a click, nothing asked.
      const other = await newPage(PHONE);
      const posts = [];
      other.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/computer-analysis')) posts.push(r.url());
      });
      await other.goto(`${baseUrl}/game/${id}?lang=fr`);
      await other.waitForSelector('#computer-analysis .eval-graph');
      assertEqual(posts, [], 'no new request');
      const theirs = await markOf(other, 96);
      assert(theirs && theirs.glyph === '??' && theirs.title.startsWith('Gaffe ('), `the same mark: ${JSON.stringify(theirs)}`);
      assertEqual(await other.textContent('.ca-summary tr[data-row="blunder"] td[data-side="black"]'),
        await summaryOf(page, 'blunder', 'black'), 'the same summary');
      await other.locator('.eval-graph').scrollIntoViewIfNeeded();
      await shot(other, 'game-fr-phone');
    },
  },
];
