/**
 * The local webhook relay: receives the service's webhook events through the
 * team's tunnel or reverse proxy, checks them, hands tasks to the inbox and
 * forwards copies. See relay-server.ts.
 */
export { RelayServer, type RelayLogger, type RelayOptions, type RelayRejection } from './relay-server';
export { checkPublicAddress, type PublicAddressCheck } from './public-address';
export { DEFAULT_FORWARD_RETRY, redactTarget, type ForwardRetryPolicy } from './forwarder';
export { isJsonContentType, secretMatches } from './http-checks';
