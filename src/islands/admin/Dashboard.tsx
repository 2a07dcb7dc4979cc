/**
 * The signed-in panel (spec section 2): title, Welcome, Change Password, Logout and six tabs on
 * Radix Tabs. Each tab's data loads the first time the tab opens (Articles at once, being the
 * default). The Articles and Services panels stay mounted while hidden, so switching tabs never
 * loses a half-written form.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { loadCollection, logout, type CollectionKey } from './admin-store';
import ArticlesTab from './ArticlesTab';
import ChangePasswordDialog from './ChangePasswordDialog';
import ComingSoon from './ComingSoon';
import ServicesTab from './ServicesTab';
import { Button } from './ui';

const TABS: Array<{ value: string; label: string; collection: CollectionKey }> = [
  { value: 'articles', label: 'Articles', collection: 'articles' },
  { value: 'services', label: 'Services', collection: 'services' },
  { value: 'packages', label: 'Packages', collection: 'packages' },
  { value: 'team', label: 'Team', collection: 'teamMembers' },
  { value: 'stats', label: 'Stats', collection: 'companyStats' },
  { value: 'site-content', label: 'Site Content', collection: 'siteContent' },
];

export default function Dashboard({ username }: { username: string }) {
  const [tab, setTab] = useState('articles');

  useEffect(() => {
    const entry = TABS.find((t) => t.value === tab);
    if (entry) void loadCollection(entry.collection);
  }, [tab]);

  return (
    <div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-200 pb-6">
        <div>
          <h1 className="font-display text-display-sm font-semibold text-brand-900">Content Management System</h1>
          <p className="mt-1 text-ink-600">Manage your website content: articles, services and more.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-700">
            Welcome, <span className="font-semibold text-ink-900">{username || 'Admin'}</span>
          </p>
          <ChangePasswordDialog />
          <Button variant="secondary" size="sm" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </header>

      <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
        <Tabs.List aria-label="Content" className="flex flex-wrap gap-1 rounded-card bg-ink-100 p-1">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-control px-4 py-2 text-sm font-semibold text-ink-700 transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="articles" forceMount className="mt-6 focus:outline-none data-[state=inactive]:hidden">
          <ArticlesTab />
        </Tabs.Content>
        <Tabs.Content value="services" forceMount className="mt-6 focus:outline-none data-[state=inactive]:hidden">
          <ServicesTab />
        </Tabs.Content>
        <Tabs.Content value="packages" className="mt-6 focus:outline-none">
          <ComingSoon what="Package" />
        </Tabs.Content>
        <Tabs.Content value="team" className="mt-6 focus:outline-none">
          <ComingSoon what="Team" />
        </Tabs.Content>
        <Tabs.Content value="stats" className="mt-6 focus:outline-none">
          <ComingSoon what="Stats" />
        </Tabs.Content>
        <Tabs.Content value="site-content" className="mt-6 focus:outline-none">
          <ComingSoon what="Site content" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
