/**
 * Reads of the team account, its phone lines and its members (shapes "not
 * shown" by the spec; see common/api/assumed.ts).
 */
import { ok } from '../http';
import { memberView, phoneLineView, teamView } from '../resources';
import type { Router } from '../router';
import { API, customerRoute, type CustomerDeps } from './common';

/** Registers `GET /team`, `GET /phone-lines`, `GET /members`. */
export function registerTeamReads(router: Router, deps: CustomerDeps): void {
  const { world } = deps;

  router.add('GET', `${API}/team`, customerRoute(deps, () => ok(teamView(world.team))));

  // A member limited to some lines sees only those, as in the dashboard.
  router.add(
    'GET',
    `${API}/phone-lines`,
    customerRoute(deps, (_ctx, { member }) => {
      const lines = [...world.phoneLines.values()].filter((l) => member.phoneLineIds === null || member.role === 'owner' || member.role === 'admin' || member.phoneLineIds.includes(l.id));
      return ok({ phone_lines: lines.map(phoneLineView) });
    }),
  );

  // Deactivated members stay listed (with active false): old tasks still name them.
  router.add('GET', `${API}/members`, customerRoute(deps, () => ok({ members: [...world.members.values()].map(memberView) })));
}
