import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../../src/api/contract/checkout.ts';
import type { PresentationSummary, TicketGroup } from '../../../src/api/contract/presentations.ts';
import type { AdminPriceList } from '../../../src/api/contract/pricesAdmin.ts';
import { commit, seatCart, ticketGroupsOf } from '../../testing/checkout.ts';
import { lockAll } from '../../testing/checkoutScenarios.ts';
import { codeLookup } from '../../testing/ticketCodes.ts';
import { listPresentations, plainFreeSeats } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/**
 * Issue 34, prices: price lists of ticket types per price level, reusable across presentations; a
 * presentation sells its list's types (the box office refuses another list's, whatever the browser
 * sends), a price change sells at once and leaves what was sold at its price, and a presentation may
 * have prices of its own without touching the others.
 */
describe.each(dialects)('price lists on %s', (dialect) => {
  let t: TestApp;
  let manager: ReturnType<typeof asStaff>;
  let movies: PresentationSummary[];
  let matinee: AdminPriceList;

  const regular = (groups: TicketGroup[]) => groups.find((g) => g.id === 1)!.tickets[0]!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    movies = (await listPresentations(t.app)).filter(
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
  });
  afterAll(async () => t?.close());

  async function buy(p: PresentationSummary, ticketId?: number) {
    const me = visitor();
    const seats = (await plainFreeSeats(t.app, p)).filter((s) => s.ticketGroupId === 1).slice(0, 1);
    await lockAll(t.app, me, p, seats);
    const body = seatCart(p, await ticketGroupsOf(t.app, p), seats);
    if (ticketId !== undefined) body.cart.seats![0]!.ticketId = ticketId;
    return commit(t.app, me, crypto.randomUUID(), body);
  }

  it('copies the standard list into a matinee list, sells a show from it, and refuses another list’s ticket', async () => {
    const lists = (await manager.get('/api/admin/price-lists')).json().priceLists as AdminPriceList[];
    const standard = lists.find((l) => l.id === 1)!;
    expect(standard.name.en).toBe('Standard prices');
    expect(standard.levels.map((l) => l.id)).toContain(1);

    const made = await manager.post('/api/admin/price-lists', { name: { en: 'Matinee', he: 'בוקר' } });
    expect(made.statusCode, made.body).toBe(201);
    matinee = made.json();
    expect(matinee.levels.map((l) => l.id)).toEqual(standard.levels.map((l) => l.id));
    const cheap = matinee.levels.find((l) => l.id === 1)!.tickets[0]!;
    const standardTicket = standard.levels.find((l) => l.id === 1)!.tickets[0]!;
    expect(cheap.id).not.toBe(standardTicket.id);
    const lowered = await manager.patch(`/api/admin/ticket-types/${cheap.id}`, { price: 2900 });
    expect(lowered.json()).toMatchObject({ price: 2900, kind: 'regular' });

    const movie = movies[0]!;
    const moved = await manager.patch(`/api/admin/presentations/${movie.id}`, { priceListId: matinee.id });
    expect(moved.json()).toMatchObject({ priceListId: matinee.id });
    const groups = await ticketGroupsOf(t.app, movie);
    expect(regular(groups)).toMatchObject({ id: cheap.id, price: 2900 });
    // The other shows keep the standard list.
    expect(regular(await ticketGroupsOf(t.app, movies[1]!))).toMatchObject({ id: standardTicket.id });
    expect((await listPresentations(t.app)).find((p) => p.id === movie.id)!.minPrice).toBeLessThanOrEqual(
      2900,
    );

    // The browser is not a guard: the standard list's ticket is refused on the matinee show.
    const foreign = await buy(movie, standardTicket.id);
    expect(foreign.json()).toMatchObject({ code: 'ticket_not_in_group' });
    const ok = await buy(movie);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('raises a price for new sales only: what was sold keeps its price', async () => {
    const movie = movies[0]!;
    const cheap = matinee.levels.find((l) => l.id === 1)!.tickets[0]!;
    const sold = CheckoutCompletedSchema.parse((await buy(movie)).json());
    expect(sold.order.tickets[0]!.price).toBe(2900);
    expect((await manager.patch(`/api/admin/ticket-types/${cheap.id}`, { price: 3600 })).statusCode).toBe(
      200,
    );
    expect(regular(await ticketGroupsOf(t.app, movie)).price).toBe(3600);
    const again = await t.app.inject({ url: `/api/edocument/${encodeURIComponent(sold.documentKey)}` });
    expect(again.json().tickets[0].price).toBe(2900);
    const next = CheckoutCompletedSchema.parse((await buy(movie)).json());
    expect(next.order.tickets[0]!.price).toBe(3600);
    const log = (await manager.get(`/api/admin/audit?objectType=ticket_type&objectId=${cheap.id}`)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'ticket_type.update',
      before: { price: 2900 },
      after: { price: 3600 },
    });
  });

  it('gives one show prices of its own, and keeps that list from the others', async () => {
    const movie = movies[2]!;
    const own = await manager.post(`/api/admin/presentations/${movie.id}/own-prices`);
    expect(own.statusCode, own.body).toBe(200);
    const list = own.json() as AdminPriceList;
    expect(list.presentationId).toBe(movie.id);
    const mine = list.levels.find((l) => l.id === 1)!.tickets[0]!;
    await manager.patch(`/api/admin/ticket-types/${mine.id}`, { price: 9900 });
    expect(regular(await ticketGroupsOf(t.app, movie)).price).toBe(9900);
    expect(regular(await ticketGroupsOf(t.app, movies[3]!)).price).not.toBe(9900);
    // Asked again, the same list; given to another show, refused.
    expect((await manager.post(`/api/admin/presentations/${movie.id}/own-prices`)).json().id).toBe(list.id);
    const other = await manager.patch(`/api/admin/presentations/${movies[3]!.id}`, { priceListId: list.id });
    expect(other.json()).toMatchObject({ code: 'price_list_private', params: { presentationId: movie.id } });
  });

  it('adds a ticket type, refuses a list without the show’s levels, and keeps the box office out', async () => {
    const added = await manager.post(`/api/admin/price-lists/${matinee.id}/ticket-types`, {
      ticketGroupId: 1,
      name: { en: 'Student', he: 'סטודנט' },
      price: 2500,
      maxQuantity: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    const groups = await ticketGroupsOf(t.app, movies[0]!);
    expect(groups.find((g) => g.id === 1)!.tickets.at(-1)).toMatchObject({
      id: added.json().id,
      price: 2500,
      maxQuantity: 2,
    });

    const narrow = await manager.post('/api/admin/price-lists', {
      name: { en: 'Level 1 only' },
      priceLevelIds: [1],
    });
    expect(narrow.json().levels.map((l: { id: number }) => l.id)).toEqual([1]);
    const refused = await manager.patch(`/api/admin/presentations/${movies[4]!.id}`, {
      priceListId: narrow.json().id,
    });
    expect(refused.json().code).toBe('price_level_not_in_list');
    // A schedule sells from the list it names, and only from one with its halls' price levels.
    const day = new Date(t.clock.now() + 70 * 86_400_000).toISOString().slice(0, 10);
    const schedule = {
      featureId: 1,
      hallIds: [11],
      from: day,
      to: day,
      rules: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['10:00'] }],
    };
    const narrowSchedule = await manager.post('/api/admin/schedules', {
      ...schedule,
      priceListId: narrow.json().id,
    });
    expect(narrowSchedule.json().code).toBe('price_level_not_in_list');
    const scheduled = await manager.post('/api/admin/schedules', { ...schedule, priceListId: matinee.id });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().presentations[0]).toMatchObject({ priceListId: matinee.id });
    expect((await manager.patch('/api/admin/ticket-types/999999', { price: 1 })).json().code).toBe(
      'ticket_type_not_found',
    );
    expect(
      (await manager.patch(`/api/admin/ticket-types/${added.json().id}`, { minQuantity: 3 })).statusCode,
    ).toBe(400);
    expect(
      (await manager.post('/api/admin/price-lists', { name: { en: 'X' }, copyOf: 999 })).json().code,
    ).toBe('price_list_not_found');
    const box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect((await box.get('/api/admin/price-lists')).statusCode).toBe(403);
    expect((await box.patch(`/api/admin/ticket-types/${added.json().id}`, { price: 1 })).statusCode).toBe(
      403,
    );
  });

  it('adds a child ticket sold only beside an adult, with a quota, and refuses another list’s adult', async () => {
    const adult = matinee.levels.find((l) => l.id === 1)!.tickets[0]!;
    const other = (await manager.get('/api/admin/price-lists')).json().priceLists[0] as AdminPriceList;
    const foreign = await manager.post(`/api/admin/price-lists/${matinee.id}/ticket-types`, {
      ticketGroupId: 1,
      name: { en: 'Child' },
      price: 1500,
      requiredTicketId: other.levels[0]!.tickets[0]!.id,
    });
    expect(foreign.json()).toMatchObject({
      code: 'ticket_type_not_found',
      params: { field: 'requiredTicketId' },
    });
    const child = await manager.post(`/api/admin/price-lists/${matinee.id}/ticket-types`, {
      ticketGroupId: 1,
      name: { en: 'Child' },
      code: 'CHILD',
      price: 1500,
      requiredTicketId: adult.id,
      quota: 40,
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ code: 'CHILD', price: 1500 });
    const ticket = (await ticketGroupsOf(t.app, movies[0]!))
      .find((g) => g.id === 1)!
      .tickets.find((x) => x.id === child.json().id);
    expect(ticket).toMatchObject({ requiredTicketId: adult.id, remaining: 40 });
    // The box office checks it whatever the browser sends: a child alone is refused.
    const alone = await buy(movies[0]!, child.json().id);
    expect(alone.json().code).toBe('ticket_required_combination');
  });

  it('adds tickets for some buyers only (a code’s, a senior’s, a member’s, a mini-site’s, a voucher’s, a programme’s), hidden from the others', async () => {
    const add = (audience: unknown, en: string) =>
      manager.post(`/api/admin/price-lists/${matinee.id}/ticket-types`, {
        ticketGroupId: 1,
        name: { en },
        price: 2000,
        audience,
      });
    // What a manager chooses among: the demo's waiver, mini-sites, memberships, voucher classes, programmes.
    const options = (await manager.get('/api/admin/sale-options')).json();
    expect(options.waivers[0]).toMatchObject({ id: 1, version: 1 });
    expect(options.miniSites.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(options.memberships.map((m: { id: number }) => m.id)).toContain(2);
    expect(options.voucherClasses.map((m: { id: number }) => m.id)).toContain(1);
    expect(options.partnerPrograms.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    const box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect((await box.get('/api/admin/sale-options')).statusCode).toBe(403);
    const senior = await add({ kind: 'senior' }, 'Senior matinee');
    expect(senior.statusCode, senior.body).toBe(201);
    expect(senior.json().kind).toBe('senior');
    const member = await add({ kind: 'member', membershipId: 2 }, 'Club matinee');
    expect(member.json().kind).toBe('member');
    const partner = await add({ kind: 'miniSite', miniSiteId: 1 }, 'Hotel matinee');
    expect(partner.json().kind).toBe('partner');
    expect((await add({ kind: 'member', membershipId: 999 }, 'X')).json().code).toBe('membership_not_found');
    expect((await add({ kind: 'miniSite', miniSiteId: 999 }, 'X')).json().code).toBe('mini_site_not_found');
    expect((await add({ kind: 'staff' }, 'X')).statusCode).toBe(400);
    const coded = await add({ kind: 'code', priceCode: 'Matinee5' }, 'Matinee code');
    expect(coded.json().kind).toBe('code');
    const lookup = (await codeLookup(t.app, movies[0]!.id, 'MATINEE5')).json() as {
      ticketCodes: { tickets: { ticket: { id: number } }[] }[];
    };
    expect(lookup.ticketCodes[0]!.tickets.map((c) => c.ticket.id)).toContain(coded.json().id);
    expect((await add({ kind: 'voucher', voucherClassId: 1 }, 'Voucher matinee')).json().kind).toBe(
      'voucher',
    );
    expect((await add({ kind: 'voucher', voucherClassId: 999 }, 'X')).json().code).toBe(
      'voucher_class_not_found',
    );
    expect((await add({ kind: 'partnerProgram', partnerProgramId: 2 }, 'Teachers')).json().kind).toBe(
      'partner',
    );
    expect((await add({ kind: 'partnerProgram', partnerProgramId: 999 }, 'X')).json().code).toBe(
      'partner_program_not_found',
    );
    // None of them is offered to the public, and the box office sells none of them to a plain buyer.
    const shown = (await ticketGroupsOf(t.app, movies[0]!)).flatMap((g) => g.tickets.map((x) => x.id));
    for (const [made, code] of [
      [coded, 'ticket_not_in_group'], // a price code's ticket goes with its code
      [senior, 'ticket_not_in_group'], // a senior's ticket goes with the registry's confirmation
      [member, 'not_logged_in'], // a member's with the member logged in
      [partner, 'ticket_not_in_group'], // a mini-site's with its customers only
    ] as const) {
      expect(shown).not.toContain(made.json().id);
      expect((await buy(movies[0]!, made.json().id)).json().code).toBe(code);
    }
  });

  it('offers an add-on with a show’s tickets at its price per seat; an unknown show refused', async () => {
    const show = movies[3]!;
    const made = await manager.post('/api/admin/addons', {
      name: { en: 'Cushion' },
      price: 700,
      preselect: false,
      presentationIds: [show.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().offers).toBeGreaterThan(0);
    const regularTicket = regular(await ticketGroupsOf(t.app, show));
    expect(regularTicket.addons).toContainEqual({ id: made.json().id, name: { en: 'Cushion' }, price: 700 });
    // Other shows do not offer it.
    expect(regular(await ticketGroupsOf(t.app, movies[2]!)).addons.map((a) => a.id)).not.toContain(
      made.json().id,
    );
    expect(
      (
        await manager.post('/api/admin/addons', { name: { en: 'X' }, price: 1, presentationIds: [999999] })
      ).json().code,
    ).toBe('event_not_found');
    const box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect(
      (await box.post('/api/admin/addons', { name: { en: 'X' }, price: 1, presentationIds: [show.id] }))
        .statusCode,
    ).toBe(403);
  });

  it('offers a product at a venue with all its shows, sells it at its price, and changes it for new sales', async () => {
    const movie = movies[6]!;
    const made = await manager.post('/api/admin/products', {
      name: { en: 'Nachos', he: 'נאצ׳וס' },
      price: 2200,
      venueIds: [movie.venueId],
    });
    expect(made.statusCode, made.body).toBe(201);
    const nachos = made.json();
    expect(nachos).toMatchObject({ venueIds: [movie.venueId], presentations: 0, deliveryRequired: false });
    const shown = (await t.app.inject({ url: `/api/presentations/${movie.id}` })).json();
    expect(shown.products).toContainEqual({
      id: nachos.id,
      name: { en: 'Nachos', he: 'נאצ׳וס' },
      price: 2200,
      isDeliveryRequired: false,
    });
    const elsewhere = (await listPresentations(t.app)).find((p) => p.venueId !== movie.venueId && !p.isVod)!;
    const there = (await t.app.inject({ url: `/api/presentations/${elsewhere.id}` })).json();
    expect(there.products.some((p: { id: number }) => p.id === nachos.id)).toBe(false);

    const me = visitor();
    const seats = (await plainFreeSeats(t.app, movie)).filter((x) => x.ticketGroupId === 1).slice(0, 1);
    await lockAll(t.app, me, movie, seats);
    const body = seatCart(movie, await ticketGroupsOf(t.app, movie), seats, {
      products: [{ id: nachos.id, presentationId: movie.id, selectedQuantity: 2, price: 1 }],
    });
    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    const order = CheckoutCompletedSchema.parse(res.json()).order;
    expect(order.products).toContainEqual(expect.objectContaining({ quantity: 2, total: 4400 }));

    const raised = await manager.patch(`/api/admin/products/${nachos.id}`, { price: 2500, venueIds: [] });
    expect(raised.json()).toMatchObject({ price: 2500, venueIds: [] });
    const gone = (await t.app.inject({ url: `/api/presentations/${movie.id}` })).json();
    expect(gone.products.some((p: { id: number }) => p.id === nachos.id)).toBe(false);
    expect((await manager.patch('/api/admin/products/99999', { price: 1 })).json().code).toBe(
      'product_not_found',
    );
    expect(
      (await manager.post('/api/admin/products', { name: { en: 'X' }, price: 1, venueIds: [999] })).json()
        .code,
    ).toBe('venue_not_found');
    const box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect((await box.get('/api/admin/products')).statusCode).toBe(403);
  });
});
