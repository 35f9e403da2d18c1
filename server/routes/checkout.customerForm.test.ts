import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CustomerAccount } from '../../src/api/contract/customer.ts';
import type { CommitBody, CustomerInfo } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { PRODUCT, VENUE } from '../seed/catalogue.ts';
import {
  approvedCharges,
  commit,
  customer,
  errorOf,
  type SeatShop,
  seatCart,
  seatShop,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import {
  area,
  lockAll,
  newAccount,
  orderOf,
  planModelOf,
  statusOf,
  workerVerdict,
} from '../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

/**
 * The customer form at the box office (spec sections 3 and 5): the generic field rules refuse a commit
 * with every field's problem (400 formValidation), the branch is checked and kept on the order, and a
 * product sent by post makes a delivery address required, checked with the same rules and kept.
 */

/** A venue asking for everything: the branch required, address, ID number and date of birth optional. */
const settings = {
  customerInfo: {
    order: {
      fields: {
        location: { isIncluded: true, isRequired: true },
        address1: { isIncluded: true, isRequired: false },
        city: { isIncluded: true, isRequired: false },
        postalCode: { isIncluded: true, isRequired: false },
        ssn: { isIncluded: true, isRequired: false },
        dateOfBirth: { isIncluded: true, isRequired: false },
      },
    },
  },
};

describe.each(dialects)('the customer form at commit on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let dir: string;
  const withInfo = (seats: Awaited<ReturnType<SeatShop['hold']>>, info: CustomerInfo, extra = {}) =>
    shop.cart(seats, { customerInfo: info, ...extra });
  const branch = { ...customer, locationId: VENUE.philharmonic };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'customer-form-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify(settings));
    t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
    shop = await seatShop(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a form breaking every rule with every field named, and charges nothing', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = (await approvedCharges(t)).length;
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      withInfo(seats, {
        firstName: 'D',
        lastName: 'Levi2',
        email: 'dana@example',
        mobileNumber: '03-1234567',
        address1: 'x'.repeat(81),
        city: 'Haifa!',
        postalCode: '61a0001',
        ssn: '123456789',
        termsAccepted: false,
      }),
    );
    expect(errorOf(res)).toEqual({
      status: 400,
      code: 'formValidation',
      params: {
        field: 'firstName',
        firstName: 'field_min_length',
        'firstName:min': 2,
        lastName: 'field_letters_only',
        email: 'field_email',
        mobileNumber: 'field_invalid',
        address1: 'field_max_length',
        'address1:max': 80,
        city: 'field_letters_only',
        postalCode: 'field_digits_only',
        ssn: 'invalid_ssn',
        location: 'field_required',
        termsAccepted: 'terms_not_approved',
      },
    });
    expect((await approvedCharges(t)).length).toBe(before);
    expect(await shop.held(me)).toEqual(seats.map((s) => s.key));
  });

  it.each([
    ['firstName', '   ', 'field_required', {}],
    ['lastName', 'לוי3', 'field_letters_only', {}],
    ['email', 'dana@@example.com', 'field_email', {}],
    ['email', `${'d'.repeat(95)}@example.com`, 'field_max_length', { 'email:max': 100 }],
    ['city', 'ת', 'field_min_length', { 'city:min': 2 }],
    ['postalCode', '12345678', 'field_max_length', { 'postalCode:max': 7 }],
    ['postalCode', '1234', 'field_min_length', { 'postalCode:min': 5 }],
    ['postalCode', '12-345', 'field_digits_only', {}],
    ['ssn', '1234567a2', 'field_digits_only', {}],
  ] as const)('refuses %s %j with %s', async (field, value, code, bounds) => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const res = await commit(t.app, me, crypto.randomUUID(), withInfo(seats, { ...branch, [field]: value }));
    expect(errorOf(res)).toEqual({
      status: 400,
      code: 'formValidation',
      params: { field, [field]: code, ...bounds },
    });
  });

  it('keeps the branch on the order and shows it on the confirmation and the e-ticket', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const info = { ...branch, city: 'תל אביב-יפו', postalCode: '6100001', ssn: '123456782' };
    const res = await commit(t.app, me, crypto.randomUUID(), withInfo(seats, info, { locationId: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const location = { id: VENUE.philharmonic, name: expect.objectContaining({ en: expect.any(String) }) };
    expect(answer.order.location).toEqual(location);
    expect(answer.order.deliveryAddress).toBeNull();
    expect((await orderOf(t, answer.reservationIdentifier)).location_id).toBe(VENUE.philharmonic);
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${answer.documentKey}` });
    expect(doc.json()).toMatchObject({ location });
  });

  it('takes the branch from the cart alone, and refuses an unknown one or two that differ', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const unknown = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      withInfo(seats, { ...customer, locationId: 999 }),
    );
    expect(errorOf(unknown)).toEqual({
      status: 400,
      code: 'formValidation',
      params: { field: 'location', location: 'field_invalid' },
    });
    const differ = await commit(t.app, me, crypto.randomUUID(), withInfo(seats, branch, { locationId: 2 }));
    expect(errorOf(differ).params).toEqual({ field: 'location', location: 'field_invalid' });
    const cartOnly = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      withInfo(seats, customer, { locationId: 2 }),
    );
    expect(cartOnly.statusCode, cartOnly.body).toBe(200);
    const rid = CheckoutCompletedSchema.parse(cartOnly.json()).reservationIdentifier;
    expect((await orderOf(t, rid)).location_id).toBe(VENUE.musicHall);
  });

  it('gives an account opened by its login the name and e-mail typed at checkout, and never overwrites them', async () => {
    const mobileNumber = '0547712345';
    const fresh = await newAccount(t.app, mobileNumber);
    const buyAs = async (firstName: string, lastName: string, email: string) => {
      const me = visitor();
      const info = { ...branch, firstName, lastName, email, mobileNumber };
      const res = await commit(t.app, me, crypto.randomUUID(), withInfo(await shop.hold(me, 1), info), fresh);
      expect(res.statusCode, res.body).toBe(200);
    };
    const account = async () =>
      (await area(t.app, 'POST', '/api/customer/refresh', fresh)).json().data.customerInfo as CustomerAccount;
    const noa = { FirstName: 'Noa', LastName: 'Barak', EmailAddress1: 'Noa.Barak@example.com' };
    expect(await account()).toMatchObject({ FirstName: null, LastName: null, EmailAddress1: null });
    await buyAs('Noa', 'Barak', 'Noa.Barak@example.com');
    expect(await account()).toMatchObject(noa);
    // A later order typed for someone else leaves the account's own details alone.
    await buyAs('Someone', 'Else', 'else@example.com');
    expect(await account()).toMatchObject(noa);
  });
});

describe.each(dialects)('a product sent by post on %s', (dialect) => {
  let t: TestApp;
  let concert: PresentationSummary;
  let groups: TicketGroup[];
  const address = { address1: '  Herzl 1  ', city: 'Haifa', postalCode: '3303001' };

  /** Holds one seat the seat rules let this visitor buy alone (seating policy 3: no lone seat left). */
  async function holdSeat(me: string) {
    const model = await planModelOf(t.app, concert);
    const { free } = await statusOf(t.app, concert);
    const seat = (await plainFreeSeats(t.app, concert)).find(
      (s) => workerVerdict(model, concert, free, [s.key]).ok,
    );
    if (!seat) throw new Error('no seat can be bought alone');
    await lockAll(t.app, me, concert, [seat]);
    return [seat];
  }
  async function buy(products: { id: number; quantity: number }[], extra: Partial<CommitBody['cart']> = {}) {
    const me = visitor();
    const seats = await holdSeat(me);
    const body = seatCart(concert, groups, seats, {
      products: products.map((p) => ({ id: p.id, presentationId: concert.id, selectedQuantity: p.quantity })),
      ...extra,
    });
    return { me, seats, res: await commit(t.app, me, crypto.randomUUID(), body) };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    concert = await findPresentation(
      t.app,
      (p) => p.category === 'orchestra' && p.saleStatus === 'open' && p.venueId === VENUE.philharmonic,
    );
    groups = await ticketGroupsOf(t.app, concert);
  });
  afterAll(async () => t?.close());

  it('is sold with the orchestra concerts and marked for delivery', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/presentations/${concert.id}` });
    expect(res.json().products).toContainEqual(
      expect.objectContaining({ id: PRODUCT.programmeBook, isDeliveryRequired: true }),
    );
  });

  it('asks no address for products handed over at the venue, and keeps none sent along', async () => {
    const { res } = await buy([{ id: PRODUCT.programme, quantity: 1 }], { deliveryAddress: address });
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(answer.order.deliveryAddress).toBeNull();
    expect(await orderOf(t, answer.reservationIdentifier)).toMatchObject({
      delivery_address1: null,
      delivery_city: null,
      delivery_postal_code: null,
    });
  });

  it('requires the address when the cart holds a product sent by post, charging nothing', async () => {
    const before = (await approvedCharges(t)).length;
    const { res, me, seats } = await buy([{ id: PRODUCT.programmeBook, quantity: 1 }]);
    expect(errorOf(res)).toEqual({
      status: 400,
      code: 'formValidation',
      params: {
        field: 'deliveryAddress.address1',
        'deliveryAddress.address1': 'field_required',
        'deliveryAddress.city': 'field_required',
        'deliveryAddress.postalCode': 'field_required',
      },
    });
    expect((await approvedCharges(t)).length).toBe(before);
    expect((await statusOf(t.app, concert, me)).held).toEqual(seats.map((s) => s.key));
  });

  it('checks the address with the customer form rules', async () => {
    const { res } = await buy([{ id: PRODUCT.programmeBook, quantity: 1 }], {
      deliveryAddress: { address1: 'H', city: 'Haifa 3', postalCode: '330300' + 'x' },
    });
    expect(errorOf(res).params).toEqual({
      field: 'deliveryAddress.address1',
      'deliveryAddress.address1': 'field_min_length',
      'deliveryAddress.address1:min': 2,
      'deliveryAddress.city': 'field_letters_only',
      'deliveryAddress.postalCode': 'field_digits_only',
    });
  });

  it('keeps the address on the order and shows it on the confirmation and the e-ticket', async () => {
    const { res } = await buy(
      [
        { id: PRODUCT.programmeBook, quantity: 2 },
        { id: PRODUCT.programme, quantity: 1 },
      ],
      { deliveryAddress: address },
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const kept = { address1: 'Herzl 1', city: 'Haifa', postalCode: '3303001' };
    expect(answer.order.deliveryAddress).toEqual(kept);
    expect(answer.order.totals.products).toBe(2 * 4500 + 2000);
    expect(await orderOf(t, answer.reservationIdentifier)).toMatchObject({
      delivery_address1: 'Herzl 1',
      delivery_city: 'Haifa',
      delivery_postal_code: '3303001',
    });
    const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${answer.documentKey}` });
    expect(doc.json()).toMatchObject({ deliveryAddress: kept, location: null });
  });
});
