// Runs every browser test file (*.test.mjs beside this file) against the server at BASE_URL,
// in Debian's chromium driven by playwright-core. Prints one line per test, saves screenshots
// to target/browser-screenshots/ (from the workspace root), exits 1 if any test failed.
//
//   BASE_URL=http://127.0.0.1:8000 node crates/scoresheet/tests/browser/run.mjs [filter]

import { readdirSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
const shots = process.env.SCREENSHOTS ? resolve(process.env.SCREENSHOTS) : join(root, 'target', 'browser-screenshots');
mkdirSync(shots, { recursive: true });
for (const f of readdirSync(shots)) if (f.startsWith('FAILED-')) rmSync(join(shots, f));

const baseUrl = (process.env.BASE_URL || 'http://127.0.0.1:8000').replace(/\/$/, '');
const filter = process.argv[2] || '';
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
let passed = 0;
let failed = 0;
const failures = [];

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});

try {
  for (const file of files) {
    const mod = await import(pathToFileURL(join(here, file)).href);
    for (const test of mod.default) {
      const name = `${file.replace('.test.mjs', '')}: ${test.name}`;
      if (filter && !name.includes(filter)) continue;
      const contexts = [];
      const errors = [];
      const newPage = async (options = {}) => {
        const context = await browser.newContext({
          viewport: options.viewport || { width: 1280, height: 900 },
          locale: options.locale || 'en-US',
          acceptDownloads: true,
          isMobile: !!options.isMobile,
          hasTouch: !!options.isMobile,
        });
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(15000);
        page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
        });
        return page;
      };
      const shot = async (page, label) => {
        const safe = `${file.replace('.test.mjs', '')}-${label}`.replace(/[^a-z0-9._-]+/gi, '_');
        await page.screenshot({ path: join(shots, `${safe}.png`), fullPage: true });
      };
      const started = Date.now();
      try {
        await test.run({ baseUrl, newPage, shot, errors });
        if (errors.length && !test.allowErrors) throw new Error(`the page reported errors:\n  ${errors.join('\n  ')}`);
        passed += 1;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (e) {
        failed += 1;
        failures.push(name);
        console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
        for (const [i, c] of contexts.entries()) {
          for (const [j, p] of c.pages().entries()) {
            try {
              await p.screenshot({ path: join(shots, `FAILED-${name.replace(/[^a-z0-9._-]+/gi, '_')}-${i}-${j}.png`), fullPage: true });
            } catch {
              // the page is gone
            }
          }
        }
      } finally {
        for (const c of contexts) await c.close().catch(() => {});
      }
    }
  }
} finally {
  await browser.close();
}

console.log(`\nscreenshots: ${shots}`);
if (failures.length) console.log(`failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
