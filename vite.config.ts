import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { type LocalePart, localePart } from './src/i18n/localeParts.ts';

const TEST_FILES = [
  'src/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'workers/**/*.test.ts',
  'bench/**/*.test.ts',
  'test/**/*.test.{ts,tsx}',
];
const TEST_EXCLUDE = ['test/e2e/**', 'node_modules/**'];
/** Test files that start box offices as processes of their own (vitest's project "processes"). */
const PROCESS_TESTS = [
  'server/faults.test.ts',
  'server/main.test.ts',
  'server/metrics.cluster.test.ts',
  'server/multihost.test.ts',
  'server/routes/checkout.crash.test.ts',
  'server/routes/checkout.crash.stripe.test.ts',
  'server/routes/admin/callOff.crash.test.ts',
  'server/routes/admin/door.processes.test.ts',
];

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * `locales/xx.json?core`, `?rest` and `?staff`: the parts of a locale file (src/i18n/localeParts.ts), so the
 * first page loads only the texts it shows. Each part is a module of its own (`\0shop-locale:…`).
 */
function localeParts(): Plugin {
  const prefix = '\0shop-locale:';
  return {
    name: 'shop:locale-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = /^(.*\/locales\/[a-z]{2}\.json)\?(core|rest|staff)$/.exec(source);
      if (!match?.[1] || !importer) return null;
      const file =
        match[1].startsWith('/') && !existsSync(match[1])
          ? resolve(import.meta.dirname, `.${match[1]}`)
          : resolve(importer, '..', match[1]);
      // The part comes last: an id ending in .json would be read as JSON.
      return `${prefix}${file}:${match[2]}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const at = id.lastIndexOf(':');
      const [file, part] = [id.slice(prefix.length, at), id.slice(at + 1)];
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(localePart(messages, part as LocalePart)))});`;
    },
  };
}

/**
 * Mantine's ScrollArea takes only `useMergeRefs` from @floating-ui/react, yet importing it brings all
 * of floating-ui (popovers, menus) into every page with a scroll area: its import resolves to a copy
 * of that one hook (src/floatingMergeRefs.ts). Popover, Menu and the rest keep the real module.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const copy = resolve(import.meta.dirname, 'src/floatingMergeRefs.ts');
  return {
    name: 'shop:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return null;
      return /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer) ? copy : null;
    },
  };
}

/**
 * Mantine's CSS per component instead of its whole 250 KB stylesheet in every first page: each Mantine
 * module that has a stylesheet of its name (`@mantine/core/styles/<Name>.css`) imports it, after its own
 * imports, so a component's dependencies' styles come first (the order Mantine asks for) and Vite puts
 * every stylesheet in the chunk of the page that uses the component. main.tsx imports the three global
 * sheets (baseline, CSS variables, global) itself.
 */
function mantineCssPerComponent(): Plugin {
  const styles = resolve(import.meta.dirname, 'node_modules/@mantine/core/styles');
  const sheets = new Set(
    readdirSync(styles)
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .map((f) => f.slice(0, -'.css'.length)),
  );
  for (const global of ['baseline', 'default-css-variables', 'global']) sheets.delete(global);
  return {
    name: 'shop:mantine-css-per-component',
    transform(code, id) {
      // `…/esm/components/Combobox/ComboboxChevron/ComboboxChevron.mjs`: its component's sheet
      // (Combobox) and its own, when they exist.
      const path =
        /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/]([\w-]+)[\\/](?:.*[\\/])?([\w-]+)\.mjs$/.exec(
          id.split('?')[0] ?? '',
        );
      if (!path) return null;
      const names = [...new Set([path[1], path[2]])].filter((n): n is string => !!n && sheets.has(n));
      if (names.length === 0) return null;
      const imports = names.map((n) => `import '@mantine/core/styles/${n}.css';`).join('\n');
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}

/**
 * The door's service worker (src/backoffice/door/offline/sw.ts) at a stable address, /door-sw.js (a
 * worker's URL cannot carry a hash: the browser checks it for updates): bundled on its own, as one
 * classic script, so it shares no chunk with the shop.
 */
function doorServiceWorker(): Plugin {
  return {
    name: 'shop:door-service-worker',
    apply: 'build',
    async generateBundle() {
      // Once, with the browser's bundle (not again in the box office's renderer: scripts/build.ts).
      if (this.environment.config.consumer === 'server') return;
      const { build } = await import('vite');
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          copyPublicDir: false,
          minify: true,
          lib: {
            entry: resolve(import.meta.dirname, 'src/backoffice/door/offline/sw.ts'),
            formats: ['iife'],
            name: 'doorServiceWorker',
          },
        },
      });
      const output = (Array.isArray(built) ? built[0] : built) as { output: { code?: string }[] };
      const code = output.output[0]?.code;
      if (!code) throw new Error('the door service worker did not build');
      this.emitFile({ type: 'asset', fileName: 'door-sw.js', source: code });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    localeParts(),
    doorServiceWorker(),
    scrollAreaWithoutFloatingUi(),
    ...(process.env.VITEST ? [] : [mantineCssPerComponent()]),
  ],
  resolve: {
    // The shop's zod never evals (Content-Security-Policy); tests and the server keep zod as it is.
    // PixiJS's web-worker adapter brings an XML parser only XML bitmap fonts need (src/xmldomStub.ts).
    alias: process.env.VITEST
      ? []
      : [
          { find: /^zod$/, replacement: resolve(import.meta.dirname, 'src/zodJitless.ts') },
          { find: /^@xmldom\/xmldom$/, replacement: resolve(import.meta.dirname, 'src/xmldomStub.ts') },
        ],
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  test: {
    exclude: TEST_EXCLUDE,
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // Seeds the demo catalogue once per run for the test apps to copy (server/testing/templates.ts).
    globalSetup: ['server/testing/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Most files wait on a database, a process or a socket, not on a core: three at once on two cores
    // halved the run (765 s → 410 s) where Vitest's default (cores − 1) ran one at a time.
    maxWorkers: 3,
    projects: [
      // (Vitest merges a project's lists with the root's: so each project names its own files.)
      { extends: true, test: { name: 'unit', include: TEST_FILES, exclude: PROCESS_TESTS } },
      // Box offices in processes of their own, killed, cut off from their database, timed: after the
      // rest, one file at a time, so that no other file's load makes a healthy call look hung.
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
