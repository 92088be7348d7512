/**
 * Whether a link may be handed to the OS browser: only https links on the
 * dashboard's own origin, without credentials in them. Anything else (other
 * sites, http, file:, custom schemes that start programs) is refused.
 */
export function isAllowedExternalLink(raw: string, dashboardOrigin: string | null): boolean {
  if (!dashboardOrigin) return false;
  let url: URL;
  let dashboard: URL;
  try {
    url = new URL(raw);
    dashboard = new URL(dashboardOrigin);
  } catch {
    return false;
  }
  if (dashboard.protocol !== 'https:' || url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return url.origin === dashboard.origin;
}

/** The origin of the team's dashboard address, or null when it is missing or not https. */
export function dashboardOriginOf(dashboardUrl: string | null | undefined): string | null {
  if (!dashboardUrl) return null;
  try {
    const url = new URL(dashboardUrl);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What to do with a navigation the page attempts. */
export type NavigationDecision = 'allow' | 'open-external' | 'deny';

/**
 * A page may only move within our renderer (a dev-server reload); a
 * dashboard link goes to the OS browser; anything else is stopped.
 */
export function decideNavigation(url: string, { isRenderer, dashboardOrigin }: { isRenderer: (url: string) => boolean; dashboardOrigin: string | null }): NavigationDecision {
  if (isRenderer(url)) return 'allow';
  if (isAllowedExternalLink(url, dashboardOrigin)) return 'open-external';
  return 'deny';
}

/**
 * Permissions a page may get. Deskbell needs none: OS notifications are
 * shown by the main process, not by the page. Kept as a list so a future
 * need is one reviewed line.
 */
export const ALLOWED_PERMISSIONS: readonly string[] = [];

/** Whether a permission request or check is granted (deny by default). */
export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.includes(permission);
}
