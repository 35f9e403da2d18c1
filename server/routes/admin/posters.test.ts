import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPresentations } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/** A picture of `width` × `height` pixels in `format`, as a venue's designer would send one. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * Issue 34: a feature's poster is uploaded by a manager, checked by what the file is (not its name),
 * drawn in the sizes the board and link previews use, served with a year's caching under a key that a
 * new upload changes, and shown on the board at once.
 */
describe.each(dialects)('posters on %s', (dialect) => {
  let t: TestApp;
  let manager: ReturnType<typeof asStaff>;
  const FEATURE = 1;
  const upload = async (bytes: Buffer) =>
    manager.put(`/api/admin/features/${FEATURE}/poster`, { image: bytes.toString('base64') });
  const fetchFile = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
  });
  afterAll(async () => t?.close());

  it('draws an upload in the shop’s sizes, serves it cached for a year, and the board shows it at once', async () => {
    const res = await upload(await picture(1000, 1400, 'jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const large: string = res.json().poster;
    expect(large).toMatch(new RegExp(`^/posters/${FEATURE}/[0-9a-f]{16}-large\\.webp$`));
    const file = await fetchFile(large);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 720,
    });
    expect((await fetchFile(large.replace('-large.webp', '-preview.jpg'))).headers['content-type']).toBe(
      'image/jpeg',
    );
    const again = await t.app.inject({ url: large, headers: { 'if-none-match': String(file.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const board = (await listPresentations(t.app)).filter((p) => p.featureId === FEATURE);
    expect(board.length).toBeGreaterThan(0);
    const onBoard = board[0]!.poster!;
    expect(onBoard).toBe(large.replace('-large.webp', '-board.webp'));
    const small = await fetchFile(onBoard);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 240, height: 360 });

    // A new upload has a new key: the old files are gone, the board moves to the new one.
    const next = (await upload(await picture(600, 900, 'webp'))).json().poster;
    expect(next).not.toBe(large);
    expect((await fetchFile(large)).statusCode).toBe(404);
    expect((await listPresentations(t.app)).find((p) => p.featureId === FEATURE)!.poster).toBe(
      next.replace('-large.webp', '-board.webp'),
    );
    const log = (await manager.get(`/api/admin/audit?objectType=feature&objectId=${FEATURE}`)).json();
    expect(log.entries[0]).toMatchObject({ action: 'feature.poster', after: { type: 'webp' } });

    const removed = await manager.delete(`/api/admin/features/${FEATURE}/poster`);
    expect(removed.json()).toMatchObject({ poster: null });
    expect((await listPresentations(t.app)).find((p) => p.featureId === FEATURE)!.poster).toBeUndefined();
    expect((await fetchFile(next)).statusCode).toBe(404);
  });

  it('refuses what is not a poster, by its content, and keeps the box office out', async () => {
    const code = async (bytes: Buffer) => (await upload(bytes)).json().code;
    expect(await code(await picture(600, 900, 'gif'))).toBe('poster_type_invalid');
    expect(await code(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('poster_type_invalid');
    expect(await code(await picture(200, 300))).toBe('poster_too_small');
    const png = await picture(600, 900);
    expect(await code(png.subarray(0, 60))).toBe('poster_unreadable');
    const huge = Buffer.alloc(8 * 1024 * 1024 + 1);
    png.copy(huge);
    expect((await upload(huge)).statusCode).toBe(413);
    expect(
      (await manager.put('/api/admin/features/99999/poster', { image: png.toString('base64') })).json().code,
    ).toBe('feature_not_found');
    expect((await manager.put(`/api/admin/features/${FEATURE}/poster`, { image: '***' })).statusCode).toBe(
      400,
    );
    const box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect(
      (await box.put(`/api/admin/features/${FEATURE}/poster`, { image: png.toString('base64') })).statusCode,
    ).toBe(403);
    expect((await fetchFile(`/posters/${FEATURE}/0123456789abcdef-board.webp`)).statusCode).toBe(404);
    expect((await fetchFile(`/posters/${FEATURE}/..%2Fsecret`)).statusCode).toBe(404);
  });
});
