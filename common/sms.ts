import { graphemeBits, graphemeEnd, type GraphemeBits, unitBits } from './sms-graphemes';

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

/** An SMS payload is 140 octets (the library's `Segment.freeSizeInBits`); an empty message leaves all of it. */
const SEGMENT_BITS = 140 * 8;

/** A concatenated segment starts with six 8-bit user data header entries (the library's `UserDataHeader`). */
const HEADER_BITS = 6 * 8;

/**
 * The library's `SegmentedMessage._buildSegments` for one encoding, replayed
 * in constant time per grapheme: graphemes fill the current segment; one that
 * does not fit opens a new segment with a header, and the first time that
 * happens the first segment gets its header too, handing its trailing
 * graphemes on to the second segment until it fits. So a grapheme (an
 * extension character, a surrogate pair, a whole emoji sequence) is never
 * divided, and one larger than a segment sits in a segment of its own,
 * overfilling it, just as in the library.
 */
class SegmentCounter {
  /** Segments so far; the library always has at least one, even for "". */
  segments = 1;
  /** Bits used in the last segment, header included. */
  usedBits = 0;
  /** Sizes of the graphemes in the first segment, while it is the only one. */
  private readonly firstSegment: number[] = [];

  add(bits: number): void {
    if (SEGMENT_BITS - this.usedBits < bits) {
      let handedOn = 0;
      if (this.segments === 1) {
        let firstBits = HEADER_BITS + this.usedBits;
        for (let i = this.firstSegment.length - 1; firstBits > SEGMENT_BITS; i--) {
          const size = this.firstSegment[i] as number;
          firstBits -= size;
          handedOn += size;
        }
      }
      this.segments++;
      this.usedBits = HEADER_BITS + handedOn;
    }
    this.usedBits += bits;
    if (this.segments === 1) this.firstSegment.push(bits);
  }
}

/**
 * Count the SMS segments of a text reply the way Twilio does (which is how
 * the service's 10-segment limit is enforced), with exactly the results of
 * Twilio's own calculator (`SegmentedMessage(text, 'auto')`, no smart
 * encoding) rather than hand-kept GSM tables. The text is counted as typed:
 * the caller trims it first if the service will.
 *
 * Linear in the text's length, so the composer can call it at every
 * keystroke: the library itself is worse than linear (tens of milliseconds
 * for a few thousand characters). What each grapheme is and costs is learnt
 * from the library once and cached (./sms-graphemes); the segmentation is
 * replayed by {@link SegmentCounter}. `segments` is always the exact count,
 * also beyond {@link MAX_SMS_SEGMENTS}.
 */
export function smsSegments(text: string): SmsSegmentInfo {
  const gsm7 = new SegmentCounter();
  const ucs2 = new SegmentCounter();
  // The graphemes that force UCS-2, unique, in order; one-code-unit ones are
  // told apart by code, so no string is made for a repeat.
  const nonGsm: string[] = [];
  const seenUnits = new Set<number>();
  const seenGraphemes = new Set<string>();
  for (let start = 0; start < text.length; ) {
    const end = graphemeEnd(text, start);
    let bits: GraphemeBits;
    if (end === start + 1) {
      const code = text.charCodeAt(start);
      bits = unitBits(code);
      if (bits.gsm7 === 0 && !seenUnits.has(code)) {
        seenUnits.add(code);
        nonGsm.push(text.charAt(start));
      }
    } else {
      const grapheme = text.slice(start, end);
      bits = graphemeBits(grapheme);
      if (bits.gsm7 === 0 && !seenGraphemes.has(grapheme)) {
        seenGraphemes.add(grapheme);
        nonGsm.push(grapheme);
      }
    }
    // Once one grapheme forces UCS-2, the GSM-7 count no longer matters.
    if (nonGsm.length === 0) gsm7.add(bits.gsm7);
    ucs2.add(bits.ucs2);
    start = end;
  }
  const encoding = nonGsm.length === 0 ? 'GSM-7' : 'UCS-2';
  const counter = encoding === 'GSM-7' ? gsm7 : ucs2;
  // The library reports one (empty) segment for "", but the composer should
  // say "0 segments" before anything is typed.
  const segments = text.length === 0 ? 0 : counter.segments;
  const freeBits = SEGMENT_BITS - counter.usedBits;
  return {
    encoding,
    segments,
    charactersLeftInSegment: Math.floor(freeBits / BITS_PER_UNIT[encoding]),
    nonGsmCharacters: nonGsm,
    exceedsLimit: segments > MAX_SMS_SEGMENTS,
    limit: MAX_SMS_SEGMENTS,
  };
}
