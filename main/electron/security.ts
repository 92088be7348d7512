import { shell, type Session, type WebContents } from 'electron';
import { decideNavigation, isAllowedExternalLink, isPermissionAllowed } from './external-links';

/** What the guards need to know: which URLs are our renderer, and the dashboard's origin (for links). */
export interface LinkPolicy {
  isRenderer(url: string): boolean;
  dashboardOrigin(): string | null;
}

function openOutside(url: string, log: (m: string) => void): void {
  shell.openExternal(url).catch((err: unknown) => log(`security: could not open a dashboard link: ${err instanceof Error ? err.message : String(err)}`));
}

/**
 * Hardens one web contents (installed for every one through
 * `web-contents-created`): no new windows, no navigation away from our
 * renderer, no <webview>. A dashboard https link goes to the OS browser;
 * every other URL is dropped.
 */
export function hardenWebContents(contents: WebContents, policy: LinkPolicy, log: (m: string) => void = (m) => console.error(m)): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalLink(url, policy.dashboardOrigin())) openOutside(url, log);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, { isRenderer: policy.isRenderer, dashboardOrigin: policy.dashboardOrigin() });
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openOutside(event.url, log);
  });
  contents.on('will-redirect', (event) => {
    if (!policy.isRenderer(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission request and check unless allow-listed (the list is empty). */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionAllowed(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
}
