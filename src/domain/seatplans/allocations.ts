/** Allocation ids (`ai`): seats sold online, and house seats the venue holds back. */
export const ALLOCATION_ONLINE = 1;
export const ALLOCATION_HOUSE = 2;
