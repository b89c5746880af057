// The visitor's look on <html> before the first paint (a module would run after it), as
// prefs.js keeps it, with board-themes.css for a look other than the default's.
try {
  const d = document.documentElement.dataset;
  for (const name of ['theme', 'colours', 'draughtsPieces', 'chessPieces']) {
    const value = localStorage.getItem(`scoresheet.${name}`);
    if (value) d[name] = value;
  }
  if (d.colours || d.draughtsPieces || d.chessPieces) {
    document.write(`<link rel="stylesheet" id="board-themes" href="${document.currentScript.src.replace('look.js', 'board-themes.css')}">`);
  }
} catch (e) {
  // no storage: the default look
}
