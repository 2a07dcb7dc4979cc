/**
 * The signed-in panel: title, Welcome, Change Password, Logout and the tabs on Radix Tabs. Each
 * tab's collection loads the first time the tab opens (Articles at once, being the default). Tabs
 * with a form stay mounted while hidden, so switching tabs never loses a half-written form. The
 * open tab and its list's query live in the page's URL (`panel-location.ts`): read as the panel
 * opens (so signing in lands on the URL's tab) and on Back/Forward, written as they change.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import ArticlesTab, { articles } from './ArticlesTab';
import ChangePasswordDialog from './ChangePasswordDialog';
import { createCollection, type Collection } from './collection';
import ComingSoon from './ComingSoon';
import ServicesTab, { services } from './ServicesTab';
import EnquiriesTab, { EnquiriesBadge, enquiries } from './EnquiriesTab';
import SubscribersTab, { subscribers } from './SubscribersTab';
import { enquiriesTab, subscribersTab } from '../../content/leads';
import LogoutButton from './LogoutButton';
import { panelPlaceUrl, readPanelPlace, writePanelPlace } from './panel-location';
import { $session, showsPanel } from './session';
import { useStore } from '../../stores/use-store';
import { dashboardCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';

interface TabEntry {
  value: string;
  label: string;
  collection: Collection<unknown>;
  Panel: ComponentType;
  keepMounted?: boolean;
  /** Beside the label, e.g. the count of new enquiries. */
  Badge?: ComponentType;
}

/** A tab whose data loads but has no editor yet. */
const comingSoon = (value: string, label: string, url: string, { nouns, what }: { nouns: string; what: string }): TabEntry => ({
  value,
  label,
  collection: createCollection({ url, nouns }),
  Panel: () => <ComingSoon what={what} />,
});

const TABS: TabEntry[] = [
  { value: 'articles', label: dashboardCopy.tabs.articles, collection: articles, Panel: ArticlesTab, keepMounted: true },
  { value: 'services', label: dashboardCopy.tabs.services, collection: services, Panel: ServicesTab, keepMounted: true },
  { value: 'enquiries', label: enquiriesTab.tab, collection: enquiries, Panel: EnquiriesTab, Badge: EnquiriesBadge },
  { value: 'subscribers', label: subscribersTab.tab, collection: subscribers, Panel: SubscribersTab },
  comingSoon('packages', dashboardCopy.tabs.packages, API_PATHS.packages, dashboardCopy.comingSoon.packages),
  comingSoon('team', dashboardCopy.tabs.team, API_PATHS.teamMembers, dashboardCopy.comingSoon.team),
  comingSoon('stats', dashboardCopy.tabs.stats, API_PATHS.companyStats, dashboardCopy.comingSoon.stats),
  comingSoon('site-content', dashboardCopy.tabs.siteContent, API_PATHS.siteContent, dashboardCopy.comingSoon.siteContent),
];

/** Moves the panel's list to the place the URL names (goTo: before its first load, only the query that load asks for); the tab's value. */
function goToUrlPlace(): string {
  const place = readPanelPlace(location.search, TABS);
  void place.tab.collection.goTo(place.query);
  return place.tab.value;
}

// The panel opens at the URL's place (after a sign-in, or a session found at load): its list moves
// there as the session changes, before the Dashboard renders, so rendering only reads the URL's tab
// and every control starts from the list's query. Signing in again over an ended session keeps the
// panel, and its place, as they were.
$session.listen((session, before) => {
  if (showsPanel(session) && !showsPanel(before)) goToUrlPlace();
});

export default function Dashboard({ username }: { username: string }) {
  const [tab, setTab] = useState(() => readPanelPlace(location.search, TABS).tab.value);
  const signedIn = useStore($session).status === 'signedIn';
  const active = TABS.find((t) => t.value === tab)!;
  const { query } = useStore(active.collection.$state);
  // A tab chosen by the admin is a new history entry; every other change rewrites the current one.
  const nextWrite = useRef<'push' | 'replace'>('replace');

  useEffect(() => {
    writePanelPlace(panelPlaceUrl({ tab: active, query }, TABS), nextWrite.current);
    nextWrite.current = 'replace';
  }, [active, query]);

  useEffect(() => {
    const onPopState = () => setTab(goToUrlPlace());
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);

  // Also once signed in again after the session ended: a list refused then loads now.
  useEffect(() => {
    if (signedIn) void TABS.find((t) => t.value === tab)?.collection.open();
  }, [tab, signedIn]);

  return (
    <div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-200 pb-6">
        <div>
          <h1 tabIndex={-1} className="font-display text-display-sm font-semibold text-brand-900 focus:outline-none">{dashboardCopy.title}</h1>
          <p className="mt-1 text-ink-600">{dashboardCopy.lead}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-700">
            {dashboardCopy.welcome} <span className="font-semibold text-ink-900">{username || dashboardCopy.fallbackName}</span>
          </p>
          <ChangePasswordDialog />
          <LogoutButton label={dashboardCopy.logout} size="sm" />
        </div>
      </header>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          nextWrite.current = 'push';
          setTab(value);
        }}
        className="mt-6"
      >
        <Tabs.List aria-label={dashboardCopy.tabsLabel} className="flex flex-wrap gap-1 rounded-card bg-ink-100 p-1">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-control px-4 py-2 text-sm font-semibold text-ink-700 transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {t.label}
              {t.Badge && <t.Badge />}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel, keepMounted }) => (
          <Tabs.Content key={value} value={value} forceMount={keepMounted || undefined} className="mt-6 rounded-card focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 data-[state=inactive]:hidden">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
