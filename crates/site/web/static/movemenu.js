// The menu of a move in the move list, as lichess's: comment, annotation glyph, promote the
// side line, delete from here. It opens on a right click, a long press (phones), the
// keyboard's menu key (or Shift+F10) on a move, or a button that acts on the current move.
// Arrow keys walk through it, Escape closes it.

import { t, el } from './i18n.js';
import { NAG_GLYPHS } from './movelist.js';

/** The glyph buttons, in lichess's order, with the name each one is read out by. */
const GLYPHS = [
  [1, 'analysis.glyph-good'],
  [2, 'analysis.glyph-mistake'],
  [3, 'analysis.glyph-brilliant'],
  [4, 'analysis.glyph-blunder'],
  [5, 'analysis.glyph-interesting'],
  [6, 'analysis.glyph-dubious'],
];

const LONG_PRESS_MS = 500;

/**
 * Gives the moves of `list` (a container drawn by movelist.js) a menu.
 *
 * Options: `button` (a button that opens the menu for the move `current()` returns),
 * `describe(id)` (`{ label, glyph, comment, mainLine, branches }` of a move, or null for none),
 * and the edits: `onComment(id, text)`, `onGlyph(id, nag or null)`, `onPromote(id, toMain)`,
 * `onDelete(id)`. Returns `{ open(id), close() }`.
 */
export function attachMoveMenu(list, o) {
  const menu = el('div', { class: 'move-menu', role: 'menu', hidden: true, tabindex: '-1' });
  document.body.append(menu);
  let shownFor = null; // the id of the move whose menu is open
  let returnTo = null; // where the focus goes back when the menu closes

  const moveButton = (id) => list.querySelector(`button.move[data-node="${id}"]`);

  function close({ focus = true } = {}) {
    if (shownFor === null) return;
    const id = shownFor;
    shownFor = null;
    menu.hidden = true;
    menu.replaceChildren();
    if (!focus) return;
    // The list may have been drawn again: the move's new button, else where the menu came from.
    const back = moveButton(id) || (returnTo && returnTo.isConnected ? returnTo : null) || o.button;
    if (back && !back.disabled) back.focus({ preventScroll: true });
  }

  /** Makes an edit, then closes the menu (the focus goes to the move's new button). */
  function done(edit) {
    edit();
    close();
  }

  function item(text, onChoose, extra = {}) {
    return el('button', { type: 'button', role: 'menuitem', class: `menu-item ${extra.class || ''}`, onclick: onChoose }, text);
  }

  function place(anchor) {
    const r = anchor.getBoundingClientRect();
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const room = document.documentElement.clientWidth;
    let left = Math.min(Math.max(8, r.left), Math.max(8, room - width - 8));
    let top = r.bottom + 4;
    if (top + height > window.innerHeight - 8 && r.top - height - 4 > 8) top = r.top - height - 4;
    left += window.scrollX;
    top += window.scrollY;
    menu.style.left = `${Math.round(left)}px`;
    menu.style.top = `${Math.round(top)}px`;
  }

  function items() {
    return [...menu.querySelectorAll('[role^="menuitem"]')];
  }

  function actions(id, info) {
    const parts = [el('p', { class: 'move-menu-title', 'aria-hidden': 'true', text: info.label })];
    parts.push(item(info.comment ? t('analysis.comment-edit') : t('analysis.comment-add'), () => commentForm(id, info)));
    const glyphs = el('div', { class: 'glyph-row', role: 'group', 'aria-label': t('analysis.glyphs') });
    for (const [nag, key] of GLYPHS) {
      const on = info.glyph === nag;
      glyphs.append(el('button', {
        type: 'button',
        role: 'menuitemcheckbox',
        class: 'glyph',
        'data-nag': nag,
        'aria-checked': on ? 'true' : 'false',
        'aria-label': t(key),
        title: t(key),
        onclick: () => done(() => o.onGlyph(id, on ? null : nag)),
      }, NAG_GLYPHS[nag]));
    }
    parts.push(glyphs);
    if (!info.mainLine && info.branches > 1) {
      parts.push(item(t('analysis.promote'), () => done(() => o.onPromote(id, false)), { class: 'promote' }));
    }
    if (!info.mainLine) {
      parts.push(item(t('analysis.make-main'), () => done(() => o.onPromote(id, true)), { class: 'make-main' }));
    }
    parts.push(item(t('analysis.delete-line'), () => {
      close({ focus: false });
      o.onDelete(id);
      if (o.button && !o.button.disabled) o.button.focus({ preventScroll: true });
    }, { class: 'delete' }));
    return parts;
  }

  function commentForm(id, info) {
    const area = el('textarea', { id: 'move-comment', rows: 3, spellcheck: 'true' });
    area.value = info.comment || '';
    const save = () => done(() => o.onComment(id, area.value));
    const form = el('form', { class: 'comment-form', onsubmit: (e) => { e.preventDefault(); save(); } },
      el('label', { for: 'move-comment', text: t('analysis.comment-label', { move: info.label }) }),
      area,
      el('div', { class: 'row' },
        el('button', { type: 'submit', class: 'primary', text: t('analysis.comment-save') }),
        el('button', { type: 'button', text: t('common.cancel'), onclick: () => close() }),
        info.comment ? el('button', {
          type: 'button',
          class: 'remove',
          text: t('analysis.comment-remove'),
          onclick: () => done(() => o.onComment(id, '')),
        }) : null));
    area.addEventListener('keydown', (e) => {
      // Enter keeps the comment, Shift+Enter starts a new line.
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        save();
      }
    });
    menu.setAttribute('role', 'dialog');
    menu.setAttribute('aria-label', t('analysis.comment-label', { move: info.label }));
    menu.replaceChildren(form);
    const anchor = moveButton(id) || o.button;
    if (anchor) place(anchor);
    area.focus();
  }

  /** Opens the menu of move `id` under `anchor` (its button in the list by default). */
  function open(id, anchor) {
    const info = o.describe(id);
    if (!info) return;
    if (shownFor === id && !menu.hidden) return;
    returnTo = document.activeElement;
    shownFor = id;
    menu.setAttribute('role', 'menu');
    menu.setAttribute('aria-label', info.label);
    menu.replaceChildren(...actions(id, info));
    menu.hidden = false;
    place(anchor || moveButton(id) || o.button || list);
    const first = items()[0];
    if (first) first.focus({ preventScroll: true });
  }

  menu.addEventListener('keydown', (e) => {
    // Keys in the menu stay in it: they do not walk through the moves.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (menu.getAttribute('role') !== 'menu') return;
    const all = items();
    const at = all.indexOf(document.activeElement);
    let to = null;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') to = (at + 1) % all.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') to = (at - 1 + all.length) % all.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = all.length - 1;
    else if (e.key === 'Tab') {
      e.preventDefault();
      to = (at + (e.shiftKey ? -1 : 1) + all.length) % all.length;
    }
    if (to !== null && all[to]) {
      e.preventDefault();
      all[to].focus();
    }
  });

  // A click elsewhere closes the menu (without taking the focus from what was clicked).
  document.addEventListener('pointerdown', (e) => {
    if (shownFor !== null && !menu.contains(e.target) && e.target !== o.button) close({ focus: false });
  }, true);

  // The keyboard's menu key, or Shift+F10, on a move.
  list.addEventListener('keydown', (e) => {
    const b = e.target.closest && e.target.closest('button.move');
    if (!b || !(e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10'))) return;
    e.preventDefault();
    open(Number(b.dataset.node), b);
  });

  list.addEventListener('contextmenu', (e) => {
    const b = e.target.closest('button.move');
    if (!b || !list.contains(b)) return;
    e.preventDefault();
    open(Number(b.dataset.node), b);
  });

  // A long press on a phone; the click that ends it does not move the board.
  let timer = null;
  let pressed = null;
  let swallow = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  list.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'mouse') return;
    const b = e.target.closest('button.move');
    if (!b) return;
    pressed = { x: e.clientX, y: e.clientY };
    swallow = false;
    cancel();
    timer = setTimeout(() => {
      timer = null;
      swallow = true;
      open(Number(b.dataset.node), b);
    }, LONG_PRESS_MS);
  });
  list.addEventListener('pointermove', (e) => {
    if (timer && pressed && Math.hypot(e.clientX - pressed.x, e.clientY - pressed.y) > 10) cancel();
  });
  for (const type of ['pointerup', 'pointercancel', 'pointerleave']) list.addEventListener(type, cancel);
  list.addEventListener('click', (e) => {
    if (!swallow) return;
    swallow = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  if (o.button) {
    o.button.addEventListener('click', () => {
      if (shownFor !== null) {
        close();
        return;
      }
      open(o.current());
    });
  }

  return { open, close };
}
