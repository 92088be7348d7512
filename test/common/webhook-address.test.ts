import { describe, expect, it } from 'vitest';
import { type WebhookAddressProblem, checkWebhookAddress } from '../../common/webhook-address';

/** The reason an address was refused, or 'ok'. */
function reasonOf(address: string): WebhookAddressProblem | 'ok' {
  const result = checkWebhookAddress(address);
  return result.ok ? 'ok' : result.reason;
}

function expectReason(addresses: string[], reason: WebhookAddressProblem | 'ok'): void {
  for (const address of addresses) expect(reasonOf(address), address).toBe(reason);
}

describe('checkWebhookAddress', () => {
  it('accepts https addresses on public domain names and returns the normalised URL', () => {
    expect(checkWebhookAddress('https://hooks.example.com/deskbell')).toEqual({ ok: true, url: 'https://hooks.example.com/deskbell' });
    expect(checkWebhookAddress('https://example.co.uk/x')).toEqual({ ok: true, url: 'https://example.co.uk/x' });
    expect(checkWebhookAddress('HTTPS://Hooks.Example.COM')).toEqual({ ok: true, url: 'https://hooks.example.com/' });
    expect(checkWebhookAddress('https://bücher.de/hook')).toEqual({ ok: true, url: 'https://xn--bcher-kva.de/hook' });
    expectReason(
      [
        'https://deskbell.io:8443/hooks?team=1',
        'https://abc123.ngrok-free.app/webhook',
        'https://quiet-sun.trycloudflare.com/',
        'https://ngrok-free.app/',
        'https://me.github.io/hook',
        'https://ec2-1-2-3-4.compute-1.amazonaws.com/hook',
        'https://localhost.example.com/',
        'https://my_host.example.com/',
        'https://example.com./hook',
        'https://10.example.com/',
      ],
      'ok',
    );
  });

  it('trims surrounding whitespace', () => {
    expect(checkWebhookAddress('  https://hooks.example.com/deskbell \n')).toEqual({ ok: true, url: 'https://hooks.example.com/deskbell' });
  });

  it('refuses an empty or blank address as empty', () => {
    expectReason(['', '   ', '\n\t'], 'empty');
  });

  it('refuses anything that does not start with https:// as not_https', () => {
    expectReason(
      ['http://example.com', 'http://hooks.example.com/deskbell', 'ftp://example.com/', 'wss://example.com/', 'hooks.example.com/deskbell', 'https:hooks.example.com', 'https:/hooks.example.com', '//hooks.example.com'],
      'not_https',
    );
  });

  it('refuses text that is not a URL as not_a_url', () => {
    expectReason(['https://', 'https://exa mple.com/', 'https://example.com:99999/', 'https://[::1/', 'https://example.123/', 'https://a!b.example.com/', 'https://-bad.example.com/'], 'not_a_url');
  });

  it('refuses IPv4 and IPv6 addresses in every spelling as ip_address', () => {
    expectReason(
      [
        'https://10.0.0.1/',
        'https://203.0.113.7/hook',
        'https://8.8.8.8:443/',
        'https://[::1]/',
        'https://[2001:db8::1]:8443/hook',
        'https://[::ffff:127.0.0.1]/',
        'https://2130706433/',
        'https://0x7f.0.0.1/',
        'https://0177.0.0.1/',
        'https://127.1/',
        'https://127.0.0.1./',
      ],
      'ip_address',
    );
  });

  it('refuses localhost and its subdomains as localhost', () => {
    expectReason(['https://localhost/', 'https://localhost:8443/', 'https://LOCALHOST/hook', 'https://localhost./', 'https://api.localhost/', 'https://ｌｏｃａｌｈｏｓｔ/'], 'localhost');
  });

  it('refuses names ending .local or .internal as local_or_internal_name', () => {
    expectReason(['https://printer.local/', 'https://svc.internal/', 'https://a.b.svc.INTERNAL/hook', 'https://nas.local./', 'https://local/', 'https://internal/'], 'local_or_internal_name');
  });

  it('refuses names without a public suffix, bare suffixes and reserved names as not_public_domain', () => {
    expectReason(
      ['https://myhost/', 'https://nas.lan/', 'https://server.corp/', 'https://co.uk/', 'https://com/', 'https://app.test/', 'https://x.invalid/', 'https://x.example/', 'https://abc.onion/', 'https://router.home.arpa/'],
      'not_public_domain',
    );
  });

  it('refuses a username or password as has_credentials', () => {
    expectReason(['https://user:pass@example.com/', 'https://user@example.com/', 'https://:secret@example.com/', 'https://user:pass@10.0.0.1/'], 'has_credentials');
  });

  it('never repeats a password in its message', () => {
    const result = checkWebhookAddress('https://user:hunter2@example.com/');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).not.toContain('hunter2');
  });

  it('says what was wrong and what to do', () => {
    const messages = {
      'https://10.0.0.1/': /10\.0\.0\.1 is an IP address/,
      'https://localhost:8443/': /localhost is this computer/,
      'https://printer.local/': /printer\.local is a local network name/,
      'https://myhost/': /myhost is not a public domain name/,
      'https://co.uk/': /co\.uk is a top-level suffix/,
      'http://example.com': /must start with https:\/\//,
    };
    for (const [address, pattern] of Object.entries(messages)) {
      const result = checkWebhookAddress(address);
      expect(result.ok, address).toBe(false);
      if (!result.ok) {
        expect(result.message, address).toMatch(pattern);
        expect(result.message, address).toContain('Use the https:// address of your tunnel or reverse proxy');
      }
    }
  });

  it('gives each rule its own reason code', () => {
    const examples = ['', 'http://example.com', 'https://', 'https://10.0.0.1/', 'https://localhost/', 'https://svc.internal/', 'https://co.uk/', 'https://u:p@example.com/'];
    expect(new Set(examples.map(reasonOf)).size).toBe(examples.length);
  });
});
