import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import fastify from 'fastify';
import type { PresentationSummary } from '../src/api/contract/presentations.ts';
import { bumpCatalogue, CATALOGUE_CHECK_MS } from '../server/services/catalogue/generation.ts';
import { round2, withServerCpu } from './common.ts';
import { autocannon, type CannonResult } from './onsale/autocannon.ts';
import { machine } from './server.ts';
import { serveBuiltShop } from './shop.ts';

/**
 * The pages the box office draws with React (issue 39), under load: what one process serves per second
 * of the board's page (for a laptop and for a phone: two renders, each kept 10 s per language and
 * catalogue generation, and sent as bytes compressed once), an order page, and the voucher shop (kept
 * one second: its vouchers left change with every order). Two plain Fastify routes in the same
 * run are the baselines: a tiny JSON answer (what this machine can do at all), and the board page's own
 * bytes, brotli-compressed, from memory (what it can do with answers of that size: the client's reading
 * of ~28 KB per answer limits both). autocannon in its own process, 32 connections,
 * BENCH_PAGES_SECONDS (10) per page, `accept-encoding: br, gzip` as a browser; the box office's CPU share
 * beside each. Then a burst: 256 requests for the board at once, just after a change of the catalogue
 * drops its render (one render serves them all), against 256 to the plain page. Target: the board's page
 * at ≥ 0.3 × the plain route with its bytes. BENCH_DIST serves a built shop instead of building one.
 */
export const PAGE_TARGET_RATIO = 0.3;

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

export interface PageLoad extends CannonResult {
  name: string;
  /** Requests/s as a share of the tiny plain route's. */
  ratio: number;
  /** Requests/s as a share of the plain route sending the board page's bytes. */
  ratioToBytes: number;
  /** The box office's (this process's) CPU meanwhile, in % of one core. */
  serverCpuPct: number;
}

export interface PagesResult {
  date: string;
  machine: string;
  pages: PageLoad[];
  burst: { requests: number; plainMs: number; boardMs: number; ratio: number };
  target: { ratio: number; against: string };
  pass: { boardRatio: boolean };
}

/** `n` requests at once; the time until the last answer, in ms. */
async function burst(url: string, n: number, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: n }, () => fetch(url, { headers })));
  await Promise.all(answers.map((a) => a.arrayBuffer()));
  if (answers.some((a) => a.status !== 200)) throw new Error(`burst: ${url} answered other than 200`);
  return Math.round(performance.now() - started);
}

export async function benchPages(): Promise<PagesResult> {
  const seconds = Number(process.env.BENCH_PAGES_SECONDS ?? 10);
  const shop = await serveBuiltShop('pages', { dist: process.env.BENCH_DIST });
  const plain = fastify();
  plain.get('/ping', () => ({ ok: true }));
  let pageBytes = Buffer.alloc(0);
  plain.get('/page', (_request, reply) =>
    reply.header('content-encoding', 'br').type('text/html; charset=utf-8').send(pageBytes),
  );
  try {
    const ping = await plain.listen({ port: 0, host: '127.0.0.1' });
    const { presentations } = (await (await fetch(`${shop.base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const movie = presentations.find((p) => p.category === 'movie' && p.saleStatus === 'open');
    if (!movie) throw new Error('the demo catalogue has no film on sale');
    const headers = { 'accept-encoding': 'br, gzip' };
    const board = await (await fetch(`${shop.base}/`, { headers })).text();
    pageBytes = brotliCompressSync(board, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
      },
    });
    const pages: [string, string, Record<string, string>?][] = [
      ['plain Fastify route (baseline)', `${ping}/ping`],
      ["plain Fastify route: the board page's bytes", `${ping}/page`],
      ["events board's page (laptop)", `${shop.base}/`],
      ["events board's page (phone)", `${shop.base}/`, { 'user-agent': PHONE_UA }],
      ['an order page (phone)', `${shop.base}/order/${movie.id}`, { 'user-agent': PHONE_UA }],
      ['the voucher shop (kept a second)', `${shop.base}/digital`],
    ];
    const results: PageLoad[] = [];
    for (const [name, url, own] of pages) {
      const ask = { ...headers, ...own };
      const check = await fetch(url, { headers: ask });
      const html = await check.text();
      if (check.status !== 200) throw new Error(`${name}: ${url} answered ${check.status}`);
      if (!url.startsWith(ping) && !html.includes('data-ssr'))
        throw new Error(`${name}: the page was not drawn by the box office (is the shop built?)`);
      console.log(`pages: ${name} …`);
      const { result: r, serverCpuPct } = await withServerCpu(() =>
        autocannon(url, { connections: 32, seconds, headers: ask }),
      );
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      const share = (i: number) => round2(r.reqPerSec / (results[i]?.reqPerSec ?? r.reqPerSec));
      results.push({ name, ...r, ratio: share(0), ratioToBytes: share(1), serverCpuPct });
    }
    // A burst on a render just dropped: a show added changes the catalogue's generation.
    await bumpCatalogue(shop.db.kysely);
    await new Promise((done) => setTimeout(done, CATALOGUE_CHECK_MS + 50));
    const n = 256;
    const plainMs = await burst(`${ping}/page`, n, headers);
    const boardMs = await burst(`${shop.base}/`, n, headers);
    const laptop = results.find((r) => r.name.startsWith("events board's page (laptop)"))!;
    const result: PagesResult = {
      date: new Date().toISOString(),
      machine: machine(),
      pages: results,
      burst: { requests: n, plainMs, boardMs, ratio: round2(boardMs / Math.max(1, plainMs)) },
      target: { ratio: PAGE_TARGET_RATIO, against: "the plain route with the board page's bytes" },
      pass: { boardRatio: laptop.ratioToBytes >= PAGE_TARGET_RATIO },
    };
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'pages.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.table(
      results.map((r) => ({
        page: r.name,
        'req/s': r.reqPerSec,
        'p50 ms': r.p50Ms,
        'p99 ms': r.p99Ms,
        '× tiny': r.ratio,
        '× same bytes': r.ratioToBytes,
        'server cpu %': r.serverCpuPct,
        'bytes/answer': r.bytesPerAnswer,
      })),
    );
    console.log(
      `burst of ${n}: plain page ${plainMs} ms, board ${boardMs} ms; target: board ≥ ${PAGE_TARGET_RATIO} × ` +
        `plain page ${result.pass.boardRatio ? 'pass' : 'FAIL'} (${laptop.ratioToBytes}); ${result.machine}`,
    );
    console.log('written bench/results/pages.json');
    return result;
  } finally {
    await plain.close();
    await shop.close();
  }
}

if (import.meta.main) await benchPages();
