import { describe, expect, it } from 'vitest';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, classifyInboundText, isOptIn, isOptOut } from '../../common/optout';

describe('opt-out keywords (whole message)', () => {
  for (const keyword of ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']) {
    it(`treats "${keyword}" as an opt-out in any case, padding or trailing punctuation`, () => {
      const lower = keyword.toLowerCase();
      const title = keyword[0] + lower.slice(1);
      for (const text of [keyword, lower, title, `  ${keyword}  `, `\t${lower}\n`, `${title}.`, `${keyword}!`, `${keyword}!!!`, `"${title}"`]) {
        expect(classifyInboundText(text), JSON.stringify(text)).toBe('opt_out');
      }
    });
  }

  it('exports exactly the carrier opt-out keywords', () => {
    expect([...OPT_OUT_KEYWORDS].sort()).toEqual(['cancel', 'end', 'optout', 'quit', 'revoke', 'stop', 'stopall', 'unsubscribe']);
  });

  it('treats a repeated or emoji-decorated keyword as an opt-out', () => {
    expect(classifyInboundText('STOP STOP STOP')).toBe('opt_out');
    expect(classifyInboundText('Stop, cancel.')).toBe('opt_out');
    expect(classifyInboundText('STOP 🛑')).toBe('opt_out');
  });

  it('folds full-width letters the way phones may send them', () => {
    expect(classifyInboundText('ＳＴＯＰ')).toBe('opt_out');
  });
});

describe('plain-language opt-outs', () => {
  const cases = [
    'stop texting me',
    'Please stop',
    'Stop please',
    'Stop, please.',
    'Just stop!',
    'stop messaging me',
    'Stop sending me texts',
    'Stop sending messages',
    'stop all texts',
    'stop all',
    'Please stop contacting me.',
    'Can you please stop texting me?',
    'I want you to stop texting me',
    'unsubscribe me',
    'Please unsubscribe me from this list',
    'I want to unsubscribe',
    "I'd like to unsubscribe, thanks",
    'remove me from your list',
    'Please remove me',
    'Remove me from your text list please',
    'take me off your list',
    'I want to be removed from your texting list',
    "don't text me",
    'Dont text me',
    'don’t text me again',
    'do not text me anymore',
    'Do not contact me',
    'Never text me again!',
    "don't send me any more texts",
    'No more texts please',
    'opt out',
    'Opt-out',
    'opt me out',
    'I want to opt out of these messages',
    'leave me alone',
    'Yes, stop texting me',
    'Stop texting me, I already paid!!',
    'I already paid. Stop texting me 😡',
    '"Stop texting me"',
  ];
  for (const text of cases) {
    it(`treats ${JSON.stringify(text)} as an opt-out`, () => {
      expect(classifyInboundText(text)).toBe('opt_out');
      expect(isOptOut(text)).toBe(true);
      expect(isOptIn(text)).toBe(false);
    });
  }
});

describe('opt-in keywords (whole message)', () => {
  for (const keyword of ['START', 'UNSTOP', 'YES']) {
    it(`treats "${keyword}" as an opt-in in any case, padding or trailing punctuation`, () => {
      const lower = keyword.toLowerCase();
      for (const text of [keyword, lower, keyword[0] + lower.slice(1), `  ${lower} `, `${keyword}.`, `${lower}!`, `${lower}!?`]) {
        expect(classifyInboundText(text), JSON.stringify(text)).toBe('opt_in');
        expect(isOptIn(text)).toBe(true);
        expect(isOptOut(text)).toBe(false);
      }
    });
  }

  it('exports exactly the carrier opt-in keywords', () => {
    expect([...OPT_IN_KEYWORDS].sort()).toEqual(['start', 'unstop', 'yes']);
  });
});

describe('ordinary messages are not flagged', () => {
  const cases = [
    "I can't stop by today",
    'When do you end your shift?',
    "Yes I'd like to cancel my appointment",
    'Cancel my appointment please',
    'Can I cancel?',
    'Yes, 3pm works',
    'Yes please',
    'What time do you start?',
    'Start time?',
    'Please stop by tomorrow',
    'Stop, I meant 3pm not 4pm',
    'My ex won’t stop texting me',
    'Tell him to stop texting me',
    "Please don't text me before 9am",
    'Can you stop texting me at work? Text after 5',
    'Remove me from the appointment on Friday',
    'The end of the street, blue door',
    'I quit smoking!',
    'Is the bus stop near you?',
    "Don't stop, this is great",
    'STOP START',
    's t o p',
    'Nonstop calls today',
    '',
    '   ',
    '👍',
  ];
  for (const text of cases) {
    it(`leaves ${JSON.stringify(text)} alone`, () => {
      expect(classifyInboundText(text)).toBe('none');
      expect(isOptOut(text)).toBe(false);
      expect(isOptIn(text)).toBe(false);
    });
  }
});

describe('precedence', () => {
  it('lets an opt-out win when a message also contains an opt-in word', () => {
    expect(classifyInboundText('Yes. Please stop texting me')).toBe('opt_out');
  });

  it('stays fast on a long message full of commas', () => {
    const text = 'ok, '.repeat(1250);
    const started = performance.now();
    expect(classifyInboundText(text)).toBe('none');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
