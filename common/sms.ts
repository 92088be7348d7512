import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * The service refuses a text reply longer than this many SMS segments with a
 * 422 (spec, Limits: "Text reply size: at most 10 SMS segments"), so the
 * composer checks it before sending.
 */
export const MAX_SMS_SEGMENTS = 10;

/** How a text reply will be split into SMS segments, as the composer shows it. */
export interface SmsSegmentInfo {
  /** GSM-7 unless some character has no GSM-7 form, which forces UCS-2 for the whole message. */
  encoding: 'GSM-7' | 'UCS-2';
  /** Number of SMS segments the carrier will send; 0 for an empty message. */
  segments: number;
  /**
   * Room left in the last segment before another one starts, in the
   * encoding's units: GSM-7 septets (a GSM extension character such as € or {
   * takes two) or UCS-2 code units (an emoji usually takes two).
   */
  charactersLeftInSegment: number;
  /** The characters that forced UCS-2, unique, in order of first appearance; empty for GSM-7. */
  nonGsmCharacters: string[];
  /** True when `segments` exceeds `limit`: the service would refuse the reply. */
  exceedsLimit: boolean;
  /** The service's segment limit, carried so the UI needs no second import to word its hint. */
  limit: typeof MAX_SMS_SEGMENTS;
}

/** Bits per unit of each encoding; a segment's free bits divided by this is the room left. */
const BITS_PER_UNIT = { 'GSM-7': 7, 'UCS-2': 16 } as const;

/** An SMS payload is 140 octets; an empty message leaves all of it. */
const EMPTY_SEGMENT_BITS = 140 * 8;

/**
 * Count the SMS segments of a text reply the way Twilio does (which is how
 * the service's 10-segment limit is enforced), using Twilio's own calculator
 * rather than hand-kept GSM tables. The text is counted as typed: the caller
 * trims it first if the service will.
 */
export function smsSegments(text: string): SmsSegmentInfo {
  const message = new SegmentedMessage(text, 'auto');
  const encoding = message.encodingName;
  // The library reports one (empty) segment for "", but the composer should
  // say "0 segments" before anything is typed.
  const segments = text.length === 0 ? 0 : message.segmentsCount;
  const last = message.segments[message.segments.length - 1];
  const freeBits = last === undefined || segments === 0 ? EMPTY_SEGMENT_BITS : last.freeSizeInBits();
  return {
    encoding,
    segments,
    charactersLeftInSegment: Math.floor(freeBits / BITS_PER_UNIT[encoding]),
    nonGsmCharacters: [...new Set(message.getNonGsmCharacters())],
    exceedsLimit: segments > MAX_SMS_SEGMENTS,
    limit: MAX_SMS_SEGMENTS,
  };
}
