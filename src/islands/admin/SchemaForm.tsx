/**
 * The create/edit form of a collection, built from its schema's field list (src/schemas/form-fields.ts):
 * 'Create New {Noun}' / 'Edit {Noun}', the fields in order, Cancel and 'Create {Noun}' / 'Update {Noun}'.
 * The server validates with the same schema; its field issues show beside the fields, and the
 * first field with one takes the focus. While its values differ from what it opened with, the form
 * holds unsaved changes (unsaved-changes.ts). A save refused because someone else saved the item
 * since keeps what was typed, takes their version into the fields left as opened, and the next
 * press saves what was typed over theirs; one refused because the item
 * was deleted since turns the form into a create. A create refused because an earlier press of
 * this form stored the item, its answer lost, turns the form into that item's edit, keeping what
 * was typed since. Each of these is said in the form, beside its buttons, until the next press or
 * Cancel. A save refused for an ended session keeps the form as
 * it is: the panel asks for the password, and the admin saves again. While an image uploads, the
 * save waits (its button pending) for the image to be in the form.
 */
import { useEffect, useId, useRef, useState, type FocusEvent as ReactFocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { limitIssue } from '../../schemas/text-limits';
import { formValuesOf, payloadOf, type FormField, type FormValues } from '../../schemas/form-fields';
import { toast, type ToastInput } from '../../stores/toasts';
import { $saveBarInset } from '../../stores/save-bar-inset';
import RichTextEditor from './editor/RichTextEditor';
import { FieldError, SelectField, SwitchField, TextAreaField, TextField } from './fields';
import ImageField from './ImageField';
import type { Collection } from './collection';
import { Button, Card } from './ui';
import { collectionCopy, sessionEndedCopy, videoFieldCopy } from '../../content/admin';
import { parseYouTubeId } from '../../lib/youtube';
import { endedSession } from './session';
import { holdUnsavedChanges } from './unsaved-changes';
import { newSubmissionId } from '../../lib/submission-key';

export interface SchemaFormProps {
  fields: readonly FormField[];
  /** Singular, lower case: 'article'. */
  noun: string;
  /** Where a new item is POSTed (the collection's URL) and an edited one PUT (its item URL); reloaded when an edit finds it out of date. */
  collection: Pick<Collection<unknown>, 'url' | 'itemUrl' | 'reload'>;
  /** The item being edited, or null to create one. */
  item: ({ id: number } & Record<string, unknown>) | null;
  onSaved: () => void;
  onCancel: () => void;
  /** Told whether the values now differ from what the form opened with. */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Told the id of the item the form now edits, or null while it creates, whenever that changes:
   * a create becomes the edit of the item its lost first answer stored, an edit whose item was
   * deleted meanwhile a create.
   */
  onEditingChange?: (id: number | null) => void;
}

/** Room left between a focused field and the save bar below it. */
const SAVE_BAR_GAP_PX = 8;

/**
 * How far up from the bottom of the screen the save bar reaches, while its top is in the screen's
 * lower half; else 0: higher up (the form's end scrolled up the screen) a toast in the bottom
 * corner is clear of it anyway, and rising above it would take the toast off the top.
 */
function saveBarInset(bar: HTMLElement): number {
  const screen = document.documentElement.clientHeight;
  const { top } = bar.getBoundingClientRect();
  return top < screen && top >= screen / 2 ? Math.ceil(screen - top) : 0;
}

type StoredItem = { id: number; updatedAt: string } & Record<string, unknown>;

/**
 * The item a create's refusal says this form's key stored before (409 on `submissionId`, the item
 * as `stored`: src/schemas/submission-id.ts), if it is that refusal.
 */
function storedBefore(err: unknown): StoredItem | undefined {
  if (!(err instanceof ApiError) || err.status !== 409 || err.fieldIssues.submissionId === undefined) return undefined;
  const stored = (err.body as { stored?: unknown }).stored;
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { id, updatedAt } = stored as Record<string, unknown>;
  return typeof id === 'number' && typeof updatedAt === 'string' ? (stored as StoredItem) : undefined;
}

/** The first issue of a field or of any of its items ('features.2'). */
function issueOf(issues: Record<string, string>, name: string): string | undefined {
  return issues[name] ?? Object.entries(issues).find(([key]) => key.startsWith(`${name}.`))?.[1];
}

export default function SchemaForm({ fields, noun, collection, item, onSaved, onCancel, onDirtyChange, onEditingChange }: SchemaFormProps) {
  const formId = useId();
  const richTextLabelId = useId();
  /**
   * The values of the version the form stands on: the item as opened, until a save is refused
   * because someone else saved it since (see `openedAt`). What differs from them is this admin's.
   */
  const [opened, setOpened] = useState<FormValues>(() => formValuesOf(fields, item));
  const [values, setValues] = useState<FormValues>(opened);
  // The rich-text editor loads its text when mounted: a new key loads the text of another version.
  const [editorLoads, setEditorLoads] = useState(0);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // An image on its way: a save now would store the item without it (or with the image it replaces).
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  /**
   * The item the form edits, or null while it creates: the one it was opened for, until a save
   * finds otherwise. An edit whose item someone else deleted after it was opened has nothing left
   * to update, so the form creates instead, and what was typed is saved as a new item rather than
   * lost with the old. A create whose earlier press stored the item (its answer lost), pressed
   * again with other content, edits that item from then on: what was typed since is saved over
   * it, rather than lost with a form the admin had to close to reach it.
   */
  const [edited, setEdited] = useState(item);
  const editing = edited !== null;
  /**
   * A create form's key (src/schemas/submission-id.ts): made once per opened form (each is a new
   * mount), or once an edit turns into a create, and sent with every press of Create, so a press
   * after an answer lost once the item was stored is answered with that item rather than storing a
   * second one (or, its content changed since, refused with that item, which the form then edits).
   */
  const [submissionId, setSubmissionId] = useState(() => (item === null ? newSubmissionId() : undefined));
  /**
   * The version of the item an edit stands on, sent back with each save (the server refuses a save
   * over a later one): the one it opened, until a save is refused because someone else saved since.
   * The form then stands on their version, keeping what was typed, and says so: the next press
   * saves over their change knowingly, rather than the only way on being to reopen the item and
   * lose the typing.
   */
  const [openedAt, setOpenedAt] = useState(() => item?.updatedAt);
  /**
   * What a refused save changed under the admin (their fields took someone else's values, the form
   * turned into a create or into an edit), said in the form beside its buttons until the next press
   * or Cancel. The toast that says it too is gone in 5 seconds; the form it explains is not.
   */
  const [notice, setNotice] = useState<ToastInput | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const saveBarRef = useRef<HTMLDivElement>(null);

  // Opened, the form takes the focus at its heading (and so comes into view): the next Tab is its
  // first field, not the list row whose button opened it.
  useEffect(() => headingRef.current?.focus(), []);
  // A toast (the screen's bottom corner) keeps clear of the save bar: its region rises above the
  // bar while the bar shows in the lower half of the screen. Followed as the page scrolls or
  // resizes and as the bar grows (a notice in it); 0 again once the form closes.
  useEffect(() => {
    const bar = saveBarRef.current;
    if (!bar) return;
    const follow = () => $saveBarInset.set(saveBarInset(bar));
    const resized = new ResizeObserver(follow);
    resized.observe(bar);
    addEventListener('scroll', follow, { passive: true });
    addEventListener('resize', follow);
    follow();
    return () => {
      resized.disconnect();
      removeEventListener('scroll', follow);
      removeEventListener('resize', follow);
      $saveBarInset.set(0);
    };
  }, []);
  // An upload on its way is a change not yet in the form: closing it would drop the image.
  const dirty = !saved && (uploading || fields.some((field) => values[field.name] !== opened[field.name]));

  useEffect(() => {
    onDirtyChange?.(dirty);
    return dirty ? holdUnsavedChanges() : undefined;
  }, [dirty, onDirtyChange]);

  const editedId = edited?.id ?? null;
  useEffect(() => onEditingChange?.(editedId), [editedId, onEditingChange]);

  // After a refused save, the first field with an issue takes the focus (in the form's order).
  useEffect(() => {
    const first = fields.find((field) => issueOf(issues, field.name));
    const field = first && document.getElementById(formId)?.querySelector(`[data-field="${first.name}"]`);
    if (!field) return;
    // The control marked invalid (an image field's URL, not its hidden file input), else the first one.
    const control = field.querySelector<HTMLElement>('[aria-invalid="true"]') ?? field.querySelector<HTMLElement>('input:not([tabindex="-1"]), textarea, select, [contenteditable="true"], button[role="switch"]');
    control?.focus();
  }, [issues, fields, formId]);

  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (issueOf(issues, name)) setIssues((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== name && !key.startsWith(`${name}.`))));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || uploading) return;
    const payload = payloadOf(fields, values);
    setNotice(null);
    setSaving(true);
    try {
      // An edit sends back the updatedAt of the version it stands on: a save over another admin's
      // later one is refused (409) rather than dropping their change unseen.
      if (edited) await api.put(collection.itemUrl(edited.id), { ...payload, updatedAt: openedAt });
      else await api.post(collection.url, { ...payload, submissionId });
      toast(collectionCopy.saved(noun, editing));
      setSaved(true);
      onSaved();
    } catch (err) {
      if (endedSession(err, sessionEndedCopy.notSaved(noun))) return;
      // Stored by this form's earlier press, whose answer was lost, and changed since: no failure
      // of this press, nothing is lost. The form edits that item from now on, standing on its
      // version as stored (what was typed differs from it, so it is unsaved), and the next press
      // saves the typing over it as an edit.
      const stored = editing ? undefined : storedBefore(err);
      if (stored) {
        setEdited(stored);
        setSubmissionId(undefined);
        setOpened(formValuesOf(fields, stored));
        setOpenedAt(stored.updatedAt);
        toast(collectionCopy.createdBefore(noun));
        setNotice(collectionCopy.createdBefore(noun));
        // The list may not show it yet: its load came before the first press.
        void collection.reload();
        return;
      }
      console.error(`[admin] saving the ${noun} failed`, err);
      if (err instanceof ApiError) setIssues(err.fieldIssues);
      // Saved by someone else since it was opened, or a key refused with no item to go on from
      // (an answer that lost it): no field shows that, the toast says it.
      let unfielded = err instanceof ApiError ? (err.fieldIssues.updatedAt ?? err.fieldIssues.submissionId) : undefined;
      // Deleted by someone else since it was opened: 'Please try again' would be refused every time.
      const deleted = editing && err instanceof ApiError && err.status === 404;
      const savedSince = editing && err instanceof ApiError && err.fieldIssues.updatedAt !== undefined;
      // Deleted by someone else: the next press creates it anew, as a create form's first press.
      if (deleted) {
        setEdited(null);
        setSubmissionId(newSubmissionId());
      }
      // Saved by someone else: the form stands on their version. A field this admin left as opened
      // takes their value, one they changed keeps what they typed: the next press saves over their
      // change to those fields only, as the admin's informed choice, rather than putting back every
      // field they rewrote. Unread (the item gone meanwhile, no answer), the server's own words
      // stand: reopen it.
      if (savedSince && edited) {
        const current = await api.get<Record<string, unknown> & { updatedAt: string }>(collection.itemUrl(edited.id)).catch(() => null);
        if (current) {
          const theirs = formValuesOf(fields, current);
          const untouched = (name: string, typed: FormValues) => typed[name] === opened[name];
          if (fields.some((field) => field.kind === 'richText' && untouched(field.name, values) && theirs[field.name] !== opened[field.name])) {
            setEditorLoads((n) => n + 1);
          }
          setValues((typed) => Object.fromEntries(fields.map(({ name }) => [name, untouched(name, typed) ? theirs[name]! : typed[name]!])));
          setOpened(theirs);
          setOpenedAt(current.updatedAt);
          unfielded = collectionCopy.savedSinceOpened(noun);
        }
      }
      const failure = { ...collectionCopy.saveFailed(noun, deleted ? collectionCopy.deletedSinceOpened(noun) : unfielded), variant: 'destructive' } as const;
      toast(failure);
      if (deleted || unfielded) setNotice(failure);
      // Saved or deleted by someone else, the list's copy is out of date: reloaded, Edit opens the item
      // as it now stands (or its row goes) instead of that copy. The form keeps what was typed.
      if (deleted || savedSince) void collection.reload();
    } finally {
      setSaving(false);
    }
  }

  /**
   * Enter in a one-line field does not save (a browser's implicit submission would, and publish a
   * half-written article): only the Create/Update button saves.
   */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && !event.nativeEvent.isComposing) event.preventDefault();
  }

  /**
   * A field the focus moves to (Tab, or the first one a refused save names) is scrolled up clear of
   * the sticky save bar, so the control being used is never hidden: the browser brings it into the viewport, not above the bar,
   * which on a phone is two rows of buttons tall and hid a whole field. Measured from the bar's
   * height, not its place: near the form's top the bar sits lower than where it sticks once scrolled.
   * A switch's checkbox is visually hidden: its label is what must show. A control taller than the
   * room between the page's sticky header and the bar (a long article's editor) is left where the
   * browser put it: lifting its bottom clear would scroll its top, and the caret, out of sight.
   */
  function keepClearOfSaveBar(event: ReactFocusEvent<HTMLFormElement>) {
    const bar = saveBarRef.current;
    const target = event.target;
    if (!bar || bar.contains(target)) return;
    const box = (target.closest('label') ?? target).getBoundingClientRect();
    const clearFrom = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const clearUpTo = document.documentElement.clientHeight - bar.offsetHeight - SAVE_BAR_GAP_PX;
    const covered = box.bottom - clearUpTo;
    if (covered > 0 && box.height <= clearUpTo - clearFrom) window.scrollBy({ top: covered, behavior: 'instant' });
  }

  function control(field: FormField) {
    const span = field.half ? '' : 'sm:col-span-2';
    const text = String(values[field.name] ?? '');
    // A limit is said beside the field as soon as the text passes it, in the server's words, and the
    // text is kept (limitIssue). Trimmed, as the server stores it: the line break a pasted paragraph
    // ends in is not stored, so it does not make the text too long.
    const overLimit = 'maxLength' in field ? limitIssue(text.trim(), field.maxLength) : undefined;
    const error = issueOf(issues, field.name) ?? overLimit;
    const common = { label: field.label, hint: field.hint, placeholder: field.placeholder, error, className: span };
    const onText = (value: string) => set(field.name, value);
    switch (field.kind) {
      case 'text':
        return <TextField {...common} value={text} onChange={onText} suggestions={field.suggestions} />;
      case 'integer':
        return <TextField {...common} type="number" step={1} value={text} onChange={onText} />;
      case 'textarea':
        return <TextAreaField {...common} rows={field.rows} value={text} onChange={onText} />;
      case 'list':
        return field.separator === 'line' ? (
          <TextAreaField {...common} rows={field.rows ?? 5} value={text} onChange={onText} />
        ) : (
          <TextField {...common} value={text} onChange={onText} />
        );
      case 'select':
        return <SelectField {...common} options={field.options} value={text} onChange={onText} />;
      case 'switch':
        return <SwitchField label={field.label} className={span} checked={values[field.name] === true} onChange={(on) => set(field.name, on)} />;
      case 'video':
        // Said before the save: the article's page would say it to every reader instead.
        return <TextField {...common} error={error ?? (text.trim() && !parseYouTubeId(text) ? videoFieldCopy.notEmbeddable : undefined)} value={text} onChange={onText} inputMode="url" />;
      case 'image':
        return <ImageField label={field.label} className={span} noun={noun} value={text} onChange={onText} error={error} onUploadingChange={setUploading} />;
      case 'richText':
        return (
          <div className={span}>
            <p id={richTextLabelId} className="mb-1.5 text-sm font-medium text-ink-800">
              {field.label}
            </p>
            <RichTextEditor key={editorLoads} initialHtml={text} onChange={onText} labelledBy={richTextLabelId} errorId={error ? `${richTextLabelId}-error` : undefined} />
            {error && <FieldError id={`${richTextLabelId}-error`}>{error}</FieldError>}
          </div>
        );
    }
  }

  return (
    <Card>
      <h3 ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold text-brand-900 focus:outline-none">
        {collectionCopy.formTitle(noun, editing)}
      </h3>
      <form id={formId} onSubmit={onSubmit} onKeyDown={onKeyDown} onFocus={keepClearOfSaveBar} className="mt-5 grid gap-5 sm:grid-cols-2" aria-busy={saving} noValidate>
        {fields.map((field) => (
          <div key={field.name} data-field={field.name} className="contents">
            {control(field)}
          </div>
        ))}
        {/* Stays at the bottom of the screen while a long form scrolls, so Save is always in reach. */}
        <div ref={saveBarRef} className="sticky bottom-0 z-10 flex flex-wrap justify-end gap-3 border-t border-ink-200 bg-white py-4 sm:col-span-2">
          {/* In the bar, so it is in view wherever the form is scrolled to when the button is pressed.
              Always there (hidden while empty), as a live region must be before its text changes. */}
          <div role="alert" className={notice ? 'basis-full' : 'sr-only'}>
            {notice && (
              <div
                className={`rounded-control border px-4 py-3 text-sm ${notice.variant === 'destructive' ? 'border-danger-600/30 bg-danger-50 text-danger-700' : 'border-brand-200 bg-brand-50 text-brand-800'}`}
              >
                <p className="font-semibold">{notice.title}</p>
                {notice.description && <p className="mt-1 text-ink-800">{notice.description}</p>}
              </div>
            )}
          </div>
          <Button variant="neutral" onClick={onCancel}>
            {collectionCopy.cancel}
          </Button>
          <Button type="submit" pending={saving || uploading}>
            {saving ? collectionCopy.saving : editing ? collectionCopy.update(noun) : collectionCopy.create(noun)}
          </Button>
        </div>
      </form>
    </Card>
  );
}
