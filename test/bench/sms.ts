/**
 * SMS segment counting as the composer does it: `smsSegments` on the whole
 * text at every keystroke, with a 5,000-character text (and with 1,530, the
 * longest GSM-7 text within the 10-segment limit), against the cheapest
 * possible full pass over the same text (a `charCodeAt` loop).
 */
import { smsSegments } from '../../common/sms';
import { alternate, median, timeLoop } from './stats';
import { ms, type Row } from './table';

const LENGTH = 5_000;
/** The longest GSM-7 text the service accepts: 10 segments of 153 septets. */
const LONGEST_SENDABLE = 1_530;
const KEYSTROKES = 10;
const ROUNDS = 5;
const ROUND_BUDGET_MS = 2_000;
const SENTENCE = 'Hi Dana, your table for 4 is booked tonight at 7pm; reply STOP to opt out. Price: €25 {deposit}. ';

/** The text after each keystroke: the first length-1 characters plus the key typed. */
function keystrokes(prefix: string, length = LENGTH): string[] {
  const body = (prefix + SENTENCE.repeat(Math.ceil(length / SENTENCE.length))).slice(0, length - 1);
  // Flat strings, as an input element's value is (a concatenation would leave a rope that is slower to scan).
  return Array.from({ length: KEYSTROKES }, (_, i) => Buffer.from(body + String.fromCharCode(97 + (i % 26))).toString());
}

/** One text's row: mean per keystroke (median of rounds), with our worst keystroke. */
async function bench(label: string, texts: string[]): Promise<Row> {
  const length = (texts[0] as string).length;
  let sink = 0;
  const scan = async () =>
    (
      await timeLoop(KEYSTROKES, ROUND_BUDGET_MS, (i) => {
        const text = texts[i] as string;
        let sum = 0;
        for (let c = 0; c < text.length; c++) sum = (sum + text.charCodeAt(c)) | 0;
        sink ^= sum;
      })
    ).perOpMs;
  const samples: number[] = [];
  const count = async () => {
    const t = await timeLoop(KEYSTROKES, ROUND_BUDGET_MS, (i) => (sink = (sink + smsSegments(texts[i] as string).segments) | 0), true);
    samples.push(...t.samples);
    return t.perOpMs;
  };
  const r = await alternate(ROUNDS, scan, count, 30);
  if (!Number.isInteger(sink)) throw new Error('the results were not used');
  const [b, o] = [median(r.baseline), median(r.ours)];
  const worst = Math.max(...samples.slice(-ROUNDS * KEYSTROKES));
  return {
    benchmark: `sms: segments of a ${length.toLocaleString('en-US')}-char ${label} text per keystroke (mean; worst ${ms(worst)})`,
    baseline: ms(b),
    ours: ms(o),
    ratio: o / b,
    target: '< 1 ms absolute (ratio for tracking)',
    ok: o < 1,
  };
}

/** Runs the SMS benchmarks and returns their rows. */
export async function benchSms(): Promise<Row[]> {
  const gsm = keystrokes('');
  const ucs2 = keystrokes('Thanks 🙂 ');
  if (smsSegments(gsm[0] as string).encoding !== 'GSM-7' || smsSegments(ucs2[0] as string).encoding !== 'UCS-2') {
    throw new Error('the sample texts do not have the intended encodings');
  }
  return [await bench('GSM-7', gsm), await bench('UCS-2', ucs2), await bench('GSM-7 (longest sendable)', keystrokes('', LONGEST_SENDABLE))];
}
