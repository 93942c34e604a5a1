import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatInstant } from '../../../components/time-window';
import { useAuthorizationEvents } from '../api/list-events';
import { notificationItems, readSeenAt, writeSeenAt, type NotificationItem } from '../notification-items';
import '../notifications.css';

/** What the browser offers (absent in some browsers and in jsdom). */
const browserNotifications = (): typeof Notification | null => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null);

/**
 * The header's bell: authorization changes of the person's operations (approved, denied, rescinded,
 * invalid), unread ones counted, and, when the person allows it, a browser notification for each
 * change that arrives while the portal is open.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const events = useAuthorizationEvents(true);
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(() => readSeenAt(userId));
  const [permission, setPermission] = useState(() => browserNotifications()?.permission ?? 'unsupported');
  const items = notificationItems(events.data?.events ?? [], seenAt);
  const unread = items.filter((i) => i.unread).length;
  useBrowserNotifications(items, permission === 'granted');

  const toggle = () => {
    const next = !open;
    setOpen(next);
    // Opening the list is reading it.
    if (next && items[0]) {
      writeSeenAt(userId, items[0].at);
      setSeenAt(items[0].at);
    }
  };
  const allow = async () => {
    const N = browserNotifications();
    if (N) setPermission(await N.requestPermission());
  };

  return (
    <div className="notifications">
      <button
        type="button"
        className="button button-small notifications-button"
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={toggle}
        data-testid="notifications:button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm0 18a2.5 2.5 0 0 0 2.4-2h-4.8a2.5 2.5 0 0 0 2.4 2z" fill="currentColor" />
        </svg>
        <span className="visually-hidden">Notifications</span>
        {unread > 0 && (
          <span className="notifications-count" data-testid="notifications:count">
            {unread}
            <span className="visually-hidden"> new</span>
          </span>
        )}
      </button>
      {open && (
        <div className="notifications-panel" id="notifications-panel" role="region" aria-label="Notifications" data-testid="notifications:panel">
          {items.length === 0 ? (
            <p className="muted small">No authorization changes yet.</p>
          ) : (
            <ul className="notifications-list">
              {items.slice(0, 20).map((i) => (
                <li key={i.key} data-testid="notifications:item" data-status={i.status} className={i.unread ? 'unread' : undefined}>
                  <Link to={`/operations/${i.operationId}`} onClick={() => setOpen(false)}>
                    {i.title}
                  </Link>
                  <span className="small">{i.body}</span>
                  <span className="muted small">{formatInstant(i.at, i.timeZone)}</span>
                </li>
              ))}
            </ul>
          )}
          {permission === 'default' && (
            <button type="button" className="button button-small" onClick={() => void allow()} data-testid="notifications:allow">
              Also tell me in browser notifications
            </button>
          )}
          {permission === 'denied' && <p className="muted small">Browser notifications are blocked for this site in your browser’s settings.</p>}
        </div>
      )}
    </div>
  );
}

/** One browser notification per change that arrives after the list was first read (never the backlog). */
function useBrowserNotifications(items: NotificationItem[], allowed: boolean): void {
  const newest = useRef<string | null>(null);
  const first = items[0]?.at ?? null;
  useEffect(() => {
    if (first === null) return;
    const since = newest.current;
    newest.current = first > (since ?? '') ? first : since;
    if (since === null || !allowed) return;
    const N = browserNotifications();
    for (const i of items.filter((x) => x.at > since).reverse()) {
      if (N) new N(i.title, { body: i.body, tag: i.key });
    }
  }, [first, allowed, items]);
}
