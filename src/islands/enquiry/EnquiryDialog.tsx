/**
 * The page's single 'Get in Touch' dialog, mounted once by BaseLayout and opened
 * through the enquiry store (src/stores/enquiry.ts).
 *
 * BaseLayout hydrates it client:demand="enquiry": React, the dialog, the form, zod
 * and the API client are fetched together by the first openEnquiry(), which keeps
 * them out of every page's first load (React alone is ~60 KB gzip). Once loaded it
 * stays mounted, so later opens are instant.
 */
import { useStore } from '../../stores/use-store';
import { $enquiry } from '../../stores/enquiry';
import EnquiryDialogContent from './EnquiryDialogContent';

interface Props {
  title: string;
  description: string;
}

let requested = false;

export default function EnquiryDialog(props: Props) {
  const { open } = useStore($enquiry);
  if (open) requested = true;
  if (!requested) return null;
  return <EnquiryDialogContent {...props} />;
}
