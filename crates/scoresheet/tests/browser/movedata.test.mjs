// Issue 27: clocks and evaluations in the moves' comments ([%clk], [%eval], lidraughts'
// [%clock]) show as such in the analysis board's move list, beside each move, not as one
// comment per move; the words of a comment beside them still show; the download keeps the
// comments as they came.

import { assert, assertEqual, openAnalysis, loadText, moveTexts } from './helpers.mjs';

const LICHESS = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdEFGH"]
[White "alpha"]
[Black "beta"]
[Result "0-1"]
[TimeControl "180+2"]

1. e4 { [%eval 0.18] [%clk 0:03:00] } 1... e5 { [%eval 0.21] [%clk 0:03:00] } 2. Nf3 { [%eval 0.17] [%clk 0:02:58] } 2... Nc6 { [%eval 0.2] [%clk 0:02:59] } 3. Bc4 { [%eval 0.14] [%clk 0:02:57] } 3... Nd4?! { Inaccuracy. Nf6 was best. [%eval 0.88] [%clk 0:00:07.4] } 4. Nxe5 { [%eval #-5] [%clk 0:02:51] } 0-1
`;

const LIDRAUGHTS = `[Event "Casual game"]
[Site "https://lidraughts.org/abcdefgh"]
[GameType "20"]
[Result "*"]

1. 32-28 { [%clock w0:10:00 B0:09:58] } 1... 18-23 { [%clock W0:09:57 b0:09:58] } *
`;

/** Each move button's text, evaluation and clock, as the list shows them. */
function shown(page) {
  return page.$$eval('#moves button.move', (bs) => bs.map((b) => [b.childNodes[0].textContent, b.dataset.eval || '', b.dataset.clock || '']));
}

export default [
  {
    name: 'a lichess game shows each move with its evaluation and clock, and only the words of its comments',
    async run({ baseUrl, newPage, shot }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'chess', start: 'pdn', text: LICHESS });
      assertEqual(await moveTexts(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nd4?!', 'Nxe5'], 'the moves');
      assertEqual(await shown(page), [
        ['e4', '+0.2', '3:00'],
        ['e5', '+0.2', '3:00'],
        ['Nf3', '+0.2', '2:58'],
        ['Nc6', '+0.2', '2:59'],
        ['Bc4', '+0.1', '2:57'],
        ['Nd4', '+0.9', '7.4'],
        ['Nxe5', '#-5', '2:51'],
      ], 'evaluations and clocks beside the moves');
      const comments = await page.$$eval('#moves .comment', (cs) => cs.map((c) => c.textContent.trim()));
      assertEqual(comments, ['Inaccuracy. Nf6 was best.'], 'only the words of the comments show');
      // The evaluation and clock are drawn beside the move, not one comment per move: the
      // main line keeps its rows of two moves.
      const rows = await page.$$eval('#moves .mainline > .num', (ns) => ns.length);
      assertEqual(rows, 4, 'four numbered rows for seven moves');
      await shot(page, 'lichess-clocks-evals');
      // The download keeps the comments as they came.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const { readFileSync } = await import('node:fs');
      const text = readFileSync(await download.path(), 'utf8');
      assert(text.includes('[%clk 0:00:07.4]') && text.includes('[%eval #-5]'), `the commands are kept:\n${text}`);
      assert(text.includes('Inaccuracy. Nf6 was best.'), 'the words are kept');
    },
  },
  {
    name: "a lidraughts game's two clocks show as the mover's clock",
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openAnalysis(page, baseUrl, '?lang=en');
      await loadText(page, { rules: 'american', start: 'pdn', text: LIDRAUGHTS });
      assertEqual(await shown(page), [['32-28', '', '10:00'], ['18-23', '', '9:58']], "the mover's clock after each move");
      assertEqual(await page.$$eval('#moves .comment', (cs) => cs.length), 0, 'no comment text');
    },
  },
];
