// Premoves on the game page: the moves a player may queue while the other side is to move,
// and which legal move a queued one is once the other side has moved.
//
// Which moves may be queued:
// - draughts: the moves the player's side would have in the position on the board, as the
//   server lists them for that position with the player to move (captures included, and the
//   forced-capture rule of that position applied);
// - chess: every square a piece of the player's could reach on a board as it stands, whatever
//   stands in between and whether the king is in check (lichess's premoves): a premove is a
//   guess at the next position, which is checked when it comes.
//
// When the other side's move arrives the queued move is played only if it is one of the new
// position's legal moves as the server gives them (so a draughts premove that is not the
// capture the new position forces is dropped).

import { post } from './api.js';
import { inOrder } from './board.js';

/** The draughts FEN of the same position with `side` to move. */
function draughtsFen(fen, side) {
  return String(fen).trim().replace(/^[WB]/i, side === 'white' ? 'W' : 'B');
}

const FILES = 'abcdefgh';
const square = (file, rank) => `${FILES[file]}${rank}`;
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const AROUND = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const LINES = { b: AROUND.filter(([f, r]) => f && r), r: AROUND.filter(([f, r]) => !f || !r), q: AROUND };

/**
 * The chess premoves of `side` in the position of `fen`: a move object as the API's legal
 * moves are (`id` in UCI, `from`, `to`, `path`, `captures` left empty, `promotion`), one per
 * promotion piece for a pawn that reaches the last rank.
 */
export function chessPremoves(fen, side) {
  const [placement = '', , castling = '-'] = String(fen).trim().split(/\s+/);
  const white = side === 'white';
  const moves = [];
  const add = (from, file, rank, promotions = [null]) => {
    if (file < 0 || file > 7 || rank < 1 || rank > 8) return;
    const to = square(file, rank);
    for (const promotion of promotions) {
      moves.push({ id: `${from}${to}${promotion || ''}`, text: `${from}-${to}`, from, to, path: [to], captures: [], promotion });
    }
  };
  placement.replace(/\[.*$/, '').split('/').forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const from = square(file, rank);
      const mine = white ? ch === ch.toUpperCase() : ch === ch.toLowerCase();
      const kind = ch.toLowerCase();
      if (mine && kind === 'p') {
        const dir = white ? 1 : -1;
        const last = rank + dir === (white ? 8 : 1) ? ['q', 'r', 'b', 'n'] : [null];
        for (const df of [-1, 0, 1]) add(from, file + df, rank + dir, last);
        if (rank === (white ? 2 : 7)) add(from, file, rank + 2 * dir);
      } else if (mine && kind === 'n') {
        for (const [df, dr] of KNIGHT) add(from, file + df, rank + dr);
      } else if (mine && kind === 'k') {
        for (const [df, dr] of AROUND) add(from, file + df, rank + dr);
        const home = white ? 1 : 8;
        if (from === `e${home}`) {
          if (castling.includes(white ? 'K' : 'k')) add(from, 6, home);
          if (castling.includes(white ? 'Q' : 'q')) add(from, 2, home);
        }
      } else if (mine && LINES[kind]) {
        for (const [df, dr] of LINES[kind]) {
          for (let k = 1; k < 8; k += 1) add(from, file + df * k, rank + dr * k);
        }
      }
      file += 1;
    }
  });
  return moves;
}

/** The premoves of the last positions asked for (a position's list is asked for once). */
const asked = new Map();

/**
 * The moves `side` may queue in `position` (a Position of the API, the other side to move),
 * as legal moves of the API are written (games are played in standard chess and draughts).
 */
export async function premovesFor(rules, position, side) {
  if (rules === 'chess') return chessPremoves(position.fen, side);
  const key = `${rules} ${position.fen} ${side}`;
  if (!asked.has(key)) {
    if (asked.size > 8) asked.delete(asked.keys().next().value);
    const answer = post('/api/position', { rules, fen: draughtsFen(position.fen, side) })
      .then((p) => p.legal || []);
    asked.set(key, answer);
    answer.catch(() => asked.delete(key));
  }
  return asked.get(key);
}

/**
 * The legal move (of `legal`, the new position's) that the queued premove names, or null.
 * A premove is its piece, its end square and, for a chess pawn, its promotion; where two
 * legal moves share them (a draughts capture that can go two ways) the one along the
 * premove's path is played, else the one that fits the landing squares the player clicked,
 * as the board tells captures apart; if that still leaves two, none is played.
 */
export function resolvePremove({ move, clicks }, legal) {
  const same = (legal || []).filter((m) => m.from === move.from && m.to === move.to
    && (m.promotion || null) === (move.promotion || null));
  const exact = same.filter((m) => m.path.join(' ') === move.path.join(' '));
  if (exact.length === 1) return exact[0];
  const fits = same.filter((m) => inOrder(clicks || [], m.path));
  return fits.length === 1 ? fits[0] : null;
}
