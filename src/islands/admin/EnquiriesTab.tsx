/**
 * The 'Enquiries' tab: the inbox of enquiries on the generic tab, 25 a page, newest first, with a
 * status control on each row, a status filter, search, Export CSV, Delete, and a dialog showing one
 * enquiry whole with a reply link. The tab's badge counts the New ones.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { atom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import { enquiriesTab as text, enquiryFieldLabels } from '../../content/leads';
import { firm } from '../../content/site';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import { buttonClass } from '../../lib/button-styles';
import { firmTime } from '../../lib/firm-time';
import { ENQUIRY_STATUSES, enquirerName, type Enquiry, type EnquiryStatus } from '../../schemas/enquiry';
import { DEFAULT_PAGE_SIZE } from '../../schemas/list-query';
import { toast } from '../../stores/toasts';
import { useStore } from '../../stores/use-store';
import { endedSession, onceSignedInAgain } from './session';
import { createCollection } from './collection';
import CollectionTab from './CollectionTab';
import DialogFrame from '../ui/DialogFrame';
import { FailedMessageBadge, resendFailed, UndeliveredMessage } from './UndeliveredMessage';
import { SelectField } from './fields';
import { Badge } from './ui';
import { API_PATHS, withId } from '../../lib/api-paths';
import { withQuery } from '../../lib/permalinks';

export const enquiries = createCollection<Enquiry>({ url: API_PATHS.enquiries, nouns: text.nouns, pageSize: DEFAULT_PAGE_SIZE, filterValues: { status: ['', ...ENQUIRY_STATUSES] } });

/** How many enquiries are New: the tab's badge. */
const $newCount = atom(0);

async function refreshNewCount(): Promise<void> {
  try {
    const page = await api.get<{ total: number }>(withQuery(API_PATHS.enquiries, { status: 'new', pageSize: '1' }));
    $newCount.set(page.total);
  } catch (err) {
    console.error('[admin] counting new enquiries failed', err);
  }
}

// Every load of the list follows a change (a status, a delete) or a look at the inbox: the badge
// is counted again with it. Sign-out resets the list, and the badge with it.
enquiries.$state.listen((state) => {
  if (state.status === 'loaded') void refreshNewCount();
  if (state.status === 'idle') $newCount.set(0);
});

/** The tab's badge; counts as soon as the panel shows, before the tab is opened. */
export function EnquiriesBadge() {
  const count = useStore($newCount);
  useEffect(() => {
    void refreshNewCount();
  }, []);
  if (count === 0) return null;
  return (
    <span data-testid="enquiries-badge" className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs font-bold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">, {text.badgeLabel(count)}</span>
    </span>
  );
}

const statusOptions = ENQUIRY_STATUSES.map((value) => ({ value, label: text.statusLabels[value] }));
const replyHref = (e: Enquiry) => `mailto:${e.email}?subject=${encodeURIComponent(`${text.replySubject} to ${firm.name}`)}`;

/**
 * Sets an enquiry's status: 'saved' once it is stored, 'ended' when the session had ended (the
 * panel asks for the password), 'refused' otherwise. A refusal says why; a 404 (another admin
 * deleted it, or retention did) also loads the list again, or the row would stay and refuse every
 * change made to it.
 */
async function changeStatus(e: Enquiry, status: EnquiryStatus): Promise<'saved' | 'ended' | 'refused'> {
  try {
    await api.patch(enquiries.itemUrl(e.id), { status });
    toast({ title: text.statusChanged(text.statusLabels[status]) });
    await enquiries.reload();
    return 'saved';
  } catch (err) {
    if (endedSession(err)) return 'ended';
    console.error('[admin] changing the status failed', err);
    toast({ title: text.statusChangeFailed, description: describeFailure(err), variant: 'destructive' });
    if (err instanceof ApiError && err.status === 404) await enquiries.reload();
    return 'refused';
  }
}

/** Keys that step a closed select to the next or previous option, changing its value at each step. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * An enquiry's status, saved when it is chosen: picked from the list (pointer, a phone's picker,
 * Enter in the open list), at once; stepped through with the keys of a closed select, which change
 * it at every step, when Enter is pressed or the focus leaves it. A status stepped past is neither
 * saved nor, under a status filter, takes the row out of the list on the way.
 */
function StatusSelect({ e }: { e: Enquiry }) {
  const [shown, setShown] = useState<EnquiryStatus>(e.status);
  const stepping = useRef(false);
  /**
   * A status chosen as the session ended: kept on show and saved once the admin signs in again
   * (the latest one chosen meanwhile), since putting it back unsaid would lose the choice unseen.
   */
  const waiting = useRef<EnquiryStatus | null>(null);
  // The list's answer is the truth (another admin's change included), unless the admin is stepping
  // through the statuses as it arrives.
  useEffect(() => {
    if (!stepping.current && waiting.current === null) setShown(e.status);
  }, [e.status]);
  const save = (status: EnquiryStatus) => {
    stepping.current = false;
    if (waiting.current !== null) {
      waiting.current = status;
      return;
    }
    if (status === e.status) return;
    void changeStatus(e, status).then((outcome) => {
      if (outcome === 'refused') setShown(e.status);
      if (outcome !== 'ended') return;
      waiting.current = status;
      onceSignedInAgain(() => {
        const chosen = waiting.current!;
        waiting.current = null;
        save(chosen);
      });
    });
  };
  return (
    <SelectField
      labelHidden
      label={text.changeStatus(enquirerName(e))}
      options={statusOptions}
      value={shown}
      onKeyDown={(event) => {
        if (STEP_KEYS.has(event.key)) stepping.current = true;
        else if (event.key === 'Enter' && stepping.current) {
          // Enter saves the status shown; it does not also open the list (as Chromium's select does).
          event.preventDefault();
          save(shown);
        }
      }}
      onChange={(value) => {
        setShown(value as EnquiryStatus);
        if (!stepping.current) save(value as EnquiryStatus);
      }}
      onBlur={() => stepping.current && save(shown)}
    />
  );
}

/** A notice that has not got through: why, and once it gave up a button that sends it again (POST /api/enquiries/:id/notice). */
function UndeliveredNotice({ e, onResent, className = '' }: { e: Enquiry; onResent?: (updated: Enquiry) => void; className?: string }) {
  const resend = async () => {
    const updated = await resendFailed(withId(API_PATHS.enquiryNotice, e.id), e.id, enquiries, text.notice);
    if (updated) onResent?.(updated);
  };
  return <UndeliveredMessage message={e.notice} text={text.notice} resendLabel={text.resendNoticeFor(enquirerName(e))} onResend={resend} className={className} />;
}

function EnquiryDetailsDialog({ enquiry, onChange, onClose }: { enquiry: Enquiry | null; onChange: (updated: Enquiry) => void; onClose: () => void }) {
  const fields = (['email', 'phone', 'company', 'service', 'page', 'ctaButton'] as const).map((name) => [enquiryFieldLabels[name], enquiry?.[name] || '-'] as const);
  return (
    <Dialog.Root open={enquiry !== null} onOpenChange={(open) => !open && onClose()}>
      {enquiry && (
        <DialogFrame title={enquirerName(enquiry)} description={`${text.received} ${firmTime(enquiry.createdAt)}`} look="admin" width="md">
          {/* It scrolls a long message, and holds nothing that takes the focus: it is a Tab stop of its
              own, so the keyboard can scroll it (and the dialog opens on it). */}
          <div role="group" aria-label={text.details} tabIndex={0} className="mt-4 max-h-[60vh] overflow-y-auto rounded-control focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {fields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-ink-700">{label}</dt>
                  <dd className="wrap-anywhere text-ink-900">{value}</dd>
                </div>
              ))}
              <dt className="font-semibold text-ink-700">{text.status}</dt>
              <dd className="text-ink-900">{text.statusLabels[enquiry.status]}</dd>
            </dl>
            <UndeliveredNotice e={enquiry} onResent={onChange} className="mt-3" />
            <h3 className="mt-4 text-sm font-semibold text-ink-700">{enquiryFieldLabels.message}</h3>
            <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm text-ink-900">{enquiry.message}</p>
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('neutral')}>{text.close}</Dialog.Close>
            <a className={buttonClass('primary')} href={replyHref(enquiry)}>
              {text.reply}
            </a>
          </div>
        </DialogFrame>
      )}
    </Dialog.Root>
  );
}

export default function EnquiriesTab() {
  const [open, setOpen] = useState<Enquiry | null>(null);
  return (
    <>
      <CollectionTab
        collection={enquiries}
        heading={text.heading}
        noun={text.noun}
        listLabel={text.listLabel}
        emptyText={text.empty}
        search={{ label: text.searchLabel, placeholder: text.searchPlaceholder }}
        filters={[{ name: 'status', label: text.status, options: [{ value: '', label: text.allStatuses }, ...statusOptions] }]}
        exportLabel={text.exportCsv}
        deleteQuestion={(e) => text.deleteQuestion(enquirerName(e))}
        openItem={{ label: (e) => text.open(enquirerName(e)), onOpen: setOpen }}
        itemTitle={enquirerName}
        itemBadges={(e) => (
          <>
            {e.status === 'new' && <Badge tone="brand">{text.statusLabels.new}</Badge>}
            <FailedMessageBadge message={e.notice} text={text.notice} />
          </>
        )}
        itemDetails={(e) => (
          <>
            <p className="mt-1 text-sm text-ink-700">
              {e.email} · {e.company}
              {e.service ? ` · ${e.service}` : ''}
            </p>
            <p className="mt-1 text-xs text-ink-600">
              {[e.page, e.ctaButton].filter(Boolean).join(' · ') || '-'} · {firmTime(e.createdAt)}
            </p>
            <UndeliveredNotice e={e} className="mt-1" />
          </>
        )}
        rowActions={(e) => <StatusSelect e={e} />}
      />
      <EnquiryDetailsDialog enquiry={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
