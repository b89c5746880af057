// The page's message catalog and page data, both written into the page by the server as JSON.
// Every text a script shows comes from the catalog (web/i18n/<lang>.json).

function readJson(id, fallback) {
  const el = document.getElementById(id);
  if (!el) return fallback;
  try {
    return JSON.parse(el.textContent);
  } catch {
    return fallback;
  }
}

const catalog = readJson('i18n-data', {}) || {};

/** The page data the server gave this page (see docs/web.md, Pages). */
export const page = readJson('page-data', {}) || {};

const rulesData = readJson('rules-data', {}) || {};

/**
 * What the pages know of a rules choice (`american`, `chess`, ...): `first` (the side that
 * moves first), `first_wins`, `second_wins` and `draw` (how its results are written).
 */
export function rulesFacts(rules) {
  return rulesData[rules] || { first: 'white', first_wins: '1-0', second_wins: '0-1', draw: '1/2-1/2' };
}

/** The page language (`en`, `pt`, `es` or `fr`). */
export const lang = document.documentElement.lang || 'en';

/**
 * The catalog text of `key`, with `{name}` placeholders filled from `vars`.
 * A key missing from the catalog shows as itself, so that it is noticed.
 */
export function t(key, vars) {
  let text = Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : key;
  if (vars) {
    text = text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  }
  return text;
}

let plurals = null;

/**
 * The catalog text for `count` of something: the key's plural form for the page language
 * (`key.one`, `key.few`, `key.many`, `key.other`: the forms of `Intl.PluralRules`), else
 * `key.other`. `{count}` is filled with the number.
 */
export function tn(key, count, vars = {}) {
  if (!plurals) {
    try {
      plurals = new Intl.PluralRules(lang);
    } catch {
      plurals = { select: (n) => (n === 1 ? 'one' : 'other') };
    }
  }
  const form = `${key}.${plurals.select(count)}`;
  const chosen = Object.prototype.hasOwnProperty.call(catalog, form) ? form : `${key}.other`;
  return t(chosen, { ...vars, count });
}

/** Creates an element with attributes and children (strings become text, never HTML). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The name of a side (`white`/`black`) in the page language. */
export function sideName(side) {
  return side === 'black' ? t('side.black') : t('side.white');
}

/** The name of a chess variant (`crazyhouse`, `kingofthehill`, ...) in the page language. */
export function variantName(variant) {
  const key = `variant.${variant}`;
  return Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : variant;
}

/** The name of a rules choice (`american`, `chess`, ...) in the page language. */
export function rulesName(rules) {
  const key = `rules.${rules}`;
  return Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : rules;
}
