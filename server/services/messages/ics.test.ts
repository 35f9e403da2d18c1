import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CalendarEvent, escapeText, foldLine, orderCalendar, unfold } from './ics.ts';

const NOW = Date.UTC(2026, 5, 1, 9, 5, 7);

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'R123-42@tickets',
    title: 'Summer concert',
    location: 'Main venue · Hall A',
    startsAt: Date.UTC(2026, 6, 15, 17, 30),
    durationMinutes: 90,
    description: 'Row 5, seats 7-8',
    url: 'https://tickets.example/e/R123',
    ...overrides,
  };
}

function lines(ics: string): string[] {
  return unfold(ics).split('\r\n').slice(0, -1);
}

/** The property's lines outside the VTIMEZONE (whose DTSTARTs are the DST rules). */
function prop(ics: string, name: string): string[] {
  const all = lines(ics);
  const [from, to] = [all.indexOf('BEGIN:VTIMEZONE'), all.indexOf('END:VTIMEZONE')];
  return all.filter((l, i) => (i < from || i > to) && (l.startsWith(`${name}:`) || l.startsWith(`${name};`)));
}

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('orderCalendar', () => {
  it('has the calendar header, the Jerusalem VTIMEZONE and a trailing CRLF', () => {
    const ics = orderCalendar({ events: [event()], now: NOW });
    const all = lines(ics);
    expect(all.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Ticket shop//Orders//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(all.at(-1)).toBe('END:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(all).toContain('TZID:Asia/Jerusalem');
    expect(all).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR');
    expect(all).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    const daylight = all.slice(all.indexOf('BEGIN:DAYLIGHT'), all.indexOf('END:DAYLIGHT'));
    expect(daylight).toEqual(
      expect.arrayContaining(['TZOFFSETFROM:+0200', 'TZOFFSETTO:+0300', 'TZNAME:IDT']),
    );
    const standard = all.slice(all.indexOf('BEGIN:STANDARD'), all.indexOf('END:STANDARD'));
    expect(standard).toEqual(
      expect.arrayContaining(['TZOFFSETFROM:+0300', 'TZOFFSETTO:+0200', 'TZNAME:IST']),
    );
    expect(prop(orderCalendar({ events: [], now: NOW, prodId: '-//X//Y//EN' }), 'PRODID')).toEqual([
      'PRODID:-//X//Y//EN',
    ]);
  });

  it('writes a summer show in IDT wall-clock time', () => {
    const ics = orderCalendar({ events: [event()], now: NOW });
    expect(prop(ics, 'DTSTART')).toEqual(['DTSTART;TZID=Asia/Jerusalem:20260715T203000']);
    expect(prop(ics, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jerusalem:20260715T220000']);
    expect(prop(ics, 'DTSTAMP')).toEqual(['DTSTAMP:20260601T090507Z']);
    expect(prop(ics, 'UID')).toEqual(['UID:R123-42@tickets']);
    expect(prop(ics, 'URL')).toEqual(['URL:https://tickets.example/e/R123']);
  });

  it('writes a winter show in IST wall-clock time and defaults the duration to 120 minutes', () => {
    const ics = orderCalendar({
      events: [event({ startsAt: Date.UTC(2026, 11, 10, 18, 30), durationMinutes: 0 })],
      now: NOW,
    });
    expect(prop(ics, 'DTSTART')).toEqual(['DTSTART;TZID=Asia/Jerusalem:20261210T203000']);
    expect(prop(ics, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jerusalem:20261210T223000']);
    const negative = orderCalendar({ events: [event({ durationMinutes: -5 })], now: NOW });
    expect(prop(negative, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jerusalem:20260715T223000']);
  });

  it('computes DTEND across midnight and across the DST change', () => {
    const late = orderCalendar({ events: [event({ durationMinutes: 150 })], now: NOW });
    expect(prop(late, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jerusalem:20260715T230000']);
    // 2026-10-24 23:30 IDT (20:30Z) + 4h = 2026-10-25 02:30 IST (00:30Z is 02:30 after the fall-back at 02:00 IDT).
    const overnight = orderCalendar({
      events: [event({ startsAt: Date.UTC(2026, 9, 24, 20, 30), durationMinutes: 240 })],
      now: NOW,
    });
    expect(prop(overnight, 'DTSTART')).toEqual(['DTSTART;TZID=Asia/Jerusalem:20261024T233000']);
    expect(prop(overnight, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jerusalem:20261025T023000']);
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(escapeText('x\r\ny\rz')).toBe('x\\ny\\nz');
    const ics = orderCalendar({
      events: [event({ title: 'a,b;c\\d', description: 'line 1\nline 2', location: 'Hall; A, B' })],
      now: NOW,
    });
    expect(prop(ics, 'SUMMARY')).toEqual(['SUMMARY:a\\,b\\;c\\\\d']);
    expect(prop(ics, 'DESCRIPTION')).toEqual(['DESCRIPTION:line 1\\nline 2']);
    expect(prop(ics, 'LOCATION')).toEqual(['LOCATION:Hall\\; A\\, B']);
  });

  it('folds long lines at 75 octets with CRLF endings, and unfolding restores them', () => {
    const title = 'הופעה חגיגית של התזמורת הפילהרמונית הישראלית בהיכל התרבות בתל אביב — ערב מיוחד';
    const description = `Seats: ${'Row 12, seat 4; '.repeat(8)}\nhttps://tickets.example/e/R123?token=${'x'.repeat(90)}`;
    const ics = orderCalendar({ events: [event({ title, description })], now: NOW });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.split('\r\n').slice(0, -1);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(Buffer.from(line).toString()).toBe(line);
      expect(line).not.toContain('\uFFFD');
      expect(line.isWellFormed()).toBe(true);
    }
    expect(prop(ics, 'SUMMARY')).toEqual([`SUMMARY:${escapeText(title)}`]);
    expect(prop(ics, 'DESCRIPTION')).toEqual([`DESCRIPTION:${escapeText(description)}`]);
  });

  it('writes one VEVENT per event', () => {
    const ics = orderCalendar({
      events: [event(), event({ uid: 'R123-43@tickets', title: 'Second' })],
      now: NOW,
    });
    expect(lines(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines(ics).filter((l) => l === 'END:VEVENT')).toHaveLength(2);
    expect(prop(ics, 'UID')).toEqual(['UID:R123-42@tickets', 'UID:R123-43@tickets']);
  });
});

describe('foldLine', () => {
  const char = fc.oneof(
    fc.constantFrom('a', 'Z', '7', ' ', ':', ';', '\\'),
    fc.constantFrom('א', 'ש', 'ת', 'ּ', '·', 'é'),
    fc.constantFrom('😀', '🎭', '🎟️', '👨‍👩‍👧', '中'),
  );
  const text = fc.array(char, { maxLength: 300 }).map((chars) => chars.join(''));

  it('is undone by unfold and keeps every physical line within 75 octets', () => {
    fc.assert(
      fc.property(text, (value) => {
        const folded = foldLine(value);
        expect(unfold(folded)).toBe(value);
        for (const line of folded.split('\r\n')) {
          expect(octets(line)).toBeLessThanOrEqual(75);
          expect(line.isWellFormed()).toBe(true);
          expect(Buffer.from(line).toString()).toBe(line);
        }
      }),
      { numRuns: 500 },
    );
  });
});
