// Issue 14, missing 7: the analysis board's move list as lichess shows it (number, first
// mover, second mover; side lines and comments between the rows; glyphs) and its move menu
// (comment, glyph, promote, delete from here), with the edits kept in the export, the tab's
// storage and a shared analysis.

import { readFileSync } from 'node:fs';
import { assert, assertEqual, waitFor, openAnalysis, loadText, fenOf, fenChange } from './helpers.mjs';

const CHESS = '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {good} Nc6!? 3. Bb5 *';

/**
 * The move list as tokens: `#n` a number cell, `…` an empty cell, a move's text (with its
 * glyph), `[...]` what interrupts the rows (side lines in parentheses, comments as text).
 */
function shape(page) {
  return page.$eval('#moves .movelist', (grid) => {
    const flat = (box) => [...box.children].map((c) => {
      if (c.classList.contains('variation')) return `(${flat(c)})`;
      if (c.classList.contains('pair')) return flat(c);
      return c.textContent.trim();
    }).join(' ');
    return [...grid.children].map((c) => {
      if (c.classList.contains('num')) return `#${c.textContent.trim()}`;
      if (c.classList.contains('filler')) return '…';
      if (c.classList.contains('interrupt')) return `[${flat(c)}]`;
      return c.textContent.trim();
    });
  });
}

/** Where the main line's moves are: text → { left, top, bottom }. */
function places(page) {
  return page.$$eval('#moves .movelist > button.move', (bs) => bs.map((b) => {
    const r = b.getBoundingClientRect();
    return { text: b.textContent.trim(), left: Math.round(r.left), top: Math.round(r.top), bottom: Math.round(r.bottom) };
  }));
}

/** The move button of the list with text `text` (the `nth` one with that text). */
function move(page, text, nth = 0) {
  return page.locator('#moves button.move', { hasText: new RegExp(`^${text.replace(/[?!+]/g, '\\$&')}`) }).nth(nth);
}

/** Opens the menu of a move by a right click and waits for it. */
async function menuOf(page, text, nth = 0) {
  await move(page, text, nth).click({ button: 'right' });
  await page.waitForSelector('.move-menu:not([hidden]) [role="menuitem"]');
}

/** The text of the file Download PDN/PGN gives. */
async function downloaded(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  return readFileSync(await file.path(), 'utf8');
}

/** The moves of the export's movetext (tags left out), spaces made single. */
function movetext(text) {
  return text.split('\n').filter((l) => !l.startsWith('[')).join(' ').replace(/\s+/g, ' ').trim();
}

export default [
  {
    name: 'chess: rows of number, White, Black; the side line and the comment between the rows, "…" where the line goes on; glyphs beside the moves',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS });
      assertEqual(await shape(page), [
        '#1', 'e4', 'e5', '[(1… c5 2. Nf3)]',
        '#2', 'Nf3', '…', '[good]',
        '#2', '…', 'Nc6!?',
        '#3', 'Bb5',
      ], 'the list');
      const at = Object.fromEntries((await places(page)).map((p) => [p.text, p]));
      assertEqual([at.Nf3.left, at.Bb5.left], [at.e4.left, at.e4.left], "White's moves in one column");
      assertEqual(at['Nc6!?'].left, at.e5.left, "Black's moves in one column");
      assert(at.e5.left > at.e4.left + 40, `Black's column right of White's (${at.e4.left}, ${at.e5.left})`);
      assertEqual(at.e5.top, at.e4.top, 'a move and its answer on one row');
      const side = await page.locator('#moves .interrupt .variation').boundingBox();
      assert(side.y >= at.e5.bottom - 1 && side.y + side.height <= at.Nf3.top + 1,
        `the side line between 1... e5 and 2. Nf3 (${JSON.stringify({ side, e5: at.e5, nf3: at.Nf3 })})`);
      assertEqual(await page.textContent('#moves button.move[aria-current="true"]'), 'Bb5', 'the last move is current');
      // Clicking a move in the side line goes there; the keys go on from it.
      await move(page, 'c5').click();
      await waitFor(page, () => document.getElementById('fen-out').value.startsWith('rnbqkbnr/pp1ppppp/'), null, 'the position after 1... c5');
      await page.keyboard.press('ArrowRight');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current]')?.closest('.variation'), null, 'ArrowRight stays in the side line');
      assertEqual(await page.textContent('#moves button.move[aria-current="true"]'), 'Nf3', 'the side line\'s 2. Nf3 is current');
      await shot(page, 'chess-grid');
    },
  },
  {
    name: 'draughts: the first mover by the rules in the first column (Black in American checkers), a FEN\'s side to move opens move 1 as the download numbers it, side lines nested',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      const american = '[GameType "21"]\n1. 11-15 23-19 (1... 22-18 2. 15x22 25x18 (2... 26x17)) 2. 8-11 {book} 22-17? 3. 4-8 *';
      await loadText(page, { rules: 'american', start: 'pdn', text: american });
      assertEqual(await shape(page), [
        '#1', '11-15', '23-19', '[(1… 22-18 2. 15x22 25x18 (2… 26x17))]',
        '#2', '8-11', '…', '[book]',
        '#2', '…', '22-17?',
        '#3', '4-8',
      ], 'American: Black (first mover) in the first column');
      const at = Object.fromEntries((await places(page)).map((p) => [p.text, p]));
      assertEqual(at['8-11'].left, at['11-15'].left, "Black's moves in the first column");
      assertEqual(at['22-17?'].left, at['23-19'].left, "White's moves in the second column");
      assert(await page.isVisible('#moves .variation .variation'), 'the side line of the side line nested');
      // A position with White to move: a draughts FEN has no move number, and the PDN written
      // of it (the download) opens move 1 with White's move, `1. 23-19 9-13 2. 22-18`: the list
      // numbers it alike (issue 27).
      await loadText(page, { rules: 'american', start: 'pdn', text: '[GameType "21"]\n[FEN "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15"]\n1... 23-19 2. 9-13 22-18 *' });
      assertEqual(await shape(page), ['#1', '23-19', '9-13', '#2', '22-18'], 'White to move first: move 1 opens with White\'s move, as the download has it');
      // International draughts: White first.
      await loadText(page, { rules: 'international', start: 'pdn', text: '1. 32-28 (1. 33-28) 19-23 2. 28x19 14x23 *' });
      assertEqual(await shape(page), ['#1', '32-28', '…', '[(1. 33-28)]', '#1', '…', '19-23', '#2', '28x19', '14x23'], 'International draughts: White first');
      await shot(page, 'international-grid');
    },
  },
  {
    name: 'a comment and a glyph added through the menu show in the list, go out in the PGN, come back from it, stay after a reload and in a shared analysis',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS });
      const before = await fenOf(page);
      await menuOf(page, 'e5');
      await shot(page, 'menu');
      await page.click('.move-menu [role="menuitem"]:has-text("Add a comment")');
      await page.fill('.move-menu textarea', 'the classical answer');
      await page.press('.move-menu textarea', 'Enter');
      await waitFor(page, () => document.querySelector('.move-menu').hidden, null, 'the menu closed');
      assertEqual((await shape(page)).slice(0, 5), ['#1', 'e4', 'e5', '[the classical answer (1… c5 2. Nf3)]', '#2'], 'the comment after 1... e5, before its side line');
      assertEqual(await fenOf(page), before, 'the board did not move');
      // A glyph, then another one: one move-quality glyph at a time.
      await menuOf(page, 'Nf3', 1);
      await page.click('.move-menu [data-nag="1"]');
      await waitFor(page, () => [...document.querySelectorAll('#moves .movelist > button.move')].some((b) => b.textContent === 'Nf3!'), null, 'Nf3!');
      await menuOf(page, 'Nf3!');
      assertEqual(await page.getAttribute('.move-menu [data-nag="1"]', 'aria-checked'), 'true', '! is checked in the menu');
      await page.click('.move-menu [data-nag="2"]');
      await waitFor(page, () => [...document.querySelectorAll('#moves .movelist > button.move')].some((b) => b.textContent === 'Nf3?'), null, 'Nf3? replaces Nf3!');
      // The glyph of Nc6 taken off.
      await menuOf(page, 'Nc6!?');
      await page.click('.move-menu [data-nag="5"]');
      await waitFor(page, () => [...document.querySelectorAll('#moves .movelist > button.move')].some((b) => b.textContent === 'Nc6'), null, 'Nc6 without its glyph');
      const expected = [
        '#1', 'e4', 'e5', '[the classical answer (1… c5 2. Nf3)]',
        '#2', 'Nf3?', '…', '[good]',
        '#2', '…', 'Nc6',
        '#3', 'Bb5',
      ];
      assertEqual(await shape(page), expected, 'the edited list');
      // The export.
      const pgn = movetext(await downloaded(page));
      assert(pgn.startsWith('1. e4 e5 {the classical answer} (1... c5 2. Nf3) 2. Nf3? {good} 2... Nc6 3. Bb5'), `the edits in the PGN: ${pgn}`);
      // Read back from the exported text.
      await loadText(page, { rules: 'chess', start: 'pdn', text: pgn });
      assertEqual(await shape(page), expected, 'the list from the exported PGN');
      // Kept in this tab's storage across a reload.
      await page.reload();
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 7, null, 'the moves after the reload');
      assertEqual(await shape(page), expected, 'the list after a reload');
      // And in a shared analysis.
      await page.click('#share');
      await page.waitForSelector('#share-box:not([hidden])');
      const link = await page.inputValue('#share-link');
      const other = await newPage();
      await other.goto(link);
      await waitFor(other, () => document.querySelectorAll('#moves button.move').length === 7, null, 'the shared moves');
      assertEqual(await shape(other), expected, 'the list of the shared analysis');
    },
  },
  {
    name: 'the menu from the keyboard: the ⋯ button and the menu key open it, arrows walk it without moving the board, Escape closes it',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS });
      const fen = await fenOf(page);
      await page.focus('#move-menu');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.move-menu:not([hidden])');
      assertEqual(await page.getAttribute('.move-menu', 'aria-label'), '3. Bb5', 'the menu of the current move');
      assertEqual(await page.evaluate(() => document.activeElement.textContent), 'Add a comment', 'the focus on the first item');
      // Down to the second glyph (?), chosen with Enter.
      for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowDown');
      assertEqual(await page.evaluate(() => document.activeElement.dataset.nag), '2', 'the focus on ?');
      await page.keyboard.press('Enter');
      await waitFor(page, () => document.querySelector('#moves button.move[aria-current]')?.textContent === 'Bb5?', null, 'Bb5?');
      assertEqual(await fenOf(page), fen, 'the arrows in the menu did not move the board');
      assertEqual(await page.evaluate(() => document.activeElement.id || document.activeElement.dataset.node), '7', 'the focus back on the move');
      // The menu key on a focused move.
      await move(page, 'e4').focus();
      await page.keyboard.press('Shift+F10');
      await page.waitForSelector('.move-menu:not([hidden])');
      assertEqual(await page.getAttribute('.move-menu', 'aria-label'), '1. e4', 'the menu of the focused move');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Escape');
      await waitFor(page, () => document.querySelector('.move-menu').hidden, null, 'Escape closes the menu');
      assertEqual(await fenOf(page), fen, 'the board did not move');
      assertEqual(await page.evaluate(() => document.activeElement.dataset.node), '1', 'the focus back on 1. e4');
    },
  },
  {
    name: 'promote a side line one level up, then to the main line: the list and the export follow',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: '1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 *' });
      assertEqual(await shape(page), ['#1', 'e4', 'e5', '[(1… c5 2. Nf3 (2. Nc3 Nc6) 2… d6)]', '#2', 'Nf3'], 'before');
      await menuOf(page, 'Nc6');
      assert(await page.isVisible('.move-menu .promote'), 'a side line of a side line can go one level up');
      await page.click('.move-menu .promote');
      await waitFor(page, () => document.querySelector('#moves .interrupt').textContent.startsWith('1…c52.Nc3'), null, 'the promoted line');
      assertEqual(await shape(page), ['#1', 'e4', 'e5', '[(1… c5 2. Nc3 (2. Nf3 d6) 2… Nc6)]', '#2', 'Nf3'], 'one level up: the main line did not change');
      await menuOf(page, 'Nc6');
      assert(!(await page.isVisible('.move-menu .promote')), 'one level up is the main line now: only "Make it the main line"');
      await page.click('.move-menu .make-main');
      await waitFor(page, () => document.querySelectorAll('#moves .movelist > button.move').length === 4, null, 'the new main line');
      assertEqual(await shape(page), ['#1', 'e4', 'c5', '[(1… e5 2. Nf3)]', '#2', 'Nc3', '…', '[(2. Nf3 d6)]', '#2', '…', 'Nc6'], 'the side line is the main line');
      await menuOf(page, 'Nc6');
      assert(!(await page.isVisible('.move-menu .make-main')), 'no promotion offered on the main line');
      await page.keyboard.press('Escape');
      const pgn = movetext(await downloaded(page));
      assert(pgn.startsWith('1. e4 c5 (1... e5 2. Nf3) 2. Nc3 (2. Nf3 d6) 2... Nc6'), `the new main line in the PGN: ${pgn}`);
      // From the side line of a side line straight to the main line: both branches go up.
      await loadText(page, { rules: 'chess', start: 'pdn', text: '1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 *' });
      await menuOf(page, 'Nc6');
      await page.click('.move-menu .make-main');
      await waitFor(page, () => document.querySelectorAll('#moves .movelist > button.move').length === 4, null, 'the new main line');
      assertEqual(await shape(page), ['#1', 'e4', 'c5', '[(1… e5 2. Nf3)]', '#2', 'Nc3', '…', '[(2. Nf3 d6)]', '#2', '…', 'Nc6'], 'at once the main line');
      // A move played from the end of the new main line continues it.
      await page.click('#nav-start');
      await page.click('#nav-end');
      await page.fill('#move-input', 'g3');
      await page.press('#move-input', 'Enter');
      await waitFor(page, () => document.querySelectorAll('#moves .movelist > button.move').length === 5, null, 'g3 on the main line');
      await shot(page, 'promoted');
    },
  },
  {
    name: 'delete from here through the menu: the move and what follows go, the board goes back only when it was there',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS });
      // In the side line: the main line and the board stay.
      const end = await fenOf(page);
      await menuOf(page, 'Nf3', 0);
      await page.click('.move-menu .delete');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 6, null, 'the side line\'s Nf3 deleted');
      assertEqual(await shape(page), ['#1', 'e4', 'e5', '[(1… c5)]', '#2', 'Nf3', '…', '[good]', '#2', '…', 'Nc6!?', '#3', 'Bb5'], 'after deleting 2. Nf3 of the side line');
      assertEqual(await fenOf(page), end, 'the board stays at the end of the main line');
      // On the main line, with the board after it: the board goes back to the move before.
      await menuOf(page, 'Nf3');
      await page.click('.move-menu .delete');
      const back = await fenChange(page, end);
      assert(back.startsWith('rnbqkbnr/pppp1ppp/8/4p3/4P3/'), `the board after 1... e5: ${back}`);
      assertEqual(await shape(page), ['#1', 'e4', 'e5', '[(1… c5)]'], 'the main line ends at 1... e5');
      assertEqual(await page.textContent('#moves button.move[aria-current="true"]'), 'e5', '1... e5 is current');
      const pgn = movetext(await downloaded(page));
      assert(pgn.startsWith('1. e4 e5 (1... c5) *'), `the export: ${pgn}`);
    },
  },
  {
    name: 'on a phone a long press on a move opens its menu without moving the board; the list and menu in four languages, light and dark',
    async run({ baseUrl, newPage, shot }) {
      for (const lang of ['en', 'fr', 'es', 'pt']) {
        const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, locale: lang });
        if (lang === 'fr' || lang === 'pt') await page.emulateMedia({ colorScheme: 'dark' });
        await openAnalysis(page, baseUrl, `?lang=${lang}`);
        await loadText(page, { rules: 'chess', start: 'pdn', text: CHESS });
        await page.evaluate(() => window.scrollTo(0, 0));
        const fen = await fenOf(page);
        const box = await move(page, 'e4').boundingBox();
        const cdp = await page.context().newCDPSession(page);
        const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await page.waitForTimeout(800);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await page.waitForSelector('.move-menu:not([hidden])');
        assertEqual(await page.getAttribute('.move-menu', 'aria-label'), '1. e4', `${lang}: the menu of 1. e4`);
        await page.waitForTimeout(200);
        assertEqual(await fenOf(page), fen, `${lang}: the long press did not move the board`);
        const menu = await page.locator('.move-menu').boundingBox();
        assert(menu.x >= 0 && menu.x + menu.width <= 390, `${lang}: the menu fits the screen (${JSON.stringify(menu)})`);
        await shot(page, `phone-menu-${lang}`);
        await page.click('.move-menu [role="menuitem"] >> nth=0');
        await page.waitForSelector('.move-menu textarea');
        await shot(page, `phone-comment-${lang}`);
        await page.keyboard.press('Escape');
        // The laptop in the other theme.
        const laptop = await newPage({ viewport: { width: 1280, height: 800 }, locale: lang });
        if (!(lang === 'fr' || lang === 'pt')) await laptop.emulateMedia({ colorScheme: 'dark' });
        await openAnalysis(laptop, baseUrl, `?lang=${lang}`);
        await loadText(laptop, { rules: 'chess', start: 'pdn', text: '1. e4 e5 (1... c5 2. Nf3 (2. Nc3 {closed} Nc6) 2... d6) 2. Nf3 {good} Nc6!? 3. Bb5 $14 a6 *' });
        // Nc6 is written in the page's language (Cc6 in French): found by its move id.
        await laptop.click('#moves .variation button.move[data-move="b8c6"]', { button: 'right' });
        await laptop.waitForSelector('.move-menu:not([hidden]) [role="menuitem"]');
        await laptop.evaluate(() => window.scrollTo(0, 0));
        await shot(laptop, `laptop-menu-${lang}`);
      }
    },
  },
];
