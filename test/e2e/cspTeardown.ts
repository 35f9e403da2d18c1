import type { FullConfig } from '@playwright/test';

/**
 * After every browser test: the box office counted no Content-Security-Policy violation (browsers
 * report them to /api/csp-report, pages and workers alike). One means some page of the shop runs
 * something its own policy forbids.
 */
export default async function cspTeardown(config: FullConfig): Promise<void> {
  const bases = config.projects.map((p) => p.use.baseURL).filter((b): b is string => Boolean(b));
  if (bases.length === 0) return;
  // Reports are sent in the background: give the last ones a moment to arrive.
  await new Promise((r) => setTimeout(r, 500));
  // Every lane's box office (playwright.config.ts): each counted its own browsers' reports.
  const texts = await Promise.all(bases.map(async (base) => (await fetch(`${base}/metrics`)).text()));
  const lines = texts
    .join('\n')
    .split('\n')
    .filter((l) => l.startsWith('boxoffice_csp_violations_total{'));
  const count = lines.reduce((n, l) => n + Number(l.split(' ').pop()), 0);
  if (count > 0)
    throw new Error(
      `the browsers reported ${count} Content-Security-Policy violation(s):\n${lines.join('\n')}`,
    );
}
