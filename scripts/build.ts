import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { SSR_ENTRY, SSR_FOLDER } from '../server/http/seo/ssrBundle.ts';
import { compressDist } from './compress-dist.ts';

/**
 * Builds the shop into `outDir`: the browser's bundle (with Vite's manifest, which tells the box office
 * each page's stylesheets and modules), then the box office's renderer of the same pages
 * (src/ssr/renderPage.tsx, issue 39) with every library inside it, so it runs from any folder, and the
 * compressed copies of the browser's files. `npm run build` (dist), `node scripts/build.ts <dir>`.
 */
export async function buildShop(outDir: string, opts: { compress?: boolean } = {}): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  // Vite sets NODE_ENV=production for the build when unset; a box office in this process keeps its own.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
    await build({
      root,
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: {
        ssr: 'src/ssr/renderPage.tsx',
        outDir: join(outDir, SSR_FOLDER),
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rollupOptions: { output: { entryFileNames: SSR_ENTRY } },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (opts.compress !== false) compressDist(outDir);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const started = performance.now();
  await buildShop(outDir);
  console.log(`build: the shop in ${outDir} in ${Math.round(performance.now() - started)} ms`);
}
