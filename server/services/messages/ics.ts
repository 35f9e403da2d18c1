/**
 * RFC 5545 iCalendar export of an order's presentations, in Asia/Jerusalem time.
 * Pure: the caller supplies `now` (for DTSTAMP); output uses CRLF line endings,
 * TEXT escaping, and folding at 75 UTF-8 octets without splitting a character.
 */

export interface CalendarEvent {
  /** Unique and stable, e.g. `${reservationIdentifier}-${presentationId}@tickets`. */
  uid: string;
  /** Already in the order's language. */
  title: string;
  /** Venue · hall, or "Venue, street, city" when the venue has an address (calendarFiles.ts). */
  location: string;
  /** Epoch ms (an instant). */
  startsAt: number;
  /** 0 or less: 120 minutes. */
  durationMinutes: number;
  /** Free text; may contain newlines, commas, semicolons, backslashes. */
  description: string;
  /** The e-ticket URL. */
  url: string;
}

export interface CalendarInput {
  events: CalendarEvent[];
  now: number;
  prodId?: string;
}

export const TZID = 'Asia/Jerusalem';
const DEFAULT_PRODID = '-//Ticket shop//Orders//EN';
const DEFAULT_DURATION_MINUTES = 120;
const MAX_OCTETS = 75;
const CRLF = '\r\n';

/** Israel since 2013: IDT from the Friday before the last Sunday of March 02:00 to the last Sunday of October 02:00. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:DAYLIGHT',
  'TZNAME:IDT',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'DTSTART:19700327T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZNAME:IST',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const localFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZID,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Escapes a TEXT value: backslash, semicolon, comma, and newlines (CRLF, CR or LF) as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `YYYYMMDDTHHMMSS` wall-clock time in Asia/Jerusalem. */
export function jerusalemDateTime(epochMs: number): string {
  const parts: Record<string, string> = {};
  for (const { type, value } of localFormat.formatToParts(new Date(epochMs))) parts[type] = value;
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
export function utcDateTime(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Folds one content line into chunks of at most 75 octets joined by CRLF + space; never splits a code point. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

/** Reverses {@link foldLine}: removes every CRLF followed by a single space. */
export function unfold(text: string): string {
  return text.replace(/\r\n /g, '');
}

function eventLines(event: CalendarEvent, dtstamp: string): string[] {
  const minutes = event.durationMinutes > 0 ? event.durationMinutes : DEFAULT_DURATION_MINUTES;
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART;TZID=${TZID}:${jerusalemDateTime(event.startsAt)}`,
    `DTEND;TZID=${TZID}:${jerusalemDateTime(event.startsAt + minutes * 60_000)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    'END:VEVENT',
  ];
}

/** Builds the .ics text (one VEVENT per event) for an order's presentations. */
export function orderCalendar(input: CalendarInput): string {
  const dtstamp = utcDateTime(input.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${input.prodId ?? DEFAULT_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    ...input.events.flatMap((event) => eventLines(event, dtstamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
