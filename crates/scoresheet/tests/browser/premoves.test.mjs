// Issue 30, item 2: premoves and optimistic moves on the game page. A premove is queued on
// the other side's turn and sent the moment their move arrives, if it is legal then (a
// draughts premove that is not the capture the new position forces is dropped); the
// player's own move shows before the server answers and is taken back with a message when
// the server refuses it.
//
// The International lines used: White 32-28, then Black 20-24 leaves White free (the premove
// 31-27 is played), while Black 19-23 forces 28x19 (the premove 31-27 is dropped).

import { assert, assertEqual, waitFor, clickSquare, clickMove, moveTexts } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };

/** A friend game of `rules`: Alice (White) created it in her page, Bob took the other seat. */
async function friendGame(baseUrl, newPage, { rules = 'international', alice: aliceOptions = {}, lang = 'en' } = {}) {
  const alice = await newPage(aliceOptions);
  const r = await alice.request.post(`${baseUrl}/api/games`, {
    data: { rules, mode: 'friend', color: 'white', name: 'Alice' },
  });
  assertEqual(r.status(), 201, 'game created');
  const { url, game } = await r.json();
  await alice.goto(`${baseUrl}${url}?lang=${lang}`);
  const bob = await newPage();
  await bob.goto(`${baseUrl}${url}?lang=en`);
  await Promise.all([bob.waitForNavigation(), bob.click('#take-seat')]);
  await bob.waitForSelector('#board svg g.piece');
  return { alice, bob, id: game.id };
}

/** The game as the server has it. */
async function stateOf(page, baseUrl, id) {
  return (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
}

/** Waits until the server's game has `plies` moves (a premove is played with no click). */
async function waitPlies(page, baseUrl, id, plies) {
  const until = Date.now() + 10000;
  for (;;) {
    const state = await stateOf(page, baseUrl, id);
    if (state.plies === plies) return state;
    if (Date.now() > until) throw new Error(`timed out waiting for ${plies} plies on the server (it has ${state.plies})`);
    await page.waitForTimeout(100);
  }
}

/** The moves this page sends, as they leave (`move` of each POST .../moves). */
function sentMoves(page) {
  const sent = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/games\/[^/]+\/moves$/.test(r.url())) sent.push(r.postDataJSON().move);
  });
  return sent;
}

/**
 * Waits until `sent` holds `count` moves. The browser's request event reaches this script
 * asynchronously, so the server may have stored a move before the script has heard it leave.
 */
async function waitSent(page, sent, count) {
  const until = Date.now() + 5000;
  while (sent.length < count && Date.now() < until) await page.waitForTimeout(50);
}

/** Waits until `sq`'s piece may be premoved (the other side is to move). */
async function waitPremovable(page, sq) {
  await waitFor(page, (s) => document.querySelector(`#board .board-frame.premoving g.piece.premovable[data-sq="${s}"]`),
    sq, `${sq} to be premovable`);
}

/** The squares marked as the queued premove. */
function premoveSquares(page) {
  return page.$$eval('#board rect.sq.premove', (rs) => rs.map((r) => r.getAttribute('data-sq')).sort((a, b) => a - b));
}

/** Waits until the page's status line says `text`. */
async function waitStatus(page, text) {
  await waitFor(page, (s) => document.getElementById('status').textContent.includes(s), text, `status "${text}"`);
}

/** Whether a piece stands on each square, as the board shows it. */
function piecesOn(page, squares) {
  return page.evaluate((sqs) => sqs.map((s) => !!document.querySelector(`#board g.piece[data-sq="${s}"]`)), squares);
}

/** The error JSON the server answers a move with when its turn was already played. */
const TURN_TAKEN = JSON.stringify({
  error: { code: 'turn-taken', message: 'that turn has already been played; reload the game', line: null, column: null, ply: null, problem: null },
});

export default [
  {
    name: 'a premove made while the friend is to move is played by itself when their move arrives',
    async run({ baseUrl, newPage, shot }) {
      const { alice, bob, id } = await friendGame(baseUrl, newPage);
      const sent = sentMoves(alice);
      await clickMove(alice, '32', '28');
      // Her move is on the server; Bob is to move and she may queue hers.
      await waitPremovable(alice, '31');
      assertEqual(await alice.locator('#board g.piece.movable').count(), 0, 'nothing is movable now: only premovable');
      await clickSquare(alice, '31');
      await waitFor(alice, () => document.querySelector('#board rect.sq.dest[data-sq="27"]'), null, 'the premove\'s choices marked');
      await shot(alice, 'premove-choosing-en');
      await clickSquare(alice, '27');
      await waitFor(alice, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the premove marked');
      assertEqual(await premoveSquares(alice), ['27', '31'], 'the premove\'s squares');
      await waitStatus(alice, 'Premove 31-27');
      await shot(alice, 'premove-queued-en');
      assertEqual((await stateOf(alice, baseUrl, id)).plies, 1, 'a premove is not sent before its turn');
      await clickMove(bob, '20', '24');
      // Alice clicks nothing more: her premove goes as Bob's move reaches her page.
      const state = await waitPlies(alice, baseUrl, id, 3);
      assertEqual(state.moves.map((m) => m.text), ['32-28', '20-24', '31-27'], 'the premove was played');
      await waitSent(alice, sent, 2);
      assertEqual(sent, ['32-28', '31-27'], 'the moves Alice\'s page sent');
      await waitFor(alice, () => document.querySelectorAll('#moves button.move').length === 3, null, 'three moves in Alice\'s list');
      await waitFor(alice, () => document.querySelector('#board g.piece[data-sq="27"]') && !document.querySelector('#board g.piece[data-sq="31"]'),
        null, 'the premove on Alice\'s board');
      assertEqual(await premoveSquares(alice), [], 'the premove mark is gone');
      await waitFor(bob, () => document.querySelectorAll('#moves button.move').length === 3, null, 'Bob sees it');
      assertEqual(await moveTexts(bob), ['32-28', '20-24', '31-27'], 'Bob\'s move list');
    },
  },
  {
    name: 'a premove that is not the capture the new position forces is dropped: the player still has to move',
    async run({ baseUrl, newPage }) {
      const { alice, bob, id } = await friendGame(baseUrl, newPage);
      const sent = sentMoves(alice);
      await clickMove(alice, '32', '28');
      await waitPremovable(alice, '31');
      await clickSquare(alice, '31');
      await clickSquare(alice, '27');
      await waitFor(alice, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the premove marked');
      // 19-23 offers a man: White must take it, 28x19, and the quiet 31-27 is not played.
      await clickMove(bob, '19', '23');
      await waitStatus(alice, 'Your move.');
      await waitFor(alice, () => document.querySelector('#board g.piece.movable[data-sq="28"]'), null, 'Alice to capture');
      await alice.waitForTimeout(500); // time for a premove to go, were it wrongly sent
      assertEqual(sent, ['32-28'], 'no premove was sent');
      assertEqual((await stateOf(alice, baseUrl, id)).plies, 2, 'the server has two moves');
      assertEqual(await premoveSquares(alice), [], 'the premove mark is gone');
      assert(!(await alice.textContent('#status')).includes('Premove'), 'the status no longer names a premove');
      assertEqual(await alice.$$eval('#board g.piece.movable', (gs) => gs.map((g) => g.getAttribute('data-sq'))), ['28'],
        'only the capturing man may move');
      assertEqual(await piecesOn(alice, ['31', '27']), [true, false], 'the board as it stands');
      await clickMove(alice, '28', '19');
      const state = await waitPlies(alice, baseUrl, id, 3);
      assertEqual(state.moves[2].text, '28x19', 'the capture is played');
    },
  },
  {
    name: 'a right click cancels a premove; a dragged premove, then a click on an empty square cancels that one too',
    async run({ baseUrl, newPage }) {
      const { alice, bob, id } = await friendGame(baseUrl, newPage);
      const sent = sentMoves(alice);
      await clickMove(alice, '32', '28');
      await waitPremovable(alice, '31');
      await clickSquare(alice, '31');
      await clickSquare(alice, '27');
      await waitFor(alice, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the premove marked');
      await alice.locator('#board rect.sq[data-sq="45"]').click({ button: 'right', force: true });
      assertEqual(await premoveSquares(alice), [], 'the right click took the premove away');
      assert(!(await alice.textContent('#status')).includes('Premove'), 'the status no longer names it');
      // A premove by dragging the piece.
      const box = async (sq) => {
        const b = await alice.locator(`#board rect.sq[data-sq="${sq}"]`).boundingBox();
        return [b.x + b.width / 2, b.y + b.height / 2];
      };
      const [fx, fy] = await box('33');
      const [tx, ty] = await box('29');
      await alice.mouse.move(fx, fy);
      await alice.mouse.down();
      await alice.mouse.move((fx + tx) / 2, (fy + ty) / 2, { steps: 4 });
      await alice.mouse.move(tx, ty, { steps: 4 });
      await alice.mouse.up();
      await waitFor(alice, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the dragged premove marked');
      assertEqual(await premoveSquares(alice), ['29', '33'], 'the dragged premove\'s squares');
      assertEqual(await piecesOn(alice, ['33', '29']), [true, false], 'a premove moves no piece');
      await clickSquare(alice, '25');
      assertEqual(await premoveSquares(alice), [], 'a click on an empty square took it away');
      await clickMove(bob, '20', '24');
      await waitStatus(alice, 'Your move.');
      await alice.waitForTimeout(500);
      assertEqual(sent, ['32-28'], 'no premove was sent');
      assertEqual((await stateOf(alice, baseUrl, id)).plies, 2, 'the server has two moves');
    },
  },
  {
    name: 'the player\'s move shows before the answer; refused (409) or not sent, the board goes back and says so',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const r = await page.request.post(`${baseUrl}/api/games`, { data: { rules: 'international', mode: 'device' } });
      const { game, url } = await r.json();
      let held = null; // lets the move's request go on
      let answer = 'refuse';
      const release = async () => {
        while (!held) await page.waitForTimeout(20);
        const go = held;
        held = null;
        go();
      };
      await page.route(`**/api/games/${game.id}/moves`, async (route) => {
        // The answer waits for the test: the board must show the move meanwhile.
        await new Promise((done) => { held = done; });
        if (answer === 'refuse') await route.fulfill({ status: 409, contentType: 'application/json', body: TURN_TAKEN });
        else await route.abort('connectionfailed');
      });
      await page.goto(`${baseUrl}${url}?lang=en`);
      const start = game.position.fen;
      await clickMove(page, '32', '28');
      await waitFor(page, () => document.querySelector('#board g.piece[data-sq="28"]') && !document.querySelector('#board g.piece[data-sq="32"]'),
        null, 'the move on the board before any answer');
      assertEqual(await page.evaluate(() => [...document.querySelectorAll('#board rect.sq.last')].map((q) => q.getAttribute('data-sq')).sort()),
        ['28', '32'], 'the move is marked as the last one');
      assertEqual((await stateOf(page, baseUrl, game.id)).plies, 0, 'the server has no move yet');
      assertEqual(await moveTexts(page), [], 'the move list waits for the server');
      await release();
      await waitFor(page, () => document.querySelector('#board .board-message').textContent.includes('not accepted'), null, 'the refusal said');
      await waitFor(page, () => document.querySelector('#board g.piece.movable[data-sq="32"]') && !document.querySelector('#board g.piece[data-sq="28"]'),
        null, 'the board back where it was, playable');
      assertEqual(await page.inputValue('#fen-out'), start, 'the FEN of the game as it stands');
      assertEqual(await moveTexts(page), [], 'no move in the list');
      assertEqual(await page.evaluate(() => document.querySelectorAll('#board rect.sq.last').length), 0, 'no last move marked');
      await shot(page, 'refused-move-en');
      // Not sent at all (the connection failed): the same, in other words.
      answer = 'abort';
      await clickMove(page, '32', '28');
      await waitFor(page, () => !document.querySelector('#board g.piece[data-sq="32"]'), null, 'the move shown again');
      await release();
      await waitFor(page, () => document.querySelector('#board .board-message').textContent.includes('could not be sent'), null, 'the failure said');
      await waitFor(page, () => document.querySelector('#board g.piece.movable[data-sq="32"]'), null, 'the board back again');
      // The server takes the next one; the message goes when the player plays on.
      await page.unroute(`**/api/games/${game.id}/moves`);
      await clickMove(page, '32', '28');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 1, null, 'the move confirmed');
      assertEqual(await page.textContent('#board .board-message'), '', 'the message is gone');
      assertEqual((await stateOf(page, baseUrl, game.id)).plies, 1, 'the server has the move');
    },
  },
  {
    name: 'on a phone, in French: a premove by taps, then the server refuses it as it is played and the board goes back',
    async run({ baseUrl, newPage, shot }) {
      const { alice, bob, id } = await friendGame(baseUrl, newPage, { alice: { ...PHONE, locale: 'fr-FR' }, lang: 'fr' });
      const tap = (sq) => alice.locator(`#board rect.sq[data-sq="${sq}"]`).tap({ force: true });
      await waitFor(alice, () => document.querySelector('#board g.piece.movable[data-sq="32"]'), null, '32 movable');
      await tap('32');
      await tap('28');
      await waitPremovable(alice, '31');
      await tap('31');
      await tap('27');
      await waitFor(alice, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the premove marked');
      await waitStatus(alice, 'Coup anticipé 31-27');
      await alice.locator('#board').scrollIntoViewIfNeeded();
      await shot(alice, 'premove-queued-fr-phone');
      // Her premove will be refused as it is played.
      await alice.route(`**/api/games/${id}/moves`, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: TURN_TAKEN }));
      await clickMove(bob, '20', '24');
      await waitFor(alice, () => document.querySelector('#board .board-message').textContent.includes('pas été accepté'), null, 'the refusal said in French');
      await waitFor(alice, () => document.querySelector('#board g.piece.movable[data-sq="31"]') && !document.querySelector('#board g.piece[data-sq="27"]')
        && document.querySelector('#board g.piece[data-sq="24"]'), null, 'the board as the server has it: Bob\'s move, not hers');
      assertEqual(await premoveSquares(alice), [], 'no premove mark');
      assertEqual((await stateOf(alice, baseUrl, id)).plies, 2, 'two moves on the server');
      await shot(alice, 'refused-move-fr-phone');
    },
  },
  {
    name: 'chess against the computer: a premove is played on the computer\'s reply',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const r = await page.request.post(`${baseUrl}/api/games`, { data: { rules: 'chess', mode: 'computer', level: 'beginner', color: 'white' } });
      assertEqual(r.status(), 201, `chess against the computer (Stockfish): ${await r.text()}`);
      const { game, url } = await r.json();
      // The page hears of the computer's move only when the test lets it: until then its
      // event stream is answered empty, and the browser asks again.
      let held = true;
      await page.route(`**/api/games/${game.id}/events`, async (route) => {
        if (held) await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 200\n\n' });
        else await route.continue();
      });
      const sent = sentMoves(page);
      await page.goto(`${baseUrl}${url}?lang=en`);
      await clickMove(page, 'e2', 'e4');
      await waitPremovable(page, 'g1');
      await clickSquare(page, 'g1');
      await clickSquare(page, 'f3');
      await waitFor(page, () => document.querySelectorAll('#board rect.sq.premove').length === 2, null, 'the premove marked');
      assertEqual(await premoveSquares(page), ['f3', 'g1'], 'the premove\'s squares');
      await shot(page, 'premove-chess-en');
      await waitPlies(page, baseUrl, game.id, 2); // the computer has answered; the page does not know yet
      assertEqual(sent, ['e2e4'], 'nothing sent before the reply is seen');
      held = false;
      const state = await waitPlies(page, baseUrl, game.id, 3);
      assertEqual([state.moves[0].text, state.moves[2].text], ['e4', 'Nf3'], 'the premove was played');
      await waitSent(page, sent, 2);
      assertEqual(sent, ['e2e4', 'g1f3'], 'the moves the page sent');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length >= 3, null, 'the moves on the page');
      assertEqual(await premoveSquares(page), [], 'the premove mark is gone');
    },
  },
];
