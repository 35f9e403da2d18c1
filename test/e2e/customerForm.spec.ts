import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { buildNeighbours } from '../../workers/seatplan/adjacency.ts';
import { SEAT_STATE, seatKeyOf } from '../../workers/seatplan/model.ts';
import { parsePlan } from '../../workers/seatplan/parse.ts';
import { validateSelection } from '../../workers/seatplan/rules.ts';
import { DEMO_ORDER_TERMS } from '../../server/seed/terms.ts';
import { boardReady, cinemaShows as showsOfPlan, fillCard, type Lang, shot } from './helpers.ts';

/**
 * The customer form in real Chromium: the generic field messages (required, letters only, e-mail,
 * minimum and maximum length, digits only) as the customer types, in English and Hebrew; the terms the
 * box's link opens, in the page's language; a venue whose form requires the branch; and a product sent
 * by post asking for a delivery address. Shows used: the
 * music hall (plan 21) on the shared server; the venue asking for the branch runs its own server and
 * database (SETTINGS_FILE), so its cinema and orchestra seats are nobody else's.
 */

const messages = {
  en: {
    min: 'The field First name must be at least 2 characters long.',
    letters: 'The field First name may contain letters only.',
    email: 'The field E-mail must be a valid e-mail address.',
    required: 'The field Last name is a required field!',
    form: 'Please make sure all fields in the form are entered correctly',
  },
  he: {
    min: 'השדה שם פרטי חייב להכיל לפחות 2 תווים.',
    letters: 'השדה שם פרטי יכול להכיל אותיות בלבד.',
    email: 'השדה דואר אלקטרוני חייב להכיל כתובת דואר אלקטרוני תקינה.',
    required: 'השדה שם משפחה הוא שדה חובה!',
    form: 'נא לוודא שכל השדות בטופס מולאו כראוי',
  },
} as const;

/** Full-page screenshots of the checkout, desktop and a 390-px phone, kept with the test's results. */
async function screenshots(page: Page, info: TestInfo, name: string) {
  // From the top: the sticky header would otherwise sit over the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: info.outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: info.outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The music hall's third and fourth concerts: other specs buy none of its seats.
for (const [lang, index] of [
  ['en', 2],
  ['he', 3],
] as const) {
  test(`the generic messages follow what the customer types, then the order is paid (${lang})`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const m = messages[lang];
    const show = (await showsOfPlan(request, 21))[index]!;
    await page.goto(`/order/${show.id}?language=${lang}`);
    await walkToPayment(page, lang, [await seatSoldAlone(request, show)], 0);
    const form = page.getByTestId('customer-form');
    const firstName = page.locator('input[name=firstName]');

    // Nothing shows before the customer leaves a field; then its message follows each keystroke.
    await firstName.fill('D');
    await expect(form.getByText(m.min)).toHaveCount(0);
    await firstName.press('Tab');
    await expect(form.getByText(m.min)).toBeVisible();
    await firstName.fill('Dana1');
    await expect(form.getByText(m.letters)).toBeVisible();
    await expect(form.getByText(m.min)).toHaveCount(0);
    await firstName.fill('Dana');
    await expect(form.getByText(m.letters)).toHaveCount(0);
    await page.locator('input[name=email]').fill('dana@example');
    await page.locator('input[name=email]').blur();
    await expect(form.getByText(m.email)).toBeVisible();

    // Trying to pay shows every field's message, the required ones too.
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('payment-error')).toContainText(m.form);
    await expect(form.getByText(m.required)).toBeVisible();
    await screenshots(page, info, `messages-${lang}`);

    await page.locator('input[name=email]').fill('dana@example.com');
    await page.locator('input[name=lastName]').fill(lang === 'he' ? 'לוי' : 'Levi');
    await page.locator('input[name=mobileNumber]').fill('050-1234567');
    await page.getByTestId('terms').check();
    await expect(form.locator('.mantine-InputWrapper-error')).toHaveCount(0);
    await fillCard(page, lang, '4111 1111 1111 1111');
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('confirmation')).toBeVisible();
  });
}

test("the terms box's link opens the venue's terms in the page's language, the box left as it was", async ({
  page,
}) => {
  // The demo's terms are text (settings order.terms): a dialog, in Hebrew on a phone, then in English.
  for (const [lang, title] of [
    ['he', 'תנאי ההזמנה'],
    ['en', 'Order terms'],
  ] as const) {
    await page.setViewportSize(lang === 'he' ? { width: 390, height: 844 } : { width: 1280, height: 900 });
    // The shortest way to the details step: a donation of a fixed amount.
    await page.goto(`/donations?language=${lang}`);
    await boardReady(page);
    await page.getByTestId('donation-amount-12').click();
    await page.getByTestId('next-step').click();
    const box = page.getByTestId('terms');
    await expect(box).not.toBeChecked();
    await page.getByTestId('terms-link').click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    const paragraphs = DEMO_ORDER_TERMS[lang]!.split('\n\n');
    await expect(dialog.locator('p')).toHaveText(paragraphs);
    await shot(page, `terms-${lang}.png`, false);
    await dialog.getByTestId('terms-close').click();
    await expect(dialog).toBeHidden();
    await expect(box).not.toBeChecked();
  }
});

// --- A venue whose form asks for the branch and the address: its own server and database ----------

const venueSettings = {
  customerInfo: {
    order: {
      fields: {
        location: { isIncluded: true, isRequired: true },
        address1: { isIncluded: true, isRequired: false },
        city: { isIncluded: true, isRequired: false },
        postalCode: { isIncluded: true, isRequired: false },
      },
    },
  },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

test.describe('a venue asking for the branch and the address', () => {
  let server: ChildProcess | undefined;
  let dir: string;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dir = mkdtempSync(join(tmpdir(), 'e2e-customer-form-'));
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(venueSettings));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
        E2E_DATA_DIR: join(dir, 'data'),
        SETTINGS_FILE: join(dir, 'settings.json'),
      },
      stdio: 'inherit',
    });
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/session`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300 || server.exitCode !== null) throw new Error('the venue server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  test.afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const goto = (page: Page, path: string) => page.goto(`${base}${path}`);

  test('the branch is required, chosen from the venue list, and shown on the confirmation (he)', async ({
    page,
    playwright,
  }, info) => {
    test.setTimeout(90_000);
    const request = await playwright.request.newContext({ baseURL: base });
    const show = (await showsOfPlan(request, 12))[0]!;
    const seats = (await freePlainSeats(request, show)).slice(0, 1);
    await goto(page, `/order/${show.id}?language=he`);
    await walkToPayment(page, 'he', seats, 0);
    const branch = page.getByTestId('location-select');
    await expect(branch).toBeVisible();
    await fillPerson(page);
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('customer-form').getByText('השדה סניף הוא שדה חובה!')).toBeVisible();
    await screenshots(page, info, 'branch-he');
    await branch.click();
    await page.getByRole('option', { name: 'אולם הפילהרמונית' }).click();
    await expect(page.getByTestId('customer-form').getByText('השדה סניף הוא שדה חובה!')).toHaveCount(0);
    await fillCard(page, 'he', '4111 1111 1111 1111');
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('order-branch')).toContainText('אולם הפילהרמונית');
    await page.screenshot({ path: info.outputPath('confirmation.png'), fullPage: true });
    await request.dispose();
  });

  test('a programme book sent by post asks for the delivery address, started from the customer’s (en)', async ({
    page,
    playwright,
  }, info) => {
    test.setTimeout(90_000);
    const request = await playwright.request.newContext({ baseURL: base });
    const show = (await orchestraShows(request))[0]!;
    const seat = await seatSoldAlone(request, show);
    await goto(page, `/order/${show.id}?language=en`);
    await walkToPayment(page, 'en', [seat], 1);
    const delivery = page.getByTestId('delivery-address');
    await expect(delivery).toContainText('Delivery address');
    await fillPerson(page);
    await page.getByTestId('location-select').click();
    await page.getByRole('option', { name: 'Philharmonic Hall' }).click();
    // The delivery address copies the customer's address until the customer changes it apart.
    await page.locator('input[name=address1]').fill('Herzl 1');
    await page.locator('input[name=city]').fill('Haifa');
    await expect(delivery.locator('input[name="deliveryAddress.address1"]')).toHaveValue('Herzl 1');
    await expect(delivery.locator('input[name="deliveryAddress.city"]')).toHaveValue('Haifa');
    await delivery.locator('input[name="deliveryAddress.city"]').fill('Tel Aviv');
    await page.locator('input[name=city]').fill('Haifa Bay');
    await expect(delivery.locator('input[name="deliveryAddress.city"]')).toHaveValue('Tel Aviv');
    await page.getByTestId('pay').click();
    await expect(delivery.getByText('The field Postal code is a required field!')).toBeVisible();
    await delivery.locator('input[name="deliveryAddress.postalCode"]').fill('61A');
    await expect(delivery.getByText('The field Postal code may contain digits only.')).toBeVisible();
    await screenshots(page, info, 'delivery-en');
    await delivery.locator('input[name="deliveryAddress.postalCode"]').fill('6100001');
    await fillCard(page, 'en', '4111 1111 1111 1111');
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('order-delivery')).toContainText('Herzl 1, Tel Aviv 6100001');
    await page.screenshot({ path: info.outputPath('confirmation.png'), fullPage: true });
    await request.dispose();
  });
});

async function fillPerson(page: Page) {
  await page.locator('input[name=firstName]').fill('Dana');
  await page.locator('input[name=lastName]').fill('Levi');
  await page.locator('input[name=email]').fill('dana@example.com');
  await page.locator('input[name=mobileNumber]').fill('050-1234567');
  await page.getByTestId('terms').check();
}

interface PlanSeat {
  key: string;
  section: string;
  /** The section's name per language, as the shop shows it. */
  names: Partial<Record<Lang, string>>;
  row: string;
  seat: string;
}

/** Free seats without sofa, wheelchair, companion, premium or limited-view flags, in plan order. */
async function freePlainSeats(request: APIRequestContext, show: PresentationSummary): Promise<PlanSeat[]> {
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json()) as Seatplan;
  const { seats } = await statusOf(request, show);
  const out: PlanSeat[] = [];
  for (const sec of plan.S)
    for (const g of sec.G)
      for (const r of g.R)
        for (const x of r.S) {
          const key = `${sec.id}_${x.x}_${x.y}`;
          if (seats[key] && !x.sofa && !x.handicap && !x.companion && !x.limitedView && !x.premium)
            out.push({ key, section: sec.name, names: sec.names ?? {}, row: r.r, seat: x.n });
        }
  return out;
}

function statusOf(request: APIRequestContext, show: PresentationSummary) {
  return request
    .get(`/api/seats/seats-statusV2?presentationId=${show.id}&venueTypeId=${show.venueTypeId}&isReserved=1`)
    .then((r) => r.json() as Promise<{ seats: Record<string, string> }>);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks a seat in the list view, opening its section first when the plan has several. */
async function chooseSeat(page: Page, lang: Lang, s: PlanSeat) {
  const list = page.getByTestId('seat-list-view');
  const shown = s.names[lang] ?? s.section;
  const section = list.getByRole('button', { name: new RegExp(`^${escape(shown)} \\(`) });
  if ((await section.getAttribute('aria-expanded')) === 'false') await section.click();
  const words = lang === 'he' ? { row: 'שורה', seat: 'מושב' } : { row: 'row', seat: 'seat' };
  const name = new RegExp(
    `^${escape(shown)}, ${words.row} ${escape(s.row)}, ${words.seat} ${escape(s.seat)},`,
  );
  await list.getByRole('button', { name }).click();
  await expect(list.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
}

/** From the open order page: the seats from the list view, then tickets, products (n programme books), details. */
async function walkToPayment(page: Page, lang: Lang, seats: PlanSeat[], books: number) {
  await expect(page.getByTestId('seat-map-canvas').locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: lang === 'he' ? 'הצגה כרשימה' : 'Show as a list' }).click();
  for (const s of seats) await chooseSeat(page, lang, s);
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  if (books > 0) await page.getByTestId('product-8').fill(String(books));
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('checkout')).toBeVisible();
}

async function orchestraShows(request: APIRequestContext): Promise<PresentationSummary[]> {
  const res = await request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  return presentations.filter((p) => p.category === 'orchestra' && p.saleStatus === 'open');
}

/** A plain free seat the seat rules let a customer buy alone (the orchestra leaves no lone seat). */
async function seatSoldAlone(request: APIRequestContext, show: PresentationSummary): Promise<PlanSeat> {
  const plan: unknown = await (
    await request.get(`/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`)
  ).json();
  const { data } = parsePlan(plan);
  if (!data) throw new Error('the plan does not parse');
  const neighbours = buildNeighbours(data);
  const status = await statusOf(request, show);
  const indexOf = new Map<string, number>();
  for (let i = 0; i < data.count; i++) indexOf.set(seatKeyOf(data, i), i);
  const seat = (await freePlainSeats(request, show)).find((c) => {
    const state = new Uint8Array(data.count);
    for (let i = 0; i < data.count; i++)
      if (seatKeyOf(data, i) in status.seats) state[i] = SEAT_STATE.available;
    state[indexOf.get(c.key)!] = SEAT_STATE.selected;
    const ctx = { data, neighbours, state, maxSeats: 10, seatingPolicyId: show.seatingPolicyId };
    return validateSelection(ctx).ok;
  });
  if (!seat) throw new Error('no seat can be bought alone');
  return seat;
}
