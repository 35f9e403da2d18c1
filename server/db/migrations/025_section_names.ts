import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { DEMO_SECTION_NAMES } from '../../seed/sectionNames.ts';

interface PlanTable {
  seatplans: { id: number; plan_json: string };
}

interface StoredSection {
  name?: unknown;
  names?: Record<string, string>;
}

/**
 * Sections named in every language in plans a database stored before the demo plans carried the names
 * (issue 35): the map, the order summary, the confirmation, the e-ticket and the e-mails showed "Stalls"
 * on Hebrew pages. Every stored plan version (drafts too) whose section has no names per language and is
 * called as a demo section is ("Stalls", "Balcony 1", "Trampolines") gets the demo's names for it; a
 * section staff have named in some language keeps what they typed. Only names are added: seats, their
 * keys and prices stay as they were, so a published version stays the version its presentations sell.
 * Nothing to undo: the names were missing, not wrong (the down step leaves them).
 */
export const m025_SectionNames: Migration = {
  async up(db: Kysely<unknown>) {
    const plans = db as unknown as Kysely<PlanTable>;
    const ids = await plans.selectFrom('seatplans').select('id').orderBy('id').execute();
    // One plan at a time: an arena's plan is megabytes of JSON.
    for (const { id } of ids) {
      const row = await plans
        .selectFrom('seatplans')
        .select('plan_json')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const named = withSectionNames(row.plan_json);
      if (named !== null)
        await plans.updateTable('seatplans').set({ plan_json: named }).where('id', '=', id).execute();
    }
  },
  async down() {},
};

/** The plan's JSON with the demo's names on its sections that had none, or null when nothing changes. */
export function withSectionNames(planJson: string): string | null {
  const plan = JSON.parse(planJson) as { S?: unknown };
  if (!Array.isArray(plan.S)) return null;
  let changed = false;
  for (const section of plan.S as StoredSection[]) {
    const names = typeof section.name === 'string' ? DEMO_SECTION_NAMES[section.name] : undefined;
    if (!names || (section.names && Object.keys(section.names).length > 0)) continue;
    section.names = { ...names };
    changed = true;
  }
  return changed ? JSON.stringify(plan) : null;
}
