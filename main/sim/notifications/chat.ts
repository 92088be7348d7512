import type { ChatSetup } from '../../../common/api/assumed';
import type { ChatDeliveryFailure } from '../../../common/api/enums';
import { iso } from '../time';

interface ChatSetupRecord {
  id: number;
  workspace: string;
  channel: string;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  lastFailureReason: ChatDeliveryFailure | null;
  /** While set, every delivery to this setup fails with this reason (a scripted fault). */
  failing: ChatDeliveryFailure | null;
}

/**
 * The team-level chat-workspace destination: each setup posts new-task
 * notifications (task_created only) to one channel of a connected workspace.
 * It is not a per-user preference and reads nothing back from the workspace;
 * the simulator only records, per setup, the last success and the last
 * delivery failure with its reason, as the dashboard shows them.
 */
export class ChatWorkspace {
  private readonly setups = new Map<number, ChatSetupRecord>();
  private nextId = 1;

  /** Adds a setup: one workspace channel. */
  addSetup(workspace: string, channel: string): number {
    const id = this.nextId++;
    this.setups.set(id, { id, workspace, channel, lastSuccessAt: null, lastFailureAt: null, lastFailureReason: null, failing: null });
    return id;
  }

  /** Removes a setup; false when there was none. */
  removeSetup(id: number): boolean {
    return this.setups.delete(id);
  }

  /** Makes every later delivery to a setup fail with `reason` (null: deliveries succeed again). */
  setFailure(id: number, reason: ChatDeliveryFailure | null): void {
    const setup = this.setups.get(id);
    if (!setup) throw new Error(`no chat setup ${id}`);
    setup.failing = reason;
  }

  /** A new task was created: every setup is notified (or records why it could not be). */
  taskCreated(now: number): void {
    for (const setup of this.setups.values()) {
      if (setup.failing) {
        setup.lastFailureAt = now;
        setup.lastFailureReason = setup.failing;
      } else {
        setup.lastSuccessAt = now;
      }
    }
  }

  /** The setups as the team preferences read shows them. */
  view(): ChatSetup[] {
    return [...this.setups.values()].map((s) => ({
      id: s.id,
      workspace: s.workspace,
      channel: s.channel,
      events: ['task_created'],
      last_success_at: s.lastSuccessAt === null ? null : iso(s.lastSuccessAt),
      last_failure_at: s.lastFailureAt === null ? null : iso(s.lastFailureAt),
      last_failure_reason: s.lastFailureReason,
    }));
  }
}
