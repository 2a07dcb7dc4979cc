/** The admin panel's icons (list actions, the editor's toolbar): see ./index.ts. */
export const plus = '<path d="M12 5v14M5 12h14"/>';
export const pencil = '<path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"/>';
export const trash = '<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6"/>';
export const bold = '<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z"/>';
export const italic = '<path d="M19 4h-9M14 20H5M15 4 9 20"/>';
export const underline = '<path d="M6 4v6a6 6 0 0 0 12 0V4M4 20h16"/>';
export const orderedList = '<path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1"/>';
export const bulletList = '<path d="M9 6h12M9 12h12M9 18h12"/><circle cx="4" cy="6" r="1" fill="currentColor"/><circle cx="4" cy="12" r="1" fill="currentColor"/><circle cx="4" cy="18" r="1" fill="currentColor"/>';
export const link = '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>';
export const clearFormat = '<path d="M4 7V4h16v3M9 20h6M12 4l-3 16M3 3l18 18"/>';
/** 'H' with a level digit, drawn (not text) so a button's name is its aria-label alone. */
export const heading1 = '<path d="M4 6v12M12 6v12M4 12h8"/><path d="M17 10l2.5-2v10"/>';
export const heading2 = '<path d="M4 6v12M12 6v12M4 12h8"/><path d="M16 10a2 2 0 1 1 4 .5c0 1.8-4 3.5-4 7.5h4"/>';
export const heading3 = '<path d="M4 6v12M12 6v12M4 12h8"/><path d="M16 8h4l-2.5 3.5a2.6 2.6 0 1 1-1.8 4.5"/>';
export const openPage = '<path d="M14 4h6v6M20 4l-9 9"/><path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>';
