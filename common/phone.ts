/**
 * E.164 as the service requires it for SMS notifications (spec: "user profile
 * must have a phone number in E.164 format, beginning with +"): a +, then a
 * country code that cannot start with 0, then at most 15 digits in all.
 */
const E164 = /^\+[1-9]\d{1,14}$/;

/** An example shown in every message, because "E.164" alone means little to front-desk staff. */
const EXAMPLE = 'for example +14155550123';

/**
 * True when `phone` is exactly an E.164 number. Nothing is trimmed or
 * reformatted: the value checked must be the value sent, or the service
 * would still refuse it.
 */
export function isE164(phone: string): boolean {
  return E164.test(phone);
}

/**
 * Why `phone` is not E.164, in words staff can act on, or null when it is.
 * Returns null exactly when `isE164(phone)` is true, so a form can show this
 * message and the core can reject with it without the two disagreeing.
 */
export function e164Problem(phone: string): string | null {
  if (isE164(phone)) return null;
  if (phone.trim() === '') return `Enter a phone number in E.164 format, ${EXAMPLE}.`;
  if (!phone.startsWith('+')) {
    // "00" is the international dialling prefix people often type instead of +.
    const hint = phone.startsWith('00') ? ' Replace the leading 00 with +.' : '';
    return `The phone number must begin with + and the country code, ${EXAMPLE}.${hint}`;
  }
  const digits = phone.slice(1);
  if (!/^\d*$/.test(digits)) {
    return `The phone number must contain only digits after + (no spaces, dashes, dots or brackets), ${EXAMPLE}.`;
  }
  if (digits.length < 2) return `The phone number is too short: give the country code and the number, ${EXAMPLE}.`;
  if (digits.startsWith('0')) return `The country code after + cannot start with 0, ${EXAMPLE}.`;
  return `The phone number must have at most 15 digits after + (it has ${digits.length}).`;
}
