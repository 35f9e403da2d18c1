export * from './common.ts';
export * from './errors.ts';
export * from './seatplan.ts';
export * from './presentations.ts';
export * from './seats.ts';
export * from './cart.ts';
export * from './session.ts';
export * from './order.ts';
