import { randomBytes } from 'node:crypto';
import { checkWebhookAddress, type WebhookAddressProblem } from '../../../common/webhook-address';

/** Options of {@link WebhookSettings.save}. */
export interface SaveAddressOptions {
  /**
   * Lets `http://127.0.0.1:PORT/...` (and `https://127.0.0.1...`) through the
   * address rules, so tests and the local demo can point the webhook at a
   * receiver on this machine. Nothing else is relaxed.
   */
  allowLoopback?: boolean;
}

/** The outcome of saving an address: the secret to show, or the rule the address broke. */
export type SaveAddressResult =
  | { ok: true; url: string; secret: string; secretIsNew: boolean }
  | { ok: false; reason: WebhookAddressProblem; message: string };

/** The webhook's saved state while on. */
export interface WebhookTarget {
  url: string;
  secret: string;
}

/**
 * The team's webhook settings and the secret lifecycle of the spec's Webhook
 * state table:
 *
 * | from | trigger                    | to  | secret                         |
 * |------|----------------------------|-----|--------------------------------|
 * | off  | valid address saved        | on  | a new one is generated, shown  |
 * | on   | another valid address      | on  | unchanged                      |
 * | on   | address cleared            | off | discarded                      |
 *
 * One address per team: saving replaces the address. `generation` grows each
 * time the webhook turns off, so work started while it was on (pending
 * retries) can tell it belongs to a past life and stop.
 */
export class WebhookSettings {
  private target: WebhookTarget | null = null;
  private gen = 0;

  /** The address and secret while on; null while off. */
  get current(): Readonly<WebhookTarget> | null {
    return this.target;
  }

  /** True while an address is saved. */
  get isOn(): boolean {
    return this.target !== null;
  }

  /** Grows each time the webhook is turned off; events remember the generation they were born in. */
  get generation(): number {
    return this.gen;
  }

  /**
   * Saves an address as the dashboard would. A refused address changes
   * nothing (an "on" webhook stays on with its old address).
   */
  save(address: string, options: SaveAddressOptions = {}): SaveAddressResult {
    const checked = options.allowLoopback === true ? (loopbackAddress(address) ?? checkWebhookAddress(address)) : checkWebhookAddress(address);
    if (!checked.ok) return checked;
    if (this.target) {
      this.target = { url: checked.url, secret: this.target.secret };
      return { ok: true, url: checked.url, secret: this.target.secret, secretIsNew: false };
    }
    this.target = { url: checked.url, secret: newSecret() };
    return { ok: true, url: checked.url, secret: this.target.secret, secretIsNew: true };
  }

  /** Clears the address: the webhook turns off and the secret is discarded. Harmless when already off. */
  clear(): void {
    if (!this.target) return;
    this.target = null;
    this.gen += 1;
  }
}

/**
 * The loopback exception: only the literal 127.0.0.1, over http or https,
 * without credentials. Returns null for anything else, so the ordinary rules
 * decide (and give their reason).
 */
function loopbackAddress(address: string): { ok: true; url: string } | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname !== '127.0.0.1' || url.username !== '' || url.password !== '') return null;
  return { ok: true, url: url.href };
}

/** A fresh secret: 32 random bytes, URL-safe, with a prefix that makes it recognisable in a keychain. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
