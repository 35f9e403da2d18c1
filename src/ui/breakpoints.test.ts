import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS_PX, em, PHONE_QUERY } from './breakpoints.ts';
import { theme } from './theme.ts';

const SRC = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every width a media query of the shop names, with where. */
function mediaWidths(): { file: string; value: string }[] {
  const out: { file: string; value: string }[] = [];
  for (const file of files(SRC)) {
    if (!/\.(css|tsx?)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const queries = [
      ...text.matchAll(/@media[^{]*\{/g),
      ...text.matchAll(/useMediaQuery\(\s*['`"][^'`"]*['`"]/g),
    ].map((m) => m[0]);
    for (const q of queries)
      for (const w of q.matchAll(/(?:min|max)-width:\s*([\d.]+(?:px|em|rem))/g))
        out.push({ file, value: w[1]! });
  }
  return out;
}

describe('breakpoints (spec section 9: 600, 900, 1250)', () => {
  it('gives the theme the spec’s widths', () => {
    expect(theme.breakpoints).toMatchObject({ xs: '37.5em', sm: '56.25em', md: '78.125em' });
    expect(PHONE_QUERY).toBe('(max-width: 37.5em)');
    expect(em(BREAKPOINTS_PX.tablet)).toBe('56.25em');
  });

  it('has no media query at a stray width anywhere in the shop', () => {
    const allowed = new Set(
      Object.values(BREAKPOINTS_PX).flatMap((px) => [`${px}px`, em(px), `${px / 16}rem`]),
    );
    const widths = mediaWidths();
    expect(widths.length).toBeGreaterThan(0); // the scan sees the board's phone layout at least
    const stray = widths.filter((w) => !allowed.has(w.value));
    expect(stray).toEqual([]);
  });
});
