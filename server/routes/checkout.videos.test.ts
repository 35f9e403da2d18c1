import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { VideosAnswerSchema } from '../../src/api/contract/customer.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import {
  approvedCharges,
  commit,
  commitVideo,
  customer,
  goodCard,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import { area, loginByEmail } from '../testing/checkoutScenarios.ts';
import { findPresentation, lock, lockBody, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

/** The video line kind: a video on demand is bought alone, without seats, and shows in the personal area. */
describe.each(dialects)('buying a video on demand on %s', (dialect) => {
  let t: TestApp;
  let video: PresentationSummary;
  let rental: TicketGroup['tickets'][number];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    video = await findPresentation(t.app, (p) => p.isVod && p.saleStatus === 'open');
    rental = (await ticketGroupsOf(t.app, video))[0]!.tickets[0]!;
  });
  afterAll(async () => t?.close());

  it('sells the rental at the box office price, and the buyer finds it among their videos', async () => {
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    const before = (await approvedCharges(t)).length;
    const res = await commitVideo(t.app, { presentationId: video.id, ticketId: rental.id }, dana);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(answer.order.totals.total).toBe(rental.price);
    expect(answer.ticketIdentifiers).toHaveLength(1);
    expect(await approvedCharges(t)).toHaveLength(before + 1);
    const videos = VideosAnswerSchema.parse(
      (await area(t.app, 'GET', '/api/customer-area/videos', dana)).json(),
    );
    expect(videos.videos.map((v) => v.reservationIdentifier)).toContain(answer.reservationIdentifier);
  });

  it('refuses a video with seats in the same cart, a ticket that is not the video’s, and a video held', async () => {
    const me = visitor();
    const movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.saleStatus === 'open');
    const [seat] = await plainFreeSeats(t.app, movie);
    expect((await lock(t.app, me, lockBody(movie, seat!))).statusCode).toBe(200);
    const groups = await ticketGroupsOf(t.app, movie);
    const base = { customerInfo: customer, creditcardInfo: goodCard };
    const mixed = await commit(t.app, me, crypto.randomUUID(), {
      cart: {
        ...base,
        seats: [
          {
            pi: movie.id,
            si: seat!.sectionId,
            x: seat!.x,
            y: seat!.y,
            tg: seat!.ticketGroupId,
            ticketId: groups[0]!.tickets[0]!.id,
          },
        ],
        videos: [{ presentationId: video.id, ticketId: rental.id }],
      },
    });
    expect(mixed.json()).toMatchObject({ statusCode: 409, code: 'video_cart_exclusive' });
    const wrongTicket = await commit(t.app, me, crypto.randomUUID(), {
      cart: { ...base, videos: [{ presentationId: video.id, ticketId: groups[0]!.tickets[0]!.id }] },
    });
    expect(wrongTicket.json()).toMatchObject({ statusCode: 409, code: 'ticket_not_in_group' });
    const notAVideo = await commit(t.app, me, crypto.randomUUID(), {
      cart: { ...base, videos: [{ presentationId: movie.id, ticketId: rental.id }] },
    });
    expect(notAVideo.json()).toMatchObject({ statusCode: 400, code: 'formValidation' });
  });
});
