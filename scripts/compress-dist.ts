/**
 * Writes brotli (`.br`) and gzip (`.gz`) copies of the built shop's text files beside them, once, at
 * build time (`npm run build`: scripts/build.ts): the box office sends them as they are
 * (@fastify/static's preCompressed, server/http/shopPages.ts) instead of compressing every answer.
 * `node scripts/compress-dist.ts [dir]` (default dist). Brotli at its best quality: slow to make, small
 * to send. A copy that would not be smaller is not written (the plain file is sent instead); source maps
 * are left alone (only developer tools fetch them).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/i;
/** Under this size a compressed copy saves less than a packet: not worth a file. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot folders (the box office's renderer, Vite's manifest) are never sent.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export interface CompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Compresses every text file of `dir` (recursively); answers what it did. */
export function compressDist(dir: string): CompressSummary {
  const summary: CompressSummary = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const path of files(dir)) {
    if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    if (br.length < data.length) writeFileSync(`${path}.br`, br);
    if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    summary.files += 1;
    summary.bytes += data.length;
    summary.brotliBytes += Math.min(br.length, data.length);
  }
  return summary;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'dist');
  const s = compressDist(dir);
  console.log(`compress-dist: ${s.files} files in ${dir}, ${s.bytes} → ${s.brotliBytes} bytes with brotli`);
}
