import type { ChatWorkspace } from './chat';

/**
 * Seeds the demo's chat-workspace destination: a front-desk channel that
 * delivers, and an operations channel the app was removed from, so the
 * settings screen shows both a last success and a failure reason.
 */
export function seedDemoChatWorkspace(chat: ChatWorkspace, now: number, workspace = 'Bayside Dental'): { frontDesk: number; operations: number } {
  const frontDesk = chat.addSetup(workspace, '#front-desk');
  const operations = chat.addSetup(workspace, '#operations');
  chat.setFailure(operations, 'not_in_channel');
  chat.taskCreated(now - 20 * 60_000);
  return { frontDesk, operations };
}
