/**
 * Writes public/favicon.png, the icon the shop's pages link, from public/favicon.svg (its drawing): 64×64,
 * drawn by the system Chromium. `node scripts/make-favicon.ts`. A page that links an SVG icon has Chromium
 * open it as a document of its own on the page's main thread (30–60 ms on a slow desktop, while the shop
 * starts: issue 41); a PNG is only decoded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const SIZE = 64;
const dir = join(import.meta.dirname, '..', 'public');
const svg = readFileSync(join(dir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${SIZE}px;height:${SIZE}px}</style>${svg}`,
  );
  const png = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: SIZE, height: SIZE },
  });
  writeFileSync(join(dir, 'favicon.png'), png);
  console.log(`wrote ${join(dir, 'favicon.png')} (${png.length} bytes)`);
} finally {
  await browser.close();
}
