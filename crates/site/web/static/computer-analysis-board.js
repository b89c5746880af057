// The computer analysis on the analysis board (analysis.js loads this when it is asked for):
// the line analysed is the main line as it was then; its marks stay on the moves of that line
// in the tree (whichever branch they are now), the graph steps through them, and a move of a
// better line is played on the board as a side line.

import { attachComputerAnalysis } from './computer-analysis.js';

/**
 * Attaches the analysis to `box` for the board's tree. `b`: `tree`, `node(id)`, `go(id)`,
 * `playMove(id)`, `renderMoves()`, `rulesRequest()`, `numbering()`, `notation` (the board's
 * chess notation). Answers `{ request(), judge(node), show(id), clear() }`.
 */
export function attachToBoard(box, b) {
  let plies = new Map(); // node id -> ply, for the nodes of the line analysed

  /** The nodes of the line analysed, from the start, as far as the tree still has them. */
  function analysedNodes() {
    const out = [0];
    let n = b.node(0);
    for (const id of ca.moves() || []) {
      n = n.children.map(b.node).find((c) => c.move === id);
      if (!n) break;
      out.push(n.id);
    }
    plies = new Map(out.map((id, ply) => [id, ply]));
    return out;
  }

  /** The ply of node `id` on the line analysed: its own, or where its branch leaves it. */
  function plyOf(id) {
    let n = b.node(id);
    while (n && !plies.has(n.id)) n = b.node(n.parent);
    return n ? plies.get(n.id) : null;
  }

  const ca = attachComputerAnalysis(box, {
    body: () => {
      const moves = [];
      for (let n = b.node(0); n.children.length && moves.length < 600; n = b.node(n.children[0])) {
        moves.push(b.node(n.children[0]).move);
      }
      return { ...b.rulesRequest(), fen: b.node(0).fen, moves };
    },
    numbering: b.numbering,
    style: () => b.notation,
    moveText: (ply) => (b.node(analysedNodes()[ply]) || {}).text || '',
    onShow: () => b.renderMoves(),
    onPly: (ply) => b.go(analysedNodes()[ply]),
    current: () => plyOf(b.tree.current),
    onLine: async (ply, ids, k) => {
      await b.go(analysedNodes()[ply - 1]);
      for (const id of ids.slice(0, k + 1)) {
        if ((await b.playMove(id)) === false) break; // refused: the board says why
      }
    },
  });

  return {
    request: () => ca.request(),
    /** What the move list shows of node `n` (see movelist.js `judge`). */
    judge: (n) => {
      if (n.id === b.node(0).children[0]) analysedNodes(); // once per drawing of the list
      const ply = plies.get(n.id);
      return ply ? ca.judge(ply) : null;
    },
    /** The graph follows the board to node `id`. */
    show: (id) => ca.setCurrent(plyOf(id)),
    clear: () => ca.clear(),
  };
}
