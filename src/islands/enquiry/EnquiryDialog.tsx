/**
 * The page's single 'Get in Touch' dialog, mounted once by BaseLayout and opened
 * through the enquiry store (src/stores/enquiry.ts).
 *
 * This shell is all that hydrates with the page. The dialog, the form, zod and
 * the API client are fetched the first time the store asks for the dialog, which
 * keeps them out of every page's initial JavaScript (the page budget is 80 KB gzip,
 * React alone is ~65 KB). Once loaded it stays mounted, so later opens are instant.
 */
import { useStore } from '../../stores/use-store';
import { lazy, Suspense } from 'react';
import { $enquiry } from '../../stores/enquiry';

const EnquiryDialogContent = lazy(() => import('./EnquiryDialogContent'));

interface Props {
  title: string;
  description: string;
}

let requested = false;

export default function EnquiryDialog(props: Props) {
  const { open } = useStore($enquiry);
  if (open) requested = true;
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <EnquiryDialogContent {...props} />
    </Suspense>
  );
}
