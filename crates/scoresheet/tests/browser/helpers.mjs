// Shared steps of the browser tests.

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function assertEqual(actual, expected, message) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${message}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** Waits until `fn` (run in the page) returns a truthy value. */
export async function waitFor(page, fn, arg, message) {
  try {
    return await page.waitForFunction(fn, arg, { timeout: 10000 });
  } catch (e) {
    throw new Error(`timed out waiting: ${message || fn}`);
  }
}

/** Opens the analysis board and waits for its first position. */
export async function openAnalysis(page, baseUrl, query = '') {
  await page.goto(`${baseUrl}/analysis${query}`);
  await page.waitForSelector('#board svg g.piece, #board svg rect.sq');
  await waitFor(page, () => document.getElementById('fen-out').value.length > 0, null, 'a FEN under the board');
}

/** Chooses rules and start, pastes text, presses Load position, waits for the answer. */
export async function loadText(page, { rules, start, text }) {
  // The paste form may be folded (on a phone it is at first).
  await page.evaluate(() => {
    const paste = document.getElementById('paste');
    if (paste) paste.open = true;
  });
  if (rules) await page.selectOption('#rules', rules);
  await page.selectOption('#start', start);
  await page.fill('#text', text);
  // The answer to this Load (a change of rules may load the initial position meanwhile).
  const answer = page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/load')) return false;
    try {
      const body = r.request().postDataJSON();
      return body.start === start && (start === 'initial' || body.text === text);
    } catch {
      return false;
    }
  });
  await page.click('#load');
  const r = await answer;
  // Let the page draw what came back.
  await page.waitForTimeout(150);
  await waitFor(page, () => !document.querySelector('#load-form.busy'), null, 'the load to finish');
  return r;
}

/** The FEN under the board. */
export function fenOf(page) {
  return page.inputValue('#fen-out');
}

/** The pieces on the board as { square: "white man" }. */
export function piecesOf(page) {
  return page.evaluate(() => {
    const out = {};
    for (const g of document.querySelectorAll('#board svg g.piece')) {
      const c = g.classList;
      const color = c.contains('white') ? 'white' : 'black';
      const kind = c.contains('king') ? 'king' : c.contains('man') ? 'man' : g.getAttribute('data-piece');
      out[g.getAttribute('data-sq')] = `${color} ${kind}`;
    }
    return out;
  });
}

/** Clicks the centre of a square of the board in `root` (default #board). */
export async function clickSquare(page, sq, root = '#board') {
  const rect = page.locator(`${root} svg rect.sq[data-sq="${sq}"]`);
  await rect.click({ force: true });
}

/** Plays a move by clicks, as a player who waits to see the piece can move: the board takes
 * clicks only once it shows the position it holds (a click on the diagram before is not a
 * move), so the first click waits for `from` to be marked movable. */
export async function clickMove(page, from, to, root = '#board') {
  await waitFor(page, ([r, s]) => document.querySelector(`${r} g.piece.movable[data-sq="${s}"]`),
    [root, from], `${from} to be movable`);
  await clickSquare(page, from, root);
  await clickSquare(page, to, root);
}

/** Waits until the FEN under the board changes from `before`. */
export async function fenChange(page, before) {
  await waitFor(page, (b) => document.getElementById('fen-out').value !== b, before, `the FEN to change from ${before}`);
  return fenOf(page);
}

/** The texts of the move buttons of the move list. */
export function moveTexts(page, root = '#moves') {
  return page.$$eval(`${root} button.move`, (bs) => bs.map((b) => b.textContent.trim()));
}

/** Waits until the board in `root` shows `fen` and can be played. */
export async function waitBoard(page, fen, root = '#board') {
  await waitFor(page, ([r, f]) => {
    const b = document.querySelector(r);
    return b && b.dataset.fen === f && b.querySelector('g.piece.movable');
  }, [root, fen], `the board to show ${fen}`);
}
