/**
 * The 'Cookie Preferences' modal (spec sections 2 and 4), loaded by CookieBanner
 * only when Cookie Settings is chosen.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ConsentChoice } from '../../lib/cookie-consent';
import { PAGE_PATHS } from '../../lib/routes';
import { CloseIcon } from '../ui/Icons';
import { Tooltip, TooltipProvider } from '../ui/Tooltip';
import { primaryButton as primary, secondaryButton as secondary } from './button-classes';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: ConsentChoice) => void;
}

export default function CookiePreferences({ open, onOpenChange, onChoose }: Props) {
  return (
    <TooltipProvider>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
          <Dialog.Content className="dialog-content fixed left-1/2 top-1/2 z-[60] max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-2xl focus:outline-none sm:p-8">
            <Dialog.Title className="pr-10 font-display text-2xl font-semibold text-brand-900">Cookie Preferences</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-ink-600">
              Choose which cookies we may use. You can read more in our{' '}
              <a href={PAGE_PATHS.cookiePolicy} className="font-semibold text-brand-700 underline underline-offset-2">
                Cookie Policy
              </a>
              .
            </Dialog.Description>

            <ul className="mt-6 grid gap-4">
              <li className="rounded-control border border-ink-200 p-4">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="font-semibold text-ink-900">Necessary Cookies</h3>
                  <span className="shrink-0 whitespace-nowrap rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">
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
              <button type="button" className={primary} onClick={() => onChoose('accepted')}>
                Accept All Cookies
              </button>
              <button type="button" className={secondary} onClick={() => onChoose('necessary-only')}>
                Accept Necessary Only
              </button>
              <button type="button" className={secondary} onClick={() => onChoose('rejected')}>
                Reject All
              </button>
            </div>

            <Tooltip label="Close">
              <Dialog.Close
                aria-label="Close"
                className="absolute right-4 top-4 rounded-control p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <CloseIcon />
              </Dialog.Close>
            </Tooltip>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </TooltipProvider>
  );
}
