/**
 * Cookie banner and 'Cookie Preferences' modal (spec sections 2 and 4).
 * Renders nothing on the server: whether it shows depends on localStorage, so it
 * appears after hydration only for visitors who have not chosen yet.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { readConsent, startAnalytics, storeConsent, type ConsentChoice } from '../../lib/cookie-consent';
import { CloseIcon, CookieIcon } from '../ui/Icons';
import { Tooltip, TooltipProvider } from '../ui/Tooltip';

const primary =
  'inline-flex items-center justify-center rounded-control bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const secondary =
  'inline-flex items-center justify-center rounded-control border border-ink-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink-900 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export default function CookieBanner() {
  const [bannerOpen, setBannerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    const stored = readConsent();
    if (stored === null) setBannerOpen(true);
    else if (stored === 'accepted') startAnalytics();
  }, []);

  function choose(choice: ConsentChoice) {
    storeConsent(choice);
    setSettingsOpen(false);
    setBannerOpen(false);
  }

  return (
    <TooltipProvider>
      {bannerOpen && (
        <section
          aria-label="Cookie consent"
          className="fixed inset-x-0 bottom-0 z-50 border-t border-ink-200 bg-white shadow-[0_-8px_30px_rgb(0_0_0/0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 pr-12 sm:px-6 md:flex-row md:items-center md:gap-6 md:py-5">
            <div className="flex items-start gap-3 text-sm text-ink-700">
              <CookieIcon className="mt-0.5 hidden shrink-0 text-brand-700 sm:block" />
              <p>
                We use cookies to keep this site working and, with your permission, to understand how it is used.{' '}
                <a href="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  Privacy Policy
                </a>
              </p>
            </div>
            <div className="flex flex-wrap gap-2 md:shrink-0">
              <button type="button" className={primary} onClick={() => choose('accepted')}>
                Accept All
              </button>
              <button type="button" className={secondary} onClick={() => setSettingsOpen(true)}>
                Cookie Settings
              </button>
              <button type="button" className={secondary} onClick={() => choose('rejected')}>
                Reject All
              </button>
            </div>
          </div>
          <Tooltip label="Close">
            <button
              type="button"
              aria-label="Close cookie banner"
              onClick={() => setBannerOpen(false)}
              className="absolute right-2 top-2 rounded-control p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <CloseIcon />
            </button>
          </Tooltip>
        </section>
      )}

      <Dialog.Root open={settingsOpen} onOpenChange={setSettingsOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
          <Dialog.Content className="dialog-content fixed left-1/2 top-1/2 z-[60] max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-2xl focus:outline-none sm:p-8">
            <Dialog.Title className="pr-10 font-display text-2xl font-semibold text-brand-900">Cookie Preferences</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-ink-600">
              Choose which cookies we may use. You can read more in our{' '}
              <a href="/cookie-policy" className="font-semibold text-brand-700 underline underline-offset-2">
                Cookie Policy
              </a>
              .
            </Dialog.Description>

            <ul className="mt-6 grid gap-4">
              <li className="rounded-control border border-ink-200 p-4">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="font-semibold text-ink-900">Necessary Cookies</h3>
                  <span className="rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">
                    Always Active
                  </span>
                </div>
                <p className="mt-1.5 text-sm text-ink-600">
                  Required for the site to work, such as remembering this choice. They cannot be disabled.
                </p>
              </li>
              <li className="rounded-control border border-ink-200 p-4">
                <h3 className="font-semibold text-ink-900">Analytics Cookies</h3>
                <p className="mt-1.5 text-sm text-ink-600">
                  Help us with visitor behaviour analysis and site performance tracking. Set only if you accept all
                  cookies.
                </p>
              </li>
            </ul>

            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <button type="button" className={primary} onClick={() => choose('accepted')}>
                Accept All Cookies
              </button>
              <button type="button" className={secondary} onClick={() => choose('necessary-only')}>
                Accept Necessary Only
              </button>
              <button type="button" className={secondary} onClick={() => choose('rejected')}>
                Reject All
              </button>
            </div>

            <Dialog.Close
              aria-label="Close"
              className="absolute right-4 top-4 rounded-control p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <CloseIcon />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </TooltipProvider>
  );
}
