/** The cookie banner's words (the modal's are in ./cookie-preferences.ts, loaded only with the modal). */

export const cookieBanner = {
  label: 'Cookie consent',
  text: 'We use cookies to keep this site working and, with your permission, to understand how it is used.',
  privacyLink: 'Privacy Policy',
  acceptAll: 'Accept All',
  settings: 'Cookie Settings',
  rejectAll: 'Reject All',
  close: 'Close cookie banner',
  closeTooltip: 'Close',
} as const;
