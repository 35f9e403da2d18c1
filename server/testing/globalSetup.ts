import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { TEST_NOW } from './harness.ts';
import { busiestSince, processTimes, RUN_TAG, leftProcesses } from './processWatch.ts';
import { buildTemplates, type DbTemplates, dropTemplates } from './templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/**
 * Once per run: the seeded databases every test app copies (templates.ts). Every process the tests
 * start inherits the run's tag: at the end, any still running (a box office or balancer a test failed
 * to stop) is named and killed, so that it cannot slow what runs next (the browser tests), and the run
 * says which processes took the machine's CPU.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const tag = randomUUID();
  process.env[RUN_TAG] = tag;
  const before = processTimes();
  const templates = await buildTemplates(base, TEST_NOW);
  project.provide('dbTemplates', templates);
  return async () => {
    await dropTemplates(templates, base);
    const left = leftProcesses(tag, process.pid);
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    if (left.length > 0)
      console.warn(
        `tests left ${left.length} process(es) running, now killed:\n  ${left.map((p) => `${p.pid} ${p.cmd}`).join('\n  ')}`,
      );
    console.log(`unit and process tests, ${busiestSince(before)}`);
  };
}
