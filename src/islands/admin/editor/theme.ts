import type { EditorThemeClasses } from 'lexical';

/**
 * Classes Lexical puts on the editing surface (the site's theme tokens). They also ride along in
 * the exported HTML, where the server's sanitiser drops them with every other attribute.
 */
export const editorTheme: EditorThemeClasses = {
  paragraph: 'mb-3',
  heading: {
    h1: 'mb-3 font-display text-3xl font-semibold text-brand-900',
    h2: 'mb-3 font-display text-2xl font-semibold text-brand-900',
    h3: 'mb-2 font-display text-xl font-semibold text-brand-900',
  },
  list: {
    ol: 'mb-3 list-decimal pl-6',
    ul: 'mb-3 list-disc pl-6',
    listitem: 'mb-1',
    nested: { listitem: 'list-none' },
  },
  link: 'text-brand-700 underline',
  text: {
    bold: 'font-bold',
    italic: 'italic',
    underline: 'underline',
  },
};
