import { describe, expect, it } from 'vitest';
import { cacheKeyOf, precacheList, strategyOf } from './swRules.ts';

const origin = 'https://tickets.example';
const of = (path: string, navigate = false, method = 'GET') =>
  strategyOf(new URL(path, origin), origin, method, navigate);

describe("the door's service worker rules", () => {
  it('serves the door page network first, Vite files from the cache, and never keeps door calls', () => {
    expect(of('/door', true)).toBe('page');
    expect(of('/door?language=en', true)).toBe('page');
    expect(of('/order/12', true)).toBe('network');
    expect(of('/assets/index-abc123.js')).toBe('asset');
    expect(of('/api/settings')).toBe('boot');
    expect(of('/api/staff/me')).toBe('boot');
    expect(of('/api/admin/door/download?presentationIds=7')).toBe('network');
    expect(of('/api/admin/door/scans', false, 'POST')).toBe('network');
    expect(of('/door.webmanifest')).toBe('static');
    expect(strategyOf(new URL('https://cdn.example/x.js'), origin, 'GET', false)).toBe('network');
  });

  it('keeps the page under one key whatever its query', () => {
    expect(cacheKeyOf(new URL('/door?language=en', origin), 'page')).toBe('/door');
    expect(cacheKeyOf(new URL('/assets/a-1.js', origin), 'asset')).toBe('/assets/a-1.js');
  });

  it("keeps what the page loaded on this origin, the start-up calls, and none of the door's calls", () => {
    const list = precacheList(
      [
        `${origin}/door?language=he`,
        `${origin}/assets/index-abc.js`,
        `${origin}/assets/he-core-1.js`,
        `${origin}/api/admin/door/download?presentationIds=7`,
        'https://fonts.example/font.woff2',
        'http://[bad',
      ],
      origin,
    );
    expect(list.sort()).toEqual(
      [
        '/door',
        '/assets/index-abc.js',
        '/assets/he-core-1.js',
        '/api/session',
        '/api/settings',
        '/api/menu',
        '/api/staff/me',
      ].sort(),
    );
  });
});
