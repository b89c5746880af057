// Calls to the server's JSON API (docs/api.md). Errors become ApiError with the server's
// reason and, for pasted text, its line and column.

export class ApiError extends Error {
  constructor(status, message, line, column, detail = {}) {
    super(message);
    this.status = status;
    this.line = line;
    this.column = column;
    // The error's code, and for a move of a pasted game the move (`ply`) and what is
    // wrong with it (`problem`), for the page to say in its language.
    this.code = detail.code || null;
    this.ply = detail.ply || null;
    this.problem = detail.problem || null;
  }
}

async function answer(response) {
  let body = null;
  const text = await response.text();
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const e = (body && body.error) || {};
    throw new ApiError(response.status, e.message || text || response.statusText, e.line, e.column, e);
  }
  return body;
}

/** POSTs `body` as JSON to `path` and returns the JSON answer. */
export async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body || {}),
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError(0, String(e && e.message ? e.message : e));
  }
  return answer(response);
}

/** GETs `path` and returns the JSON answer. */
export async function get(path) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, String(e && e.message ? e.message : e));
  }
  return answer(response);
}

/** GETs the board diagram of a position as SVG text. */
export async function svg(rules, fen, options, variant = null) {
  const q = new URLSearchParams({
    rules,
    fen,
    coordinates: options.coordinates ? '1' : '0',
    outside: options.outside ? '1' : '0',
    flipped: options.flipped ? '1' : '0',
  });
  // A chess variant's FEN (Crazyhouse's pockets) is read under its variant.
  if (variant) q.set('variant', variant);
  const response = await fetch(`/api/svg?${q}`);
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return response.text();
}

/** Offers `text` as a file download named `filename`. */
export function download(text, filename, type) {
  const blob = new Blob([text], { type: type || 'application/x-chess-pgn;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    a.remove();
  }, 1000);
}

/** Copies text to the clipboard; resolves to whether it worked. */
export async function copyText(text, fallbackInput) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  if (!fallbackInput || fallbackInput.value !== text) {
    // Copy through a field of our own that holds the text.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
  if (fallbackInput) {
    fallbackInput.focus();
    fallbackInput.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
  return false;
}
