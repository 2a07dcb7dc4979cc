/** 'article' → 'Article': the panel writes each noun once and capitalises it for titles and buttons. */
export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
