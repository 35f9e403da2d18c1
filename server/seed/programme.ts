import { STANDARD_PRICE_LIST } from '../services/catalogue/prices/priceLists.ts';
import type { SaleSettings } from '../services/catalogue/programme/showWriter.ts';
import { addDays, wallDateAt, wallTime, type WallDate } from './calendar.ts';
import { cinemaLockTimer, eventLockTimer, PLAN, PRODUCT, TG } from './catalogue.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One demo presentation as the back office schedules it. */
export interface DemoShow {
  featureId: number;
  /** The hall (each demo hall has the id of its first plan). */
  hallId: number;
  startsAt: number;
  priceLevelIds: number[];
  products: number[];
  /** How it goes on sale; shows of one kind share one object. */
  sale: SaleSettings;
  /** This show's own sale window where it differs. */
  saleStart?: number;
  saleEnd?: number;
  /** Share of seats already sold at the box office, for a lifelike map. */
  soldShare: number;
}

const sale = (over: Partial<SaleSettings> & Pick<SaleSettings, 'saleStart'>): SaleSettings => ({
  saleEndsMinutesAfterStart: 0,
  seatingPolicyId: 1,
  reserved: true,
  serviceCharge: 500,
  lockTimer: eventLockTimer,
  priceListId: STANDARD_PRICE_LIST,
  businessId: 2,
  bestAvailable: true,
  ...over,
});

/**
 * Presentations over the next 14 days from `now`, in Asia/Jerusalem wall-clock time: cinema shows
 * every day in three halls (one after midnight), concerts, orchestra evenings (one not yet on sale),
 * two arena events, a standing-room show whose online sale has ended, and a video on demand. In the
 * order they are created (their ids follow it).
 */
export function demoProgramme(now: number): DemoShow[] {
  const today = wallDateAt(now);
  const at = (day: WallDate, h: number, m: number) => wallTime(day, h, m);
  const shows: DemoShow[] = [];

  const cinema = sale({
    saleStart: now - 7 * DAY,
    saleEndsMinutesAfterStart: 15,
    lockTimer: cinemaLockTimer,
    businessId: 1,
    bestAvailable: false,
  });
  const cinemaTimes: [number, number][] = [
    [16, 45],
    [19, 30],
    [22, 0],
  ];
  const halls = [PLAN.cinema1, PLAN.cinema2, PLAN.cinema3];
  const movies = [1, 2, 3, 4];
  for (let d = 0; d < 14; d++) {
    const day = addDays(today, d);
    halls.forEach((hallId, h) => {
      cinemaTimes.forEach(([hh, mm], t) => {
        shows.push({
          featureId: movies[(d + h + t) % movies.length] ?? 1,
          hallId,
          startsAt: at(day, hh, mm),
          priceLevelIds:
            hallId === PLAN.cinema1
              ? [TG.cinemaRegular, TG.cinemaSofa]
              : hallId === PLAN.cinema3
                ? [TG.cinemaRegular, TG.cinemaPremium]
                : [TG.cinemaRegular],
          // The 3D feature's glasses come with its tickets (seed/addons.ts), not as a product.
          products: [PRODUCT.popcornL, PRODUCT.popcornM, PRODUCT.drink, PRODUCT.water],
          sale: cinema,
          soldShare: 0.15 + 0.1 * t,
        });
      });
    });
    // A late show after midnight on Thursdays and Fridays belongs to the evening's business date.
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    if (weekday === 4 || weekday === 5)
      shows.push({
        featureId: 4,
        hallId: PLAN.cinema2,
        startsAt: at(addDays(day, 1), 0, 15),
        priceLevelIds: [TG.cinemaRegular],
        products: [PRODUCT.popcornL, PRODUCT.drink],
        sale: cinema,
        soldShare: 0.1,
      });
  }

  const concert = sale({
    saleStart: now - 7 * DAY,
    saleEndsMinutesAfterStart: 15,
    seatingPolicyId: 3,
    serviceCharge: 1200,
  });
  for (const d of [1, 4, 7, 10, 13])
    shows.push({
      featureId: 5,
      hallId: PLAN.musicHall,
      startsAt: at(addDays(today, d), 20, 30),
      priceLevelIds: [TG.hallA, TG.hallB, TG.hallC, TG.hallD],
      products: [PRODUCT.programme, PRODUCT.water],
      sale: concert,
      soldShare: 0.35,
    });

  const orchestra = sale({ saleStart: now - 30 * DAY, seatingPolicyId: 3, serviceCharge: 1000 });
  for (const [d, featureId] of [
    [2, 6],
    [5, 7],
    [9, 6],
    [12, 7],
  ] as const)
    shows.push({
      featureId,
      hallId: PLAN.philharmonic,
      startsAt: at(addDays(today, d), 20, 0),
      priceLevelIds: [TG.orchestraA, TG.orchestraB, TG.orchestraC],
      products: [PRODUCT.programme, PRODUCT.programmeBook],
      sale: orchestra,
      // The last concert of the fortnight opens for sale only five days from now.
      ...(d === 12 ? { saleStart: at(addDays(today, 5), 10, 0) } : {}),
      soldShare: 0.5,
    });

  const arena = sale({ saleStart: now - 7 * DAY, serviceCharge: 1500 });
  for (const [d, featureId, hh] of [
    [6, 8, 21],
    [13, 9, 20],
  ] as const)
    shows.push({
      featureId,
      hallId: PLAN.arena,
      startsAt: at(addDays(today, d), hh, 0),
      priceLevelIds: [TG.arena1, TG.arena2, TG.arena3, TG.arena4, TG.arena5],
      products: [PRODUCT.parking, PRODUCT.water, PRODUCT.drink],
      sale: arena,
      soldShare: 0.4,
    });

  const standing = sale({
    saleStart: now - 7 * DAY,
    reserved: false,
    serviceCharge: 800,
    bestAvailable: false,
  });
  for (const d of [3, 10])
    shows.push({
      featureId: 10,
      hallId: PLAN.club,
      startsAt: at(addDays(today, d), 22, 0),
      priceLevelIds: [TG.standing],
      products: [PRODUCT.drink],
      sale: standing,
      // The first comedy night sells at the door only: its online sale has ended.
      ...(d === 3 ? { saleEnd: now - HOUR } : {}),
      soldShare: 0.2,
    });

  shows.push({
    featureId: 11,
    hallId: PLAN.vod,
    startsAt: now - DAY,
    priceLevelIds: [TG.vod],
    products: [],
    sale: sale({
      saleStart: now - DAY,
      reserved: false,
      serviceCharge: 0,
      lockTimer: cinemaLockTimer,
      businessId: 1,
      bestAvailable: false,
      displayQr: false,
    }),
    saleEnd: now + 30 * DAY,
    soldShare: 0,
  });
  return shows;
}
