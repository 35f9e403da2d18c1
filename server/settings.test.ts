import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loadSettings, mergeSettings } from './settings.ts';

function withFile(contents: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
  writeFileSync(file, contents);
  return loadConfig({ SETTINGS_FILE: file });
}

describe('shop settings', () => {
  it('gives the spec defaults without a settings file', () => {
    const s = loadSettings(loadConfig({}));
    expect(s.customerInfo.order.fields.mobileNumber).toEqual({ isRequired: true, isIncluded: true });
    expect(s.customerInfo.orderDonations.fields.mobileNumber.isIncluded).toBe(false);
    expect(s.order.orderReceivedUrl).toBeNull();
    expect(s.flows).toEqual({});
    // The demo's order terms come with the demo catalogue, in every language; without it, none.
    expect(Object.keys(s.order.terms ?? {}).sort()).toEqual(['ar', 'en', 'he', 'pl', 'ru']);
    expect(loadSettings(loadConfig({ SEED: '0' })).order.terms).toBeNull();
  });

  it('lets a venue rename the order flow’s steps and ask for an ID number', () => {
    const s = loadSettings(
      withFile(
        JSON.stringify({
          flows: { order: { title: { en: 'Buy tickets' }, steps: { seats: { en: 'Pick your seats' } } } },
          customerInfo: { order: { isSSNRequired: true } },
          order: { orderReceivedUrl: 'https://venue.example/thanks' },
          maxSeatsPerTransaction: 99,
        }),
      ),
    );
    expect(s.flows.order?.steps?.seats).toEqual({ en: 'Pick your seats' });
    expect(s.customerInfo.order.isSSNRequired).toBe(true);
    expect(s.customerInfo.order.fields.email.isRequired).toBe(true);
    expect(s.order.orderReceivedUrl).toBe('https://venue.example/thanks');
    expect(s.maxSeatsPerTransaction).toBe(10); // the environment decides the seat cap
  });

  it('stops the start on a settings file that is not JSON or does not fit', () => {
    expect(() => loadSettings(withFile('{ nope'))).toThrow(/SETTINGS_FILE/);
    expect(() => loadSettings(withFile(JSON.stringify({ payment: { maxNumberOfPayments: 0 } })))).toThrow(
      /SETTINGS_FILE/,
    );
  });

  it('merges objects key by key and replaces everything else', () => {
    expect(mergeSettings({ a: { b: 1, c: [1] }, d: 1 }, { a: { c: [2] } })).toEqual({
      a: { b: 1, c: [2] },
      d: 1,
    });
  });
});
