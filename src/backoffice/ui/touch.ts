/**
 * Touch targets of at least 44 px (WCAG 2.5.5; the shop's phones): Mantine's `sm` buttons and inputs are
 * 36 px. Buttons take `mih={TOUCH_PX}` (a min-height beats their fixed height); inputs and selects take
 * `styles={touchInput}`.
 */
export const TOUCH_PX = 44;

export const touchInput = { input: { minHeight: TOUCH_PX } } as const;
