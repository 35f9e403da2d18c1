import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { issuedVisitor } from './visitors.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { cinemaShows, heldSeats, openSeatList, plainFreeSeats, seatButton, visitorUuid } from './helpers.ts';

/**
 * The seat step to the spec's letter: a failed unlock keeps the seat, the swap rule at the seat cap,
 * auto-select (first available, with the catalogue's not-enough codes), the whole-selection check before
 * Continue, and the uuid header on the seat-map worker's own fetches. Shows used here and nowhere else:
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
    singleSeat: 'single free seat',
  },
  he: {
    unlockFailed: 'לא ניתן לשחרר את המושב.',
    noSeats: 'עדיין לא נבחרו מקומות',
    notEnough: 'אין מספיק מושבים פנויים.',
    notEnoughSection: 'אין מספיק מושבים פנויים באזור זה.',
    cap: 'לא ניתן לבחור יותר מ-10 מושבים.',
    swapLevel: 'ניתן להחליף רק למושב באותה רמת מחיר.',
    singleSeat: 'מושב בודד',
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
  test(`a failed unlock keeps the seat selected and says so; a lapsed lock lets it go (${lang})`, async ({
    page,
    request,
  }, info) => {
    if (viewport) await page.setViewportSize(viewport);
    const show = (await cinemaShows(request, 12))[index]!;
    const [a, b] = await plainFreeSeats(request, show);
    await openSeatList(page, lang, show.id);
    await seatButton(page, lang, a!).click();
    await expect(seatButton(page, lang, a!)).toHaveAttribute('aria-pressed', 'true');

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

test('first available holds the first free seats in plan order; too few seats says res_not_enough_seats', async ({
  page,
  request,
}, info) => {
  const [show, full] = (await cinemaShows(request, 12)).slice(17, 19);
  const expected = (await plainFreeSeats(request, show!)).slice(0, 3);
  await openSeatList(page, 'en', show!.id);
  await page.getByTestId('auto-select-count').fill('3');
  await page.getByTestId('first-available').click();
  await expect(page.getByTestId('seats-chosen')).toContainText('(3)');
  for (const s of expected) await expect(seatButton(page, 'en', s)).toHaveAttribute('aria-pressed', 'true');
  expect((await heldSeats(page, show!)).sort()).toEqual(expected.map((s) => s.key).sort());
  await shot(page, info, 'first-available-en');

  // Two plain seats are left (a wheelchair space or a limited-view seat would ask for a confirmation).
  await othersTakeAllBut(
    request,
    full!,
    (await plainFreeSeats(request, full!)).slice(0, 2).map((s) => s.key),
  );
  await openSeatList(page, 'he', full!.id);
  await page.getByTestId('auto-select-count').fill('3');
  await page.getByTestId('first-available').click();
  await expect(page.getByTestId('seat-message')).toHaveText(texts.he.notEnough);
  await expect(page.getByTestId('seats-chosen')).toContainText(texts.he.noSeats);
  await shot(page, info, 'not-enough-he');
  expect(await heldSeats(page, full!)).toEqual([]);
  // The two seats left can still be had.
  await page.getByTestId('auto-select-count').fill('2');
  await page.getByTestId('first-available').click();
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
  await expect(page.getByTestId('price-legend')).toBeVisible();
  await page.getByTestId('auto-select-count').fill('3');
  await expect(page.getByTestId('auto-select-count')).toHaveValue('3');
  await page.getByTestId('auto-select-section').click();
  await page.getByRole('option', { name: 'Choir' }).click();
  await page.getByTestId('first-available').click();
  await expect(page.getByTestId('seat-message')).toHaveText(texts.en.notEnoughSection);
  await shot(page, info, 'section-not-enough-en');
  await page.getByTestId('auto-select-section').click();
  await page.getByRole('option', { name: 'Any section' }).click();
  await expect(page.getByTestId('auto-select-count')).toHaveValue('3');
  await page.getByTestId('first-available').click();
  await expect(page.getByTestId('seats-chosen')).toContainText('(3)');
});

test('at the seat cap a seat of another price level is refused, one of the same level is swapped', async ({
  page,
  request,
}, info) => {
  const show = (await cinemaShows(request, 13))[1]!;
  const regular = await plainFreeSeats(request, show);
  const [premium] = await plainFreeSeats(request, show, { premium: true });
  await openSeatList(page, 'en', show.id);
  await page.getByTestId('auto-select-count').fill('10');
  await page.getByTestId('first-available').click();
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

/** The first row (plan order) of a section whose first three seats are free and plain. */
function rowStart(plan: Seatplan, free: Record<string, string>) {
  for (const s of plan.S)
    for (const g of s.G)
      for (const r of g.R) {
        const three = r.S.slice(0, 3);
        const plain = three.every(
          (x) => !x.sofa && !x.handicap && !x.companion && !x.limitedView && free[`${s.id}_${x.x}_${x.y}`],
        );
        if (plain && three.length === 3)
          return {
            sectionIn: (lang: 'en' | 'he') => s.names?.[lang] ?? s.name, // as the shop shows it
            sectionId: s.id,
            row: r.r,
            seats: three.map((x) => ({ ...x, key: `${s.id}_${x.x}_${x.y}` })),
          };
      }
  throw new Error('no row starts with three free seats');
}

for (const [lang, index, viewport] of [
  ['en', 1, null],
  ['he', 1, phone],
] as const) {
  test(`Continue checks the whole selection: a lone seat left beside it keeps the customer on the step (${lang})`, async ({
    page,
    request,
  }, info) => {
    if (viewport) await page.setViewportSize(viewport);
    const show = (await orchestraShows(request))[index]!;
    expect(show.seatingPolicyId).toBe(3);
    const plan = (await (
      await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
    ).json()) as Seatplan;
    const start = rowStart(plan, (await statusOf(request, show)).seats);
    const [first, , third] = start.seats;
    await page.goto(`/order/${show.id}?language=${lang}`);
    await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
    await page.getByRole('button', { name: lang === 'en' ? 'Show as a list' : 'הצגה כרשימה' }).click();
    const list = page.getByTestId('seat-list-view');
    const section = start.sectionIn(lang);
    await list.getByRole('button', { name: new RegExp(`^${section} \\(`) }).click();
    const button = (n: string) =>
      list.getByRole('button', {
        name: new RegExp(
          `^${section}, ${lang === 'en' ? 'row' : 'שורה'} ${start.row}, ${lang === 'en' ? 'seat' : 'מושב'} ${n},`,
        ),
      });
    await button(first!.n).click();
    await expect(button(first!.n)).toHaveAttribute('aria-pressed', 'true');

    // Someone else takes the third seat: the second is left alone beside the customer's.
    const taken = await lockAs(request, show, issuedVisitor(), third!.key, third!.tg).lock();
    expect(taken.status()).toBe(200);
    await expect(button(third!.n)).toHaveCount(0);
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('seat-message')).toContainText(texts[lang].singleSeat);
    await expect(page.getByTestId('order-flow')).toHaveAttribute('data-step', 'seats');
    await shot(page, info, `validate-blocked-${lang}`);
  });
}

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
