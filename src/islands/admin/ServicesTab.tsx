/** The 'Services Management' tab: the service collection on the generic tab. */
import { serviceFormFields, type Service } from '../../schemas/service';
import { createCollection } from './collection';
import CollectionTab from './CollectionTab';
import { Badge } from './ui';
import { servicesTabCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';

export const services = createCollection<Service>({ url: API_PATHS.services, nouns: servicesTabCopy.nouns });

export default function ServicesTab() {
  return (
    <CollectionTab
      collection={services}
      heading={servicesTabCopy.heading}
      noun={servicesTabCopy.noun}
      listLabel={servicesTabCopy.listLabel}
      form={{ fields: serviceFormFields }}
      itemTitle={(s) => s.title}
      itemBadges={(s) => (s.isActive ? <Badge tone="success">{servicesTabCopy.active}</Badge> : <Badge tone="muted">{servicesTabCopy.inactive}</Badge>)}
      itemDetails={(s) => (
        <>
          <p className="mt-1 text-sm text-ink-700">{s.description}</p>
          <p className="mt-2 text-xs text-ink-600">{servicesTabCopy.summary(s.icon, s.features.length, s.sortOrder)}</p>
        </>
      )}
    />
  );
}
