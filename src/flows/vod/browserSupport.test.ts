import { describe, expect, it } from 'vitest';
import { type BrowserTraits, playerFor } from './browserSupport.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const safari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1';
const oldBrowser = 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko';

const traits = (userAgent: string, o: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent,
  maxTouchPoints: 0,
  hasMse: true,
  nativeHls: false,
  ...o,
});

describe('the viewing page’s player and warnings (spec section 8)', () => {
  it('plays with hls.js in Chrome on a computer, without a warning, even where Chrome plays HLS itself', () => {
    expect(playerFor(traits(chrome, { nativeHls: true }))).toEqual({ mode: 'hlsjs', warnings: [] });
  });
  it('lets Safari use its own HLS, with the Safari warning', () => {
    expect(playerFor(traits(safari, { nativeHls: true }))).toEqual({ mode: 'native', warnings: ['safari'] });
  });
  it('warns on an iPhone and on an iPad that presents itself as a Mac, whichever browser', () => {
    expect(playerFor(traits(iphone, { hasMse: false, nativeHls: true }))).toEqual({
      mode: 'native',
      warnings: ['iosDevice'],
    });
    expect(playerFor(traits(iphoneChrome, { hasMse: false, nativeHls: true })).warnings).toEqual([
      'iosDevice',
    ]);
    expect(playerFor(traits(safari, { maxTouchPoints: 5, nativeHls: true })).warnings).toEqual(['iosDevice']);
  });
  it('says a browser that can play neither way is unsupported', () => {
    expect(playerFor(traits(oldBrowser, { hasMse: false }))).toEqual({
      mode: 'none',
      warnings: ['unsupported'],
    });
  });
});
