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
  acceptAll: 'Accept All Cookies',
  acceptNecessary: 'Accept Necessary Only',
  rejectAll: 'Reject All',
} as const;
