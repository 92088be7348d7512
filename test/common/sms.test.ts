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
