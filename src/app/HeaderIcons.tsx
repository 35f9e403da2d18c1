import classes from './HeaderButtons.module.css';

const svg = {
  className: classes.icon,
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A person: the personal area's sign on a phone (the first screen draws the same: prepaint.ts). */
export function PersonIcon() {
  return (
    <svg {...svg}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </svg>
  );
}

/** A shopping bag: the cart's sign on a phone. */
export function CartIcon() {
  return (
    <svg {...svg}>
      <path d="M6 8h12l-1 12H7L6 8z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

/** The header buttons' classes: a sign and words hidden on a phone (HeaderButtons.module.css). */
export const headerButton = classes;
