/** Text that LIKE and ILIKE match as written: its wildcards (% and _) and the escape character escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text`, as written, anywhere in the value (the admin lists' search). */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;
