/** The seat-map benchmark's data and page: the generated plans and status maps, and the server for both. */
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { countSeats } from '../../server/seed/seatplans.ts';
import { encodeColumns } from '../../workers/seatplan/columns.ts';
import { makePlan, sampleSeatKeys, statusMaps, type Shape } from './plans.ts';

export interface PlanFiles {
  shape: Shape;
  size: number;
  seats: number;
  plan: string;
  /** The plan in columns (workers/seatplan/columns.ts), as /seats/seatplan-columns sends it. */
  columns: string;
  status: string;
  status2: string;
  sampleKeys: string[];
  planKB: { raw: number; gzip: number; brotli: number };
  columnsKB: { raw: number; gzip: number; brotli: number };
}

function compressedKB(content: string | Uint8Array): { raw: number; gzip: number; brotli: number } {
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  const text = typeof content === 'string';
  const bytes = Buffer.from(content);
  const mode = text ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC;
  return {
    raw: kb(bytes.length),
    gzip: kb(gzipSync(bytes).length),
    brotli: kb(
      brotliCompressSync(bytes, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: mode },
      }).length,
    ),
  };
}

export function generate(dir: string, sizes: readonly number[], shapes: readonly Shape[]): PlanFiles[] {
  const out: PlanFiles[] = [];
  for (const size of sizes) {
    for (const shape of shapes) {
      const plan = makePlan(shape, size);
      const maps = statusMaps(plan);
      const base = `${shape}-${size}`;
      const planText = JSON.stringify(plan);
      const columns = encodeColumns(plan).bytes;
      writeFileSync(join(dir, `${base}.plan.json`), planText);
      writeFileSync(join(dir, `${base}.plan.columns`), columns);
      writeFileSync(join(dir, `${base}.status.json`), JSON.stringify(maps.first));
      writeFileSync(join(dir, `${base}.status2.json`), JSON.stringify(maps.second));
      out.push({
        shape,
        size,
        seats: countSeats(plan),
        plan: `/data/${base}.plan.json`,
        columns: `/data/${base}.plan.columns`,
        status: `/data/${base}.status.json`,
        status2: `/data/${base}.status2.json`,
        sampleKeys: sampleSeatKeys(plan, 200),
        planKB: compressedKB(planText),
        columnsKB: compressedKB(columns),
      });
    }
  }
  return out;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Static files: the built page at /, the generated data at /data/. Cross-origin isolated (precise timers). */
export function serve(distDir: string, dataDir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const [root, rel] = path.startsWith('/data/')
      ? [dataDir, path.slice(6)]
      : [distDir, path.slice(1) || 'page.html'];
    const file = normalize(join(root, rel));
    let size = -1;
    try {
      if (file.startsWith(root)) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    if (size < 0) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': 'no-store',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      ok({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}
