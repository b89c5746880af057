// A game played on the site: the live board, the players, the moves, resign and draw offers,
// and once it is over the result in words with Download PDN and Analyse. Other people's moves
// (a friend's, the computer's) arrive as server-sent events.
//
// The player's own move shows at once (the board draws it before the server answers) and is
// taken back with a message if the server refuses it; the clocks and the moves follow the
// server's states only. On the other side's turn the player may queue a premove
// (premove.js), sent the moment the other side's move arrives if it is legal then.

import { post, get, copyText } from './api.js';
import { fenMoveNumber } from './board.js';
import { GameBoard } from './gameboard.js';
import { t, tn, el, page, lang, rulesName, sideName } from './i18n.js';
import { resultText, resultWords, reasonWords } from './results.js';
import { Clocks } from './clock.js';
import { renderMoveList } from './movelist.js';
import { lineTree } from './movetree.js';
import { localMove } from './chessletters.js';
import { figurines } from './prefs.js';
import { premovesFor, resolvePremove } from './premove.js';

const $ = (id) => document.getElementById(id);
let info = page.game;
const you = page.you || (info && info.you) || null;
// The number of plies when the move in flight was sent (null when none): a state with more
// plies (its answer, or its live event, whichever comes first) confirms it.
let sentAt = null;
let events = null;
let sawPlay = false; // a move was played while this page was open
let queued = null; // searches before the computer's while its move waits for a core (live event `queue`)
let finishShown = false; // the end of the game has been shown
// The ply shown while stepping through the moves (null: the game as it stands, live).
let viewPly = null;
let reviewTicket = 0; // drops the answers of earlier steps
let premove = null; // the premove queued on the board: { move, clicks }
let premoveTicket = 0; // drops the premove lists of earlier positions

// The clocks count down here between the server's states; when the running one reaches
// zero the server ends the game (and says so on the events): ask it, should that not come.
const clocks = new Clocks($('players'), () => {
  const shown = info;
  setTimeout(() => {
    if (info === shown) refresh();
  }, 700);
});

const board = new GameBoard($('board'), {
  rules: info.rules,
  flipped: you === 'black',
  onMove: (m) => play(m),
  onPremove: (queued) => {
    premove = queued;
    renderStatus();
  },
  toolsHost: $('board-tools'),
});

function mySide() {
  if (you === 'both') return info.turn;
  return you;
}

function myTurn() {
  return info.status === 'ongoing' && !!you && (you === 'both' || you === info.turn);
}

function squaresOf(id) {
  if (!id) return null;
  if (info.rules === 'chess') return { from: id.slice(0, 2), to: id.slice(2, 4), path: [id.slice(2, 4)] };
  const parts = id.split(/[-x]/);
  return { from: parts[0], to: parts[parts.length - 1], path: parts.slice(1) };
}

function startSide() {
  const f = String(info.start_fen || '').trim();
  if (info.rules === 'chess') return f.split(/\s+/)[1] === 'b' ? 'black' : 'white';
  return /^b/i.test(f) ? 'black' : 'white';
}

function say(text, kind) {
  const box = $('game-message');
  box.textContent = text || '';
  box.className = `notice ${kind || ''}`;
  box.hidden = !text;
}

const LEVELS = { beginner: 'level.beginner', intermediate: 'level.intermediate', strong: 'level.strong' };

/** The name shown for a side: the computer, the name given, or null when there is none. */
function playerName(side) {
  if (info.mode === 'computer' && info.computer === side) {
    return t('game.computer', { level: LEVELS[info.level] ? t(LEVELS[info.level]).toLowerCase() : info.level || '' });
  }
  const name = side === 'white' ? info.white : info.black;
  if (name) return name;
  if (info.status === 'waiting') return t(info.listed ? 'game.waiting-for-opponent' : 'game.waiting-for-friend');
  return null;
}

function renderPlayers() {
  const box = $('players');
  box.replaceChildren();
  const order = board.flipped ? ['white', 'black'] : ['black', 'white'];
  for (const side of order) {
    const mine = you === side || you === 'both';
    const toMove = info.status === 'ongoing' && info.turn === side;
    box.append(el('div', { class: `player ${side}${toMove ? ' to-move' : ''}` },
      el('span', { class: 'dot', 'aria-hidden': 'true' }),
      el('span', { class: 'side', text: sideName(side) }),
      playerName(side) ? el('span', { class: 'name', text: `· ${playerName(side)}` }) : null,
      mine && you !== 'both' ? el('span', { class: 'you', text: t('game.you') }) : null,
      el('span', { class: 'clock', 'data-side': side, role: 'timer', 'aria-label': t('game.clock', { side: sideName(side) }), hidden: true })));
  }
  clocks.set(info.clock);
}

// The computer analysis of the finished game (computer-analysis.js): loaded when asked for,
// or when the page opens on a game whose analysis was asked for already.
let computer = null;
let computerLoad = null;
let computerLooked = false;
function loadComputer() {
  computerLoad ||= import('./computer-analysis.js').then(({ attachComputerAnalysis }) => {
    computer = attachComputerAnalysis($('computer-analysis'), {
      // The server analyses 600 plies at most: a longer game is analysed up to there.
      body: () => ({ rules: info.rules, fen: info.start_fen, moves: info.moves.slice(0, 600).map((m) => m.move) }),
      numbering: () => ({ rules: info.rules, startSide: startSide(), startNumber: fenMoveNumber(info.rules, info.start_fen) }),
      style: () => ({ lang, figurines: figurines() }),
      moveText: (ply) => shownMoves()[ply - 1].text,
      onShow: () => renderMoves(),
      onPly: (ply) => review(ply),
      current: () => viewPly ?? info.plies,
    });
    return computer;
  });
  return computerLoad;
}
$('computer-analysis').querySelector('button').addEventListener('click', async () => (await loadComputer()).request());

/** A finished game: its analysis shows at once if someone asked for it (this never starts one). */
async function lookForAnalysis() {
  if (computerLooked || info.status !== 'finished' || !info.moves.length) return;
  computerLooked = true;
  let status;
  try {
    status = await get(`/api/games/${encodeURIComponent(info.id)}/computer-analysis`);
  } catch {
    return; // none yet (404): the button asks for one
  }
  (await loadComputer()).follow(status);
}

function renderMoves() {
  // The list as on the analysis board (two columns, as lichess shows a game); a game has no
  // side lines, so each move's node is its ply.
  if (computer) computer.setCurrent(viewPly ?? info.plies);
  renderMoveList($('moves'), {
    tree: lineTree(shownMoves()),
    rules: info.rules,
    startSide: startSide(),
    startNumber: fenMoveNumber(info.rules, info.start_fen),
    current: viewPly ?? info.plies,
    onSelect: (ply) => review(ply),
    empty: t('game.no-moves'),
    result: null,
    judge: computer && ((n) => computer.judge(n.ply)),
  });
  if (viewPly === null) $('moves').scrollTop = $('moves').scrollHeight;
}

/** The game's moves as the page shows them: chess in the page's letters or figurines. */
function shownMoves() {
  if (info.rules !== 'chess') return info.moves;
  const first = startSide();
  const style = { lang, figurines: figurines() };
  return info.moves.map((m, i) => {
    const side = (i % 2 === 0) === (first === 'white') ? 'white' : 'black';
    return { ...m, text: localMove(m.text, side, style) };
  });
}

window.addEventListener('scoresheet:prefs', () => renderMoves());

function updateNav() {
  const shown = viewPly ?? info.plies;
  $('nav-start').disabled = shown === 0;
  $('nav-back').disabled = shown === 0;
  $('nav-forward').disabled = shown >= info.plies;
  $('nav-end').disabled = shown >= info.plies;
  $('review-note').hidden = viewPly === null;
  if (viewPly !== null) {
    $('review-note').textContent = t('game.reviewing', { ply: viewPly, plies: info.plies });
  }
}

/** The FEN after `ply` moves. */
function fenAt(ply) {
  return ply === 0 ? info.start_fen : info.moves[ply - 1].fen;
}

/**
 * Shows the position after `ply` moves (the game as it stands when `ply` is the last):
 * the board is shut while an earlier position is shown, and opens again at the end.
 */
async function review(ply) {
  const target = Math.max(0, Math.min(ply, info.plies));
  const ticket = ++reviewTicket;
  if (target === info.plies) {
    if (viewPly === null) return;
    viewPly = null;
    renderMoves();
    updateNav();
    await showLive(() => ticket !== reviewTicket);
    return;
  }
  viewPly = target;
  renderMoves();
  updateNav();
  board.cancelPremove(); // a premove is made on the live board, and seen there
  board.setInteractive(false);
  let pos;
  try {
    pos = await post('/api/position', { rules: info.rules, fen: fenAt(target), svg: board.svgOptions() });
  } catch (e) {
    if (ticket === reviewTicket) say(e.message, 'error');
    return;
  }
  if (ticket !== reviewTicket || viewPly !== target) return;
  board.interactive = false;
  await board.set(pos, { last: target ? squaresOf(info.moves[target - 1].move) : null });
  if (ticket !== reviewTicket) return;
  $('fen-out').value = pos.fen;
}

function renderResult() {
  const box = $('result');
  if (info.status !== 'finished') {
    box.hidden = true;
    return;
  }
  box.replaceChildren(
    el('span', { class: 'score', text: resultText(info.rules, info.result) }),
    el('span', { class: 'words', text: resultWords(info.rules, info.result, info.winner) }),
    info.reason ? el('span', { class: 'reason', text: reasonWords(info.reason, info.reason_moves) }) : null,
  );
  box.hidden = false;
}

function renderStatus() {
  let text;
  if (waiting()) text = t('game.sending');
  else if (info.status === 'waiting') text = page.can_join && !you ? t('game.seat-free') : t(info.listed ? 'game.waiting-lobby' : 'game.waiting');
  else if (info.status === 'finished') text = t('game.over');
  else if (you === 'both') text = t('board.to-move', { side: sideName(info.turn) });
  else if (myTurn()) text = t('game.your-move');
  else if (info.mode === 'computer' && info.computer === info.turn) {
    text = queued === null ? t('game.computer-thinking') : tn('game.computer-queued', queued);
  }
  else text = t('game.their-move', { side: sideName(info.turn) });
  // The premove queued is said too (the board marks it): a screen reader hears it.
  if (premove && !waiting()) text = `${text} ${t('game.premove-queued', { move: premove.move.text || premove.move.id })}`;
  $('status').textContent = text;
}

function renderOffer() {
  const box = $('offer');
  box.replaceChildren();
  const offer = info.draw_offer;
  if (info.status !== 'ongoing' || !offer || you === 'both') {
    box.hidden = true;
    return;
  }
  if (you && offer !== you) {
    box.append(el('p', { text: t('game.draw-offered', { side: sideName(offer) }) }),
      el('div', { class: 'row' },
        el('button', { type: 'button', class: 'primary', id: 'accept-draw', text: t('game.accept-draw'), onclick: () => drawAction('accept') }),
        el('button', { type: 'button', id: 'decline-draw', text: t('game.decline-draw'), onclick: () => drawAction('decline') })));
  } else if (you) {
    box.append(el('p', { text: t('game.draw-sent') }));
  } else {
    box.append(el('p', { text: t('game.draw-offered', { side: sideName(offer) }) }));
  }
  box.hidden = false;
}

function renderActions() {
  const playing = info.status !== 'finished' && !!you;
  $('playing-actions').hidden = !playing;
  $('draw').hidden = info.status !== 'ongoing' || (info.draw_offer && info.draw_offer === mySide());
  $('draw').textContent = you === 'both' ? t('game.agree-draw') : t('game.offer-draw');
  const finished = info.status === 'finished';
  $('finished-actions').hidden = !finished;
  $('computer-analysis').hidden = !finished || !info.moves.length;
  // A rematch: the players ask for one (or join the one offered); watchers may follow it.
  $('rematch').hidden = !(finished && you);
  $('rematch').textContent = info.rematch ? t('game.rematch-join') : t('game.rematch');
  $('rematch-note').hidden = !(finished && info.rematch && info.mode === 'friend');
  $('new-game').href = `/new?rules=${encodeURIComponent(info.rules)}`;
  const id = encodeURIComponent(info.id);
  $('download').href = `/api/games/${id}/pdn`;
  $('download').textContent = info.rules === 'chess' ? t('analysis.download-pgn') : t('analysis.download-pdn');
  $('analyse').href = `/analysis?game=${id}`;
  const invite = info.mode === 'friend' && info.status === 'waiting' && !!you;
  $('invite').hidden = !invite;
  // Opening the link takes nothing (link previews and prefetchers open links too): a
  // visitor takes the free seat with this button, which POSTs the join.
  $('join').hidden = !(page.can_join && !you && info.status === 'waiting');
  if (invite) $('invite-link').value = `${location.origin}/game/${info.id}`;
}

function renderTitle() {
  // Players who gave no name are "Anonymous", as on lichess, never their colour.
  const name = (side) => (info.status === 'waiting' && !(side === 'white' ? info.white : info.black) ? null : playerName(side))
    || t('game.anonymous');
  $('game-title').textContent = `${rulesName(info.rules)}: ${name('white')} – ${name('black')}`;
}

async function render(next, first = false) {
  // Answers and events can cross: never go back to an older state than the one shown.
  if (!first && (next.plies < info.plies || (info.status === 'finished' && next.status !== 'finished'))) return;
  // The player's draw offer gone with no move and no end: the other side declined it.
  if (!first && you && you !== 'both' && info.draw_offer === you && !next.draw_offer
    && next.status === 'ongoing' && next.plies === info.plies) say(t('game.draw-declined-by'), 'info');
  info = next;
  // The other side's move is here: the premove goes now, before the board draws the move.
  if (premove && viewPly === null) takePremove();
  renderTitle();
  renderPlayers();
  renderMoves();
  renderResult();
  renderOffer();
  renderActions();
  updateNav();
  if (viewPly !== null) {
    // Stepping through earlier moves: the list and the status follow the game, the board
    // stays on the move shown.
    renderStatus();
    finishIfOver();
    return;
  }
  const asked = board.position && board.position.fen === info.position.fen;
  if (asked) {
    // The same position again (the move's answer and its event both arrive): wait for the
    // diagram already asked for, and keep the player's selection.
    await board.drawing;
    if (info !== next) return; // a newer state came meanwhile: its render finishes the job
    if (!board.shows(info.position.fen)) await board.set(info.position, { last: liveLast() });
    if (info !== next) return;
    settleLive();
  } else if (!(await showLive(() => info !== next))) return;
  finishIfOver();
}

/** The squares of the game's last move, for the board's mark. */
function liveLast() {
  return squaresOf(info.moves.length ? info.moves[info.moves.length - 1].move : null);
}

/**
 * Draws the game's current position, then (unless `stale()` says a newer state or review
 * step came meanwhile) lets the status and the FEN follow it. Answers whether it finished.
 */
async function showLive(stale) {
  board.interactive = myTurn() && !waiting();
  await board.set(info.position, { last: liveLast() });
  if (stale()) return false;
  settleLive();
  return true;
}

/** The board shows the live position: the status and the FEN follow the diagram ("Your move." only once the board shows it). */
function settleLive() {
  const open = myTurn() && !waiting();
  if (open) {
    if (!board.interactive || board.premoves) board.setInteractive(true);
  } else if (canPremove()) {
    offerPremoves();
  } else {
    if (board.interactive) board.setInteractive(false);
    if (info.status !== 'ongoing') board.cancelPremove();
  }
  renderStatus();
  $('fen-out').value = info.position.fen;
}

/** Whether the player may queue a premove: a player of one side, the other side to move,
 * the live position shown, no move of theirs on its way. */
function canPremove() {
  return info.status === 'ongoing' && !!you && you !== 'both' && info.turn !== you && viewPly === null && !waiting();
}

/** Opens the board for premoves in the live position, once their list is known. */
async function offerPremoves() {
  const position = info.position;
  if (board.premoves && board.position && board.position.fen === position.fen) return;
  const ticket = ++premoveTicket;
  let moves;
  try {
    moves = await premovesFor(info.rules, position, you);
  } catch {
    return; // no premoves this turn: the move is made when it comes
  }
  if (ticket !== premoveTicket || info.position !== position || !canPremove()) return;
  if (!board.current() || board.position.fen !== position.fen) return;
  board.setPremoves(moves);
}

/**
 * The state says it is the player's turn: the premove queued is played if the new position
 * has it (resolvePremove), else dropped without a word (its mark goes). Neither while the
 * other side is still to move (a draw offer, a name: the premove waits).
 */
function takePremove() {
  if (info.status !== 'ongoing') {
    board.cancelPremove();
    return;
  }
  if (!myTurn() || waiting()) return;
  const queued = premove;
  board.cancelPremove();
  const move = resolvePremove(queued, info.position.legal);
  if (move) play(move);
}

function finishIfOver() {
  if (info.status === 'finished' && !finishShown) {
    finishShown = true;
    lookForAnalysis();
    if (!eventsAfterEnd()) stopEvents();
    if (sawPlay) {
      // The game just ended here: offer the record at once.
      say(info.mode === 'device' ? t('game.ended-device') : t('game.ended'), 'info');
      $('download').focus();
    }
  }
}

/** Whether a move sent from this page is not yet in the state shown. */
function waiting() {
  return sentAt !== null && info.plies <= sentAt;
}

async function play(m) {
  if (waiting()) return;
  const at = info.plies;
  sentAt = at;
  sawPlay = true;
  board.setInteractive(false);
  // The move shows at once (with its sound); the server's answer confirms it.
  board.showMove(m, info.position.fen);
  // "Your move." must not stay up while the move is on its way: a player reading it would
  // click on a board that takes no clicks until the next position is drawn.
  $('status').textContent = t('game.sending');
  say('');
  try {
    const next = await post(`/api/games/${encodeURIComponent(info.id)}/moves`, { move: m.id, ply: at });
    if (sentAt === at) sentAt = null;
    await render({ ...next, you: next.you || you });
  } catch (e) {
    if (sentAt === at) sentAt = null;
    await refused(e);
  }
}

/**
 * The server refused the move (or it could not be sent): the board goes back to the
 * position it was played from, says why under the board, and the game is read again.
 */
async function refused(e) {
  board.takeBack();
  let text = t('game.move-refused');
  if (e.code === 'out-of-time') text = t('game.out-of-time');
  else if (!e.status) text = t('game.move-not-sent');
  await board.drawing;
  if (viewPly === null && board.position && board.position.fen === info.position.fen) settleLive();
  board.say(text, 'error');
  await refresh();
}

async function refresh() {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(info.id)}`, { credentials: 'same-origin' });
    if (response.ok) await render(await response.json());
  } catch {
    // keep what is shown
  }
}

async function drawAction(action) {
  try {
    const next = await post(`/api/games/${encodeURIComponent(info.id)}/draw`, { action });
    sawPlay = true;
    // The offer box says the offer waits for an answer, while it does.
    say('');
    await render({ ...next, you: next.you || you });
  } catch (e) {
    say(e.status === 409 && action === 'offer' && info.mode === 'computer' ? t('game.draw-declined') : e.message, 'warning');
  }
}

let resignArmed = false;
$('resign').addEventListener('click', async () => {
  if (!resignArmed) {
    resignArmed = true;
    $('resign').textContent = t('game.confirm-resign');
    $('resign').classList.add('primary');
    setTimeout(() => {
      resignArmed = false;
      $('resign').textContent = t('game.resign');
      $('resign').classList.remove('primary');
    }, 5000);
    return;
  }
  resignArmed = false;
  $('resign').textContent = t('game.resign');
  $('resign').classList.remove('primary');
  try {
    const next = await post(`/api/games/${encodeURIComponent(info.id)}/resign`, {});
    sawPlay = true;
    await render({ ...next, you: next.you || you });
  } catch (e) {
    say(e.message, 'error');
  }
});

$('draw').addEventListener('click', () => drawAction('offer'));

$('rematch').addEventListener('click', async () => {
  $('rematch').disabled = true;
  try {
    const next = await post(`/api/games/${encodeURIComponent(info.id)}/rematch`, {});
    location.href = next.url || `/game/${encodeURIComponent(next.game.id)}`;
  } catch (e) {
    $('rematch').disabled = false;
    say(e.message, 'error');
    await refresh();
  }
});

$('take-seat').addEventListener('click', async () => {
  $('take-seat').disabled = true;
  try {
    await post(`/api/games/${encodeURIComponent(info.id)}/join`, {});
    // The seat's secret is now a cookie: the page opens again as a player's.
    location.reload();
  } catch (e) {
    $('take-seat').disabled = false;
    say(e.message, 'error');
    await refresh();
  }
});

$('copy-fen').addEventListener('click', async () => {
  const ok = await copyText($('fen-out').value, $('fen-out'));
  $('copy-status').textContent = ok ? t('analysis.copied') : t('analysis.copy-failed');
});

$('copy-invite').addEventListener('click', async () => {
  const input = $('invite-link');
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand('copy');
  }
  $('copy-invite').textContent = t('analysis.copied');
});

/**
 * Whether a finished game's page still follows its events: a friend's rematch offer comes
 * on them, for a player of a friend game that has no rematch yet.
 */
function eventsAfterEnd() {
  return info.mode === 'friend' && !!you && !info.rematch;
}

function startEvents() {
  if ((info.status === 'finished' && !eventsAfterEnd()) || typeof EventSource === 'undefined') return;
  events = new EventSource(`/api/games/${encodeURIComponent(info.id)}/events`);
  events.addEventListener('state', (ev) => {
    let next;
    try {
      next = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (next.plies < info.plies) return; // an older state than the one shown
    const changed = next.plies !== info.plies || next.status !== info.status || next.draw_offer !== info.draw_offer
      || next.white !== info.white || next.black !== info.black || next.rematch !== info.rematch;
    if (!changed) return;
    if (next.plies !== info.plies || next.status !== info.status) sawPlay = true;
    if (next.plies !== info.plies) queued = null;
    render({ ...next, you });
  });
  events.addEventListener('queue', (ev) => {
    let news;
    try {
      news = JSON.parse(ev.data);
    } catch {
      return;
    }
    queued = typeof news.ahead === 'number' ? news.ahead : null;
    if (viewPly === null) renderStatus();
  });
}

function stopEvents() {
  if (events) {
    events.close();
    events = null;
  }
}

for (const [id, target] of [
  ['nav-start', () => 0],
  ['nav-back', () => (viewPly ?? info.plies) - 1],
  ['nav-forward', () => (viewPly ?? info.plies) + 1],
  ['nav-end', () => info.plies],
]) {
  $(id).addEventListener('click', () => review(target()));
}

document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
  const shown = viewPly ?? info.plies;
  let to;
  if (e.key === 'ArrowLeft') to = shown - 1;
  else if (e.key === 'ArrowRight') to = shown + 1;
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = info.plies;
  else return;
  e.preventDefault();
  if (to >= 0 && to <= info.plies && to !== shown) review(to);
});

render(info, true);
startEvents();
