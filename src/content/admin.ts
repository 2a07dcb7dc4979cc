/** The words of the /admin shell around the panel (the panel's own labels live with its components). */
export const adminPage = {
  title: 'Admin',
  description: 'Content management for site administrators.',
  noScript: 'The admin panel needs JavaScript.',
} as const;
