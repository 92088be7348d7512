/** What an inbound customer text means for texting consent. */
export type InboundTextClass = 'opt_out' | 'opt_in' | 'none';

/**
 * Carrier opt-out keywords (CTIA / Twilio defaults). They count only as the
 * whole message: "Cancel" alone is an opt-out, "cancel my appointment" is not.
 */
export const OPT_OUT_KEYWORDS = ['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'optout', 'revoke'] as const;

/** Carrier opt-in keywords, also whole-message only, so "Yes, 3pm works" stays a normal reply. */
export const OPT_IN_KEYWORDS = ['start', 'unstop', 'yes'] as const;

const OPT_OUT = new Set<string>(OPT_OUT_KEYWORDS);
const OPT_IN = new Set<string>(OPT_IN_KEYWORDS);

// Plain-language opt-outs. Each must fill a whole clause (see `clauses`), so a
// sentence that merely uses the words ("I can't stop by today", "my ex won't
// stop texting me") never matches. Polite padding around them is allowed.
const POLITE = String.raw`(?:(?:please|pls|plz|kindly|just|can you|could you|would you|will you|i want you to|i need you to)\s+)*`;
// "I want to ..." is a request only before unsubscribe-like verbs: "I want to stop" may mean a service.
const WANT = String.raw`(?:(?:i want to|i'd like to|i would like to|i wish to|i need to)\s+)?`;
const AFTER = String.raw`(?:\s+(?:please|pls|plz|now|anymore|any more|again|ever|thanks|thank you|thx|ty|immediately|asap|for good))*`;
const MESSAGES = String.raw`(?:texts|text messages|messages|msgs|sms)`;
const LIST = String.raw`(?:(?:your|the|this|these|all)\s+)?(?:(?:text|texting|sms|mailing|contact|messaging)\s+)?(?:list|${MESSAGES})`;
const STOP_PHRASES = [
  // A bare "stop" only counts with padding ("please stop"); alone it is the keyword rule's business.
  String.raw`stop`,
  String.raw`stop\s+(?:(?:texting|txting|messaging|contacting)(?:\s+me)?|sending(?:\s+me)?(?:\s+(?:any|these|those))?\s+${MESSAGES}|(?:the|these|those|all|all the)\s+${MESSAGES}|all)`,
  String.raw`(?:don't|dont|do not|never)\s+(?:ever\s+)?(?:text|txt|message|msg|sms|contact)\s+me`,
  String.raw`(?:don't|dont|do not)\s+send\s+me\s+(?:any\s+)?(?:more\s+)?${MESSAGES}`,
  String.raw`no\s+more\s+${MESSAGES}`,
  String.raw`leave\s+me\s+alone`,
];
const LEAVE_PHRASES = [
  String.raw`unsubscribe(?:\s+me)?(?:\s+from\s+${LIST})?`,
  String.raw`opt(?:\s+me)?\s*out(?:\s+(?:of|from)\s+${LIST})?`,
  String.raw`(?:remove|delete)\s+me(?:\s+from\s+${LIST})?`,
  String.raw`(?:take|get)\s+me\s+off\s+${LIST}`,
  String.raw`be\s+removed(?:\s+from\s+${LIST})?`,
];
const PLAIN_OPT_OUT = new RegExp(
  `^(?:${POLITE}(?:${STOP_PHRASES.join('|')})|${POLITE}${WANT}(?:${LEAVE_PHRASES.join('|')}))${AFTER}$`,
);
// "stop" needs padding to count as a phrase; otherwise "Stop, I meant 3pm" would opt out.
const BARE_STOP = /^stop$/;

/** Fold what carriers fold (case, full-width letters, curly apostrophes) so the rules see one spelling. */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019\u02bc`´]/g, "'");
}

/** The message's words, with every punctuation mark, symbol and emoji treated as a separator. */
function words(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** Commas split clauses, but a phrase may span a few ("Stop, please"); more than this is never one phrase. */
const MAX_PIECES = 4;

/**
 * The candidate clauses of a message: every run of up to MAX_PIECES
 * comma-separated pieces within one sentence, with punctuation other than
 * apostrophes removed and spaces collapsed. "Yes, stop texting me" yields
 * "yes", "stop texting me" and "yes stop texting me".
 */
function clauses(folded: string): string[] {
  const result: string[] = [];
  for (const sentence of folded.split(/[.!?;:\n\r]+/)) {
    const pieces = sentence
      .split(',')
      .map((piece) =>
        piece
          .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
          // Keep apostrophes inside words ("don't") but drop quote marks around them.
          .replace(/\B'|'\B/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((piece) => piece !== '');
    for (let start = 0; start < pieces.length; start += 1) {
      for (let end = start + 1; end <= Math.min(pieces.length, start + MAX_PIECES); end += 1) {
        result.push(pieces.slice(start, end).join(' '));
      }
    }
  }
  return result;
}

/** True when the message is nothing but keywords from `set` ("STOP", "Stop.", "stop stop"). */
function onlyKeywords(folded: string, set: ReadonlySet<string>): boolean {
  const list = words(folded);
  return list.length > 0 && list.every((word) => set.has(word));
}

/**
 * Classify an inbound customer text: an opt-out (the customer must not be
 * texted again), an opt-in (texting is allowed again), or neither. Opt-out
 * wins when both seem present, because texting someone who asked us to stop
 * is the costly mistake.
 */
export function classifyInboundText(text: string): InboundTextClass {
  const folded = fold(text);
  if (onlyKeywords(folded, OPT_OUT)) return 'opt_out';
  const plain = clauses(folded).some((clause) => PLAIN_OPT_OUT.test(clause) && !BARE_STOP.test(clause));
  if (plain) return 'opt_out';
  if (onlyKeywords(folded, OPT_IN)) return 'opt_in';
  return 'none';
}

/** True when the text asks to stop texting (see `classifyInboundText`). */
export function isOptOut(text: string): boolean {
  return classifyInboundText(text) === 'opt_out';
}

/** True when the text asks to start texting again (see `classifyInboundText`). */
export function isOptIn(text: string): boolean {
  return classifyInboundText(text) === 'opt_in';
}
