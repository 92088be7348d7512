/** The Customer API under `/api/v1`, one file per area. */
import type { Router } from '../router';
import type { CustomerDeps } from './common';
import { registerContacts } from './contacts';
import { registerConversationReads } from './conversations';
import { registerMessages } from './messages';
import { registerNotes } from './notes';
import { registerReports } from './reports';
import { registerTasks } from './tasks';
import { registerTeamReads } from './team';

export { API, type CustomerDeps } from './common';

/** Registers every Customer API route on `router`. */
export function registerCustomerApi(router: Router, deps: CustomerDeps): void {
  registerTeamReads(router, deps);
  registerConversationReads(router, deps);
  registerMessages(router, deps);
  registerReports(router, deps);
  registerTasks(router, deps);
  registerNotes(router, deps);
  registerContacts(router, deps);
}
