// Results and game endings in words. A PDN Result tag counts from the side that moves first:
// in American draughts Black moves first, so `1-0` there is a win for Black; International
// draughts scores a win 2-0. What each rules choice writes comes from the page's rules data.

import { t, sideName, rulesFacts, variantName } from './i18n.js';
import { firstMover } from './board.js';

function other(side) {
  return side === 'white' ? 'black' : 'white';
}

/** `white`, `black`, `draw`, or null (unfinished or unknown) for a result text. */
export function winnerOf(rules, result) {
  if (!result) return null;
  const r = String(result).replace(/\s+/g, '');
  const first = firstMover(rules);
  if (['1-0', '2-0'].includes(r)) return first;
  if (['0-1', '0-2'].includes(r)) return other(first);
  if (['1/2-1/2', '1-1', '½-½', '0-0'].includes(r)) return 'draw';
  return null;
}

/** The result as the variant writes it (International: 2-0, 1-1, 0-2). */
export function resultText(rules, result) {
  if (!result) return '';
  const w = winnerOf(rules, result);
  const facts = rulesFacts(rules);
  if (w === 'draw') return facts.draw;
  if (w) return w === facts.first ? facts.first_wins : facts.second_wins;
  return String(result);
}

/** "Black won", "White won", "Draw", or "" for an unfinished game. */
export function resultWords(rules, result, winner) {
  const w = winner === 'white' || winner === 'black' ? winner : winnerOf(rules, result);
  if (w === 'white') return t('result.white-won');
  if (w === 'black') return t('result.black-won');
  if (w === 'draw') return t('result.draw');
  return '';
}

// Reason codes (docs/api.md); the draughts draw rules carry their move count.
const REASONS = {
  'no-moves': 'reason.no-moves',
  checkmate: 'reason.checkmate',
  stalemate: 'reason.stalemate',
  'insufficient-material': 'reason.insufficient-material',
  resigned: 'reason.resigned',
  time: 'reason.time',
  'time-draw': 'reason.time-draw',
  agreed: 'reason.agreed',
  repetition: 'reason.repetition',
  'fifty-moves': 'reason.fifty-moves',
  'kings-only': 'reason.kings-only',
  'lone-king': 'reason.lone-king',
  'three-kings': 'reason.three-kings',
  'few-kings': 'reason.few-kings',
  'main-road': 'reason.main-road',
  'unchanged-balance': 'reason.unchanged-balance',
};

/** A game-ending reason code in words (`moves`: the count of a draw rule); an unknown code
 * is shown as it is. */
export function reasonWords(reason, moves) {
  if (!reason) return '';
  const key = REASONS[reason];
  return key ? t(key, { moves: moves ?? '' }) : String(reason);
}

/** The chess variants whose own win has words of its own ("the king exploded"); the others
 * win "by the rules of" their variant. */
const VARIANT_WINS = ['atomic', 'antichess', 'kingofthehill', 'threecheck', 'horde', 'racingkings'];

/** A position's reason in words: a chess variant's own end (`variant-win`, `variant-draw`)
 * says how its variant ends a game. */
function positionReason(reason, variant) {
  if (reason === 'variant-win' && VARIANT_WINS.includes(variant)) return t(`reason.variant-win-${variant}`);
  if (reason === 'variant-win' || reason === 'variant-draw') {
    return t(`reason.${reason}`, { variant: variantName(variant || 'standard') });
  }
  return reasonWords(reason);
}

/** The status of a Position (docs/api.md) in words. */
export function statusWords(position) {
  const s = (position && position.status) || { state: 'ongoing' };
  const variant = position && position.variant;
  if (s.state === 'won') {
    const reason = positionReason(s.reason, variant);
    const who = s.winner === 'white' ? t('result.white-won') : t('result.black-won');
    return reason ? t('common.because', { what: who, why: reason }) : who;
  }
  if (s.state === 'drawn') {
    const reason = positionReason(s.reason, variant);
    return reason ? t('common.because', { what: t('result.draw'), why: reason }) : t('result.draw');
  }
  return t('board.to-move', { side: sideName(position.side) });
}
