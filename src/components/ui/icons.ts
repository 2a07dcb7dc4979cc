/**
 * Inline SVG bodies for Icon.astro: 24x24, stroke icons unless listed in
 * FILLED_ICONS. Constant markup written here, never data from outside.
 */
export const ICONS = {
  compass: '<circle cx="12" cy="12" r="9"/><path d="m15.5 8.5-2 5-5 2 2-5 5-2Z"/>',
  sparkle: '<path d="M12 3v3M12 18v3M3 12h3M18 12h3M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2"/><circle cx="12" cy="12" r="3"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  pen: '<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z"/><path d="m13.5 6.5 4 4"/>',
  chart: '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  megaphone: '<path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1Z"/><path d="M17 9a4 4 0 0 1 0 6M20 6a8 8 0 0 1 0 12"/>',
  layers: '<path d="m12 3 9 5-9 5-9-5 9-5Z"/><path d="m3 13 9 5 9-5"/>',
  target: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5"/><circle cx="12" cy="12" r="1"/>',
  handshake: '<path d="m11 17 2 2a1.4 1.4 0 0 0 2-2"/><path d="m14 14 2.5 2.5a1.4 1.4 0 0 0 2-2L15 11l-3 1-2-2 4-3h3l4 4"/><path d="M3 11l4-4h3M3 11l6 6a1.4 1.4 0 0 0 2-2"/>',
  shield: '<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z"/><path d="m9 12 2 2 4-4"/>',
  check: '<path d="m5 12 5 5 9-10"/>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"/>',
  arrowRight: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  arrowUp: '<path d="M7 17 17 7M9 7h8v8"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  phone: '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  mapPin: '<path d="M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z"/><circle cx="12" cy="9" r="2.5"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  star: '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z"/>',
  linkedin:
    '<path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11ZM9.5 9.75h3.8v1.5h.05c.53-1 1.84-2.05 3.78-2.05 4.04 0 4.87 2.55 4.87 5.87v5.68h-4v-5.04c0-1.2-.02-2.75-1.68-2.75-1.68 0-1.94 1.31-1.94 2.66v5.13h-4v-11Z"/>',
  x: '<path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.32l4.37 5.78L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z"/>',
  instagram:
    '<path d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-8.97a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2ZM12 2.5c-2.58 0-2.9.01-3.92.06-3.47.16-5.4 2.08-5.56 5.56C2.51 9.1 2.5 9.42 2.5 12s.01 2.9.06 3.92c.16 3.47 2.08 5.4 5.56 5.56 1.01.05 1.34.06 3.92.06s2.9-.01 3.92-.06c3.46-.16 5.4-2.08 5.56-5.56.05-1.01.06-1.34.06-3.92s-.01-2.9-.06-3.92c-.16-3.46-2.08-5.4-5.56-5.56C14.9 2.51 14.58 2.5 12 2.5Zm0 1.7c2.54 0 2.84.01 3.84.06 2.58.12 3.78 1.34 3.9 3.9.05 1 .06 1.3.06 3.84s-.01 2.84-.06 3.84c-.12 2.55-1.32 3.78-3.9 3.9-1 .05-1.3.06-3.84.06s-2.84-.01-3.84-.06c-2.59-.12-3.78-1.35-3.9-3.9-.05-1-.06-1.3-.06-3.84s.01-2.84.06-3.84c.12-2.56 1.32-3.78 3.9-3.9 1-.05 1.3-.06 3.84-.06Z"/>',
  facebook:
    '<path d="M13.5 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.25-1.5 1.55-1.5h1.65V3.9c-.29-.04-1.27-.12-2.4-.12-2.38 0-4 1.45-4 4.1v2.42H7.6v3.2h2.7v8h3.2Z"/>',
  youtube:
    '<path d="M21.58 7.2a2.5 2.5 0 0 0-1.76-1.77C18.27 5 12 5 12 5s-6.27 0-7.82.43A2.5 2.5 0 0 0 2.42 7.2C2 8.75 2 12 2 12s0 3.25.42 4.8a2.5 2.5 0 0 0 1.76 1.77C5.73 19 12 19 12 19s6.27 0 7.82-.43a2.5 2.5 0 0 0 1.76-1.77C22 15.25 22 12 22 12s0-3.25-.42-4.8ZM10 15V9l5.2 3L10 15Z"/>',
} as const;

export type IconName = keyof typeof ICONS;

export const FILLED_ICONS: ReadonlySet<IconName> = new Set(['linkedin', 'x', 'instagram', 'facebook', 'youtube']);

export function isIconName(name: string): name is IconName {
  return name in ICONS;
}
