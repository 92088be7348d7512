import { describe, expect, it } from 'vitest';
import { e164Problem, isE164 } from '../../common/phone';

describe('isE164', () => {
  it('accepts + followed by 2 to 15 digits not starting with 0', () => {
    for (const phone of ['+14155550123', '+442079460958', '+12', '+123456789012345', '+861012345678']) {
      expect(isE164(phone), phone).toBe(true);
    }
  });

  it('rejects anything else, without trimming or reformatting', () => {
    for (const phone of ['', '+', '+1', '14155550123', '+1 415 555 0123', '+1-415-555-0123', '+1(415)5550123', ' +14155550123', '+14155550123 ', '+0123456', '+1234567890123456', '00442079460958', '+１４１５５５５０１２３', '+14155550123\n']) {
      expect(isE164(phone), JSON.stringify(phone)).toBe(false);
    }
  });
});

describe('e164Problem', () => {
  it('returns null for a valid number', () => {
    expect(e164Problem('+14155550123')).toBeNull();
  });

  it('asks for a number when the field is empty or blank', () => {
    expect(e164Problem('')).toMatch(/enter a phone number in E\.164 format/i);
    expect(e164Problem('   ')).toMatch(/enter a phone number/i);
  });

  it('says it must begin with + when the + is missing', () => {
    expect(e164Problem('14155550123')).toMatch(/must begin with \+/);
    expect(e164Problem(' +14155550123')).toMatch(/must begin with \+/);
  });

  it('suggests replacing a leading 00 with +', () => {
    expect(e164Problem('00442079460958')).toMatch(/must begin with \+.*replace the leading 00 with \+/i);
  });

  it('says only digits may follow the +', () => {
    for (const phone of ['+1 415 555 0123', '+1-415-555-0123', '+1 (415) 555-0123', '+1.415.555.0123', '+14155550123 ', '+1415555012x', '+１４１５５５５０１２３']) {
      expect(e164Problem(phone), JSON.stringify(phone)).toMatch(/must contain only digits after \+/);
    }
  });

  it('says a lone + or a single digit is too short', () => {
    expect(e164Problem('+')).toMatch(/too short/);
    expect(e164Problem('+1')).toMatch(/too short/);
  });

  it('says the country code cannot start with 0', () => {
    expect(e164Problem('+0123456')).toMatch(/cannot start with 0/);
  });

  it('says it must have at most 15 digits, and how many it has', () => {
    expect(e164Problem('+1234567890123456')).toMatch(/must have at most 15 digits.*\(it has 16\)/);
  });

  it('gives an example of the right format in every other message', () => {
    for (const phone of ['', '14155550123', '+1 415', '+1', '+0123']) {
      expect(e164Problem(phone), JSON.stringify(phone)).toContain('+14155550123');
    }
  });

  it('agrees with isE164 on every input', () => {
    const inputs = ['', '+', '+1', '+12', '+0', '+01', '14155550123', '+14155550123', '+1 4', '+123456789012345', '+1234567890123456', '+٣٣١٢٣٤', 'abc', '++1234'];
    for (const phone of inputs) {
      expect(e164Problem(phone) === null, JSON.stringify(phone)).toBe(isE164(phone));
    }
  });
});
