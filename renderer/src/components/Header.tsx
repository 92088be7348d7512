import { connectionLabel, connectionTone } from '../format';
import { useApp } from '../store/context';

/** The app title with where the link to the service stands. */
export function Header() {
  const link = useApp((s) => s.link);
  const connection = useApp((s) => s.connection);
  const linkDown = link.state !== 'open';
  const label = linkDown ? (link.state === 'connecting' ? 'Connecting…' : 'No link') : connectionLabel(connection);
  const tone = linkDown ? (link.state === 'connecting' ? 'warn' : 'bad') : connectionTone(connection);
  const detail = linkDown ? link.problem : connection?.message;

  return (
    <header className="app-header">
      <h1 className="app-header__title">
        <span className="app-header__bell" aria-hidden="true" />
        Deskbell
      </h1>
      <div className="connection" role="status" data-testid="connection-status" data-state={linkDown ? `link-${link.state}` : connection?.state}>
        <span className={`connection__badge connection__badge--${tone}`}>{label}</span>
        {detail ? <span className="connection__detail">{detail}</span> : null}
      </div>
    </header>
  );
}
