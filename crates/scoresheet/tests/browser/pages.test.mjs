// The help, glossary and practice pages, every page in the four languages, and a phone-sized
// screen: live boards work, forced captures explain wrong clicks and show the notation.

import { assert, assertEqual, waitFor, clickSquare } from './helpers.mjs';

const PAGES = ['/', '/analysis', '/new', '/practice', '/help/notation', '/help/glossary'];

export default [
  {
    name: 'the notation help shows the seeds\' examples on live boards, in each variant\'s notation',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/help/notation?lang=en`);
      await waitFor(page, () => document.querySelectorAll('.live-board svg').length >= 7, null, 'the live boards');
      await waitFor(page, () => document.querySelectorAll('.live-board .steps button.move').length >= 16, null, 'the move buttons');
      const steps = await page.$$eval('.live-board', (boxes) => boxes.map((b) => [...b.querySelectorAll('.steps button.move')].map((x) => x.textContent)));
      assertEqual(steps[0], ['21-17', '10-13', '17x10'], 'Italian, on the turned board');
      assertEqual(steps[1], ['26-23', '19x26', '31x22x13'], 'American');
      assertEqual(steps[2], ['d2-e3', 'f4xd2', 'e1xa5'], 'Brazilian');
      assertEqual(steps[3], ['d2-e3', 'f4:d2', 'e1:a5'], 'Russian');
      assertEqual(steps[4], ['33-28', '22x33', '38x20'], 'International');
      assertEqual(steps[5], ['7x34x43x16'], 'the ambiguity exception writes the landing squares');
      // The turned board: square 1 on a8, the top left corner, and a1 light.
      const italian = page.locator('.live-board').nth(0);
      assertEqual(await italian.locator('rect.sq[data-sq="1"]').getAttribute('x'), await italian.locator('rect.sq[data-sq="a1"]').getAttribute('x'), 'square 1 is on the a-file');
      assert(await italian.locator('rect.sq.light[data-sq="a1"]').count() === 1, 'a1 is a light square');
      // Step to the end of the American example: the double capture leaves W:W13,28:B20... as B to move.
      const american = page.locator('.live-board').nth(1);
      await american.locator('.steps button.move', { hasText: '31x22x13' }).click();
      await waitFor(page, () => document.querySelectorAll('.live-board')[1].querySelector('.fen').textContent.includes('B:W13,28:B20'), null, 'the position after 31x22x13');
      // The ambiguous capture asks for the route.
      const twins = page.locator('.live-board').nth(5);
      await twins.locator('rect.sq[data-sq="7"]').click({ force: true });
      await twins.locator('rect.sq[data-sq="16"]').click({ force: true });
      assert((await twins.locator('.board-message').textContent()).includes('Two captures'), 'the board asks which route');
      await twins.locator('rect.sq[data-sq="29"]').click({ force: true });
      await waitFor(page, () => document.querySelectorAll('.live-board')[5].querySelector('.fen').textContent.includes('WK16'), null, 'the king on 16');
      assert((await twins.locator('.board-message').textContent()).includes('7x29x38x16'), 'the route taken is written out');
      await shot(page, 'help-notation');
    },
  },
  {
    name: 'forced captures: a wrong click says why, the capture shows its notation',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await page.goto(`${baseUrl}/practice?lang=en`);
      const positions = await page.evaluate(() => JSON.parse(document.getElementById('page-data').textContent).positions);
      for (const rules of ['american', 'international', 'russian', 'brazilian']) {
        const n = positions.filter((p) => p.rules === rules).length;
        assert(n >= 8, `at least 8 ${rules} positions (${n})`);
      }
      await page.click('.filters button[data-rules="international"]');
      const entry = positions.find((p) => p.rules === 'international');
      await waitFor(page, (fen) => document.getElementById('board').dataset.fen === fen, entry.fen, 'the first International position');
      // A piece of the side to move that cannot capture.
      const side = await page.evaluate(() => document.getElementById('board').dataset.side);
      const idle = await page.$$eval(`#board g.piece.${side}:not(.movable)`, (gs) => gs.map((g) => g.getAttribute('data-sq')));
      if (idle.length) {
        await clickSquare(page, idle[0]);
        assert((await page.textContent('#feedback')).includes('compulsory'), 'the wrong piece is explained');
      }
      const squares = entry.answer.split(/[-x]/);
      for (const sq of squares) await clickSquare(page, sq);
      await waitFor(page, () => document.querySelector('#feedback .good'), null, 'the right answer');
      const written = (await page.textContent('#feedback .answer-text')).trim();
      assertEqual(written, entry.text, 'the capture written in the variant\'s notation');
      await shot(page, 'practice-solved');
      // A Russian position writes captures with a colon.
      await page.click('.filters button[data-rules="russian"]');
      await page.click('#show');
      assert((await page.textContent('#feedback .answer-text')).includes(':'), 'a Russian capture with a colon');
    },
  },
  {
    name: 'every page in the four languages: a language switcher, no missing text, no script error',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      for (const lang of ['en', 'pt', 'es', 'fr']) {
        for (const path of PAGES) {
          await page.goto(`${baseUrl}${path}?lang=${lang}`);
          await page.waitForLoadState('networkidle');
          assertEqual(await page.getAttribute('html', 'lang'), lang, `${path} in ${lang}`);
          assertEqual(await page.$$eval('.languages a', (as) => as.length), 4, `${path}: the language switcher`);
          // A catalog key shown instead of a text looks like "analysis.load".
          const text = await page.evaluate(() => document.body.innerText);
          const keys = text.match(/\b(nav|home|page|board|analysis|start|load|notation|result|reason|practice|game|new|mode|level|refused|help|side|rules|piece|common)\.[a-z][a-z0-9_-]+\b/g);
          assert(!keys, `${path} (${lang}) shows catalog keys: ${keys}`);
          if (lang !== 'en' || path === '/help/notation') await shot(page, `${lang}${path.replace(/\//g, '-') || '-home'}`);
        }
      }
    },
  },
  {
    name: 'on a phone the board fits the screen and the analysis board still loads and plays',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage({ viewport: { width: 375, height: 740 }, isMobile: true });
      await page.goto(`${baseUrl}/analysis?lang=es`);
      await page.waitForSelector('#board svg');
      const box = await page.locator('#board svg').boundingBox();
      assert(box.width <= 375 && box.width > 250, `the board fits: ${box.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 1, `no sideways scrolling (${overflow}px)`);
      // The paste form is folded on a phone: a tap opens it.
      assert(!(await page.isVisible('#start')), 'the paste form is folded');
      await page.locator('#paste summary').tap();
      await page.selectOption('#start', 'fen');
      await page.fill('#text', 'B:W23,28,31:B17,19,20');
      await page.click('#load');
      await waitFor(page, () => document.getElementById('fen-out').value === 'B:W23,28,31:B17,19,20', null, 'the position');
      await page.locator('#board rect.sq[data-sq="19"]').tap({ force: true });
      await page.locator('#board rect.sq[data-sq="26"]').tap({ force: true });
      await waitFor(page, () => document.getElementById('fen-out').value === 'W:W28,31:B17,20,26', null, 'the capture by taps');
      await shot(page, 'phone-analysis');
    },
  },
];
