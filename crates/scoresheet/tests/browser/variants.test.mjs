// Issue 12: every draughts variant beyond the first four, on the site in a real browser. For
// each one a game is started from the new-game form, a few moves and a capture are played by
// clicking, and the FEN under the board is checked; then the analysis board's rules menu
// chooses the variant and the same clicks give the same FEN.
//
// The lines and FENs were worked out by hand on each variant's board (the square numbers of
// the turned 8x8 board of Italian and Spanish run from a8; 12x12 has 72 squares) and agree
// with the server's answers.

import { assert, assertEqual, waitFor, openAnalysis, fenOf, clickSquare, moveTexts } from './helpers.mjs';

const INTERNATIONAL_AFTER = 'B:W17,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20';
const TURNED_AFTER = 'B:W10,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,11,12';

// Each: the variant, its start, moves as [from, to] clicks (the last one a capture), the
// capture's text in the move list, the FEN after it, the square emptied by the capture.
const CASES = [
  // Turned board: 21 is b3, 17 a4, 10 c6, 13 b5; a4xb5 lands on c6.
  { rules: 'italian', first: 'White', moves: [['21', '17'], ['10', '13'], ['17', '10']], text: '17x10', after: TURNED_AFTER, taken: '13' },
  { rules: 'spanish', first: 'White', moves: [['21', '17'], ['10', '13'], ['17', '10']], text: '17x10', after: TURNED_AFTER, taken: '13' },
  // Black first; a5 (13) takes b4 (17) and lands on c3 (22).
  { rules: 'pool', first: 'Black', moves: [['9', '13'], ['22', '17'], ['13', '22']], text: '13x22',
    after: 'W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,22', taken: '17' },
  // a1-h8 names: b4 (17) takes c5 (14) to d6 (10).
  { rules: 'czech', first: 'White', moves: [['21', '17'], ['10', '14'], ['17', '10']], text: 'b4xd6',
    after: 'B:W10,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,11,12', taken: '14' },
  // Two rows each, Black first; b6 (9) takes c5 (14) to d4 (18).
  { rules: 'thai', first: 'Black', moves: [['5', '9'], ['25', '21'], ['1', '5'], ['21', '17'], ['6', '10'], ['17', '14'], ['9', '18']],
    text: '9x18', after: 'W:W26,27,28,29,30,31,32:B2,3,4,5,7,8,10,18', taken: '14' },
  { rules: 'frisian', first: 'White', moves: [['31', '26'], ['17', '21'], ['26', '17']], text: '26x17', after: INTERNATIONAL_AFTER, taken: '21' },
  // Five men each on the back rows.
  { rules: 'frysk', first: 'White', moves: [['46', '41'], ['5', '10'], ['41', '37'], ['10', '14'], ['37', '32'], ['14', '19'], ['32', '28'], ['19', '23'], ['28', '19']],
    text: '28x19', after: 'B:W19,47,48,49,50:B1,2,3,4', taken: '23' },
  { rules: 'antidraughts', first: 'White', moves: [['31', '26'], ['17', '21'], ['26', '17']], text: '26x17', after: INTERNATIONAL_AFTER, taken: '21' },
  { rules: 'breakthrough', first: 'White', moves: [['31', '26'], ['17', '21'], ['26', '17']], text: '26x17', after: INTERNATIONAL_AFTER, taken: '21' },
  { rules: 'killer', first: 'White', moves: [['31', '26'], ['17', '21'], ['26', '17']], text: '26x17', after: INTERNATIONAL_AFTER, taken: '21' },
  // 12x12, 30 men each: 43 (a5) - 37 (b6), 26 (d8) - 32 (c7), then b6 takes c7 and lands on d8.
  { rules: 'canadian', first: 'White', moves: [['43', '37'], ['26', '32'], ['37', '26']], text: '37x26',
    after: 'B:W26,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,27,28,29,30', taken: '32' },
];

/** Plays `moves` by clicking on the board in `root`, waiting for each to reach the FEN. */
async function playClicks(page, moves, fenInput) {
  for (const [i, [from, to]] of moves.entries()) {
    const before = await page.inputValue(fenInput);
    try {
      await waitFor(page, (sq) => document.querySelector(`#board g.piece.movable[data-sq="${sq}"]`), from, `${from} can move`);
      await clickSquare(page, from);
      await clickSquare(page, to);
      await waitFor(page, ([id, b]) => document.getElementById(id).value !== b, [fenInput.slice(1), before], `the move ${from}-${to} played`);
    } catch (e) {
      // Say what the page showed, so that a failure seen once can be understood.
      const shown = await page.evaluate(() => ({
        status: document.getElementById('status') && document.getElementById('status').textContent,
        message: [...document.querySelectorAll('.notice:not([hidden]), .board-message')].map((n) => n.textContent).join(' | '),
        board: document.getElementById('board').dataset.fen,
        selected: [...document.querySelectorAll('#board .selected')].map((n) => n.getAttribute('data-sq')),
        movable: [...document.querySelectorAll('#board g.piece.movable')].map((n) => n.getAttribute('data-sq')),
      }));
      throw new Error(`move ${i + 1} (${from}-${to}): ${e.message}; FEN under the board ${before}; the page showed ${JSON.stringify(shown)}`);
    }
  }
}

export default CASES.map((c) => ({
  name: `${c.rules}: a new game and the analysis board play a capture, the FEN under the board follows`,
  async run({ baseUrl, newPage, shot }) {
    const page = await newPage();
    await page.goto(`${baseUrl}/new?lang=en`);
    await page.check(`input[name="rules"][value="${c.rules}"]`);
    await page.check('input[name="mode"][value="device"]');
    await Promise.all([page.waitForURL(/\/game\/[0-9a-f]+$/), page.click('#create')]);
    await page.waitForSelector('#board svg g.piece');
    assert((await page.textContent('#status')).includes(c.first), `${c.first} moves first`);
    await playClicks(page, c.moves, '#fen-out');
    await waitFor(page, (n) => document.querySelectorAll('#moves button.move').length === n, c.moves.length, 'every move in the list');
    assertEqual(await fenOf(page), c.after, 'the FEN under the game board after the capture');
    assertEqual(await page.getAttribute('#board', 'data-fen'), c.after, 'the board shows that position');
    assert(!(await page.$(`#board g.piece[data-sq="${c.taken}"]`)), `the man on ${c.taken} was taken`);
    const texts = await moveTexts(page);
    assertEqual(texts[texts.length - 1], c.text, 'the capture in the variant\'s notation');
    await shot(page, `variant-${c.rules}-game`);
    const info = await (await page.request.get(`${baseUrl}/api/games/${page.url().split('/').pop()}`)).json();
    assertEqual(info.rules, c.rules, 'the game is stored under its rules');

    await openAnalysis(page, baseUrl, '?lang=en');
    // Choosing other rules from the menu sets up their start at once.
    await page.selectOption('#rules', c.rules);
    await waitFor(page, (r) => document.querySelector(`#board svg.rules-${r} g.piece.movable`), c.rules, `the ${c.rules} board`);
    await playClicks(page, c.moves, '#fen-out');
    assertEqual(await fenOf(page), c.after, 'the FEN under the analysis board after the capture');
    const analysed = await moveTexts(page);
    assertEqual(analysed[analysed.length - 1], c.text, 'the capture on the analysis board');
  },
}));
