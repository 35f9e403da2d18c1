/**
 * The slug helper (spec section 5): a name made into the piece of a URL that names it, e.g. a partner's
 * mini-site `/mini-site/sea-breeze-hotels`. Lowercase; accents transliterated (NFD, combining marks
 * stripped, and the letters NFD leaves whole: ß → ss, ø → o, ł → l, æ → ae, œ → oe, đ → d, þ → th);
 * every other character but a-z, 0-9, spaces and dashes is dropped; runs of spaces and dashes become one
 * dash; no dash at either end.
 *
 * Hebrew, Arabic and Cyrillic letters are dropped, not kept: a slug stays plain ASCII so it reads the
 * same in every link, log and e-mail client, and a venue names a Hebrew-only partner's slug itself. A name
 * with no Latin letters or digits gives the empty slug, which callers refuse.
 */
export function slugify(name: string): string {
  let out = name
    .normalize('NFD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '');
  out = out.replace(/[ßøłæœđþ]/g, (c) => WHOLE_LETTERS[c] ?? '');
  return out
    .replace(/[^a-z0-9\s-]+/g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const WHOLE_LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  þ: 'th',
};

/** What a slug looks like: lowercase letters and digits in dash-separated runs. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
