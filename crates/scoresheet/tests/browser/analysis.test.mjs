// Issue 5: the analysis board in a real browser against the real server.

import {
  assert, assertEqual, waitFor, openAnalysis, loadText, fenOf, piecesOf, clickSquare, fenChange, moveTexts,
} from './helpers.mjs';

const RUSSIAN_GAME = `[Event "Russian test"]
[White "A"]
[Black "B"]
[GameType "25"]
[Result "*"]

1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. g3-h4 {a quiet move} (3. b2-c3 h6-g5) 3... h6-g5 *`;

export default [
  {
    name: 'a FEN under American rules shows its six pieces and the same FEN under the board',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'W:W26,28,31:B17,19,20' });
      assertEqual(await piecesOf(page), {
        17: 'black man', 19: 'black man', 20: 'black man', 26: 'white man', 28: 'white man', 31: 'white man',
      }, 'pieces on the board');
      assertEqual(await fenOf(page), 'W:W26,28,31:B17,19,20', 'FEN under the board');
      assert((await page.textContent('#status')).includes('White'), 'White to move is said');
      await shot(page, 'fen-american');
    },
  },
  {
    name: 'a PDN with GameType 25 switches the rules to Russian and writes captures with a colon',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'pdn', text: RUSSIAN_GAME });
      assertEqual(await page.inputValue('#rules'), 'russian', 'rules selector');
      const moves = await moveTexts(page);
      assert(moves.includes('d4:f6'), `a capture written d4:f6 in ${moves}`);
      assert(moves.includes('g7:e5'), `g7:e5 in ${moves}`);
      assert(moves.includes('b2-c3'), `the side line is shown: ${moves}`);
      assert(await page.isVisible('#moves .variation'), 'the side line is indented in its own block');
      assert((await page.textContent('#moves')).includes('a quiet move'), 'the comment is shown');
      assert((await page.textContent('#notices')).includes('Russian'), 'the page says the GameType chose the rules');
      // The final position of the main line is on the board.
      const last = await page.getAttribute('#moves button.move[aria-current="true"]', 'data-move');
      assertEqual(last, '12-16', 'the current move is the last of the main line (h6-g5 is 12-16)');
      await shot(page, 'russian-pdn');
    },
  },
  {
    name: 'clicking a capture on the board updates the FEN; a multi-capture needs only its end square',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'B:W23,28,31:B17,19,20' });
      // A wrong click is explained.
      await clickSquare(page, '17');
      assert((await page.textContent('.board-message')).length > 0, 'the board explains why 17 cannot move');
      await clickSquare(page, '19');
      assert(await page.isVisible('#board rect.sq.selected[data-sq="19"]'), '19 is selected');
      assert(await page.isVisible('#board rect.sq.dest[data-sq="26"]'), '26 is marked as a destination');
      const before = await fenOf(page);
      await clickSquare(page, '26');
      const after = await fenChange(page, before);
      assertEqual(after, 'W:W28,31:B17,20,26', 'FEN after 19x26');
      // White's double capture 31x22x13: the end square names it.
      await clickSquare(page, '31');
      await clickSquare(page, '13');
      const end = await fenChange(page, after);
      assertEqual(end, 'B:W13,28:B20', 'FEN after 31x22x13');
      assertEqual(await moveTexts(page), ['19x26', '31x22x13'], 'the move list in American notation');
      assert(await page.isVisible('#board rect.sq.last[data-sq="13"]'), 'the last move is marked');
      await shot(page, 'clicked-captures');
    },
  },
  {
    name: 'the arrow keys, Home and End walk through the moves; playing from an earlier move starts a side line',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'russian', start: 'pdn', text: '[GameType "25"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *' });
      const end = await fenOf(page);
      await page.click('#status'); // out of the text box, so that the keys go to the board
      await page.keyboard.press('Home');
      const start = await fenChange(page, end);
      assert(start.startsWith('W:W21,22,23,24'), `the start position after Home: ${start}`);
      await page.keyboard.press('ArrowRight');
      const first = await fenChange(page, start);
      assert(first.startsWith('B:'), `Black to move after the first move: ${first}`);
      await page.keyboard.press('ArrowRight');
      const second = await fenChange(page, first);
      await page.keyboard.press('ArrowLeft');
      assertEqual(await fenChange(page, second), first, 'back to after the first move');
      await page.keyboard.press('End');
      assertEqual(await fenChange(page, first), end, 'End goes to the last move');
      // From after the first move, play another black move: a side line.
      await page.keyboard.press('Home');
      await fenChange(page, end);
      await page.keyboard.press('ArrowRight');
      await fenChange(page, start);
      await page.fill('#move-input', 'b6-a5');
      await page.press('#move-input', 'Enter');
      await waitFor(page, () => document.querySelectorAll('#moves .variation button.move').length === 1, null, 'a side line');
      assertEqual(await moveTexts(page, '#moves .variation'), ['b6-a5'], 'the side line');
      await shot(page, 'side-line');
    },
  },
  {
    name: 'the interface switches to Portuguese and keeps the board',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'W:W26,28,31:B17,19,20' });
      assertEqual((await page.textContent('#load')).trim(), 'Load position', 'English label');
      await page.click('.languages a[hreflang="pt"]');
      await page.waitForLoadState('load');
      await waitFor(page, () => document.getElementById('fen-out').value === 'W:W26,28,31:B17,19,20', null, 'the same position after the switch');
      assertEqual(await page.getAttribute('html', 'lang'), 'pt', 'page language');
      assertEqual((await page.textContent('#load')).trim(), 'Carregar posição', 'Portuguese label');
      assertEqual((await page.textContent('h1')).trim(), 'Tabuleiro de análise', 'Portuguese title');
      assert((await page.textContent('#status')).toLowerCase().includes('brancas'), 'the side to move in Portuguese');
      // Remembered: a new visit without ?lang is still in Portuguese.
      await page.goto(`${baseUrl}/practice`);
      assertEqual(await page.getAttribute('html', 'lang'), 'pt', 'the language is remembered');
      await shot(page, 'portuguese');
    },
  },
  {
    name: 'tags and comments with HTML are shown as text and run nothing',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      const hostile = `[Event "<script>window.__xss = 1</script>"]
[White "<img src=x onerror=window.__xss=2>"]
[Black "\\"><svg onload=window.__xss=3>"]
[GameType "21"]

{<img src=x onerror="window.__xss=4">} 1. 11-15 {<script>window.__xss=5</script>} 23-19 *`;
      await loadText(page, { start: 'pdn', text: hostile });
      await page.waitForTimeout(300);
      assertEqual(await page.evaluate(() => window.__xss), undefined, 'no payload ran');
      const info = await page.textContent('#game-info');
      assert(info.includes('<script>window.__xss = 1</script>'), `the Event tag is literal text: ${info}`);
      assert(info.includes('<img src=x onerror=window.__xss=2>'), 'the White tag is literal text');
      const moves = await page.textContent('#moves');
      assert(moves.includes('<script>window.__xss=5</script>'), 'the comment is literal text');
      assert(moves.includes('<img src=x onerror="window.__xss=4">'), 'the first comment is literal text');
      assertEqual(await page.$$eval('#game-info img, #moves img, #game-info script, #moves script, #moves svg', (n) => n.length), 0, 'no element was made from the text');
      // A reload restores the board from this tab's storage: still nothing runs.
      await page.reload();
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 2, null, 'the restored moves');
      assertEqual(await page.evaluate(() => window.__xss), undefined, 'no payload ran after the reload');
      await shot(page, 'xss-literal');
    },
  },
  {
    name: 'an error shows line, column and reason beside the text, and the board does not change',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'W:W26,28,31:B17,19,20' });
      const before = await fenOf(page);
      const response = await loadText(page, { start: 'pdn', text: '[GameType "21"]\n\n1. 11-15 23-19\n2. 9-14 30-31 *' });
      assertEqual(response.status(), 422, 'the server refuses the text');
      assert(await page.isVisible('#load-error'), 'the error is shown');
      const error = await page.textContent('#load-error');
      assert(/Line 4, column \d+/.test(error), `line and column in: ${error}`);
      assert(error.includes('could not be loaded'), 'the translated headline');
      assertEqual(await fenOf(page), before, 'the board keeps its position');
      // A bad FEN too.
      const r2 = await loadText(page, { start: 'fen', text: 'W:W26,28,99:B17' });
      assertEqual(r2.status(), 422, 'bad FEN refused');
      assert(/column \d+/.test(await page.textContent('#load-error')), 'FEN error has a column');
      assertEqual(await fenOf(page), before, 'the board still keeps its position');
      await shot(page, 'load-error');
    },
  },
  {
    name: 'Download PDN gives a file with the moves and the side lines',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'pdn', text: RUSSIAN_GAME });
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const name = download.suggestedFilename();
      assert(/\.pdn$/.test(name), `a .pdn file name: ${name}`);
      assert(name.includes('russian'), `the rules in the file name: ${name}`);
      const path = await download.path();
      const { readFileSync } = await import('node:fs');
      const text = readFileSync(path, 'utf8');
      assert(text.includes('[GameType "25"]'), `GameType in the file:\n${text}`);
      assert(text.includes('d4:f6'), 'the moves in Russian notation');
      assert(text.includes('(') && text.includes('b2-c3'), 'the side line is kept');
      assert(text.includes('a quiet move'), 'the comment is kept');
    },
  },
  {
    name: 'a 12,000-move game with side lines 200 deep loads, downloads and is cut without a script error',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await openAnalysis(page, baseUrl, '?lang=en');
      // Knights to and fro: 12,000 plies of main line, then side lines nested 200 deep.
      const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
      const words = [];
      for (let i = 0; i < 12000; i += 1) {
        if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
        words.push(cycle[i % 4]);
      }
      const alternatives = ['d4', 'c4', 'Nc3', 'b3', 'g3', 'f4', 'b4', 'a3'];
      let nested = '';
      for (let i = 0; i < 200; i += 1) nested += `(1. ${alternatives[i % alternatives.length]} `;
      nested += ')'.repeat(200);
      const text = `1. e4 ${nested} 1... e5 2. Nc3 *\n\n[Event "long"]\n\n${words.join(' ')} *`;
      // The first game: the deep side lines.
      await loadText(page, { rules: 'chess', start: 'pdn', text });
      let [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const { readFileSync } = await import('node:fs');
      let written = readFileSync(await download.path(), 'utf8');
      assert(written.split('(').length - 1 === 200, 'the 200 nested side lines are written back');
      // The long game alone.
      await loadText(page, { rules: 'chess', start: 'pdn', text: `${words.join(' ')} *` });
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 12000, null, '12,000 moves listed');
      [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      written = readFileSync(await download.path(), 'utf8');
      assert(/6000\. Ng1\s+Ng8/.test(written), 'the last move is written');
      // Delete from the second move on: the whole line goes, without recursion.
      await page.click('#moves button.move >> nth=1');
      await page.click('#delete-line');
      await waitFor(page, () => document.querySelectorAll('#moves button.move').length === 1, null, 'one move left');
      assertEqual(errors, [], 'no script error');
    },
  },
  {
    name: 'chess: a PGN loads, and the interface language changes the piece letters',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: '[Event "Ruy Lopez"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *' });
      let moves = await moveTexts(page);
      assert(moves.includes('Nf3') && moves.includes('Bb5'), `English SAN: ${moves}`);
      assertEqual((await page.textContent('#download')).trim(), 'Download PGN', 'chess downloads PGN');
      assert(await page.isVisible('#chess-notation'), 'the chess notation choice is shown');
      await page.click('.languages a[hreflang="fr"]');
      await page.waitForLoadState('load');
      await waitFor(page, () => [...document.querySelectorAll('#moves button.move')].some((b) => b.textContent.trim() === 'Cf3'), null, 'French letters');
      moves = await moveTexts(page);
      assert(moves.includes('Fb5') && moves.includes('Cc6'), `French SAN: ${moves}`);
      // Figurines from the notation choice.
      await page.click('#chess-notation summary');
      await page.check('#notation-figurines');
      await waitFor(page, () => document.getElementById('moves').textContent.includes('♘'), null, 'figurines');
      // A promotion asks which piece.
      await loadText(page, { start: 'fen', text: '8/4P3/8/8/8/8/k7/4K3 w - - 0 1' });
      await clickSquare(page, 'e7');
      await clickSquare(page, 'e8');
      await page.waitForSelector('.promotion button[data-piece="n"]');
      const before = await fenOf(page);
      await page.click('.promotion button[data-piece="n"]');
      const after = await fenChange(page, before);
      assert(after.startsWith('4N3/'), `a knight on e8: ${after}`);
      await shot(page, 'chess-french');
    },
  },
  {
    name: 'dragging a piece plays the move; Flip and Coordinates redraw the board',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'fen', text: 'B:W23,28,31:B17,19,20' });
      const a = await page.locator('#board rect.sq[data-sq="19"]').boundingBox();
      const b = await page.locator('#board rect.sq[data-sq="26"]').boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width, a.y + a.height, { steps: 4 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
      await page.mouse.up();
      assertEqual(await fenChange(page, 'B:W23,28,31:B17,19,20'), 'W:W28,31:B17,20,26', 'the dragged capture');
      const before = await page.locator('#board rect.sq[data-sq="1"]').boundingBox();
      await page.click('.board-tools .flip');
      await waitFor(page, (y) => document.querySelector('#board rect.sq[data-sq="1"]').getBoundingClientRect().y > y + 100, before.y, 'square 1 at the bottom after the flip');
      assert(await page.isVisible('#board text.coord'), 'coordinates are shown');
      await page.click('.board-tools .coords');
      await waitFor(page, () => !document.querySelector('#board text.coord'), null, 'coordinates hidden');
      await page.click('.board-tools .coords');
    },
  },
];
