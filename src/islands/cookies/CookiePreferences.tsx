/**
 * The 'Cookie Preferences' modal: an island hydrated on demand the first time the banner's
 * Cookie Settings is chosen (client:demand="cookie-preferences"), then driven by the consent store
 * like the static banner. Closed, it gives the focus back to Cookie Settings while the banner
 * still shows, else to the page's main region.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { readConsent, type ConsentChoice } from '../../lib/cookie-consent';
import { PAGE_PATHS } from '../../lib/permalinks';
import { $cookieConsent, chooseCookies as onChoose, setCookieSettingsOpen } from '../../stores/cookie-consent';
import { useStore } from '../../stores/use-store';
import DialogFrame from '../ui/DialogFrame';
import { cookiePreferences } from '../../content/cookie-preferences';
import { buttonClass } from '../../lib/button-styles';

const primary = buttonClass('primary');
const neutral = buttonClass('neutral');

export default function CookiePreferences() {
  const { settingsOpen, settingsTrigger } = useStore($cookieConsent);
  // Read while the modal is open (storage exists only in the browser, where it opens), so a choice
  // made in another tab is included; kept as it was while the modal closes, not flipped mid-fade.
  const current = useRef<ConsentChoice | null>(null);
  if (settingsOpen) current.current = readConsent();
  return (
    <Dialog.Root open={settingsOpen} onOpenChange={setCookieSettingsOpen}>
      <DialogFrame
        title={cookiePreferences.title}
        description={
          <>
            {cookiePreferences.intro}{' '}
            <a href={PAGE_PATHS.cookiePolicy} className="font-semibold text-brand-700 underline underline-offset-2">
              {cookiePreferences.policyLink}
            </a>
            .
          </>
        }
        look="public"
        width="lg"
        // Opened from a static button outside React: back to it while the banner still shows it
        // (Escape, Close), else on into the page (a choice hid the banner).
        returnTo={settingsTrigger}
        closeButton
        // Its first control is Accept All Cookies: the visitor picks, the focus does not.
        openFocus="panel"
      >
        <ul className="mt-6 grid gap-4">
          <li className="rounded-control border border-ink-200 p-4">
            <div className="flex items-center justify-between gap-3">
              <h3 className="font-semibold text-ink-900">{cookiePreferences.necessary.title}</h3>
              <span className="shrink-0 whitespace-nowrap rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">
                {cookiePreferences.necessary.badge}
              </span>
            </div>
            <p className="mt-1.5 text-sm text-ink-600">{cookiePreferences.necessary.text}</p>
          </li>
          <li className="rounded-control border border-ink-200 p-4">
            <h3 className="font-semibold text-ink-900">{cookiePreferences.analytics.title}</h3>
            <p className="mt-1.5 text-sm text-ink-600">{cookiePreferences.analytics.text}</p>
          </li>
        </ul>

        <p className="mt-6 text-sm font-medium text-ink-800">{current.current ? cookiePreferences.current[current.current] : cookiePreferences.current.none}</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button type="button" className={primary} onClick={() => onChoose('accepted')}>
            {cookiePreferences.acceptAll}
          </button>
          <button type="button" className={neutral} onClick={() => onChoose('necessary-only')}>
            {cookiePreferences.acceptNecessary}
          </button>
          <button type="button" className={neutral} onClick={() => onChoose('rejected')}>
            {cookiePreferences.rejectAll}
          </button>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
