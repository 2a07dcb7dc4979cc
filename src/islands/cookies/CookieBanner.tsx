/**
 * Cookie banner and 'Cookie Preferences' modal (spec sections 2 and 4).
 * Renders nothing on the server: whether it shows depends on localStorage, so it
 * appears after hydration only for visitors who have not chosen yet.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { readConsent, startAnalytics, storeConsent, type ConsentChoice } from '../../lib/cookie-consent';
import { PAGE_PATHS } from '../../lib/routes';
import { CloseIcon, CookieIcon } from '../ui/Icons';
import { primaryButton as primary, secondaryButton as secondary } from './button-classes';

/** The modal (Radix Dialog) is fetched only when Cookie Settings is first chosen. */
const CookiePreferences = lazy(() => import('./CookiePreferences'));

export default function CookieBanner() {
  const [bannerOpen, setBannerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsRequested, setSettingsRequested] = useState(false);

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
    <>
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
                <a href={PAGE_PATHS.privacyPolicy} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  Privacy Policy
                </a>
              </p>
            </div>
            <div className="flex flex-wrap gap-2 md:shrink-0">
              <button type="button" className={primary} onClick={() => choose('accepted')}>
                Accept All
              </button>
              <button
                type="button"
                className={secondary}
                onClick={() => {
                  setSettingsRequested(true);
                  setSettingsOpen(true);
                }}
              >
                Cookie Settings
              </button>
              <button type="button" className={secondary} onClick={() => choose('rejected')}>
                Reject All
              </button>
            </div>
          </div>
          <button
            type="button"
            aria-label="Close cookie banner"
            title="Close"
            onClick={() => setBannerOpen(false)}
            className="absolute right-2 top-2 rounded-control p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <CloseIcon />
          </button>
        </section>
      )}

      {settingsRequested && (
        <Suspense fallback={null}>
          <CookiePreferences open={settingsOpen} onOpenChange={setSettingsOpen} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}
