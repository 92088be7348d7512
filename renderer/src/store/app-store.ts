import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Task } from '../../../common/api/customer';
import type { ConnectionState, InboxTask, Snapshot } from '../../../common/views';
import type { Bridge, LinkStatus } from '../bridge';

/** A short-lived message in the toast area. */
export interface Toast {
  id: string;
  task: Task;
  at: number;
}

/** What the first screen shows. */
export interface AppState {
  /** The first snapshot read has finished (whether it worked or not). */
  ready: boolean;
  link: LinkStatus;
  /** Why the snapshot could not be read, in plain words. */
  loadError: string | null;
  tasks: InboxTask[];
  unreadCount: number;
  connection: ConnectionState | null;
  /** Whether new tasks show a toast (the person's alert setting). */
  toastsEnabled: boolean;
  toasts: Toast[];
  dismissToast(id: string): void;
}

/** The renderer's state store. */
export type AppStore = StoreApi<AppState>;

/** Most toasts on screen at once; older ones make room. */
const MAX_TOASTS = 3;

/** Creates an empty store, waiting for its first snapshot. */
export function createAppStore(): AppStore {
  return createStore<AppState>()((set) => ({
    ready: false,
    link: { state: 'connecting', problem: null },
    loadError: null,
    tasks: [],
    unreadCount: 0,
    connection: null,
    toastsEnabled: true,
    toasts: [],
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  }));
}

function fromSnapshot(snapshot: Snapshot): Partial<AppState> {
  return {
    tasks: snapshot.tasks,
    unreadCount: snapshot.unreadCount,
    connection: snapshot.connection,
    toastsEnabled: snapshot.settings.alerts.toast,
    loadError: null,
  };
}

/**
 * Feeds the store from the bridge: a snapshot whenever the link opens, then
 * events. Returns the function that stops listening.
 */
export function connectAppStore(store: AppStore, { api, link }: Bridge): () => void {
  const load = async () => {
    const result = await api.invoke('getSnapshot', {});
    if (result.ok) store.setState({ ...fromSnapshot(result.value), ready: true });
    else store.setState({ loadError: result.error.message, ready: true });
  };

  const onLink = (status: LinkStatus) => {
    const wasOpen = store.getState().link.state === 'open';
    store.setState({ link: status });
    if (status.state === 'open' && !wasOpen) void load();
    // With no link there is nothing to wait for: show the problem instead of a spinner.
    if (status.state === 'closed' && !store.getState().ready) store.setState({ ready: true });
  };

  const offs = [
    link.subscribe(onLink),
    api.on('tasks:changed', ({ tasks, unreadCount }) => store.setState({ tasks, unreadCount })),
    api.on('connection:changed', (connection) => store.setState({ connection })),
    api.on('settings:changed', (settings) => store.setState({ toastsEnabled: settings.alerts.toast })),
    api.on('task:new', ({ task }) => {
      store.setState((s) => {
        // The inbox's tasks:changed normally follows; until it does, show the task at once.
        const tasks = s.tasks.some((t) => t.task.id === task.id)
          ? s.tasks
          : [{ task, seenAt: new Date().toISOString(), unread: true }, ...s.tasks];
        const toasts = s.toastsEnabled ? [...s.toasts, { id: `${task.id}@${Date.now()}`, task, at: Date.now() }].slice(-MAX_TOASTS) : s.toasts;
        return { tasks, toasts };
      });
    }),
  ];
  onLink(link.current());
  return () => offs.forEach((off) => off());
}
