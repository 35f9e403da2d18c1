import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuAnswerSchema } from '../../src/api/contract/session.ts';
import { loadConfig } from '../config.ts';
import { loadSettings } from '../settings.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

describe.each(dialects)('the header menu on %s', (dialect) => {
  let t: TestApp;
  const menu = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/menu' });
    expect(res.statusCode, res.body).toBe(200);
    return MenuAnswerSchema.parse(res.json()).entries;
  };
  /** The menu is kept 10 s: a change shows after that. */
  const later = () => t.clock.advance(11_000);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('leads to everything the demo sells besides seats', async () => {
    expect(await menu()).toEqual(['giftCards', 'memberships', 'donations', 'watchAtHome']);
  });

  it('leaves out an entry with nothing for sale, and brings it back when there is', async () => {
    await t.db.kysely.updateTable('donation_funds').set({ is_active: 0 }).execute();
    await t.db.kysely.updateTable('memberships').set({ is_for_sale: 0 }).execute();
    later();
    expect(await menu()).toEqual(['giftCards', 'watchAtHome']);
    await t.db.kysely.updateTable('donation_funds').set({ is_active: 1 }).execute();
    later();
    expect(await menu()).toEqual(['giftCards', 'donations', 'watchAtHome']);
  });

  it('shows only the entries the venue lists, in its order', async () => {
    const { settings } = t.app.deps;
    const before = settings.menu.entries;
    try {
      settings.menu.entries = ['watchAtHome', 'giftCards', 'memberships'];
      later();
      // Memberships are not for sale since the test before.
      expect(await menu()).toEqual(['watchAtHome', 'giftCards']);
      settings.menu.entries = [];
      later();
      expect(await menu()).toEqual([]);
    } finally {
      settings.menu.entries = before;
    }
  });
});

describe('the menu setting', () => {
  const withFile = (contents: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
    writeFileSync(file, JSON.stringify(contents));
    return loadConfig({ SETTINGS_FILE: file });
  };

  it('lists every entry by default; a venue names its own, and nothing else', () => {
    expect(loadSettings(loadConfig({})).menu.entries).toEqual([
      'giftCards',
      'memberships',
      'donations',
      'watchAtHome',
    ]);
    expect(loadSettings(withFile({ menu: { entries: ['donations'] } })).menu.entries).toEqual(['donations']);
    expect(() => loadSettings(withFile({ menu: { entries: ['giftCards', 'parking'] } }))).toThrow(/menu/);
  });
});
