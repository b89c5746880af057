// Every catalog key used by the templates, the scripts and the server's page titles exists in
// all four catalogs, and the four catalogs have the same keys with no empty text. Runs without
// a browser (it reads the files).

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../../../site/web');
const LANGS = ['en', 'pt', 'es', 'fr'];
// Keys the server asks for itself (page titles, error pages).
const SERVER_KEYS = [
  'home.title', 'page.analysis', 'page.help-notation', 'page.glossary', 'page.practice', 'page.new-game',
  'page.game', 'page.analysis-refused', 'page.error', 'page.editor', 'error.no-analysis',
];
// String literals in scripts that look like catalog keys: a known prefix, a dot, a name.
const PREFIXES = ['nav', 'footer', 'home', 'page', 'common', 'side', 'rules', 'piece', 'board', 'analysis', 'start',
  'load', 'notation', 'result', 'reason', 'help', 'practice', 'game', 'mode', 'level', 'new', 'refused', 'editor',
  'problem', 'prefs', 'computer'];

function catalog(lang) {
  return JSON.parse(readFileSync(join(web, 'i18n', `${lang}.json`), 'utf8'));
}

export function usedKeys() {
  const used = new Map();
  const add = (key, where) => {
    if (!used.has(key)) used.set(key, where);
  };
  // The templates and the parts they share (templates/parts/).
  const templates = readdirSync(join(web, 'templates'), { recursive: true }).filter((f) => f.endsWith('.html'));
  for (const f of templates) {
    const text = readFileSync(join(web, 'templates', f), 'utf8');
    for (const m of text.matchAll(/\{\{\s*t:\s*([^}\s]+)\s*\}\}/g)) add(m[1], `templates/${f}`);
  }
  const literal = new RegExp(`['"\`]((?:${PREFIXES.join('|')})\\.[a-z0-9_.-]+)['"\`]`, 'g');
  for (const f of readdirSync(join(web, 'static')).filter((n) => n.endsWith('.js'))) {
    const text = readFileSync(join(web, 'static', f), 'utf8');
    // Counted texts, `tn('key', n)`: the catalogs hold `key.one`, `key.other`...; `other`
    // must be there.
    const counted = new Set([...text.matchAll(/\btn\(\s*['"`]([a-z0-9_.-]+)['"`]/g)].map((m) => m[1]));
    for (const key of counted) add(`${key}.other`, `static/${f}`);
    for (const m of text.matchAll(literal)) {
      if (/\.(js|json|css|html|svg)$/.test(m[1]) || counted.has(m[1])) continue;
      add(m[1], `static/${f}`);
    }
  }
  for (const k of SERVER_KEYS) add(k, 'server');
  return used;
}

export default [
  {
    name: 'every key used by templates, scripts and the server is in all four catalogs',
    async run() {
      const used = usedKeys();
      const problems = [];
      for (const lang of LANGS) {
        const c = catalog(lang);
        for (const [key, where] of used) {
          if (!(key in c)) problems.push(`${lang}: missing ${key} (used in ${where})`);
        }
      }
      if (problems.length) throw new Error(`${problems.length} missing:\n  ${problems.join('\n  ')}`);
    },
  },
  {
    name: 'the four catalogs have the same keys, no empty texts, the same placeholders',
    async run() {
      const en = catalog('en');
      const problems = [];
      for (const lang of LANGS) {
        const c = catalog(lang);
        for (const key of Object.keys(en)) {
          if (!(key in c)) problems.push(`${lang}: missing ${key}`);
          else if (!String(c[key]).trim()) problems.push(`${lang}: empty ${key}`);
          else {
            const names = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
            if (names(c[key]) !== names(en[key])) problems.push(`${lang}: ${key} has placeholders {${names(c[key])}}, English {${names(en[key])}}`);
          }
        }
        for (const key of Object.keys(c)) if (!(key in en)) problems.push(`${lang}: ${key} is not in English`);
      }
      if (problems.length) throw new Error(problems.join('\n  '));
    },
  },
  {
    name: 'every catalog text is translated where the language differs (not left in English)',
    async run() {
      const en = catalog('en');
      // Texts that are the same in every language: names, symbols, abbreviations.
      const same = (key) => /^notation\.lang\./.test(key) || ['analysis.fen', 'rules.frysk'].includes(key);
      const problems = [];
      for (const lang of ['pt', 'es', 'fr']) {
        const c = catalog(lang);
        const untranslated = Object.keys(en).filter((k) => !same(k) && c[k] === en[k] && /[a-z]{4}/.test(en[k]));
        if (untranslated.length > 3) problems.push(`${lang}: ${untranslated.length} texts equal to English: ${untranslated.slice(0, 12).join(', ')}`);
      }
      if (problems.length) throw new Error(problems.join('\n  '));
    },
  },
  {
    name: 'the help and glossary articles exist in the four languages with the same live boards',
    async run() {
      const problems = [];
      for (const name of ['help-notation', 'glossary']) {
        const boards = (lang) => [...readFileSync(join(web, 'content', `${name}.${lang}.html`), 'utf8')
          .matchAll(/<div class="live-board"[^>]*data-fen="([^"]+)"[^>]*data-moves="([^"]*)"/g)].map((m) => m[1]).join('|');
        for (const lang of LANGS) {
          const text = readFileSync(join(web, 'content', `${name}.${lang}.html`), 'utf8');
          if (text.length < 1500) problems.push(`${name}.${lang}.html is too short (${text.length} bytes)`);
          if (text.includes('{{')) problems.push(`${name}.${lang}.html contains a placeholder`);
          if (boards(lang) !== boards('en')) problems.push(`${name}.${lang}.html boards differ from English`);
        }
      }
      if (problems.length) throw new Error(problems.join('\n  '));
    },
  },
];
