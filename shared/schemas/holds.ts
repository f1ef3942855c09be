import settings from '@content/settings.json';

/** Most future holds (reservations dated today, UTC, or later) one e-mail address may have at once. */
export const MAX_FUTURE_HOLDS = 3;

/** What a visitor who already holds MAX_FUTURE_HOLDS future dates is told, with the business's phone number. */
export const HOLD_LIMIT_MESSAGE =
  `You already hold ${MAX_FUTURE_HOLDS} upcoming dates with us, the most we can reserve online for one e-mail ` +
  `address. To book another, please call us at ${settings.site.phone}.`;

/** What a visitor is told when their connection (IP) has made its daily budget of new holds online. */
export const TOO_MANY_HOLDS_MESSAGE =
  `We cannot take more online reservations from your connection today. To book another date, please call us at ` +
  `${settings.site.phone}, or try again tomorrow.`;
