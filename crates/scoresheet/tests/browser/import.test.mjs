// Issue 27: the analysis board imports as the command line reads. A pasted or dropped text is
// read under the rules its tags or moves show (the page says how, and the rules menu follows);
// a file opens from a button or a drop; a collection lists its games to choose one; the paste
// box takes text at any time.

import { assert, assertEqual, waitFor, openAnalysis, moveTexts } from './helpers.mjs';

const LICHESS = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcd1234"]
[White "alice"]
[Black "bob"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
`;

const COLLECTION = `${LICHESS}
[Event "Club"]
[White "Carla"]
[Black "Dan"]
[Date "2024.05.01"]
[Result "0-1"]
[GameType "21"]

1. 11-15 23-19 2. 8-11 22-17 0-1

[Event "Lidraughts"]
[White "Ivan"]
[Black "Olga"]
[Variant "Russian"]

1. c3-d4 f6-e5 *
`;

/** Waits until a load (from the form, a file or the list) has put `count` moves on the board. */
async function waitLoaded(page, count, what) {
  await waitFor(page, (n) => !document.querySelector('#load-form.busy')
    && document.querySelectorAll('#moves button.move').length === n, count, what);
}

/** The games the list shows, as "number players". */
function listed(page) {
  return page.$$eval('#game-list button.listed-game', (bs) => bs.map((b) => `${b.dataset.game} ${b.querySelector('.players').textContent}`));
}

/** Drops a file of `text` named `name` on the board, as a person drags it there. */
async function dropFile(page, name, text) {
  await page.evaluate(([n, t]) => {
    const data = new DataTransfer();
    data.items.add(new File([t], n, { type: 'text/plain' }));
    const board = document.getElementById('board');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      board.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, [name, text]);
}

export default [
  {
    name: 'a lichess PGN pasted with American checkers chosen is read as chess, from the moves, and the rules menu follows',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      assertEqual(await page.inputValue('#rules'), 'american', 'American is chosen at first');
      assertEqual(await page.inputValue('#start'), 'initial', 'the form starts from the initial position');
      // The box takes the text as it is: "Start from" follows what was pasted.
      assert(await page.isEditable('#text'), 'the paste box can be typed in before "Start from" is changed');
      await page.fill('#text', LICHESS);
      assertEqual(await page.inputValue('#start'), 'pdn', '"Start from" follows a pasted game');
      await page.click('#load');
      await waitLoaded(page, 6, 'the lichess game on the board');
      assertEqual(await page.inputValue('#rules'), 'chess', 'the rules menu follows the game read');
      assertEqual(await moveTexts(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6'], 'the moves');
      assertEqual((await page.textContent('#notices .read-as')).trim(), 'Read as: Chess, from the moves.', 'how the rules were decided');
      assert(await page.isHidden('#game-list'), 'one game: no list');
      assert(!(await page.isVisible('#load-error')), 'no error');
      await shot(page, 'lichess-as-chess');
      // A FEN pasted while the form starts from the initial position.
      await page.selectOption('#start', 'initial');
      await page.fill('#text', 'W:W26,28,31:B17,19,20');
      assertEqual(await page.inputValue('#start'), 'fen', '"Start from" follows a pasted FEN');
    },
  },
  {
    name: 'a text without a tag or a move is read under the rules chosen, and says so',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await page.selectOption('#rules', 'international');
      await page.fill('#text', '[Event "Nothing yet"]\n*');
      await page.click('#load');
      await waitFor(page, () => document.querySelector('#notices .read-as'), null, 'the notice of the rules');
      assertEqual(await page.inputValue('#rules'), 'international', 'the rules chosen stay');
      assert((await page.textContent('#notices .read-as')).includes('as chosen here'), 'the page says the choice decided');
    },
  },
  {
    name: 'a collection dropped on the board lists its games; a click puts another on the board under its rules',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await dropFile(page, 'three.pgn', COLLECTION);
      await waitLoaded(page, 6, 'the first game of the file on the board');
      await page.waitForSelector('#game-list:not([hidden])');
      assertEqual(await listed(page), ['1 alice – bob', '2 Carla – Dan', '3 Ivan – Olga'], 'the games listed');
      assert((await page.textContent('#game-list h2')).includes('3 games'), 'the list says how many');
      assert((await page.textContent('#game-list [data-game="2"]')).includes('Club · 2024.05.01 · 0-1'), 'the event, date and result');
      assertEqual(await page.getAttribute('#game-list [data-game="1"]', 'aria-current'), 'true', 'the game on the board is marked');
      assertEqual(await page.inputValue('#rules'), 'chess', 'the first game is chess');
      assertEqual(await page.inputValue('#text'), COLLECTION, 'the file is in the box');
      await page.click('#game-list [data-game="3"]');
      await waitLoaded(page, 2, 'the third game on the board');
      assertEqual(await page.inputValue('#rules'), 'russian', 'a Variant tag chose Russian');
      assertEqual(await moveTexts(page), ['c3-d4', 'f6-e5'], 'the third game\'s moves');
      assert((await page.textContent('#notices .read-as')).includes('from the Variant tag'), 'the tag decided');
      assertEqual(await page.getAttribute('#game-list [data-game="3"]', 'aria-current'), 'true', 'the third game is marked');
      assertEqual(await page.getAttribute('#game-list [data-game="1"]', 'aria-current'), null, 'the first no longer');
      await page.click('#game-list [data-game="2"]');
      await waitLoaded(page, 4, 'the second game on the board');
      assertEqual(await page.inputValue('#rules'), 'american', 'a GameType tag chose American checkers');
      await shot(page, 'collection');
    },
  },
  {
    name: 'a file chosen with the button opens its one game; a file over 1 MB is refused by name',
    async run({ baseUrl, newPage }) {
      const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await openAnalysis(page, baseUrl, '?lang=en');
      // On a phone the paste form is folded: the button is inside it.
      await page.click('#paste > summary');
      const pdn = '[White "Ann"]\n[Black "Bo"]\n1. 32-28 18-23 2. 37-32 12-18 *\n';
      await page.setInputFiles('#file', { name: 'one.pdn', mimeType: 'text/plain', buffer: Buffer.from(pdn) });
      await waitLoaded(page, 4, 'the file\'s game on the board');
      assertEqual(await page.inputValue('#rules'), 'international', 'squares over 32: International, from the moves');
      assert(await page.isHidden('#game-list'), 'one game: no list');
      const big = Buffer.alloc(1024 * 1024 + 1, ' ');
      await page.setInputFiles('#file', { name: 'huge.pgn', mimeType: 'text/plain', buffer: big });
      await page.waitForSelector('#load-error:not([hidden])');
      assert((await page.textContent('#load-error')).includes('huge.pgn is larger than 1 MB'), 'the file is named');
    },
  },
  {
    name: 'a Latin-1 file keeps its accents',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      const latin1 = Buffer.from('[White "Jos\xe9"]\n[Black "Fran\xe7ois"]\n[GameType "20"]\n1. 32-28 *\n', 'latin1');
      await page.setInputFiles('#file', { name: 'old.pdn', mimeType: 'text/plain', buffer: latin1 });
      await waitLoaded(page, 1, 'the game on the board');
      const info = await page.textContent('#game-info');
      assert(info.includes('José') && info.includes('François'), `the names with their accents: ${info}`);
    },
  },
  {
    name: 'a game that reads under no rules is refused where it stops, without a stray ".:"',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await page.fill('#text', '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bx9 a6 *');
      await page.click('#load');
      await page.waitForSelector('#load-error:not([hidden])');
      const where = await page.textContent('#load-error .where');
      assert(where.includes('Line 3') && where.includes('move 3'), `the place of the chess reading's fault: ${where}`);
      assert(!where.includes('.:'), `no stray ".:" in "${where}"`);
    },
  },
];
