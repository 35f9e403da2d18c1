/**
 * The shop's formatting of prices, dates and texts lives in src/domain/format.ts: pure functions the box
 * office uses too (the board's first screen, server/http/seo/prepaint.ts). The shop imports them here.
 */
export * from '../domain/format.ts';
