import { Header } from './components/Header';
import { Inbox } from './components/Inbox';
import { Toasts } from './components/Toasts';
import { useApp } from './store/context';

/** The first screen: header, inbox, toasts. */
export function App() {
  const ready = useApp((s) => s.ready);
  const loadError = useApp((s) => s.loadError);
  const link = useApp((s) => s.link);
  return (
    <div className="app" data-testid={ready ? 'app-ready' : 'app-starting'} aria-busy={!ready}>
      <Header />
      <main className="app-main">
        {loadError ? (
          <p className="banner banner--error" role="alert">
            {loadError}
          </p>
        ) : null}
        {ready && link.state === 'closed' && link.problem && !loadError ? (
          <p className="banner banner--warn" role="alert">
            {link.problem}
          </p>
        ) : null}
        {ready ? <Inbox /> : <p className="app-main__loading">Loading your inbox…</p>}
      </main>
      <Toasts />
    </div>
  );
}
