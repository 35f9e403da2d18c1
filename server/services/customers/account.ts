import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type {
  CustomerAccount,
  CustomerDetailsBody,
  MagCard,
  Member,
} from '../../../src/api/contract/customer.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import {
  customerDetailsBlock,
  detailsAsCustomerInfo,
  validateCustomerInfo,
} from '../../../src/domain/customer.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { formValidationError, isKnownLocation } from './customerInfo.ts';
import type { PaymentProvider } from '../payments/provider.ts';

export async function loadMembers(db: Kysely<Database>, customerId: string, now: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('memberships as ms', 'ms.id', 'm.membership_id')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .select([
      'm.member_number',
      'm.membership_id',
      'm.customer_id',
      'm.membership_identifier',
      'm.additional_name',
      'm.balance',
      'm.used_balance',
      'm.points_balance',
      'm.start_date',
      'm.end_date',
      'ms.name_json',
      'ms.type_id',
      'ms.allow_member_sale_tickets',
      'ms.is_loyalty_points_redemption',
      'ms.ticket_balance',
      'c.first_name',
      'c.last_name',
    ])
    .where('m.customer_id', '=', customerId)
    // A membership whose order is still being paid, or was cancelled, is not the customer's.
    .where('m.state', '=', 'active')
    .orderBy('m.end_date', 'desc')
    .execute();
  // Membership dates are calendar dates of the venue (the spec's zone: the caller has no settings here).
  const today = calendarDate(now);
  return rows.map((r) => {
    const isExpired = today > r.end_date;
    const isNotStarted = today < r.start_date;
    return {
      name: JSON.parse(r.name_json) as LocalizedText,
      additionalName: r.additional_name,
      memberCustomerName: [r.first_name, r.last_name].filter(Boolean).join(' '),
      membershipId: r.membership_id,
      membershipTypeId: r.type_id,
      balance: r.balance,
      pointsBalance: r.points_balance,
      memberNumber: r.member_number,
      customerId: r.customer_id,
      membershipIdentifier: r.membership_identifier,
      startDate: r.start_date,
      endDate: r.end_date,
      isAvailable: !isExpired && !isNotStarted,
      isExpired,
      isNotStarted,
      isLoyaltyPointsRedemption: r.is_loyalty_points_redemption === 1,
      allowMemberSaleTickets: r.allow_member_sale_tickets === 1,
      usedBalance: r.used_balance,
      hasTicketBalance: r.ticket_balance > 0,
    };
  });
}

/** The logged-in customer as POST /customer/refresh and the login calls answer it. */
export async function loadCustomerAccount(
  db: Kysely<Database>,
  customerId: string,
  now: number,
): Promise<CustomerAccount> {
  const c = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!c) throw new AppError('CUSTOMER_NOT_FOUND', 'the customer of this session no longer exists');
  return {
    CustomerId: c.id,
    FirstName: c.first_name,
    LastName: c.last_name,
    SSN: c.ssn,
    EmailAddress1: c.email,
    MobileNumber1: c.mobile_number,
    IsEmailAllowed: c.is_mailing_allowed === 1,
    IsSMSAllowed: c.is_sms_allowed === 1,
    Address1: c.address1,
    Address2: c.address2,
    City: c.city,
    PostalCode: c.postal_code,
    DateOfBirth: c.date_of_birth,
    LicensePlateNumber: c.license_plate,
    LocationId: c.location_id,
    members: await loadMembers(db, customerId, now),
    MagCards: await loadMagCards(db, customerId),
    isDigitel: false,
  };
}

/**
 * PUT /customer-area/details: the personal details, checked with the order form's rule table (see
 * `customerDetailsBlock`): first name, last name and e-mail required; a branch must be one of the
 * venue's. Refused with 400 `formValidation` naming every field's problem. The mobile number is the
 * login and is not changed here.
 */
export async function updateCustomerDetails(
  db: Kysely<Database>,
  settings: Settings,
  customerId: string,
  body: CustomerDetailsBody,
): Promise<void> {
  const problems = validateCustomerInfo(
    customerDetailsBlock(settings.customerInfo.order),
    detailsAsCustomerInfo(body),
  );
  if (body.locationId && !problems.some((p) => p.field === 'location'))
    if (!(await isKnownLocation(db, body.locationId)))
      problems.push({ code: 'field_invalid', field: 'location' });
  if (problems.length) throw formValidationError(problems, 'personal details');
  const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  await db
    .updateTable('customers')
    .set({
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      email: body.email.trim(),
      email_key: body.email.trim().toLowerCase(),
      ssn: blank(body.ssn),
      address1: blank(body.address1),
      address2: blank(body.address2),
      city: blank(body.city),
      postal_code: blank(body.postalCode),
      date_of_birth: blank(body.dateOfBirth),
      location_id: body.locationId ?? null,
      is_mailing_allowed: body.isEmailAllowed ? 1 : 0,
      is_sms_allowed: body.isSMSAllowed ? 1 : 0,
    })
    .where('id', '=', customerId)
    .execute();
}

/** The customer's saved cards (provider tokens: brand, last four, expiry), newest first, deleted ones left out. */
export async function loadMagCards(db: Kysely<Database>, customerId: string): Promise<MagCard[]> {
  const rows = await db
    .selectFrom('saved_cards')
    .select(['id', 'brand', 'last4', 'expiry', 'is_deleted'])
    .where('customer_id', '=', customerId)
    .where('is_deleted', '=', 0)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    last4: r.last4,
    expiry: r.expiry,
    isDeleted: r.is_deleted === 1,
  }));
}

/** Deletes a saved card: the provider forgets the token, the box office keeps only the marker. */
export async function deleteMagCard(
  db: Kysely<Database>,
  provider: PaymentProvider,
  customerId: string,
  magCardId: string,
): Promise<MagCard[]> {
  const card = await db
    .selectFrom('saved_cards')
    .select(['id', 'token', 'customer_id', 'is_deleted'])
    .where('id', '=', magCardId)
    .executeTakeFirst();
  if (!card || card.is_deleted === 1) throw new AppError('saved_card_not_found', 'no such saved card');
  if (card.customer_id !== customerId)
    throw new AppError('not_your_item', 'this card belongs to another customer');
  await db.updateTable('saved_cards').set({ is_deleted: 1 }).where('id', '=', magCardId).execute();
  await provider.deleteToken(card.token).catch(() => undefined);
  return loadMagCards(db, customerId);
}
