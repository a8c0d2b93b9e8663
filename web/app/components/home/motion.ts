import type { PerView } from '../carousel';

// The home page's layout of moving content. Delay and speed are the Carousel's (SPEC §9).

/** Events & Updates: 3 slides, 2 below 992 px, 1 below 600 px. */
export const EVENTS_PER_VIEW: PerView = { 0: 1, 600: 2, 992: 3 };
/** Toppers of each class: 2 slides, 1 under 1400 px. */
export const TOPPERS_PER_VIEW: PerView = { 0: 1, 1400: 2 };
/** The home slider: one image at a time, 10 px apart. */
export const SLIDER_PER_VIEW: PerView = { 0: 1 };
export const SLIDER_SPACE_BETWEEN_PX = 10;
/** Birthdays: small cards, more of them on wider screens (not fixed by SPEC). */
export const BIRTHDAYS_PER_VIEW: PerView = { 0: 2, 600: 3, 992: 4 };

/** The news ticker moves up by this many px every TICKER_DELAY_MS (about 67 px/s). */
export const TICKER_SCROLL_AMOUNT_PX = 2;
export const TICKER_DELAY_MS = 30;
export const TICKER_PX_PER_MS = TICKER_SCROLL_AMOUNT_PX / TICKER_DELAY_MS;
