/** A tab whose data loads but whose editor is not built yet (Packages, Team, Stats, Site Content). */
import { Card } from './ui';
import { comingSoonCopy } from '../../content/admin';

export default function ComingSoon({ what }: { what: string }) {
  return (
    <Card className="py-14 text-center">
      <h2 className="font-display text-2xl font-semibold text-brand-900">{comingSoonCopy.heading}</h2>
      <p className="mt-2 text-sm text-ink-600">{comingSoonCopy.text(what)}</p>
    </Card>
  );
}
