import { describe, expect, it } from 'vitest';
import { isExternalLinkPath, isKnownPath, orderPath, paths } from './paths.ts';

/** Every route of `paths` with concrete parameters. */
const concrete: Record<keyof typeof paths, string> = {
  index: '/',
  order: '/order',
  orderPresentation: '/order/12',
  digital: '/digital',
  digitalPresentation: '/digital/Presentation',
  systemVouchers: '/system-vouchers',
  memberships: '/memberships',
  donations: '/donations',
  membership: '/membership',
  membershipOrder: '/membership/GOLD',
  membershipPriceOrder: '/membership/GOLD/P1',
  enroll: '/enroll/SEASON-2027',
  edocument: '/edocument/abc',
  vodList: '/vod',
  vod: '/vod/5',
  vodWithReservation: '/vod/3/5',
  staff: '/staff',
  door: '/door',
  waiver: '/waiver/AB12CD34EF',
  preview: '/preview',
  customerArea: '/customer-area',
  customerAreaLogin: '/customer-area/login/abcDEF_123',
  devSmsOutbox: '/dev/sms-outbox',
  devMailOutbox: '/dev/mail-outbox',
  miniSites: '/mini-site',
  miniSite: '/mini-site/sea-breeze-hotels',
  integration: '/integration',
};

describe('isKnownPath', () => {
  it('is tested with every route of the paths table', () => {
    expect(Object.keys(concrete).sort()).toEqual(Object.keys(paths).sort());
  });

  it.each(Object.entries(concrete))('knows the %s route (%s)', (_name, path) => {
    expect(isKnownPath(path)).toBe(true);
  });

  it.each(Object.values(concrete).filter((p) => p !== '/'))('accepts a trailing slash on %s', (path) => {
    expect(isKnownPath(`${path}/`)).toBe(true);
  });

  it.each(['/nope', '//', '/order/1/2/3', '/vod/1/2/3', '/edocument', '/membership/A/B/C', '/orders'])(
    'rejects the unknown path %s',
    (path) => {
      expect(isKnownPath(path)).toBe(false);
    },
  );

  it.each(['/staff', '/staff/', '/staff/reports', '/staff/orders/AB12CD34/refund', '/staff/no-such-screen/'])(
    'knows %s: every path under /staff opens the back office',
    (path) => {
      expect(isKnownPath(path)).toBe(true);
    },
  );

  it.each(['/door/x', '/doors', '/x/door'])('knows /door alone, not %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });

  it.each(['/staffing', '/staff-area', '/x/staff'])('does not stretch /staff/* to %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });

  it('treats external link paths as known', () => {
    expect(isKnownPath('/https://example.com/x')).toBe(true);
    expect(isKnownPath('/http:/example.com')).toBe(true);
  });
});

describe('isExternalLinkPath', () => {
  it('takes a path beginning with /http or /https and a colon', () => {
    expect(isExternalLinkPath('/https://example.com')).toBe(true);
    expect(isExternalLinkPath('/http:/example.com')).toBe(true);
  });

  it('takes nothing else', () => {
    expect(isExternalLinkPath('/order/https://x')).toBe(false);
    expect(isExternalLinkPath('/httpfoo')).toBe(false);
    expect(isExternalLinkPath('/HTTPS://example.com')).toBe(false);
    expect(isExternalLinkPath('/javascript:alert(1)')).toBe(false);
  });
});

describe('orderPath', () => {
  it('builds the order page path of a presentation', () => {
    expect(orderPath(12)).toBe('/order/12');
  });

  it('builds a path the router knows', () => {
    expect(isKnownPath(orderPath(987654))).toBe(true);
  });
});
