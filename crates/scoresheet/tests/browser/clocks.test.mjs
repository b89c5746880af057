// Issue 14, "Missing" 2: clocks kept by the server, shown on both players' boards, a flag
// that ends the game by time (a real 4-second control, no speed-up), the time controls of
// the new-game form, and the rematch and "New game" after a game.

import { assert, assertEqual, waitFor, clickMove } from './helpers.mjs';

/** The clocks shown on a game page, by side: their text and marks. */
function clocksOf(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#players .clock[data-side]')]
    .map((c) => [c.dataset.side, { text: c.textContent, hidden: c.hidden, running: c.classList.contains('running'), out: c.classList.contains('out') }])));
}

/** Waits until the page's status line says `text`. */
async function waitStatus(page, text) {
  await waitFor(page, (s) => document.getElementById('status').textContent.includes(s), text, `status "${text}"`);
}

export default [
  {
    name: 'two friends with a 4-second clock: both boards count down, the flag ends the game by time on both, then a rematch with the colours swapped',
    async run({ baseUrl, newPage, shot }) {
      const alice = await newPage();
      const r = await alice.request.post(`${baseUrl}/api/games`, {
        data: { rules: 'american', mode: 'friend', color: 'black', name: 'Alice', time_control: '4+0' },
      });
      assertEqual(r.status(), 201, 'game created');
      const { url } = await r.json();
      await alice.goto(`${baseUrl}${url}?lang=en`);
      const bob = await newPage();
      await bob.goto(`${baseUrl}${url}?lang=en`);
      await Promise.all([bob.waitForNavigation(), bob.click('#take-seat')]);
      await bob.waitForSelector('#board svg g.piece');
      await waitStatus(alice, 'Your move');
      for (const page of [alice, bob]) {
        const c = await clocksOf(page);
        assertEqual([c.white.text, c.black.text, c.white.hidden, c.white.running, c.black.running],
          ['0:04.0', '0:04.0', false, false, false], 'full clocks, not running before the first move');
      }
      // Alice (Black, who moves first in American checkers) plays; Bob's clock runs.
      await clickMove(alice, '11', '15');
      await waitStatus(bob, 'Your move');
      const first = await clocksOf(bob);
      assert(first.white.running && !first.black.running, 'White\'s clock runs on Bob\'s board');
      await bob.waitForTimeout(600);
      const later = await clocksOf(bob);
      assert(later.white.text < first.white.text, `it counts down: ${first.white.text} then ${later.white.text}`);
      assert((await clocksOf(alice)).white.running, 'and on Alice\'s board');
      await shot(bob, 'clock-running');
      // Bob does not move: the server ends the game by time and both pages say so, live.
      for (const page of [alice, bob]) {
        await page.waitForSelector('#result:not([hidden])', { timeout: 10000 });
        assert((await page.textContent('#result')).includes('time ran out'), 'ended by time');
        assert((await page.textContent('#result')).includes('Black won'), 'Black won');
        const c = await clocksOf(page);
        assertEqual([c.white.text, c.white.out, c.white.running], ['0:00.0', true, false], 'White\'s clock is out');
      }
      assertEqual(await bob.locator('#board .interactive').count(), 0, 'the board is shut');
      const pdn = await (await bob.request.get(`${baseUrl}/api/games/${url.split('/').pop()}/pdn`)).text();
      assert(pdn.includes('[TimeControl "4+0"]') && pdn.includes('[%clk 0:00:04]'), `the PDN keeps the clocks: ${pdn}`);
      await shot(alice, 'clock-flag');

      // Bob asks for a rematch: he gets Black (he had White) and waits for Alice.
      assert(await bob.isVisible('#new-game'), 'a New game link');
      await Promise.all([bob.waitForURL((u) => !u.pathname.endsWith(url)), bob.click('#rematch')]);
      await bob.waitForSelector('#invite:not([hidden])');
      // Alice's finished page learns of it live, and joins.
      await alice.waitForSelector('#rematch-note:not([hidden])');
      assertEqual((await alice.textContent('#rematch')).trim(), 'Join the rematch', 'Alice is offered the rematch');
      await shot(alice, 'rematch-offered');
      await Promise.all([alice.waitForURL((u) => !u.pathname.endsWith(url)), alice.click('#rematch')]);
      assertEqual(new URL(alice.url()).pathname, new URL(bob.url()).pathname, 'the same rematch');
      await alice.waitForSelector('#board svg g.piece');
      const state = await (await alice.request.get(`${baseUrl}/api/games/${new URL(alice.url()).pathname.split('/').pop()}`)).json();
      assertEqual([state.status, state.you, state.white, state.clock.control], ['ongoing', 'white', 'Alice', '4+0'],
        'Alice now has White, the same clock');
      await waitStatus(bob, 'Your move');
    },
  },
  {
    name: 'the new-game form: a time control from the list, one of your own, and American checkers\' time per move given back after each move',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      for (const [choice, custom, expected, shown] of [
        ['180+2', null, '180+2', '3:00'],
        ['custom', ['7', '3'], '420+3', '7:00'],
        ['1/60', null, '1/60', '1:00'],
      ]) {
        await page.goto(`${baseUrl}/new?lang=en`);
        await page.check('input[name="rules"][value="american"]');
        await page.selectOption('#time-control', choice);
        if (custom) {
          await page.fill('#time-minutes', custom[0]);
          await page.fill('#time-increment', custom[1]);
        }
        if (choice === '180+2') await shot(page, 'new-game-clock');
        const created = page.waitForResponse((res) => res.url().endsWith('/api/games') && res.request().method() === 'POST');
        await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
        const body = (await created).request().postDataJSON();
        assertEqual(body.time_control, expected, `${choice}: the control sent`);
        await page.waitForSelector('#players .clock:not([hidden])');
        const c = await clocksOf(page);
        assertEqual([c.white.text, c.black.text], [shown, shown], `${choice}: the clocks shown`);
      }
      // The last game is 1 minute per move: after Black's and White's first moves and some
      // thought, White's clock is back to a full minute and Black's runs.
      await clickMove(page, '11', '15');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 1, null, 'one move');
      await page.waitForTimeout(1200);
      await clickMove(page, '23', '19');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 2, null, 'two moves');
      const c = await clocksOf(page);
      assertEqual([c.white.text, c.white.running, c.black.running], ['1:00', false, true], 'a full minute again for White');
      // A game without a clock shows none.
      await page.goto(`${baseUrl}/new?lang=en`);
      await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
      await page.waitForSelector('#board svg g.piece');
      const none = await clocksOf(page);
      assert(none.white.hidden && none.black.hidden, 'no clock without a control');
    },
  },
];
