/** The Cookie Preferences modal's words: a module of its own, so they load with the modal, not with the banner. */

export const cookiePreferences = {
  title: 'Cookie Preferences',
  /** Read more in our {policyLink}. */
  intro: 'Choose which cookies we may use. You can read more in our',
  policyLink: 'Cookie Policy',
  necessary: {
    title: 'Necessary Cookies',
    badge: 'Always Active',
    text: 'Required for the site to work, such as remembering this choice. They cannot be disabled.',
  },
  analytics: {
    title: 'Analytics Cookies',
    text: 'Help us with visitor behaviour analysis and site performance tracking. Set only if you accept all cookies.',
  },
  /** What the visitor chose before, said above the choices, so a change is made knowing it. */
  current: {
    none: 'You have not made a choice yet.',
    accepted: 'Your current choice: all cookies accepted.',
    'necessary-only': 'Your current choice: necessary cookies only.',
    rejected: 'Your current choice: all non-essential cookies rejected.',
  },
  acceptAll: 'Accept All Cookies',
  acceptNecessary: 'Accept Necessary Only',
  rejectAll: 'Reject All',
} as const;
