/**
 * The public side of the relay: the https address the service posts to. The
 * relay listens on this PC (127.0.0.1 by default), which the service on the
 * internet can never reach, so the address must belong to a tunnel or reverse
 * proxy that carries each request to the relay's local URL.
 */
import { checkWebhookAddress } from '../../../common/webhook-address';

/** The outcome of {@link checkPublicAddress}. */
export interface PublicAddressCheck {
  /** `ok`: usable. `not_set`: no address yet (polling only). `refused`: breaks the service's address rules. */
  outcome: 'ok' | 'not_set' | 'refused';
  /** The normalised address to save, when ok. */
  url: string | null;
  /** Why the address is refused (for `RelayStatus.publicAddressProblem`); null unless refused. */
  problem: string | null;
  /** The full explanation for the settings screen. */
  message: string;
}

/**
 * Checks the public webhook address with the service's own rules
 * (`common/webhook-address.ts`) and explains how it must reach the relay.
 * `relayUrl` is where the relay listens (e.g. http://127.0.0.1:8787/webhook).
 */
export function checkPublicAddress(address: string | null, relayUrl: string | null): PublicAddressCheck {
  const local = relayUrl ?? 'the relay on this PC';
  const carry = (publicUrl: string) =>
    `The service cannot reach 127.0.0.1 or any address on this PC: it posts from the internet to a public https:// address. ` +
    `Run a tunnel (for example cloudflared or ngrok) or a reverse proxy that carries ${publicUrl} to ${local}, ` +
    'then paste the webhook secret from the dashboard into Deskbell and press Send test in the dashboard.';
  if (address === null || address.trim() === '') {
    return {
      outcome: 'not_set',
      url: null,
      problem: null,
      message: `No public webhook address is set, so new tasks arrive by polling only (slower). ${carry('your public https:// address')}`,
    };
  }
  const checked = checkWebhookAddress(address);
  if (!checked.ok) {
    return { outcome: 'refused', url: null, problem: checked.message, message: `${checked.message} ${carry('that address')}` };
  }
  return { outcome: 'ok', url: checked.url, problem: null, message: `The service will post new tasks to ${checked.url}. ${carry(checked.url)}` };
}
