import type { TestProject } from 'vitest/node';
import { TEST_NOW } from './harness.ts';
import { buildTemplates, type DbTemplates, dropTemplates } from './templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** Once per run: the seeded databases every test app copies (templates.ts). */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  const templates = await buildTemplates(base, TEST_NOW);
  project.provide('dbTemplates', templates);
  return () => dropTemplates(templates, base);
}
