/** The Packages, Team, Stats and Site Content tabs (spec section 2): their data loads, nothing shows yet. */
import { Card } from './ui';

export default function ComingSoon({ what }: { what: string }) {
  return (
    <Card className="py-14 text-center">
      <h2 className="font-display text-2xl font-semibold text-brand-900">Coming Soon</h2>
      <p className="mt-2 text-sm text-ink-600">{what} management is on its way.</p>
    </Card>
  );
}
