/**
 * The 'Subscribers' tab: every newsletter address on the generic tab, with when and from which page
 * it subscribed and its status, the count, search, a status filter, Export CSV (of what the search
 * and the filter show) and Delete. A subscribed address whose welcome gave up shows why, with Send
 * welcome again, as the Enquiries tab shows a notice.
 */
import { subscribersTab as text } from '../../content/leads';
import { firmTime } from '../../lib/firm-time';
import { DEFAULT_PAGE_SIZE } from '../../schemas/list-query';
import { SUBSCRIBER_STATUSES, type Subscriber } from '../../schemas/subscriber';
import { createCollection } from './collection';
import CollectionTab from './CollectionTab';
import { FailedMessageBadge, resendFailed, UndeliveredMessage } from './UndeliveredMessage';
import { Badge } from './ui';
import { API_PATHS, withId } from '../../lib/api-paths';

const ALL = 'all';

/**
 * The status filter is always sent, 'all' included: the server's own default for an export is the
 * subscribed addresses only, and Export CSV must hold what the list shows.
 */
export const subscribers = createCollection<Subscriber>({ url: API_PATHS.subscribers, nouns: text.nouns, pageSize: DEFAULT_PAGE_SIZE, initialFilters: { status: ALL }, filterValues: { status: [ALL, ...SUBSCRIBER_STATUSES] } });

const statusOptions = SUBSCRIBER_STATUSES.map((value) => ({ value, label: text.statusLabels[value] }));

/** The welcome the list speaks of: none once the address has unsubscribed, which is sent no welcome. */
const welcomeOf = (s: Subscriber) => (s.status === 'subscribed' ? s.welcome : null);

export default function SubscribersTab() {
  return (
    <CollectionTab
      collection={subscribers}
      heading={text.heading}
      noun={text.noun}
      listLabel={text.listLabel}
      emptyText={text.empty}
      summary={text.count}
      search={{ label: text.searchLabel, placeholder: text.searchPlaceholder }}
      filters={[{ name: 'status', label: text.status, options: [{ value: ALL, label: text.allStatuses }, ...statusOptions] }]}
      exportLabel={text.exportCsv}
      deleteQuestion={(s) => text.deleteQuestion(s.email)}
      itemTitle={(s) => s.email}
      itemBadges={(s) => (
        <>
          <Badge tone={s.status === 'subscribed' ? 'success' : 'muted'}>{text.statusLabels[s.status]}</Badge>
          <FailedMessageBadge message={welcomeOf(s)} text={text.welcome} />
        </>
      )}
      itemDetails={(s) => (
        <>
          <p className="mt-1 text-xs text-ink-600">
            {text.subscribed} {firmTime(s.subscribedAt)} · {text.from} {s.sourcePage ?? text.unknownPage}
            {s.unsubscribedAt ? ` · ${text.statusLabels.unsubscribed} ${firmTime(s.unsubscribedAt)}` : ''}
          </p>
          <UndeliveredMessage
            message={welcomeOf(s)}
            text={text.welcome}
            resendLabel={text.resendWelcomeFor(s.email)}
            onResend={() => resendFailed(withId(API_PATHS.subscriberWelcome, s.id), s.id, subscribers, text.welcome)}
            className="mt-1"
          />
        </>
      )}
    />
  );
}
