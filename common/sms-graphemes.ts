import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * The two things `smsSegments` needs from Twilio's calculator, learnt from the
 * calculator itself and cached, so a keystroke costs one pass over the text:
 *
 * - where its graphemes end. The library splits a text with its own grapheme
 *   splitter (grapheme-splitter: UAX #29 as of Unicode 10, which is not what
 *   `Intl.Segmenter` does with newer emoji) and then splits every "\r\n" into
 *   "\r" and "\n"; a grapheme is never divided between segments.
 * - how many bits each grapheme takes in GSM-7 (none: it has no GSM-7 form
 *   and forces UCS-2) and in UCS-2, as the library's `EncodedChar` says.
 *
 * Nothing here is a hand-kept table: every answer comes from the library's
 * own split and encoding of a short stretch of the text, remembered per
 * distinct grapheme and per "grapheme so far + next code point". That relies
 * on the splitter deciding each break from the characters since the
 * grapheme's start only (it never looks ahead; see `nextBreak` in
 * grapheme-splitter), so a stretch starting where a grapheme starts splits as
 * it does inside the whole text. test/common/sms.test.ts compares the end
 * result with the library on whole texts.
 */

/** Bits a grapheme takes in each encoding, as the library's `EncodedChar.sizeInBits` reports. */
export interface GraphemeBits {
  /** 0 when the grapheme has no GSM-7 form (it forces UCS-2); otherwise 7 per septet (an extension character such as € takes 14). */
  gsm7: number;
  ucs2: number;
}

/**
 * Entries kept per cache before it is emptied and relearnt. Far more than one
 * long reply needs (a 5,000-character text has fewer than 5,000 distinct
 * graphemes and character pairs), so the composer never relearns while
 * typing; the bound only keeps an endless stream of distinct texts (the
 * simulator's) from growing the caches.
 */
const CACHE_LIMIT = 50_000;

/**
 * Code units of text the library is asked to split at a time when something
 * is unknown: past about this much its cost per character grows (it copies
 * its grapheme list at every grapheme).
 */
const LEARN_WINDOW = 64;

/** A grapheme this long (zalgo text) is found by asking the library about ever larger windows, uncached. */
const LONG_GRAPHEME = 32;

/** Costs of one-code-unit graphemes: ASCII by char code (the hot path), the rest in a map. */
const asciiBits: (GraphemeBits | undefined)[] = new Array<GraphemeBits | undefined>(0x80).fill(undefined);
const unitBitsMap = new Map<number, GraphemeBits>();
/** Costs of longer graphemes, by their text. */
const graphemeBitsMap = new Map<string, GraphemeBits>();

/**
 * Whether the library puts a code point in the same grapheme as the text
 * before it since the grapheme's start, keyed by that text and the code
 * point: when they are one code unit each (the usual case) as one 32-bit
 * number, else as a string.
 */
const pairJoins = new Map<number, boolean>();
const joins = new Map<string, boolean>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** Asks the library what one grapheme costs. */
function askBits(grapheme: string): GraphemeBits {
  const auto = new SegmentedMessage(grapheme, 'auto').encodedChars;
  const char = auto[0];
  if (auto.length !== 1 || char === undefined) throw new Error(`sms: ${JSON.stringify(grapheme)} is not one grapheme to the SMS calculator`);
  if (!char.isGSM7) return { gsm7: 0, ucs2: char.sizeInBits() }; // 'auto' chose UCS-2
  const ucs2 = new SegmentedMessage(grapheme, 'UCS-2').encodedChars[0];
  if (ucs2 === undefined) throw new Error(`sms: ${JSON.stringify(grapheme)} has no UCS-2 form`);
  return { gsm7: char.sizeInBits(), ucs2: ucs2.sizeInBits() };
}

/** What a grapheme of one UTF-16 code unit costs. */
export function unitBits(code: number): GraphemeBits {
  if (code < 0x80) return (asciiBits[code] ??= askBits(String.fromCharCode(code)));
  return unitBitsMap.get(code) ?? remember(unitBitsMap, code, askBits(String.fromCharCode(code)));
}

/** What a grapheme of two or more code units costs. */
export function graphemeBits(grapheme: string): GraphemeBits {
  return graphemeBitsMap.get(grapheme) ?? remember(graphemeBitsMap, grapheme, askBits(grapheme));
}

/** UTF-16 code units in the code point at `i`: 2 for a valid surrogate pair, else 1 (a lone surrogate stands alone, as in the splitter). */
function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/** The cached answer: does the code point `text[end, next)` join the grapheme `text[start, end)`? */
function knownJoin(text: string, start: number, end: number, next: number): boolean | undefined {
  if (next === start + 2) return pairJoins.get((text.charCodeAt(start) << 16) | text.charCodeAt(end));
  return joins.get(text.slice(start, next));
}

function teachJoin(text: string, start: number, end: number, next: number, joined: boolean): boolean {
  if (next === start + 2) return remember(pairJoins, (text.charCodeAt(start) << 16) | text.charCodeAt(end), joined);
  return remember(joins, text.slice(start, next), joined);
}

/**
 * Asks the library to split (in UCS-2, which does not change the split) the
 * text from the grapheme start `start` up to where two ASCII characters meet
 * or {@link LEARN_WINDOW} code units, and remembers what the split shows
 * about every grapheme but the last (which the window may cut short, unless
 * it reaches the end of the text): where it joins and where it breaks, and
 * its cost when it has no GSM-7 form. One call teaches a whole run of
 * non-ASCII text, instead of one call per character pair.
 */
function learn(text: string, start: number): void {
  const n = text.length;
  let stop = start + 2;
  while (stop < n && stop - start < LEARN_WINDOW && !(text.charCodeAt(stop - 1) < 0x80 && text.charCodeAt(stop) < 0x80)) stop++;
  if (stop < n && codePointLength(text, stop - 1) === 2) stop++;
  const { graphemes, encodedChars } = new SegmentedMessage(text.slice(start, stop), 'UCS-2');
  const settled = stop >= n ? graphemes.length : graphemes.length - 1;
  let from = start;
  for (let k = 0; k < settled; k++) {
    const to = from + (graphemes[k] as string).length;
    for (let end = from + codePointLength(text, from); end < n && end <= to; ) {
      const next = end + codePointLength(text, end);
      teachJoin(text, from, end, next, end < to);
      end = next;
    }
    // In UCS-2 the split gives a grapheme's UCS-2 size and whether it has a GSM-7 form; only one
    // without (CJK, emoji) is learnt here: the size of one with is asked with askBits.
    const char = encodedChars[k];
    if (char !== undefined && !char.isGSM7) {
      const bits = { gsm7: 0, ucs2: char.sizeInBits() };
      if (to - from >= 2) {
        if (!graphemeBitsMap.has(char.raw)) remember(graphemeBitsMap, char.raw, bits);
      } else if (text.charCodeAt(from) >= 0x80 && !unitBitsMap.has(text.charCodeAt(from))) {
        remember(unitBitsMap, text.charCodeAt(from), bits);
      }
    }
    from = to;
  }
}

/**
 * Where the grapheme starting at `start` ends (exclusive), as the library
 * splits `text`; `start` must be where the previous one ended (0 first).
 */
export function graphemeEnd(text: string, start: number): number {
  const n = text.length;
  // Fast path: the splitter always breaks between two ASCII characters but
  // CR LF, which the library then splits anyway (a unit test checks all
  // 128 × 128 pairs against the library).
  if (text.charCodeAt(start) < 0x80 && (start + 1 === n || text.charCodeAt(start + 1) < 0x80)) return start + 1;
  let learnt = false;
  let end = start + codePointLength(text, start);
  while (end < n) {
    if (end - start >= LONG_GRAPHEME) return longGraphemeEnd(text, start, end);
    const next = end + codePointLength(text, end);
    let joined = knownJoin(text, start, end, next);
    if (joined === undefined && !learnt) {
      learn(text, start);
      learnt = true;
      joined = knownJoin(text, start, end, next);
    }
    // Not settled by the window (a grapheme longer than it): ask about this one step.
    joined ??= teachJoin(text, start, end, next, new SegmentedMessage(text.slice(start, next), 'auto').graphemes.length === 1);
    if (!joined) break;
    end = next;
  }
  return end;
}

/**
 * The end of a grapheme already known to reach `atLeast`, from the library's
 * split of ever larger windows of the text starting at `start`: its first
 * grapheme is settled once a second one starts inside the window. Uncached,
 * and the library's splitter is quadratic in a grapheme's length, so a
 * grapheme of thousands of combining marks costs a few times what the
 * library alone spends on it (tens to hundreds of milliseconds); no real
 * text has one.
 */
function longGraphemeEnd(text: string, start: number, atLeast: number): number {
  for (let size = 2 * (atLeast - start); ; size *= 2) {
    let end = Math.min(text.length, start + size);
    // Never cut a surrogate pair: half of it would read as another character.
    if (end < text.length && codePointLength(text, end - 1) === 2) end++;
    const graphemes = new SegmentedMessage(text.slice(start, end), 'auto').graphemes;
    const first = graphemes[0];
    if (first !== undefined && (graphemes.length > 1 || end === text.length)) return start + first.length;
  }
}
