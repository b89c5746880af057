// Edits of a game tree, kept apart from any page: comments, annotation glyphs, promoting a
// side line, deleting from a move. A tree is `{ nodes: Map<id, node> }`; node 0 is the start
// position, every other node a move with `parent` and `children` (`children[0]` is the main
// continuation), `comment`, `nags` (numeric annotation glyphs) and `main` (on the main line).
// None of these recurse: a line may be thousands of moves long.

/** The move-quality glyphs, as lichess offers them: only one of them on a move at a time. */
export const MOVE_GLYPHS = [1, 2, 3, 4, 5, 6];

function get(tree, id) {
  return tree.nodes.get(id);
}

/** Whether node `id` lies on the main line (every move on the way is its parent's first child). */
export function isMainLine(tree, id) {
  let n = get(tree, id);
  while (n && n.parent !== null && n.parent !== undefined) {
    const parent = get(tree, n.parent);
    if (!parent || parent.children[0] !== n.id) return false;
    n = parent;
  }
  return !!n;
}

/** How many times the way from the start to node `id` leaves a main continuation. */
export function branchCount(tree, id) {
  let count = 0;
  let n = get(tree, id);
  while (n && n.parent !== null && n.parent !== undefined) {
    const parent = get(tree, n.parent);
    if (!parent) break;
    if (parent.children[0] !== n.id) count += 1;
    n = parent;
  }
  return count;
}

/** Whether node `id` is `ancestor` or comes after it. */
export function isWithin(tree, ancestor, id) {
  let n = get(tree, id);
  while (n) {
    if (n.id === ancestor) return true;
    n = n.parent === null || n.parent === undefined ? null : get(tree, n.parent);
  }
  return false;
}

/** Sets every node's `main` flag from the children's order. */
export function markMain(tree) {
  for (const n of tree.nodes.values()) n.main = false;
  let n = get(tree, 0);
  while (n) {
    n.main = true;
    n = n.children.length ? get(tree, n.children[0]) : null;
  }
}

/**
 * Promotes the side line through node `id`: its nearest branch becomes its parent's main
 * continuation (one level up), or, with `toMain`, every branch on the way does, so that the
 * line becomes the main line. Returns whether anything changed.
 */
export function promote(tree, id, toMain) {
  let changed = false;
  let n = get(tree, id);
  while (n && n.parent !== null && n.parent !== undefined) {
    const parent = get(tree, n.parent);
    if (!parent) break;
    const i = parent.children.indexOf(n.id);
    if (i > 0) {
      parent.children.splice(i, 1);
      parent.children.unshift(n.id);
      changed = true;
      if (!toMain) break;
    }
    n = parent;
  }
  if (changed) markMain(tree);
  return changed;
}

/**
 * Deletes move `id` and everything after it. Returns the id of the move before it (null when
 * `id` is the start or unknown: nothing is deleted).
 */
export function deleteFrom(tree, id) {
  const n = get(tree, id);
  if (!n || n.parent === null || n.parent === undefined) return null;
  const parent = get(tree, n.parent);
  parent.children = parent.children.filter((c) => c !== n.id);
  const todo = [n.id];
  while (todo.length) {
    const next = get(tree, todo.pop());
    if (!next) continue;
    todo.push(...next.children);
    tree.nodes.delete(next.id);
  }
  markMain(tree);
  return parent.id;
}

/** Sets the comment after move `id` (blank: no comment). */
export function setComment(tree, id, text) {
  const n = get(tree, id);
  if (!n) return;
  const clean = String(text || '').trim();
  n.comment = clean || null;
  // The comment is now the one written here, shown as it is.
  n.remark = undefined;
}

/**
 * Sets the move-quality glyph of move `id` (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`),
 * replacing the one it had; `null` clears it. Other glyphs (positions, `$14`...) stay.
 */
export function setMoveGlyph(tree, id, nag) {
  const n = get(tree, id);
  if (!n) return;
  const others = (n.nags || []).filter((g) => !MOVE_GLYPHS.includes(g));
  n.nags = nag ? [nag, ...others] : others;
}

/** The move-quality glyph of move `id`, or null. */
export function moveGlyph(tree, id) {
  const n = get(tree, id);
  return (n && (n.nags || []).find((g) => MOVE_GLYPHS.includes(g))) || null;
}

/**
 * A tree of one line from a list of moves (`{ move, text, nags?, comment? }`), for a page
 * that has no side lines (a game): node `i` is the position after `i` moves, so a node's id
 * is its ply.
 */
export function lineTree(moves) {
  const nodes = new Map();
  nodes.set(0, { id: 0, parent: null, children: moves.length ? [1] : [], ply: 0, main: true });
  moves.forEach((m, i) => {
    const id = i + 1;
    nodes.set(id, {
      id,
      parent: i,
      children: id < moves.length ? [id + 1] : [],
      move: m.move,
      text: m.text,
      nags: m.nags || [],
      comment: m.comment || null,
      commentBefore: null,
      ply: id,
      main: true,
    });
  });
  return { nodes };
}
