// The lobby: an open game created on the new-game page shows at once on another visitor's
// home page (live, without a reload); that visitor takes it with one click and the game
// starts for both; it leaves the lobby. Chess this time (friend games play chess too).

import { assert, assertEqual, waitFor } from './helpers.mjs';

export default [
  {
    name: 'an open chess game shows live in the lobby and the first visitor takes it',
    async run({ baseUrl, newPage, shot }) {
      const bob = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await bob.goto(`${baseUrl}/?lang=pt`);
      await bob.waitForSelector('#lobby li');
      const alice = await newPage();
      await alice.goto(`${baseUrl}/?lang=en`);
      // The home page's "Open a game" opens the new-game page on that choice.
      await Promise.all([alice.waitForURL(/\/new\?mode=lobby/), alice.click('.lobby a.button')]);
      assert(await alice.isChecked('input[name="mode"][value="lobby"]'), 'the open game is chosen');
      await alice.check('input[name="rules"][value="chess"]');
      await alice.check('input[name="color"][value="black"]');
      await alice.fill('#name', 'Alice');
      await alice.selectOption('#time-control', '300+3');
      await Promise.all([alice.waitForURL(/\/game\/[0-9a-f]+$/), alice.click('#create')]);
      const id = alice.url().split('/').pop();
      const state = await (await alice.request.get(`${baseUrl}/api/games/${id}`)).json();
      assertEqual([state.rules, state.mode, state.status, state.listed], ['chess', 'friend', 'waiting', true], 'an open chess game waits');
      await waitFor(alice, () => document.getElementById('status').textContent.includes('listed on the home page'), null,
        'Alice told her game is in the lobby');

      // Bob's home page shows it without a reload.
      await bob.waitForSelector(`#lobby li[data-id="${id}"] button`);
      const text = await bob.textContent(`#lobby li[data-id="${id}"]`);
      assert(text.includes('Alice') && text.includes('Xadrez') && text.includes('5 min'), `the lobby names the game: ${text}`);
      await shot(bob, 'lobby-phone-pt');
      // Alice sees it as hers on her home page.
      const again = await newPage();
      await again.context().addCookies(await alice.context().cookies());
      await again.goto(`${baseUrl}/?lang=en`);
      await again.waitForSelector(`#lobby li[data-id="${id}"] a.state`);
      await shot(again, 'lobby-en');

      // Bob takes it: he plays White and moves first.
      await Promise.all([bob.waitForURL(new RegExp(`/game/${id}$`)), bob.click(`#lobby li[data-id="${id}"] button`)]);
      await bob.waitForSelector('#board svg g.piece');
      const started = await (await bob.request.get(`${baseUrl}/api/games/${id}`)).json();
      assertEqual([started.status, started.you], ['ongoing', 'white'], 'Bob plays White');
      // Alice's page learns it without a reload; the game left the lobby.
      await waitFor(alice, () => !document.getElementById('status').textContent.includes('listed on the home page'), null, 'Alice sees Bob join');
      await waitFor(again, (gid) => !document.querySelector(`#lobby li[data-id="${gid}"]`), id, 'the taken game leaves the lobby');
    },
  },
];
