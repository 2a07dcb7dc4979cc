/**
 * The field list an admin form is built from: for each input of a resource's schema, its label and
 * the control that edits it. The admin's SchemaForm renders a list and converts between the API's
 * values and what the controls hold; the list is typed against the schema's input type, so a field
 * the schema loses, or one it gains without a place on the form, fails `tsc` (see `FieldsCover`).
 * Plain data, no zod: the lists sit beside the schemas they describe.
 */

interface Common<Name extends string> {
  name: Name;
  label: string;
  hint?: string;
  placeholder?: string;
  /** Half the form's width from the small breakpoint up; full width otherwise. */
  half?: boolean;
}

export type FormField<Name extends string = string> = Common<Name> &
  (
    /**
     * `maxLength`: the schema's limit, said beside the field once the text passes it (the input does
     * not enforce it: a maxlength attribute cuts a paste off unseen).
     * `suggestions`: values the browser offers as the field is typed in (a datalist); others may be typed.
     */
    | { kind: 'text'; maxLength: number; initial?: string; suggestions?: readonly string[] }
    | { kind: 'textarea'; maxLength: number; rows: number }
    | { kind: 'select'; options: readonly string[]; initial: string }
    /** A list typed as text: one item a line, or items separated by commas; blanks dropped. */
    | { kind: 'list'; separator: 'line' | 'comma'; rows?: number }
    /** A whole number typed as text; anything else sends `initial`. */
    | { kind: 'integer'; initial: number }
    | { kind: 'switch'; initial: boolean }
    /** HTML from the rich-text editor. */
    | { kind: 'richText' }
    /** An image URL, uploaded or typed; `maxLength` as for text. */
    | { kind: 'image'; maxLength: number }
    /**
     * A video's address, typed; `maxLength` as for text. One the article's page cannot embed is said
     * beside the field as it is typed, and is still saved (the page then says the link is invalid).
     */
    | { kind: 'video'; maxLength: number }
  );

/** What the controls hold: text for every kind but a switch. */
export type FormValues = Record<string, string | boolean>;

/**
 * `true` when every key of the schema's input type `Input` is a field of `Fields` or listed in
 * `Except`; otherwise an object naming the missing keys, which `true satisfies` then rejects.
 */
export type FieldsCover<Input, Fields extends readonly { name: string }[], Except extends string = never> = [
  Exclude<keyof Input, Fields[number]['name'] | Except>,
] extends [never]
  ? true
  : { missing: Exclude<keyof Input, Fields[number]['name'] | Except> };

/** Items of list text: trimmed, with empty ones dropped. */
function splitList(text: string, separator: 'line' | 'comma'): string[] {
  return text
    .split(separator === 'line' ? /\r?\n/ : ',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A whole number from text (a fractional part is cut off), or `fallback` for anything else. */
function parseInteger(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isSafeInteger(n) ? n : fallback;
}

/** The controls' values for an item being edited, or for a new one (null). */
export function formValuesOf(fields: readonly FormField[], item: Readonly<Record<string, unknown>> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = item?.[field.name];
    switch (field.kind) {
      case 'switch':
        values[field.name] = item ? Boolean(value) : field.initial;
        break;
      case 'integer':
        values[field.name] = String(item ? value : field.initial);
        break;
      case 'list':
        values[field.name] = Array.isArray(value) ? value.join(field.separator === 'line' ? '\n' : ', ') : '';
        break;
      case 'text':
      case 'select':
        values[field.name] = typeof value === 'string' ? value : item ? '' : (field.initial ?? '');
        break;
      default:
        values[field.name] = typeof value === 'string' ? value : '';
    }
  }
  return values;
}

/** The request body for the controls' values; the server's schema validates it. */
export function payloadOf(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'switch') payload[field.name] = value === true;
    else if (field.kind === 'list') payload[field.name] = splitList(String(value ?? ''), field.separator);
    else if (field.kind === 'integer') payload[field.name] = parseInteger(String(value ?? ''), field.initial);
    else payload[field.name] = String(value ?? '');
  }
  return payload;
}
