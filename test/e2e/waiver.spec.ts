import { expect, type Page, test } from '@playwright/test';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { fillCard, fillCustomer } from './helpers.ts';

/**
 * The liability waiver in real Chromium against the real server (spec sections 2 and 5): jump tickets
 * for two children at the demo trampoline park, the waiver filled and signed with the mouse, then
 * opened from the e-ticket; a child too old for the ticket type is told so and not sold.
 */

const JUMP_PARK = 7;

async function jumpSession(page: Page, nth: number): Promise<PresentationSummary> {
  const res = await page.request.get('/api/seats/presentations');
  const { presentations } = (await res.json()) as { presentations: PresentationSummary[] };
  const open = presentations.filter((p) => p.venueId === JUMP_PARK && p.saleStatus === 'open');
  return open[nth % open.length]!;
}

/** Holds `n` places and opens the ticket step, where each place asks its jumper's date of birth first. */
async function toTickets(page: Page, lang: 'he' | 'en', session: PresentationSummary, n: number) {
  await page.goto(`/order/${session.id}?language=${lang}`);
  await page.getByTestId('ga-step').locator('input').first().fill(String(n));
  await page.getByTestId('ga-hold').click();
  await expect(page.getByTestId('ga-held')).toBeVisible();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('ticket-row')).toHaveCount(n);
}

/** From the ticket step past the products to the waiver on the payment step. */
async function toWaiver(page: Page) {
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('waiver-form')).toBeVisible();
}

/** Draws a signature with the mouse: a few strokes across the pad. */
async function signWithMouse(page: Page) {
  const pad = page.getByTestId('waiver-signature');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))), {
      steps: 3,
    });
  await page.mouse.up();
}

test('two children jump: the Hebrew waiver is signed with the mouse and opens from the e-ticket', async ({
  page,
}, info) => {
  const session = await jumpSession(page, 1);
  await toTickets(page, 'he', session, 2);
  // Each jumper's date of birth chooses the ticket that suits the age.
  const rows = page.getByTestId('ticket-row');
  await rows.nth(0).getByTestId('jumper-dob').locator('input').fill('2018-05-01');
  await rows.nth(1).getByTestId('jumper-dob').locator('input').fill('2022-09-30');
  await expect(rows.nth(0).getByRole('combobox')).toHaveValue(/^ילדים \(גילאי 6 עד 12\)/);
  await expect(rows.nth(1).getByRole('combobox')).toHaveValue(/^פעוטות \(גילאי 2 עד 5\)/);
  await toWaiver(page);
  const form = page.getByTestId('waiver-form');
  await expect(form.getByTestId('waiver-text')).toContainText('טרמפולינות');
  await expect(form.getByTestId('waiver-jumper-ticket')).toHaveText([
    'ילדים · גילאי 6 עד 12',
    'פעוטות · גילאי 2 עד 5',
  ]);
  await expect(form.getByTestId('waiver-jumper-dob').nth(0)).toHaveValue('2018-05-01');
  await expect(form.getByTestId('waiver-jumper-dob').nth(1)).toHaveValue('2022-09-30');

  // Paying before the waiver is complete is stopped here, with each field's message.
  await fillCustomer(page);
  await fillCard(page, 'he', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(page.getByText('השלימו את כתב הוויתור למעלה לפני התשלום.')).toBeVisible();
  await expect(form.getByText('יש לחתום על כתב הוויתור.')).toBeVisible();

  await expect(form.getByTestId('waiver-adult-name')).toHaveValue('Dana Levi');
  await form.getByTestId('waiver-adult-id').fill('123456782');
  await form.getByTestId('waiver-adult-dob').fill('1988-04-12');
  const names = form.getByTestId('waiver-jumper-name');
  await names.nth(0).fill('נועה');
  await names.nth(1).fill('איתי');
  await form.getByTestId('waiver-accept').check();
  await signWithMouse(page);
  await expect(form.getByTestId('waiver-signed-state')).toHaveText('נחתם');
  await page.screenshot({ path: info.outputPath('waiver-form-he.png'), fullPage: true });

  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await page.getByTestId('open-etickets').click();
  await expect(page.getByTestId('eticket')).toHaveCount(2);
  await page.getByTestId('edocument-waiver').click();
  const signed = page.getByTestId('signed-waiver');
  await expect(signed).toBeVisible();
  await expect(signed.getByTestId('signed-waiver-title')).toContainText('כתב ויתור');
  await expect(signed.getByTestId('signed-waiver-adult')).toHaveText('Dana Levi');
  await expect(signed.getByTestId('signed-waiver-jumpers')).toContainText('נועה');
  await expect(signed.getByTestId('signed-waiver-jumpers')).toContainText('פעוטות');
  // The signature shown is the one drawn: a PNG with ink in it.
  const src = await signed.getByTestId('signed-waiver-signature').getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  expect(src!.length).toBeGreaterThan(1000);
  await page.screenshot({ path: info.outputPath('waiver-document-he.png'), fullPage: true });
});

test("a jumper's age chooses the ticket before the waiver, which changes it again; grip socks come ticked (he, touch phone)", async ({
  browser,
}, info) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  const session = await jumpSession(page, 2);
  await toTickets(page, 'he', session, 1);
  const row = page.getByTestId('ticket-row');
  const dob = row.getByTestId('jumper-dob');
  // Twenty on the day: no ticket of the park suits, said at once, and the order does not go on.
  await dob.locator('input').fill('2006-01-01');
  await expect(dob).toContainText('אין בסשן הזה כרטיס לגיל 20');
  await expect(page.getByTestId('next-step')).toBeDisabled();
  // Sixteen: the teens' ticket, chosen for the customer; the ages read in words, right to left.
  await dob.locator('input').fill('2010-03-03');
  await expect(dob).toContainText('בן/בת 16 ביום הסשן');
  const ticket = row.getByRole('combobox');
  await expect(ticket).toHaveValue(/^נוער \(גילאי 13 עד 17\)/);
  await ticket.tap();
  await expect(page.getByRole('option', { name: /^ילדים \(גילאי 6 עד 12\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  // The grip socks the waiver makes a must come with the ticket, ticked; who brings their own unticks.
  const socks = row.getByTestId('ticket-addon');
  await expect(socks).toContainText('גרביים מונעות החלקה');
  await expect(socks.getByRole('checkbox')).toBeChecked();
  await page.screenshot({ path: info.outputPath('jumper-age-he-phone.png'), fullPage: true });

  await page.getByTestId('next-step').tap();
  await page.getByTestId('next-step').tap();
  const form = page.getByTestId('waiver-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('waiver-jumper-dob')).toHaveValue('2010-03-03');
  await expect(form.getByTestId('waiver-jumper-ticket')).toHaveText('נוער · גילאי 13 עד 17');
  // The parent corrects the date in the waiver: the ticket follows, with its price.
  await form.getByTestId('waiver-jumper-dob').fill('2016-06-01');
  await expect(form.getByTestId('waiver-jumper-ticket')).toHaveText('ילדים · גילאי 6 עד 12');
  await expect(form.getByText(/הכרטיס מיועד לגילאי/)).toHaveCount(0);
  await form.getByTestId('waiver-adult-name').fill('אבי כהן');
  await form.getByTestId('waiver-adult-id').fill('123456782');
  await form.getByTestId('waiver-adult-dob').fill('1980-01-01');
  await form.getByTestId('waiver-jumper-name').fill('יעל');
  await form.getByTestId('waiver-accept').check();
  await signWithMouse(page);
  await expect(form.getByTestId('waiver-signed-state')).toHaveText('נחתם');
  await fillCustomer(page);
  await fillCard(page, 'he', '4111 1111 1111 1111');
  await page.screenshot({ path: info.outputPath('waiver-he-phone.png'), fullPage: true });
  await page.getByTestId('pay').tap();
  await expect(page.getByTestId('confirmation')).toBeVisible();
  await phone.close();
});
