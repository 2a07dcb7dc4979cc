/**
 * The admin panel at /admin, rendered client-only by
 * src/pages/admin.astro, so its code (React forms, Lexical) never loads on a public page.
 * The session check runs at load; until it answers nothing but a status line shows. Leaving the
 * page while a form holds unsaved changes asks first.
 */
import { useStore } from '../../stores/use-store';
import { useEffect, useRef, useState } from 'react';
import { $session, checkSession, showsPanel } from './session';
import Dashboard from './Dashboard';
import LoginCard from './LoginCard';
import ResetPasswordCard from './ResetPasswordCard';
import SessionEndedDialog from './SessionEndedDialog';
import { Button } from './ui';
import { TooltipProvider } from '../ui/Tooltip';
import { guardPageExit } from './unsaved-changes';
import { dashboardCopy } from '../../content/admin';

export default function AdminApp() {
  const session = useStore($session);
  const [resetOpen, setResetOpen] = useState(false);
  // Back from the Reset Password card, the focus returns to the link that opened it.
  const [backFromReset, setBackFromReset] = useState(false);

  useEffect(() => {
    void checkSession();
    return guardPageExit();
  }, []);

  // Only straight back from that card: a later sign-out shows the sign-in card as usual.
  useEffect(() => {
    if (session.status !== 'signedOut') setBackFromReset(false);
  }, [session.status]);

  // A view that replaces another (sign-in, logout, a retried session check) takes the focus at its
  // title when the control that had it went with the old view, so the keyboard and a screen reader
  // carry on from the new view, not from the top of the document. The page's first view does not.
  const panel = useRef<HTMLDivElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (session.status === 'checking') return;
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    panel.current?.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
  }, [session.status]);

  return (
    // The one tooltip provider of the panel: its icon-only buttons' tooltips share its delays.
    <TooltipProvider>
      <div ref={panel} className="mx-auto w-full max-w-page px-4 py-10 sm:px-6 lg:px-8">
        {session.status === 'checking' && (
          <p role="status" className="py-16 text-center text-sm text-ink-600">
            {dashboardCopy.checkingSession}
          </p>
        )}
        {session.status === 'unavailable' && (
          <div className="grid justify-items-center gap-4 py-16 text-center text-ink-700">
            <p role="alert">{dashboardCopy.sessionUnavailable}</p>
            <Button variant="neutral" size="sm" onClick={() => void checkSession()}>
              {dashboardCopy.retrySession}
            </Button>
          </div>
        )}
        {session.status === 'signedOut' &&
          (resetOpen ? (
            <ResetPasswordCard
              onCancel={() => {
                setResetOpen(false);
                setBackFromReset(true);
              }}
            />
          ) : (
            <LoginCard onForgotPassword={() => setResetOpen(true)} focusForgotPassword={backFromReset} />
          ))}
        {/* An ended session keeps the panel, and what is typed in it, under the sign-in dialog. */}
        {showsPanel(session) && <Dashboard username={session.username} />}
        {session.status === 'ended' && <SessionEndedDialog username={session.username} />}
      </div>
    </TooltipProvider>
  );
}
