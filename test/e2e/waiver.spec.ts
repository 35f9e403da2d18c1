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

/** Holds `n` places and walks to the payment step, choosing each place's ticket type by its name. */
async function toWaiver(page: Page, lang: 'he' | 'en', session: PresentationSummary, tickets: string[]) {
  await page.goto(`/order/${session.id}?language=${lang}`);
  const step = page.getByTestId('ga-step');
  await step.locator('input').first().fill(String(tickets.length));
  await step.getByRole('button').first().click();
  await expect(page.getByTestId('ga-held')).toBeVisible();
  await page.getByTestId('next-step').click();
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(tickets.length);
  for (const [i, name] of tickets.entries()) {
    await rows.nth(i).getByRole('combobox').click();
    await page.getByRole('option', { name: new RegExp(name) }).click();
  }
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
  await toWaiver(page, 'he', session, ['ילדים', 'פעוטות']);
  const form = page.getByTestId('waiver-form');
  await expect(form.getByTestId('waiver-text')).toContainText('טרמפולינות');
  await expect(form.getByTestId('waiver-jumper-ticket')).toHaveText(['ילדים (6–12)', 'פעוטות (2–5)']);

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
  const dobs = form.getByTestId('waiver-jumper-dob');
  await names.nth(0).fill('נועה');
  await dobs.nth(0).fill('2018-05-01');
  await names.nth(1).fill('איתי');
  await dobs.nth(1).fill('2022-09-30');
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
  await expect(signed.getByTestId('signed-waiver-jumpers')).toContainText('פעוטות (2–5)');
  // The signature shown is the one drawn: a PNG with ink in it.
  const src = await signed.getByTestId('signed-waiver-signature').getAttribute('src');
  expect(src).toMatch(/^data:image\/png;base64,/);
  expect(src!.length).toBeGreaterThan(1000);
  await page.screenshot({ path: info.outputPath('waiver-document-he.png'), fullPage: true });
});

test('a child too old for the ticket type is refused until the ticket suits (en, phone)', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await jumpSession(page, 2);
  await toWaiver(page, 'en', session, ['Kids']);
  const form = page.getByTestId('waiver-form');
  await form.getByTestId('waiver-adult-name').fill('Avi Cohen');
  await form.getByTestId('waiver-adult-id').fill('123456782');
  await form.getByTestId('waiver-adult-dob').fill('1980-01-01');
  await form.getByTestId('waiver-jumper-name').fill('Yael');
  await form.getByTestId('waiver-jumper-dob').fill('2010-03-03');
  await form.getByTestId('waiver-accept').check();
  await signWithMouse(page);
  await fillCustomer(page);
  await fillCard(page, 'en', '4111 1111 1111 1111');
  await page.getByTestId('pay').click();
  await expect(
    form.getByText(/Yael is \d+ on the day of the session, and this ticket is for ages 6–12/),
  ).toBeVisible();
  await expect(page.getByText('Complete the waiver above before paying.')).toBeVisible();
  await expect(page.getByTestId('confirmation')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('waiver-too-old-en.png'), fullPage: true });

  // Back to the tickets: on the teens' ticket the same child is sold.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('ticket-row').getByRole('combobox').click();
  await page.getByRole('option', { name: /Teens/ }).click();
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(form.getByTestId('waiver-jumper-ticket')).toHaveText('Teens (13–17)');
  await expect(form.getByText(/this ticket is for ages/)).toHaveCount(0);
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('confirmation')).toBeVisible();
});
