// Issue 6: games on the site, in real browsers against the real server.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { assert, assertEqual, waitFor, clickSquare, clickMove, moveTexts } from './helpers.mjs';

/** Creates a game through the API in the page's browser context (so its cookie is kept). */
async function createGame(page, baseUrl, body) {
  const r = await page.request.post(`${baseUrl}/api/games`, { data: body });
  assertEqual(r.status(), 201, `game created: ${await r.text()}`);
  return r.json();
}

/** Waits until the game page's move list has `count` moves. */
async function waitMoves(page, count) {
  await waitFor(page, (n) => document.querySelectorAll('#moves button.move').length === n, count, `${count} moves in the list`);
}

/** Serves `html` from another origin (another port of the same host: same-site, so
 * `SameSite=Lax` cookies go with its requests); returns its URL and a closer. */
async function otherOrigin(html) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

export default [
  {
    name: 'a form or a script on another origin cannot resign, join or move in the visitor\'s game',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'american', mode: 'device' });
      const id = created.game.id;
      const target = (what) => `${baseUrl}/api/games/${id}/${what}`;
      const evil = await otherOrigin(`<!doctype html><title>evil</title>
        <form id="f" method="POST" action="${target('resign')}"><input name="x" value="1"></form>
        <script>
          fetch(${JSON.stringify(target('moves'))}, { method: 'POST', mode: 'no-cors', credentials: 'include',
            headers: { 'Content-Type': 'text/plain' }, body: '{"move":"11-15","ply":0}' })
            .finally(() => document.getElementById('f').submit());
        </script>`);
      try {
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url() === target('resign')),
          page.goto(evil.url),
        ]);
        assertEqual(answer.status(), 403, 'the cross-site form post is refused');
        // The form's navigation ends on the refusal before the page goes anywhere else.
        await page.waitForURL(target('resign'), { waitUntil: 'load' });
      } finally {
        evil.close();
      }
      const state = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
      assertEqual([state.status, state.plies], ['ongoing', 0], 'the game is untouched');
      // The site's own page still resigns.
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForSelector('#result:not([hidden])');
    },
    allowErrors: true,
  },
  {
    name: 'a new game on this device from the form: the board plays, resigning ends it with Download PDN and Analyse',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/new?lang=en`);
      await shot(page, 'new-game');
      await page.check('input[name="rules"][value="american"]');
      await page.check('input[name="mode"][value="device"]');
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
      await page.waitForSelector('#board svg g.piece');
      assert((await page.textContent('#status')).includes('Black'), 'Black moves first in American checkers');
      await clickMove(page, '11', '15');
      await waitMoves(page, 1);
      assertEqual(await moveTexts(page), ['11-15'], 'the move list');
      await clickMove(page, '23', '19');
      await waitMoves(page, 2);
      await page.click('#resign');
      await page.click('#resign'); // the second press confirms
      await page.waitForSelector('#result:not([hidden])');
      // Black is to move, so Black resigns: White won. American writes a White win 0-1.
      assertEqual((await page.textContent('#result .score')).trim(), '0-1', 'the score in the American convention');
      assertEqual((await page.textContent('#result .words')).trim(), 'White won', 'the result in words');
      assert(await page.isVisible('#download'), 'Download PDN is offered');
      assert(await page.isVisible('#analyse'), 'Analyse is offered');
      await shot(page, 'resigned');
    },
  },
  {
    name: 'slow diagrams and a move\'s answer that comes after its live event: every click is taken, the board takes clicks only once it shows the position',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      const created = await createGame(page, baseUrl, { rules: 'american', mode: 'device' });
      const id = created.game.id;
      // Each diagram comes late, and each move's answer later still (its live event is
      // there first): the page then holds a position whose diagram is not yet on screen.
      await page.route('**/api/svg?*', async (route) => {
        await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 150)));
        await route.continue();
      });
      await page.route(`**/api/games/${id}/moves`, async (route) => {
        const response = await route.fetch();
        await new Promise((r) => setTimeout(r, 200));
        await route.fulfill({ response });
      });
      await page.goto(`${baseUrl}/game/${id}?lang=en`);
      const moves = [['11', '15'], ['23', '19'], ['8', '11'], ['22', '17'], ['4', '8'], ['17', '13'], ['15', '18'], ['24', '20']];
      for (const [i, [from, to]] of moves.entries()) {
        const side = i % 2 === 0 ? 'Black' : 'White';
        // The status names the side to move only once the board shows the position: a
        // player who reads it and clicks at once is not lost.
        await waitFor(page, (s) => document.getElementById('status').textContent.includes(s), side, `${side} to move`);
        const movable = await page.$$eval('#board g.piece.movable', (ns) => ns.map((n) => n.getAttribute('data-sq')));
        assert(movable.includes(from), `move ${i + 1}: ${from} is movable as soon as the status says ${side} (movable: ${movable})`);
        assertEqual(await page.getAttribute('#board', 'data-fen'), await page.inputValue('#fen-out'), `move ${i + 1}: the board shows the FEN under it`);
        await clickSquare(page, from);
        await clickSquare(page, to);
        await waitMoves(page, i + 1);
      }
      const state = await (await page.request.get(`${baseUrl}/api/games/${id}`)).json();
      assertEqual(state.plies, moves.length, 'every move reached the server');
      assertEqual(await moveTexts(page), moves.map(([a, b]) => `${a}-${b}`), 'the move list');
    },
  },
  {
    name: 'a short game on the device played to its end: the result gets the American trap right, the PDN downloads, Analyse opens it',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'american', mode: 'device', fen: 'W:W26:B18' });
      await page.goto(`${baseUrl}${created.url}`);
      await page.waitForSelector('#board svg g.piece');
      await clickMove(page, '26', '22');
      await waitMoves(page, 1);
      await clickMove(page, '18', '25');
      await page.waitForSelector('#result:not([hidden])');
      // White has no piece left: Black won, which American PDN writes 1-0.
      assertEqual((await page.textContent('#result .score')).trim(), '1-0', 'American 1-0');
      assertEqual((await page.textContent('#result .words')).trim(), 'Black won', 'the trap: 1-0 is a Black win');
      // The result shows with the state; the message once the board shows the last move.
      await page.waitForSelector('#game-message:not([hidden])');
      assert(await page.isVisible('#game-message'), 'the end of a game on the device offers the download with no click');
      assert((await page.textContent('#game-message')).includes('Download'), 'the message names the download');
      await shot(page, 'device-finished');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const name = download.suggestedFilename();
      assert(/\.pdn$/.test(name) && name.includes('american'), `a sensible file name: ${name}`);
      const text = readFileSync(await download.path(), 'utf8');
      for (const part of ['[Result "1-0"]', '[GameType "21"]', '[FEN "W:W26:B18"]', '26-22', '18x25']) {
        assert(text.includes(part), `${part} in the PDN:\n${text}`);
      }
      await Promise.all([page.waitForURL(/\/analysis\?game=/), page.click('#analyse')]);
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 2, null, 'the game on the analysis board');
      assertEqual(await moveTexts(page), ['26-22', '18x25'], 'the moves on the analysis board');
      assert((await page.textContent('#moves .result')).includes('Black won'), 'the result in words on the analysis board');
      await shot(page, 'analyse-finished');
    },
  },
  {
    name: 'the analysis board refuses a game in progress',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/?lang=en`);
      const created = await createGame(page, baseUrl, { rules: 'international', mode: 'device' });
      const response = await page.goto(`${baseUrl}/analysis?game=${created.game.id}`);
      assertEqual(response.status(), 409, 'HTTP 409');
      assert((await page.textContent('main')).includes('still being played'), 'the page says why');
      const href = await page.getAttribute('main a.button.primary', 'href');
      assertEqual(href, `/game/${created.game.id}`, 'a link back to the game');
      await shot(page, 'refused');
      // The home page lists it among the visitor's games.
      await page.goto(`${baseUrl}/`);
      assert(await page.isVisible(`#mine a[href="/game/${created.game.id}"]`), 'the game is in "Your games"');
      await shot(page, 'home');
    },
  },
  {
    name: 'two friends in two browsers: the link joins, each move shows on the other board',
    async run({ baseUrl, newPage, shot }) {
      const alice = await newPage();
      await alice.goto(`${baseUrl}/new?lang=en`);
      await alice.check('input[name="rules"][value="russian"]');
      await alice.check('input[name="mode"][value="friend"]');
      await alice.check('input[name="color"][value="white"]');
      await alice.fill('#name', 'Alice');
      await Promise.all([alice.waitForURL(/\/game\/[0-9a-f]+$/), alice.click('#create')]);
      await alice.waitForSelector('#invite:not([hidden])');
      const link = await alice.inputValue('#invite-link');
      assert(link.startsWith(baseUrl) && /\/game\/[0-9a-f]+$/.test(link), `an invitation link: ${link}`);
      await shot(alice, 'friend-waiting');

      // A link-preview bot or prefetcher opens the link with a plain GET: it takes nothing.
      const id = link.split('/').pop();
      for (const url of [link, `${link}?lang=en`]) {
        const bot = await fetch(url, { headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0' } });
        assertEqual(bot.status, 200, 'the bot gets the page');
        assert(!(bot.headers.get('set-cookie') || '').includes(`s_${id}=`), 'the bot gets no seat secret');
      }
      const state = await (await fetch(`${baseUrl}/api/games/${id}`)).json();
      assertEqual([state.status, state.black], ['waiting', null], 'the seat is still free after the bot');

      const bob = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await bob.goto(`${link}?lang=en`);
      await bob.waitForSelector('#board svg g.piece');
      // Bob is offered the seat and takes it with the button (a POST).
      await bob.waitForSelector('#join:not([hidden])');
      assert((await bob.textContent('#status')).includes('The seat is free'), 'the status offers the seat');
      await shot(bob, 'friend-take-seat');
      await Promise.all([bob.waitForNavigation(), bob.click('#take-seat')]);
      await bob.waitForSelector('#board svg g.piece');
      await bob.waitForSelector('#join', { state: 'hidden' });
      // Alice's page learns that Bob joined without reloading.
      await alice.waitForSelector('#invite', { state: 'hidden' });
      await waitFor(alice, () => document.getElementById('status').textContent.includes('Your move'), null, 'Alice to move');
      // Alice (White) plays c3-d4.
      await clickMove(alice, '22', '18');
      await waitMoves(alice, 1);
      await waitMoves(bob, 1);
      assertEqual(await moveTexts(bob), ['c3-d4'], 'Bob sees Alice\'s move');
      // Bob (Black) answers f6-g5.
      await waitFor(bob, () => document.getElementById('status').textContent.includes('Your move'), null, 'Bob to move');
      await clickMove(bob, '11', '16');
      await waitMoves(bob, 2);
      await waitMoves(alice, 2);
      assertEqual(await moveTexts(alice), ['c3-d4', 'f6-g5'], 'Alice sees Bob\'s move');
      assert(await alice.isVisible('#board g.piece.black[data-sq="16"]'), 'Alice\'s board shows the black man on g5');
      await shot(alice, 'friend-alice');
      await shot(bob, 'friend-bob-phone');
    },
  },
  {
    name: 'against the computer: it answers a move by itself, and the page shows its move live',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/new?lang=en`);
      await page.check('input[name="rules"][value="american"]');
      await page.check('input[name="mode"][value="computer"]');
      await page.check('input[name="level"][value="beginner"]');
      await page.check('input[name="color"][value="black"]');
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
      await page.waitForSelector('#board svg g.piece');
      assert((await page.textContent('#status')).includes('Your move'), 'the player (Black) moves first');
      await clickMove(page, '9', '13');
      await waitMoves(page, 2);
      await waitFor(page, () => document.getElementById('status').textContent.includes('Your move'), null, 'the player to move again');
      assert((await page.textContent('#players')).includes('Computer'), 'the computer is named');
      await shot(page, 'computer');
    },
  },
  {
    name: 'against the computer while its searches are busy: the page says how many games wait before its move',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/new?lang=en`);
      // Strong International games in which the computer (White) moves first: one search
      // each, in the computer's own pool (half the cores), the last one waiting its turn.
      // (From a start without White's man on 50: from the standard start the computer plays
      // its opening book's move at once.)
      const ids = await page.evaluate(async () => {
        const made = [];
        for (let i = 0; i < 6; i++) {
          const r = await fetch('/api/games', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ rules: 'international', mode: 'computer', level: 'strong', color: 'black', fen: 'W:W31-49:B1-20' }),
          });
          if (r.status !== 201) throw new Error(`${r.status} ${await r.text()}`);
          made.push((await r.json()).game.id);
        }
        return made;
      });
      await page.goto(`${baseUrl}/game/${ids[ids.length - 1]}?lang=en`);
      await waitFor(page, () => /waits for a free core: \d+ games? before yours/.test(document.getElementById('status').textContent),
        null, 'the wait shown with the games before it');
      await shot(page, 'computer-queue');
      // Its move comes in its turn (each search before it takes up to 1.5 s).
      await page.waitForFunction(() => document.getElementById('status').textContent.includes('Your move'), null, { timeout: 30000 });
      assertEqual((await moveTexts(page)).length, 1, 'the computer\'s first move, and no other');
    },
  },
];
