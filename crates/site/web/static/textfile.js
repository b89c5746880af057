// A text file given to a page: chosen with a file button or dropped on a place of the page.
// Its bytes are read as UTF-8, else as Windows-1252 (old PDN and PGN files are Latin-1), so
// that names keep their accents either way.

/** The largest file read: the server reads at most 1 MB of pasted text. */
export const MAX_FILE = 1024 * 1024;

/** The text of `file`; throws `RangeError` for a file over `MAX_FILE` bytes. */
export async function readTextFile(file) {
  if (file.size > MAX_FILE) throw new RangeError(`${file.size} bytes`);
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Whether a drag carries files. */
function carriesFiles(e) {
  return !!(e.dataTransfer && [...(e.dataTransfer.types || [])].includes('Files'));
}

/**
 * Lets files be dropped on `target`: while a file is dragged over it, `target` has the class
 * `dropping`; `onFile(file)` gets the first file dropped. A file dropped elsewhere on the
 * page is ignored rather than opened by the browser in place of the page (and its work).
 */
export function acceptDrops(target, onFile) {
  for (const type of ['dragover', 'drop']) {
    document.addEventListener(type, (e) => {
      if (carriesFiles(e)) e.preventDefault();
    });
  }
  let depth = 0; // dragenter and dragleave also come from the target's children
  const stop = () => {
    depth = 0;
    target.classList.remove('dropping');
  };
  target.addEventListener('dragenter', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth += 1;
    target.classList.add('dropping');
  });
  target.addEventListener('dragover', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  target.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) stop();
  });
  target.addEventListener('drop', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    stop();
    const file = e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) onFile(file);
  });
}
