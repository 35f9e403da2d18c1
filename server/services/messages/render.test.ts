import { describe, expect, it } from 'vitest';
import { showDateTime } from './render.ts';

describe('a show’s time in the messages', () => {
  it('tells a show after midnight as the night before, with its real date', () => {
    // Saturday 5 December 2026, 00:15 in Jerusalem.
    const night = '2026-12-04T22:15:00Z';
    expect(showDateTime(night, 'en')).toBe('Friday night, 00:15 (Saturday, 05/12/2026)');
    expect(showDateTime(night, 'he')).toBe('שישי בלילה, 00:15 (יום שבת, 05.12.2026)');
    expect(showDateTime(night, 'ru')).toBe('ночь на субботу, 00:15 (суббота, 05.12.2026)');
  });

  it('keeps the messages’ own long format for any other show', () => {
    expect(showDateTime('2026-12-05T17:30:00Z', 'en')).not.toContain('night');
    expect(showDateTime('2026-12-05T17:30:00Z', 'en')).toContain('19:30');
  });
});
