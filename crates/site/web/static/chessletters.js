// Chess moves the server wrote in English letters (SAN: `Nf3`, `exd8=Q+`), shown in the page's
// letters (`Cf3` in Spanish and French) or in figurines (`♘f3`), as the visitor chose: the
// moves of a game page, which come to every watcher alike. The analysis board asks the server
// for its notation instead (`notation` in the API).

// The piece letters of each page language the server also writes (chess-notation's), in the
// order K Q R B N.
const LETTERS = { en: 'KQRBN', es: 'RDTAC', fr: 'RDTFC', pt: 'RDTBC' };
const FIGURINES = { white: '♔♕♖♗♘', black: '♚♛♜♝♞' };

/** The page languages whose own piece letters are shown. */
export const LETTER_LANGS = Object.keys(LETTERS);

/**
 * `text` (SAN in English letters, moved by `side`) in the letters of `lang`, or in figurines
 * of the mover's colour when `figurines`. Only capitals are piece letters in SAN (files are
 * small letters, castling is `O-O`), so each capital K, Q, R, B, N is one.
 */
export function localMove(text, side, { lang, figurines }) {
  const to = figurines ? FIGURINES[side === 'black' ? 'black' : 'white'] : LETTERS[lang] || LETTERS.en;
  return String(text).replace(/[KQRBN]/g, (c) => to[LETTERS.en.indexOf(c)]);
}
