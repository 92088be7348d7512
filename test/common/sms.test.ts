import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { MAX_SMS_SEGMENTS, smsSegments } from '../../common/sms';

describe('smsSegments', () => {
  it('reports nothing typed as 0 segments with a whole GSM-7 segment free', () => {
    expect(smsSegments('')).toEqual({
      encoding: 'GSM-7',
      segments: 0,
      charactersLeftInSegment: 160,
      nonGsmCharacters: [],
      exceedsLimit: false,
      limit: 10,
    });
  });

  it('fits 160 GSM-7 characters in one segment with nothing left', () => {
    expect(smsSegments('a'.repeat(159))).toMatchObject({ encoding: 'GSM-7', segments: 1, charactersLeftInSegment: 1 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, charactersLeftInSegment: 0 });
  });

  it('splits 161 GSM-7 characters into 2 segments of 153 (the header takes 7)', () => {
    // 153 in the first segment, 8 in the second: 145 left.
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, charactersLeftInSegment: 145 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, charactersLeftInSegment: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3, charactersLeftInSegment: 152 });
  });

  it('counts GSM extension characters (€ { } [ ] ^ ~ | \\) as two septets without leaving GSM-7', () => {
    for (const ch of ['€', '{', '}', '[', ']', '^', '~', '|', '\\']) {
      expect(smsSegments(ch), ch).toMatchObject({ encoding: 'GSM-7', segments: 1, charactersLeftInSegment: 158, nonGsmCharacters: [] });
    }
    expect(smsSegments('€'.repeat(80))).toMatchObject({ segments: 1, charactersLeftInSegment: 0 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ segments: 2 });
    // 159 septets plus a two-septet character no longer fit in one segment.
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });

  it('never splits an extension character across segments', () => {
    // 152 + 2 would overflow the first 153-septet segment, so € opens the second: 2 + 10 used.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({ segments: 2, charactersLeftInSegment: 141 });
  });

  it('keeps accented letters that GSM-7 has (é, Ç, ñ, ü) in GSM-7', () => {
    expect(smsSegments('Café Ç ñ ü à')).toMatchObject({ encoding: 'GSM-7', nonGsmCharacters: [] });
  });

  it('switches to UCS-2 for one emoji and reports it (70 per segment, emoji takes 2 units)', () => {
    expect(smsSegments('Thanks 😀')).toMatchObject({ encoding: 'UCS-2', segments: 1, nonGsmCharacters: ['😀'] });
    expect(smsSegments('😀')).toMatchObject({ charactersLeftInSegment: 68 });
    expect(smsSegments(`${'a'.repeat(68)}😀`)).toMatchObject({ segments: 1, charactersLeftInSegment: 0 });
  });

  it('splits UCS-2 into segments of 67 once it exceeds 70 units', () => {
    expect(smsSegments(`${'a'.repeat(69)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments(`ç${'a'.repeat(69)}`)).toMatchObject({ segments: 1, charactersLeftInSegment: 0 });
    expect(smsSegments(`ç${'a'.repeat(70)}`)).toMatchObject({ segments: 2, charactersLeftInSegment: 63 });
    expect(smsSegments(`ç${'a'.repeat(133)}`)).toMatchObject({ segments: 2, charactersLeftInSegment: 0 });
    expect(smsSegments(`ç${'a'.repeat(134)}`)).toMatchObject({ segments: 3, charactersLeftInSegment: 66 });
  });

  it('lists the characters that forced UCS-2 once each, in order of first appearance', () => {
    const info = smsSegments('It’s 👍🏽 ok ’ 👍🏽 ç');
    expect(info.encoding).toBe('UCS-2');
    expect(info.nonGsmCharacters).toEqual(['’', '👍🏽', 'ç']);
  });

  it('flags more than 10 segments as over the limit, and exactly 10 as within it', () => {
    expect(MAX_SMS_SEGMENTS).toBe(10);
    expect(smsSegments('a'.repeat(1530))).toMatchObject({ segments: 10, exceedsLimit: false, charactersLeftInSegment: 0, limit: 10 });
    expect(smsSegments('a'.repeat(1531))).toMatchObject({ segments: 11, exceedsLimit: true, limit: 10 });
    expect(smsSegments(`😀${'a'.repeat(668)}`)).toMatchObject({ encoding: 'UCS-2', segments: 10, exceedsLimit: false });
    expect(smsSegments(`😀${'a'.repeat(669)}`)).toMatchObject({ encoding: 'UCS-2', segments: 11, exceedsLimit: true });
  });

  it('counts a line break as one GSM-7 character', () => {
    expect(smsSegments('a\nb')).toMatchObject({ encoding: 'GSM-7', segments: 1, charactersLeftInSegment: 157 });
  });
});

/** What the library itself says about a text, in smsSegments' terms (the reference). */
function library(text: string) {
  const message = new SegmentedMessage(text, 'auto');
  const last = message.segments[message.segments.length - 1];
  const segments = text.length === 0 ? 0 : message.segmentsCount;
  const freeBits = segments === 0 || last === undefined ? 140 * 8 : last.freeSizeInBits();
  return {
    encoding: message.encodingName,
    segments,
    charactersLeftInSegment: Math.floor(freeBits / (message.encodingName === 'GSM-7' ? 7 : 16)),
    nonGsmCharacters: [...new Set(message.getNonGsmCharacters())],
    exceedsLimit: segments > MAX_SMS_SEGMENTS,
    limit: MAX_SMS_SEGMENTS,
  };
}

/** mulberry32: a small seeded generator, so every run checks the same texts. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Test data only (the code under test has no such lists): pieces by kind, each with its cost in
// the unit the generator aims at (GSM-7 septets for all-GSM texts, UTF-16 code units otherwise).
const GSM_BASIC = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?@#$%&*()-+=/<>\'"_éèùìòÇØøÅåÆæßÉÄÖÑÜäöñüà¡¿§£¥ΔΦΓΛΩΠΨΣΘΞ'];
const GSM_EXTENDED = [...'€{}[]~^|\\'];
const LINE_BREAKS = ['\n', '\r\n', '\r'];
const NON_GSM_LATIN = ['á', 'í', 'ó', 'ú', 'â', 'ê', 'ç', 'ã', 'ő', 'ł', 'š', 'ž', 'č', '’', '‘', '“', '”', '…', '–', '—', '\u00a0', '`', 'e\u0301', 'n\u0303'];
const EMOJI = ['😀', '🙂', '👍', '👍🏽', '👋🏿', '🏳️‍🌈', '👨‍👩‍👧‍👦', '👩🏽‍💻', '🧑‍🤝‍🧑', '❤️', '❤️‍🔥', '🐻‍❄️', '🇫🇷', '🇺🇸', '🇩', '1️⃣', '✈️', '☺', '\u200d', '\ufe0f', '🏽'];
const CJK = ['漢', '字', '日', '本', '語', '中', '文', '。', '、', '한', '국', '어', 'か', 'な', 'カ', 'ナ', 'ᄀ', 'ᅡ', 'ᆨ', 'क', 'ि', '\u0600'];
const ODD = ['\ud83d', '\ude00', 'a' + '\u0301'.repeat(40), '👨‍'.repeat(24) + '👨'];

type Pool = { pieces: string[]; weight: number };

/**
 * A text of exactly `target` units (septets when `gsm7`, else UTF-16 code units) from weighted
 * pools, topped up with one-unit basic characters when a piece would overshoot; with `force`,
 * one piece from it goes in at a random place (so the text needs UCS-2).
 */
function generate(next: () => number, target: number, pools: Pool[], gsm7: boolean, force?: string[]): string {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  const cost = (piece: string) => (gsm7 ? (GSM_EXTENDED.includes(piece) ? 2 : piece.length) : piece.length);
  const forced = force ? pick(force) : '';
  const pieces: string[] = [];
  let total = cost(forced);
  const weights = pools.reduce((sum, pool) => sum + pool.weight, 0);
  while (total < target) {
    let r = next() * weights;
    const pool = pools.find((p) => (r -= p.weight) < 0) ?? (pools[0] as Pool);
    let piece = pick(pool.pieces);
    if (total + cost(piece) > target) piece = pick(GSM_BASIC);
    pieces.push(piece);
    total += cost(piece);
  }
  if (force) pieces.splice(Math.floor(next() * (pieces.length + 1)), 0, forced);
  return pieces.join('');
}

describe('smsSegments agrees with the library (SegmentedMessage) on pseudo-random texts', () => {
  const gsmTargets = [152, 153, 154, 159, 160, 161, 305, 306, 307, 1529, 1530, 1531];
  const ucs2Targets = [66, 67, 68, 69, 70, 71, 133, 134, 135, 669, 670, 671];
  const profiles: { name: string; seed: number; gsm7: boolean; targets: number[]; texts: number; pools: Pool[]; force?: string[] }[] = [
    {
      name: 'GSM-7: basic, extension characters and line breaks',
      seed: 1,
      gsm7: true,
      targets: gsmTargets,
      texts: 8,
      pools: [
        { pieces: GSM_BASIC, weight: 8 },
        { pieces: GSM_EXTENDED, weight: 2 },
        { pieces: LINE_BREAKS, weight: 1 },
      ],
    },
    {
      name: 'UCS-2: everything mixed',
      seed: 2,
      gsm7: false,
      targets: [...ucs2Targets, 159, 160, 161],
      texts: 7,
      pools: [
        { pieces: GSM_BASIC, weight: 5 },
        { pieces: GSM_EXTENDED, weight: 1 },
        { pieces: LINE_BREAKS, weight: 1 },
        { pieces: NON_GSM_LATIN, weight: 2 },
        { pieces: EMOJI, weight: 2 },
        { pieces: CJK, weight: 2 },
      ],
      force: [...NON_GSM_LATIN, ...EMOJI, ...CJK],
    },
    {
      name: 'UCS-2: a GSM text with one character that forces UCS-2',
      seed: 3,
      gsm7: false,
      targets: ucs2Targets,
      texts: 5,
      pools: [
        { pieces: GSM_BASIC, weight: 10 },
        { pieces: GSM_EXTENDED, weight: 1 },
      ],
      force: [...NON_GSM_LATIN, ...EMOJI, ...CJK],
    },
    {
      name: 'UCS-2: long runs of emoji and CJK (and the odd lone surrogate or zalgo letter)',
      seed: 4,
      gsm7: false,
      targets: ucs2Targets,
      texts: 5,
      pools: [
        { pieces: EMOJI, weight: 5 },
        { pieces: CJK, weight: 5 },
        { pieces: [' ', '\n', 'a', '€'], weight: 1 },
        { pieces: ODD, weight: 0.2 },
      ],
      force: EMOJI,
    },
  ];

  for (const profile of profiles) {
    it(profile.name, () => {
      const next = random(profile.seed);
      const mismatches: unknown[] = [];
      let checked = 0;
      for (const target of profile.targets) {
        for (let i = 0; i < profile.texts; i++) {
          const text = generate(next, target, profile.pools, profile.gsm7, profile.force);
          const expected = library(text);
          // The texts are where they were aimed: at the segment boundaries, in the right encoding.
          expect(expected.encoding, JSON.stringify(text)).toBe(profile.gsm7 ? 'GSM-7' : 'UCS-2');
          if (profile.gsm7) expect(new SegmentedMessage(text).numberOfCharacters).toBe(target);
          else expect(text.length).toBe(target);
          const actual = smsSegments(text);
          if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push({ text, actual, expected });
          checked++;
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(profile.targets.length * profile.texts);
    });
  }

  it('graphemes longer than a segment, lone surrogates, zalgo letters and long non-ASCII runs', () => {
    const chain = '👨‍'.repeat(30) + '👨'; // one grapheme of 91 code units: a segment of its own, overfilled
    const texts = [
      chain,
      `${chain}abc`,
      `x${chain}`,
      `${'a'.repeat(60)}${chain}b`,
      `${'a'.repeat(150)}${chain}`,
      `a${'\u0301'.repeat(40)}b`,
      `e${'\u0301'.repeat(100)}zz`,
      '\ud83d',
      'a\ude00b\ud83dx',
      '\ud83d\ud83d\ude00',
      '\u0600a',
      '🏳️‍🌈🐻‍❄️❤️‍🔥🇫🇷🇺🇸🇫1️⃣각क\u093f\u0600a',
      `${'漢'.repeat(200)}${'😀'.repeat(40)}`,
      `${'😀'.repeat(31)}a${'😀'.repeat(40)}`,
      'Hi\r\n\r\n€\r\rthere\n',
      '€'.repeat(2000),
      `Thanks 🙂 ${'Price: €25 {deposit}. '.repeat(230)}`,
    ];
    for (const text of texts) expect(smsSegments(text), JSON.stringify(text)).toEqual(library(text));
  });

  it('splits every pair of ASCII characters into two graphemes, as its fast path assumes', () => {
    const joined: string[] = [];
    for (let a = 0; a < 0x80; a++) {
      for (let b = 0; b < 0x80; b++) {
        const pair = String.fromCharCode(a, b);
        if (new SegmentedMessage(pair).graphemes.length !== 2) joined.push(JSON.stringify(pair));
      }
    }
    expect(joined).toEqual([]);
  });
});
