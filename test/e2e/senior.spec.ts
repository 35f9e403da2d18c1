import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { fillCard, fillCustomer, type Lang, openSeatList, type SeatName, seatButton } from './helpers.ts';

/**
 * Senior-citizen prices (issue 20) in real Chromium against the real server: an ID number the sandbox
 * registry knows as a senior's unlocks the Philharmonic's senior price, which is bought; a wrong check
 * digit and a person who is not a senior are refused with their messages. Hebrew and English.
 */

const texts = {
  en: {
    title: 'Senior citizen? Enter your ID number',
    price: 'Senior citizen (ID)',
    invalid: 'The ID number is not valid',
    notSenior: 'We could not confirm a senior-citizen benefit for this ID number',
  },
  he: {
    title: 'אזרח ותיק? הזינו מספר תעודת זהות',
    price: 'אזרח ותיק (לפי ת״ז)',
    invalid: 'מספר תעודת הזהות אינו תקין',
    notSenior: 'לא ניתן לאשר הטבת אזרח ותיק למספר תעודת זהות זה',
  },
} as const;

/** The Philharmonic's level-B price level (server/seed/catalogue.ts) and its senior price. */
const LEVEL_B = 22;

async function concerts(request: APIRequestContext): Promise<PresentationSummary[]> {
  const res = await request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  return presentations.filter((p) => p.venueId === 3 && p.saleStatus === 'open');
}

/**
 * A free level-B seat with no free neighbour in its row: the concert hall keeps no lone seat free, and
 * taking a seat that is a gap by itself never leaves one.
 */
async function loneSeat(
  request: APIRequestContext,
  p: PresentationSummary,
): Promise<SeatName & { section: string; names: Partial<Record<Lang, string>> }> {
  const plan = (await (
    await request.get(`/api/seats/seatplanV2?venueId=${p.venueId}&seatplanId=${p.seatplanId}`)
  ).json()) as Seatplan;
  const status = (await (
    await request.get(
      `/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1`,
    )
  ).json()) as { seats: Record<string, string> };
  for (const s of plan.S)
    for (const g of s.G)
      for (const r of g.R) {
        const free = r.S.map((seat) => Boolean(status.seats[`${s.id}_${seat.x}_${seat.y}`]));
        for (const [i, seat] of r.S.entries()) {
          const plain = !seat.sofa && !seat.handicap && !seat.companion && !seat.limitedView && !seat.premium;
          if (plain && seat.tg === LEVEL_B && free[i] && !free[i - 1] && !free[i + 1])
            return {
              key: `${s.id}_${seat.x}_${seat.y}`,
              row: r.r,
              seat: seat.n,
              premium: false,
              section: s.name,
              names: s.names ?? {},
            };
        }
      }
  throw new Error('no lone level-B seat');
}

async function toTickets(
  page: Page,
  lang: Lang,
  show: PresentationSummary,
  seat: SeatName & { section: string; names: Partial<Record<Lang, string>> },
) {
  await openSeatList(page, lang, show.id);
  // The hall's list shows each section folded: open the seat's.
  await page
    .getByTestId('seat-list-view')
    .getByRole('button', { name: new RegExp(`^${seat.names[lang] ?? seat.section} \\(`) })
    .click();
  await seatButton(page, lang, seat).click();
  await expect(seatButton(page, lang, seat)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('senior-lookup')).toBeVisible();
}

async function lookUp(page: Page, idNumber: string) {
  await page.getByTestId('senior-id-input').fill(idNumber);
  await page.getByTestId('senior-apply').click();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the field and its button stay on the screen, side by side.
  const box = await page.getByTestId('senior-apply').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const [lang, idNumber, index] of [
  ['he', '039756218', 0],
  ['en', '012345674', 1],
] as const) {
  test(`a senior price unlocked by an ID number and bought; wrong ones refused (${lang})`, async ({
    page,
    request,
  }) => {
    test.slow(); // the whole order, the registry's answers and screenshots
    const t = texts[lang];
    const show = (await concerts(request))[index]!;
    const seat = await loneSeat(request, show);
    await toTickets(page, lang, show, seat);
    await expect(page.getByTestId('senior-lookup')).toContainText(t.title);

    // A wrong check digit is refused in the shop; a person who is not a senior by the registry.
    await lookUp(page, '039756219');
    await expect(page.getByTestId('senior-error')).toHaveText(t.invalid);
    await lookUp(page, '024681355');
    await expect(page.getByTestId('senior-error')).toHaveText(t.notSenior);
    await expect(page.getByTestId('applied-code')).toHaveCount(0);

    await lookUp(page, idNumber);
    const applied = page.getByTestId('applied-code');
    await expect(applied).toHaveCount(1);
    await expect(applied).toContainText(`•••• ${idNumber.slice(-4)}`);
    await expect(page.getByTestId('senior-error')).toHaveCount(0);
    await page.getByTestId('ticket-row').first().locator('input').first().click();
    await page.getByRole('option', { name: new RegExp(t.price.replace(/[()]/g, '\\$&')) }).click();
    await expect(page.getByTestId('order-total')).toContainText('86.00'); // ₪76 + ₪10 handling fee
    await shoot(page, `senior-${lang}`);

    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('checkout')).toBeVisible();
    await fillCustomer(page);
    await fillCard(page, lang, '4111 1111 1111 1111');
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('confirmation-ticket').first()).toContainText(t.price);
    await expect(page.getByTestId('confirmation-total')).toContainText('86.00');
  });
}
