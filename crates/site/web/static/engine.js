// Engine analysis on the analysis board: an evaluation bar, the evaluation as a number, the
// depth and the best line (its first move can be played), from GET /api/engine (draughts: the
// server's search; chess: Stockfish when the server has it). Off by default; the button or
// the key `l` toggles it, and the choice is kept. Also "Play from here against the computer".
// A chess variant Stockfish does not play (Crazyhouse, Atomic, ...) has no engine: so said.

import { get, post } from './api.js';
import { t, el, lang, variantName } from './i18n.js';

const KEPT = 'scoresheet.engine';
/** How long a shown position waits before its analysis starts (keys held down skip past). */
const SETTLE_MS = 60;
/** Positions whose deepest analysis is kept, to show at once when the board comes back. */
const KEEP = 300;
/** The chess variants the server's engine (Stockfish) analyses. */
const ANALYSED = ['standard', 'chess960'];

function kept() {
  try {
    return localStorage.getItem(KEPT) === 'on';
  } catch {
    return false;
  }
}

function keep(on) {
  try {
    localStorage.setItem(KEPT, on ? 'on' : 'off');
  } catch {
    // storage off: the choice lasts this page only
  }
}

/** The side to move of a FEN: `white` or `black`. */
function sideOf(rules, fen) {
  const f = String(fen).trim();
  if (rules === 'chess') return f.split(/\s+/)[1] === 'b' ? 'black' : 'white';
  return /^b/i.test(f) ? 'black' : 'white';
}

/** White's share of the bar, 0 to 100, for a score in hundredths (pawns or men). */
function share(info) {
  if (info.mate != null) return info.mate > 0 ? 100 : 0;
  const s = Math.max(-2000, Math.min(2000, info.score || 0));
  return 50 + 50 * (2 / (1 + Math.exp(-0.004 * s)) - 1);
}

/** The evaluation as a person reads it: `+1.25` (chess), `+1.3` men (draughts), `#5`, or what the endgame tables say. */
function scoreText(rules, info) {
  if (info.mate != null) return `#${info.mate}`;
  if (info.database) return t(`analysis.engine-db-${info.database}`);
  const digits = rules === 'chess' ? 2 : 1;
  const value = (info.score || 0) / 100;
  return new Intl.NumberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(value);
}

/**
 * Puts the engine's controls into `container` and its bar beside `boardEl`. `onBestMove(id)`
 * plays a move id on the board; `isFlipped()` says whether the board is seen from Black.
 * The page calls `show(rules, fen, notation, variant, history)` whenever it shows another position.
 */
export function attachEngine({ container, boardEl, onBestMove, isFlipped = () => false }) {
  const state = {
    on: kept(),
    rules: null,
    variant: null, // chess: the variant of the position, null for standard chess
    fen: null,
    past: '', // `start|moves` of the game that led to `fen`
    source: null,
    timer: null,
    chess: null, // whether the server analyses chess: null until asked
    notation: '{}', // the chess notation of the lines, as JSON
    deepest: new Map(), // position key -> the deepest info seen for it
  };

  function key() {
    return `${state.rules}|${state.variant}|${state.fen}|${state.notation}|${state.past}`;
  }

  const toggle = el('button', {
    type: 'button',
    class: 'engine-toggle',
    id: 'engine-toggle',
    'aria-pressed': String(state.on),
    title: `${t('analysis.engine-toggle')} (L)`,
    onclick: () => setOn(!state.on),
  }, t('analysis.engine'));
  const number = el('span', { class: 'engine-score', id: 'engine-score', 'aria-live': 'off' });
  const depth = el('span', { class: 'engine-depth', id: 'engine-depth' });
  const line = el('p', { class: 'engine-line', id: 'engine-line' });
  const readout = el('div', { class: 'engine-readout' }, number, depth);
  // The key L on a keyboard; a touch screen without one is told to tap the button (CSS
  // shows the one that fits the screen's pointer).
  const offHint = el('span', { class: 'engine-off' },
    el('span', { class: 'with-keys', text: t('analysis.engine-off') }),
    el('span', { class: 'with-touch', text: t('analysis.engine-off-touch', { button: t('analysis.engine') }) }));
  // A chess variant without an engine: said instead of the controls.
  const none = el('p', { class: 'engine-none', id: 'engine-none', hidden: true });
  const head = el('div', { class: 'engine-head' }, toggle, readout, offHint, none);
  const body = el('div', { class: 'engine-body' }, line);

  const level = el('select', { id: 'engine-level', 'aria-label': t('new.level') },
    ...['beginner', 'intermediate', 'strong'].map((l) => el('option', { value: l, selected: l === 'intermediate' }, t(`level.${l}`))));
  const playError = el('p', { class: 'engine-error', role: 'alert', hidden: true });
  const play = el('button', { type: 'button', id: 'play-computer', onclick: () => playFromHere() }, t('analysis.engine-play'));
  const playRow = el('div', { class: 'engine-play' }, play, level);

  const panel = el('div', { class: 'engine-panel card' }, head, body);
  container.replaceChildren(panel, playRow, playError);

  // The bar: a column beside the board, White's share filled from White's side.
  const fill = el('div', { class: 'engine-bar-white' });
  const bar = el('div', { class: 'engine-bar', id: 'engine-bar', 'aria-hidden': 'true' }, fill);
  let row = null;
  if (boardEl && boardEl.parentNode) {
    row = el('div', { class: 'engine-board-row' });
    boardEl.parentNode.insertBefore(row, boardEl);
    row.append(bar, boardEl);
    // The bar stands beside the drawn board, as tall as it (not its buttons under it).
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => place()).observe(boardEl);
    // A board drawn again (flipped, say): the bar turns with it.
    new MutationObserver(() => render()).observe(boardEl, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-fen'] });
  }

  function place() {
    const svg = boardEl && boardEl.querySelector('svg');
    if (!row || !svg || bar.hidden) return;
    const outer = row.getBoundingClientRect();
    const inner = svg.getBoundingClientRect();
    bar.style.top = `${inner.top - outer.top}px`;
    bar.style.height = `${inner.height}px`;
    bar.style.left = `${Math.max(0, inner.left - outer.left - bar.offsetWidth - 6)}px`;
  }

  /** A chess variant that no engine of the server analyses. */
  function noEngine() {
    return state.rules === 'chess' && !!state.variant && !ANALYSED.includes(state.variant);
  }

  function available() {
    return !noEngine() && (state.rules !== 'chess' || state.chess === true);
  }

  function render() {
    const usable = available();
    const without = noEngine();
    container.hidden = !usable && !without;
    none.hidden = !without;
    if (without) none.textContent = t('analysis.engine-none', { variant: variantName(state.variant) });
    toggle.hidden = without;
    playRow.hidden = without;
    bar.hidden = !(usable && state.on);
    body.hidden = !state.on || without;
    readout.hidden = !state.on || without;
    offHint.hidden = state.on || without;
    panel.classList.toggle('on', state.on);
    toggle.setAttribute('aria-pressed', String(state.on));
    bar.classList.toggle('flipped', !!isFlipped());
    row?.classList.toggle('engine-on', !bar.hidden);
    place();
  }

  function clear() {
    number.textContent = '';
    depth.textContent = '';
    line.replaceChildren();
    fill.style.height = '50%';
    panel.removeAttribute('data-depth');
    panel.removeAttribute('data-best');
  }

  function stop() {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    if (state.source) state.source.close();
    state.source = null;
  }

  function showInfo(info) {
    number.textContent = scoreText(state.rules, info);
    depth.textContent = t('analysis.engine-depth', { depth: info.depth });
    fill.style.height = `${share(info).toFixed(1)}%`;
    panel.dataset.depth = String(info.depth);
    panel.dataset.best = info.best;
    const [first, ...rest] = info.pv || [];
    line.replaceChildren(
      el('span', { class: 'engine-line-label', text: `${t('analysis.engine-best')} ` }),
      el('button', {
        type: 'button',
        class: 'engine-best',
        id: 'engine-best',
        'data-move': info.best,
        title: t('analysis.engine-play-best'),
        onclick: () => onBestMove(info.best),
      }, first || info.best),
      rest.length ? ` ${rest.join(' ')}` : '',
    );
    render();
  }

  function say(key) {
    line.replaceChildren(el('span', { class: 'engine-note', text: t(key) }));
  }

  function start() {
    stop();
    clear();
    if (!state.on || !state.fen || !available()) return;
    // What an earlier analysis of this position found, until the new one goes deeper.
    const here = key();
    const kept = state.deepest.get(here);
    if (kept) showInfo(kept);
    else say('analysis.engine-thinking');
    const { rules, fen } = state;
    state.timer = setTimeout(() => {
      state.timer = null;
      const q = new URLSearchParams({ rules, fen });
      if (state.past) {
        const [from, moves] = state.past.split('|');
        q.set('fen', from);
        q.set('moves', moves);
      }
      if (state.variant) q.set('variant', state.variant);
      const notation = JSON.parse(state.notation || '{}');
      if (rules === 'chess') {
        if (notation.lang) q.set('lang', notation.lang);
        if (notation.style) q.set('style', notation.style);
        if (notation.figurines) q.set('figurines', '1');
      }
      const source = new EventSource(`/api/engine?${q}`);
      state.source = source;
      let seen = false;
      source.addEventListener('info', (e) => {
        if (state.source !== source) return;
        let info;
        try {
          info = JSON.parse(e.data);
        } catch {
          return; // a broken event: wait for the next
        }
        seen = true;
        const best = state.deepest.get(here);
        if (best && best.depth > info.depth) return;
        if (state.deepest.size >= KEEP && !best) state.deepest.clear();
        state.deepest.set(here, info);
        showInfo(info);
      });
      source.addEventListener('done', (e) => {
        if (state.source !== source) return;
        // The stream ends here: closed now, else the browser would open it again.
        source.close();
        state.source = null;
        let reason = '';
        try {
          reason = JSON.parse(e.data).reason;
        } catch {
          reason = '';
        }
        if (reason === 'no-moves') say('analysis.engine-over');
        else if (reason === 'failed' && !seen && !kept) say('analysis.engine-failed');
      });
      source.addEventListener('error', () => {
        if (state.source !== source) return;
        source.close();
        state.source = null;
        if (!seen && !kept) say('analysis.engine-failed');
      });
    }, SETTLE_MS);
  }

  function setOn(on) {
    state.on = on;
    keep(on);
    render();
    start();
  }

  async function playFromHere() {
    if (!state.fen) return;
    play.disabled = true;
    playError.hidden = true;
    try {
      const created = await post('/api/games', {
        rules: state.rules,
        mode: 'computer',
        level: level.value,
        color: sideOf(state.rules, state.fen),
        fen: state.fen,
      });
      location.href = created.url || `/game/${encodeURIComponent(created.game.id)}`;
    } catch (e) {
      playError.textContent = e.message;
      playError.hidden = false;
      play.disabled = false;
    }
  }

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== 'l') return;
    const target = e.target;
    if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    if (!available()) return;
    e.preventDefault();
    setOn(!state.on);
  });

  get('/api/engine/status').then((s) => {
    state.chess = !!(s && s.chess);
  }).catch(() => {
    state.chess = false;
  }).finally(() => {
    render();
    if (state.rules === 'chess') start();
  });

  render();
  clear();

  return {
    /**
     * Shows the engine's view of another position (the previous analysis is dropped), its
     * chess lines written in `notation` ({ lang, style, figurines }, as /api/position takes);
     * `variant` is the chess variant of the position (null for standard chess); `history`
     * ({ start, moves }) the game that led to `fen`: its repetitions count.
     */
    show(rules, fen, notation, variant = null, history = null) {
      const written = JSON.stringify(notation || {});
      const moves = history ? history.moves : [];
      const past = moves.length && moves.length <= 600 ? `${history.start}|${moves.join(' ')}` : '';
      const same = rules === state.rules && (variant || null) === state.variant && fen === state.fen && written === state.notation && past === state.past;
      if (same && (state.source || state.timer)) return;
      state.rules = rules;
      state.variant = variant || null;
      state.fen = fen;
      state.past = past;
      state.notation = written;
      render();
      start();
    },
    /** Whether the engine is on. */
    get on() {
      return state.on;
    },
  };
}
