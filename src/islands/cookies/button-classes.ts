/** Button looks shared by the banner and the preferences modal. */
export const primaryButton =
  'inline-flex items-center justify-center rounded-control bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-control border border-ink-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink-900 hover:bg-ink-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
