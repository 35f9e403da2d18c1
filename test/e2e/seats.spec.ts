import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { issuedVisitor } from './visitors.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { clampCamera, fitCamera, worldToScreen, zoomAt } from '../../src/seatmap/camera.ts';
import { buildNeighbours } from '../../workers/seatplan/adjacency.ts';
import { FLAG } from '../../workers/seatplan/model.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import {
  cinemaShows,
  heldSeats,
  openSeatList,
  plainFreeSeats,
  SEAT_MAP_START_MS,
  seatButton,
  visitorUuid,
} from './helpers.ts';

/**
 * The seat step: a failed unlock keeps the seat, the swap rule at the seat cap, "Choose seats for me"
 * (best available: a party together away from the front row, with the catalogue's not-enough codes), the
 * single-seat rule judged on the whole selection (stranded seats named over the map, which never moves,
 * with the nearest valid choices), and the uuid header on the seat-map worker's own fetches. Shows used here and nowhere else:
 * hall 2 (plan 12) from index 15, hall 3 (plan 13) from index 1, orchestra evenings from index 1.
 */

const texts = {
  en: {
    unlockFailed: 'The seat could not be released.',
    noSeats: 'No seats chosen yet',
    notEnough: 'There are not enough free seats.',
    notEnoughSection: 'There are not enough free seats in this section.',
    cap: 'You cannot select more than 10 seats.',
    swapLevel: 'You can swap only for a seat of the same price level.',
  },
  he: {
    unlockFailed: 'לא ניתן לשחרר את המושב.',
    noSeats: 'עדיין לא נבחרו מקומות',
    notEnough: 'אין מספיק מושבים פנויים.',
    notEnoughSection: 'אין מספיק מושבים פנויים באזור זה.',
    cap: 'לא ניתן לבחור יותר מ-10 מושבים.',
    swapLevel: 'ניתן להחליף רק למושב באותה רמת מחיר.',
  },
} as const;

const phone = { width: 390, height: 844 };

// Big plans (the orchestra hall) drawn by software WebGL on a shared machine: give every test room.
test.slow();

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

const statusOf = async (request: APIRequestContext, show: PresentationSummary) =>
  (await (
    await request.get(
      `/api/seats/seats-statusV2?presentationId=${show.id}&venueTypeId=${show.venueTypeId}&isReserved=1`,
    )
  ).json()) as { seats: Record<string, string> };

function lockAs(
  request: APIRequestContext,
  show: PresentationSummary,
  uuid: string,
  key: string,
  tg: number,
) {
  const [sectionId, x, y] = key.split('_').map(Number);
  const seat = {
    PresentationId: show.id,
    VenueId: show.venueId,
    VenueSeatplanId: show.seatplanId,
    VenueSectionId: sectionId,
    TicketGroupId: tg,
    XCoordinate: x,
    YCoordinate: y,
  };
  return { lock: () => request.put('/api/seats/lock-seat', { headers: { uuid }, data: { seat } }), seat };
}

/** Other customers take every free seat (of one section, when given) but those kept, ten to a customer. */
async function othersTakeAllBut(
  request: APIRequestContext,
  show: PresentationSummary,
  keep: readonly string[],
  sectionId?: number,
) {
  const take = Object.entries((await statusOf(request, show)).seats).filter(
    ([key]) => (sectionId === undefined || key.startsWith(`${sectionId}_`)) && !keep.includes(key),
  );
  for (let i = 0; i < take.length; i += 10) {
    const uuid = issuedVisitor();
    const answers = await Promise.all(
      take
        .slice(i, i + 10)
        .map(([key, v]) => lockAs(request, show, uuid, key, Number(v.split(',')[0])).lock()),
    );
    for (const a of answers) expect(a.status()).toBe(200);
  }
}

for (const [lang, index, viewport] of [
  ['en', 15, null],
  ['he', 16, phone],
] as const) {
  test(`a lock cut by a dying host is tried again; a failed unlock keeps the seat selected and says so; a lapsed lock lets it go (${lang})`, async ({
    page,
    request,
  }, info) => {
    if (viewport) await page.setViewportSize(viewport);
    const show = (await cinemaShows(request, 12))[index]!;
    const [a, b] = await plainFreeSeats(request, show);
    await openSeatList(page, lang, show.id);
    // A host that dies under the lock cuts its connection: the shop tries again, and the seat is taken.
    let tries = 0;
    await page.route('**/api/seats/lock-seat', (route) =>
      tries++ === 0 ? route.abort('connectionreset') : route.continue(),
    );
    await seatButton(page, lang, a!).click();
    await expect(seatButton(page, lang, a!)).toHaveAttribute('aria-pressed', 'true');
    expect(tries).toBe(2);
    await expect(page.getByTestId('seat-message')).toHaveCount(0);
    await page.unroute('**/api/seats/lock-seat');

    // The box office cannot be reached: the seat stays the customer's, on the map and in the order.
    await page.route('**/api/seats/unlock-seat', (route) => route.fulfill({ status: 503, body: 'down' }));
    await seatButton(page, lang, a!).click();
    await expect(page.getByTestId('seat-message')).toHaveText(texts[lang].unlockFailed);
    await expect(seatButton(page, lang, a!)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('seats-chosen')).toContainText('(1)');
    expect(await heldSeats(page, show)).toEqual([a!.key]);
    await shot(page, info, `unlock-failed-${lang}`);

    // Back on line, the release goes through.
    await page.unroute('**/api/seats/unlock-seat');
    await seatButton(page, lang, a!).click();
    await expect(page.getByTestId('seats-chosen')).toContainText(texts[lang].noSeats);
    await expect(page.getByTestId('seat-message')).toHaveCount(0);

    // A seat whose lock lapsed (here: released behind the shop's back) is not the customer's any more:
    // the live status shows it free, the shop asks the box office what the visitor still holds, and the
    // seat leaves the order as free, without a click.
    await seatButton(page, lang, b!).click();
    await expect(page.getByTestId('seats-chosen')).toContainText('(1)');
    const { seat } = lockAs(request, show, await visitorUuid(page), b!.key, 1);
    const gone = await request.put('/api/seats/unlock-seat', {
      headers: { uuid: await visitorUuid(page) },
      data: { seat },
    });
    expect(gone.status()).toBe(200);
    await expect(page.getByTestId('seats-chosen')).toContainText(texts[lang].noSeats);
    await expect(seatButton(page, lang, b!)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('seat-message')).toHaveCount(0);
  });
}

/** Where the plan puts each seat: section, row and number by seat key. */
async function seatsOfPlan(request: APIRequestContext, show: PresentationSummary) {
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as Seatplan;
  const seats = new Map<string, { section: string; row: string; n: number }>();
  for (const sec of plan.S)
    for (const g of sec.G)
      for (const r of g.R)
        for (const x of r.S)
          seats.set(`${sec.id}_${x.x}_${x.y}`, { section: sec.name, row: r.r, n: Number(x.n) });
  return seats;
}

/**
 * Asks "Choose seats for me" for `count` seats and checks what a party expects: the seats the box office
 * now holds for it are side by side in one row, not the front row, and named over the map.
 */
async function chooseForMe(
  page: Page,
  show: PresentationSummary,
  count: number,
  plan: Awaited<ReturnType<typeof seatsOfPlan>>,
) {
  const before = new Set(await heldSeats(page, show));
  await page.getByTestId('auto-select-count').fill(String(count));
  await page.getByTestId('choose-for-me').click();
  await expect(page.getByTestId('seats-chosen')).toContainText(`(${before.size + count})`);
  const chosen = (await heldSeats(page, show)).filter((k) => !before.has(k)).map((k) => plan.get(k)!);
  expect(chosen).toHaveLength(count);
  expect(new Set(chosen.map((c) => `${c.section}/${c.row}`)).size).toBe(1);
  expect(chosen[0]!.row).not.toBe('1');
  const numbers = chosen.map((c) => c.n).sort((a, b) => a - b);
  expect(numbers.at(-1)! - numbers[0]!).toBe(count - 1);
  await expect(page.getByTestId('seats-picked')).toContainText(`row ${chosen[0]!.row}`);
}

test('"Choose seats for me" seats parties of 3 and 4 together away from the front row; too few seats says res_not_enough_seats', async ({
  page,
  request,
}, info) => {
  const [show, full] = (await cinemaShows(request, 12)).slice(17, 19);
  await page.goto(`/order/${show!.id}?language=en`);
  await expect(page.getByTestId('price-legend')).toBeVisible({ timeout: SEAT_MAP_START_MS });
  const plan = await seatsOfPlan(request, show!);
  await chooseForMe(page, show!, 3, plan);
  await shot(page, info, 'choose-for-me-3-en');
  await chooseForMe(page, show!, 4, plan);
  await shot(page, info, 'choose-for-me-4-en');

  // Two plain seats are left (a wheelchair space or a limited-view seat would ask for a confirmation).
  await othersTakeAllBut(
    request,
    full!,
    (await plainFreeSeats(request, full!)).slice(0, 2).map((s) => s.key),
  );
  await openSeatList(page, 'he', full!.id);
  await page.getByTestId('auto-select-count').fill('3');
  await page.getByTestId('choose-for-me').click();
  await expect(page.getByTestId('seat-message')).toHaveText(texts.he.notEnough);
  await expect(page.getByTestId('seats-chosen')).toContainText(texts.he.noSeats);
  await shot(page, info, 'not-enough-he');
  expect(await heldSeats(page, full!)).toEqual([]);
  // The two seats left can still be had.
  await page.getByTestId('auto-select-count').fill('2');
  await page.getByTestId('choose-for-me').click();
  await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
});

async function orchestraShows(request: APIRequestContext): Promise<PresentationSummary[]> {
  const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  return presentations.filter((p) => p.venueTypeId === 3 && p.saleStatus === 'open');
}

test('auto-select within a section says section_not_enough_seats when that section is nearly full', async ({
  page,
  request,
}, info) => {
  const show = (await orchestraShows(request))[2]!;
  expect(show.seatingPolicyId).toBe(3);
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as Seatplan;
  const choir = plan.S.find((s) => s.name === 'Choir')!;
  const inChoir = Object.keys((await statusOf(request, show)).seats).filter((k) =>
    k.startsWith(`${choir.id}_`),
  );
  await othersTakeAllBut(request, show, inChoir.slice(0, 2), choir.id);
  await page.goto(`/order/${show.id}?language=en`);
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  // The plan is in (its price levels are listed) before the customer asks for seats.
  await expect(page.getByTestId('price-legend')).toBeVisible({ timeout: SEAT_MAP_START_MS });
  await page.getByTestId('auto-select-count').fill('3');
  await expect(page.getByTestId('auto-select-count')).toHaveValue('3');
  await page.getByTestId('auto-select-section').click();
  await page.getByRole('option', { name: 'Choir' }).click();
  await page.getByTestId('choose-for-me').click();
  await expect(page.getByTestId('seat-message')).toHaveText(texts.en.notEnoughSection);
  await shot(page, info, 'section-not-enough-en');
  await page.getByTestId('auto-select-section').click();
  await page.getByRole('option', { name: 'Any section' }).click();
  await expect(page.getByTestId('auto-select-count')).toHaveValue('3');
  // Anywhere in the Philharmonic: a party of 3, then one of 4, each together and off the front row.
  const places = await seatsOfPlan(request, show);
  await chooseForMe(page, show, 3, places);
  await chooseForMe(page, show, 4, places);
  await shot(page, info, 'choose-for-me-orchestra-en');
});

test('at the seat cap a seat of another price level is refused, one of the same level is swapped', async ({
  page,
  request,
}, info) => {
  const show = (await cinemaShows(request, 13))[1]!;
  const regular = await plainFreeSeats(request, show);
  const [premium] = await plainFreeSeats(request, show, { premium: true });
  await openSeatList(page, 'en', show.id);
  for (const seat of regular.slice(0, 10)) {
    await seatButton(page, 'en', seat).click();
    await expect(seatButton(page, 'en', seat)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('seats-chosen')).toContainText('(10)');
  const last = regular[9]!;
  const target = regular[10]!;
  await expect(seatButton(page, 'en', last)).toHaveAttribute('aria-pressed', 'true');

  await seatButton(page, 'en', premium!).click();
  await expect(page.getByTestId('seat-message')).toHaveText(`${texts.en.cap} ${texts.en.swapLevel}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('seat-hint')).toContainText('swap your last seat');

  await seatButton(page, 'en', target).click();
  await expect(page.getByTestId('swap-dialog')).toContainText(
    `Swap row ${last.row}, seat ${last.seat} for row ${target.row}, seat ${target.seat}?`,
  );
  await shot(page, info, 'swap-offer-en');
  await page.getByTestId('accept-swap').click();
  await expect(seatButton(page, 'en', target)).toHaveAttribute('aria-pressed', 'true');
  await expect(seatButton(page, 'en', last)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('seats-chosen')).toContainText('(10)');
  const held = await heldSeats(page, show);
  expect(held).toHaveLength(10);
  expect(held).toContain(target.key);
  expect(held).not.toContain(last.key);
  expect(held).not.toContain(premium!.key);
});

/**
 * The map as the customer sees it: the plan parsed as the shop parses it, the camera it shows (fitted to
 * the canvas, then `zoomTaps` taps on Zoom in) and where a seat is on the page.
 */
async function mapOf(page: Page, request: APIRequestContext, show: PresentationSummary, zoomTaps: number) {
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as Seatplan;
  const data = parsePlan(plan).data!;
  const map = page.getByTestId('seat-map-canvas');
  for (let k = 0; k < zoomTaps; k++) await page.getByRole('button', { name: labels.zoomIn }).click();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const fit = fitCamera(data.bounds, box.width, box.height);
  const limits = { min: fit.scale * 0.5, max: Math.max(fit.scale * 2, 48 / data.seatRadius) };
  let cam = fit;
  for (let k = 0; k < zoomTaps; k++)
    cam = clampCamera(
      zoomAt(cam, 1.4, box.width / 2, box.height / 2, limits),
      data.bounds,
      box.width,
      box.height,
    );
  const at = async (i: number) => {
    const now = (await map.boundingBox())!;
    const p = worldToScreen(cam, data.x[i]!, data.y[i]!);
    return { x: now.x + p.x, y: now.y + p.y };
  };
  const keyOf = (i: number) => `${data.sections[data.section[i]!]!.id}_${data.px[i]}_${data.py[i]}`;
  return { data, neighbours: buildNeighbours(data), map, box, cam, at, keyOf };
}

const labels = { zoomIn: /^(Zoom in|הגדלה)$/ };

for (const [lang, viewport] of [
  ['en', null],
  ['he', phone],
] as const)
  test.describe(() => {
    // A phone: a touch screen.
    if (viewport) test.use({ viewport, hasTouch: true });
    test(`the single-seat rule judges the whole selection: the stranded seat is named over the map, which never moves, with the nearest valid choices (${lang})`, async ({
      page,
      request,
    }, info) => {
      const show = (await orchestraShows(request))[1]!;
      expect(show.seatingPolicyId).toBe(3);
      const free = new Set(Object.keys((await statusOf(request, show)).seats));
      await page.goto(`/order/${show.id}?language=${lang}`);
      await expect(page.getByTestId('price-legend')).toBeVisible({ timeout: SEAT_MAP_START_MS });
      const m = await mapOf(page, request, show, viewport ? 2 : 0);
      const { data } = m;
      const { left, right } = m.neighbours;
      const plain = (i: number) =>
        i >= 0 &&
        free.has(m.keyOf(i)) &&
        !(data.flags[i]! & (FLAG.handicap | FLAG.companion | FLAG.limitedView | FLAG.sofa));
      const barTop = (await page.getByTestId('seat-step-bar').boundingBox())!.y;
      const box = m.box;
      const onScreen = async (i: number) => {
        const p = await m.at(i);
        return (
          p.x > box.x + 12 &&
          p.x < box.x + box.width - 12 &&
          p.y > box.y + 140 &&
          p.y < Math.min(barTop, box.y + box.height) - 12
        );
      };
      // Three free seats side by side (a, b, c) with free seats on both sides, all on screen, below where a
      // notice shows: another customer takes the outer two, so the three are a block of their own.
      let a = -1;
      for (let i = 0; i < data.count && a < 0; i++) {
        const b = right[i]!;
        const c = b >= 0 ? right[b]! : -1;
        const outer = [left[i]!, c >= 0 ? right[c]! : -1];
        if (![i, b, c, ...outer].every(plain)) continue;
        if ((await onScreen(i)) && (await onScreen(b)) && (await onScreen(c))) a = i;
      }
      expect(a).toBeGreaterThanOrEqual(0);
      const b = right[a]!;
      const c = right[b]!;
      const other = issuedVisitor();
      for (const j of [left[a]!, right[c]!]) {
        const taken = await lockAs(request, show, other, m.keyOf(j), data.ticketGroup[j]!).lock();
        expect(taken.status()).toBe(200);
      }
      // Where the map sits in the page (a scroll that brings a button into view is not a move).
      const where = () =>
        m.map.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
        });
      const before = await where();
      const tap = async (i: number) => {
        const p = await m.at(i);
        if (!viewport) return page.mouse.click(p.x, p.y);
        // On a phone a tap shows the seat's card; its button takes the seat.
        await page.touchscreen.tap(p.x, p.y);
        await page.getByTestId('seat-card').getByTestId('seat-card-action').tap();
      };
      await tap(a);
      await expect(page.getByTestId('seats-chosen')).toContainText('(1)');
      if (!viewport) {
        // Before the tap, the seat's card says that taking it would leave its neighbour alone.
        const p = await m.at(b);
        await page.mouse.move(p.x, p.y);
        await expect(page.getByTestId('seat-tooltip-note')).toContainText(`seat ${data.names[c]}`);
      }
      await tap(b);
      await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
      const notice = page.getByTestId('seat-notice');
      await expect(notice.getByTestId('seat-stranded')).toContainText(String(data.names[c]));
      await expect(notice.getByTestId('advice-fill')).toBeVisible();
      await expect(notice.getByTestId('advice-move')).toBeVisible();
      expect(await where()).toEqual(before);
      // Continue is refused while a seat is stranded (the box office would refuse it too).
      await page.getByTestId('next-step').click();
      await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'seats');
      await expect(notice).toBeVisible();
      expect(await where()).toEqual(before);
      await shot(page, info, `stranded-${lang}`);

      if (lang === 'en') {
        // Take the stranded seat as well: three seats, nobody alone.
        await notice.getByTestId('advice-fill').click();
        await expect(page.getByTestId('seats-chosen')).toContainText('(3)');
        expect((await heldSeats(page, show)).sort()).toEqual([a, b, c].map(m.keyOf).sort());
      } else {
        // Move to the nearest pair that leaves nobody alone.
        await notice.getByTestId('advice-move').click();
        await expect(page.getByTestId('seats-chosen')).toContainText('(2)');
        const held = await heldSeats(page, show);
        expect(held).toHaveLength(2);
        expect(held).not.toContain(m.keyOf(a));
      }
      await expect(notice).toHaveCount(0);
      expect(await where()).toEqual(before);
      await page.getByTestId('next-step').click();
      await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'tickets');
    });
  });

test('general admission asks no more places than are left: the shop says so first, the box office too', async ({
  page,
  request,
}, info) => {
  const { presentations } = (await (await request.get('/api/seats/presentations')).json()) as {
    presentations: PresentationSummary[];
  };
  await page.setViewportSize(phone);
  const ga = presentations.find(
    (p) => !p.isReserved && !p.isVod && p.venueId === 5 && p.saleStatus === 'open',
  )!;
  const statusUrl = `/api/seats/seats-statusV2?presentationId=${ga.id}&venueTypeId=${ga.venueTypeId}&isReserved=0`;
  const free = async () =>
    Object.keys(((await (await request.get(statusUrl)).json()) as { seats: Record<string, string> }).seats);
  // Others take all places but two (the box office picks their places: the lock names only the area).
  const others = (await free()).length - 2;
  for (let i = 0; i < others; i += 10) {
    const uuid = issuedVisitor();
    const body = {
      seat: {
        PresentationId: ga.id,
        VenueId: ga.venueId,
        VenueSeatplanId: ga.seatplanId,
        VenueSectionId: 1,
        TicketGroupId: 41,
      },
    };
    const n = Math.min(10, others - i);
    for (let k = 0; k < n; k++)
      expect((await request.put('/api/seats/lock-seat', { headers: { uuid }, data: body })).status()).toBe(
        200,
      );
  }
  let early = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/seats/lock-seat')) early++;
  });
  await page.goto(`/order/${ga.id}?language=en`);
  const step = page.getByTestId('ga-step');
  await step.locator('input').first().fill('3');
  await step.getByRole('button', { name: 'Hold places' }).click();
  await expect(page.getByTestId('seat-message')).toHaveText('There are not enough places left.');
  const mine = async () =>
    (
      (await (await request.get(statusUrl, { headers: { uuid: await visitorUuid(page) } })).json()) as {
        held: string[];
      }
    ).held;
  expect(await mine()).toEqual([]);
  expect(early).toBe(0); // said before locking anything
  await shot(page, info, 'ga-not-enough-en-phone');

  // A status map that promises more than the box office has: its own ga_not_enough_seats shows, and the
  // places taken in that attempt are given back.
  await page.route('**/api/seats/seats-statusV2**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ seats: { '1_0_0': '41,1', '1_1_0': '41,1', '1_2_0': '41,1' }, held: [] }),
    }),
  );
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/seats/lock-seat') || r.url().includes('/api/seats/unlock-seat'))
      calls.push(r.url().includes('unlock') ? 'unlock' : 'lock');
  });
  await step.getByRole('button', { name: 'Hold places' }).click();
  await expect(page.getByTestId('seat-message')).toHaveText('There are not enough places left.');
  await expect.poll(() => calls.join(',')).toBe('lock,lock,lock,unlock,unlock');
  await page.unroute('**/api/seats/seats-statusV2**');
  await expect.poll(async () => (await free()).length).toBe(2);
  expect(await mine()).toEqual([]);
  await expect(page.getByTestId('ga-held')).toHaveCount(0);
});

test('the seat-map worker sends the visitor uuid on its own status fetches', async ({ page, request }) => {
  const show = (await cinemaShows(request, 12))[19]!;
  const status: { uuid: string | undefined; fromWorker: boolean }[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/seats/seats-statusV2')) return;
    // A request of the worker names the worker's script as its referrer.
    const fromWorker = /worker/.test(r.headers().referer ?? '');
    status.push({ uuid: r.headers().uuid, fromWorker });
  });
  // The stream is cut so that the worker polls the status map (it does not while the stream is healthy).
  await page.route('**/api/seats/status-stream**', (route) => route.abort());
  await openSeatList(page, 'en', show.id);
  // The first load (main thread) and at least one poll of the worker.
  await expect.poll(() => status.filter((s) => s.fromWorker).length, { timeout: 5_000 }).toBeGreaterThan(0);
  const uuid = await visitorUuid(page);
  expect(status.length).toBeGreaterThan(1);
  for (const s of status) expect(s.uuid).toBe(uuid);
});
