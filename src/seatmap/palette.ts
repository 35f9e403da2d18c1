// The colour scheme and seat styles are computed where the plan is parsed; the renderer shares them.
export * from '../../workers/seatplan/style.ts';
