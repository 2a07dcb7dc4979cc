/**
 * One admin tab over a collection: heading, the 'New {Noun}' button and form, search and filters,
 * the list (loading, empty, items with Edit and Delete and any row actions of the tab's own, such
 * as a status control) and pages when the server pages the list. Articles, Services, Enquiries and
 * Subscribers are this component with their nouns, fields and item summaries; so is any later tab.
 * A list may also show its count, offer an 'Export CSV' of what the search and filters show, and
 * open an item (the heading becomes a button).
 */
import { useStore } from '../../stores/use-store';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormField } from '../../schemas/form-fields';
import type { Collection } from './collection';
import ConfirmDialog from './ConfirmDialog';
import { SelectField, TextField, type SelectOption } from './fields';
import SchemaForm from './SchemaForm';
import Icon from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { Button, Card } from './ui';
import { downloadWithSession } from './session';
import { useCollectionEditor } from './use-collection-editor';
import * as icons from '../../lib/icons/admin';
import { buttonClass } from '../../lib/button-styles';
import { collectionCopy } from '../../content/admin';
import { pageCount, pageLabel } from '../../lib/pagination';

export interface ListFilter {
  /** The query parameter, e.g. 'status'. */
  name: string;
  label: string;
  /** The first option is usually 'All' with the value ''. */
  options: readonly SelectOption[];
}

export interface CollectionTabProps<T extends { id: number }> {
  collection: Collection<T>;
  heading: string;
  /** Singular, lower case: 'article'. Names the buttons, the messages and the toasts. */
  noun: string;
  /** The list's accessible name: 'Articles'. */
  listLabel: string;
  /** The item's heading, also naming its Edit and Delete buttons. */
  itemTitle: (item: T) => string;
  /** Badges beside the item's heading. */
  itemBadges?: (item: T) => ReactNode;
  /** The rest of the item's card. */
  itemDetails?: (item: T) => ReactNode;
  /** Controls of the tab's own beside Edit and Delete (the Enquiries status select). */
  rowActions?: (item: T) => ReactNode;
  /** Create and Edit, with this form; without it the tab only lists (and deletes). */
  form?: { fields: readonly FormField[] };
  /** Delete with a confirmation (default true). */
  deletable?: boolean;
  /** A search box; the text goes to the server as `search`. */
  search?: { label: string; placeholder?: string };
  filters?: readonly ListFilter[];
  /** Shown when the list is empty and no search or filter is set. */
  emptyText?: string;
  /** A line under the heading from the count of what the query matches, e.g. '12 subscribers'. */
  summary?: (total: number) => ReactNode;
  /** The label of a link downloading the current search and filters as CSV (the server's ?format=csv). */
  exportLabel?: string;
  /** Opening an item (its heading becomes a button with this accessible name). */
  openItem?: { label: (item: T) => string; onOpen: (item: T) => void };
  /** The delete confirmation's question (default: 'Are you sure you want to delete this {noun}?'). */
  deleteQuestion?: (item: T) => string;
}

const SEARCH_DELAY_MS = 300;

export default function CollectionTab<T extends { id: number }>(props: CollectionTabProps<T>) {
  const { collection, heading, noun, listLabel, itemTitle, itemBadges, itemDetails, rowActions, form, deletable = true, search, filters = [] } = props;
  const { summary, exportLabel, openItem, deleteQuestion } = props;
  const { status, items, total, query } = useStore(collection.$state);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);
  const editor = useCollectionEditor<T>(collection, noun, focusHeading);
  const [searchText, setSearchText] = useState(query.search);
  const narrowed = query.search !== '' || Object.entries(query.filters).some(([name, value]) => value !== (collection.initialFilters[name] ?? ''));
  const pages = collection.pageSize ? pageCount(total, collection.pageSize) : 1;

  // A row that leaves the list on a reload (its status no longer matches the filter, another admin
  // deleted it) takes the focus of its control with it: the focus then goes to the tab's heading,
  // not to the document.
  const focusedInList = useRef<Element | null>(null);
  useEffect(() => {
    const last = focusedInList.current;
    if (!last || last.isConnected) return;
    focusedInList.current = null;
    if (!document.activeElement || document.activeElement === document.body) focusHeading();
  }, [items, focusHeading]);

  // The search box shows a search the list was moved to from outside (Back or Forward to another
  // search, sign-out), but never overwrites typing with the search this box itself sent.
  const sentSearch = useRef(query.search);
  useEffect(() => {
    if (query.search === sentSearch.current) return;
    sentSearch.current = query.search;
    setSearchText(query.search);
  }, [query.search]);

  // The search goes out once typing pauses, not on every key.
  useEffect(() => {
    if (searchText === query.search) return;
    const timer = setTimeout(() => {
      sentSearch.current = searchText;
      void collection.setQuery({ search: searchText });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, query.search, collection]);

  /**
   * Previous and Next are aria-disabled rather than disabled at the ends and while a page loads, so
   * the focus is not dropped; the new page starts at the tab's heading, its list in view.
   */
  async function turnPage(step: 1 | -1) {
    const target = query.page + step;
    if (status === 'loading' || target < 1 || target > pages) return;
    await collection.setQuery({ page: target });
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  }

  /** A failed load said, with the Retry that loads the same query again. */
  const loadFailure = (message: string) => (
    <>
      <p role="alert">{message}</p>
      <Button variant="neutral" size="sm" onClick={() => void collection.reload()}>
        {collectionCopy.retry}
      </Button>
    </>
  );

  const emptyText = narrowed
    ? collectionCopy.noMatch(collection.nouns)
    : (props.emptyText ?? (form ? collectionCopy.emptyCreate(collection.nouns, noun) : collectionCopy.empty(collection.nouns)));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold text-brand-900 focus:outline-none">
            {heading}
          </h2>
          {/* Under a search or filter the count is of what matched, and says so: '0 subscribers' read as none at all. */}
          {summary && status === 'loaded' && (
            <p className="mt-1 text-sm text-ink-700">{narrowed ? (total === 0 ? collectionCopy.noMatch(collection.nouns) : collectionCopy.found(total, noun, collection.nouns)) : summary(total)}</p>
          )}
        </div>
        {exportLabel && (
          // The search as the box shows it, not as the list last asked for it: an export pressed
          // straight after a keystroke holds that keystroke, though the list follows a moment later.
          <a className={buttonClass('neutral', 'sm')} href={collection.csvUrl(searchText)} download onClick={downloadWithSession}>
            {exportLabel}
          </a>
        )}
        {form && (
          <Button onClick={() => editor.open(null)}>
            <Icon body={icons.plus} size={18} />
            {collectionCopy.newItem(noun)}
          </Button>
        )}
      </div>

      {form && editor.form && (
        <SchemaForm
          key={editor.form.key}
          fields={form.fields}
          noun={noun}
          collection={collection}
          item={editor.form.item as (T & Record<string, unknown>) | null}
          onCancel={editor.close}
          onSaved={editor.saved}
          onDirtyChange={editor.onDirtyChange}
          onEditingChange={editor.onEditingChange}
        />
      )}

      {(search || filters.length > 0) && (
        <div className="flex flex-wrap items-end gap-4" role="search" aria-label={collectionCopy.findLabel(collection.nouns)}>
          {search && (
            <TextField className="min-w-56 flex-1" type="search" label={search.label} placeholder={search.placeholder} value={searchText} onChange={setSearchText} />
          )}
          {filters.map((filter) => (
            <SelectField
              key={filter.name}
              label={filter.label}
              options={filter.options}
              value={query.filters[filter.name] ?? ''}
              onChange={(value) => void collection.setQuery({ filters: { ...query.filters, [filter.name]: value } })}
            />
          ))}
          {/* What a search or filter found, read out: the list changing under the search box says
              nothing to whoever cannot see it. Always there (empty while nothing narrows the list),
              as a live region must be before its text changes. */}
          <p role="status" className="sr-only">
            {narrowed && status === 'loaded' ? (total === 0 ? collectionCopy.noMatch(collection.nouns) : collectionCopy.found(total, noun, collection.nouns)) : ''}
          </p>
        </div>
      )}

      {/* The toast goes after a few seconds: rows an earlier search, filter or page found must not pass
          for this one's. */}
      {status === 'failed' && items.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
          {loadFailure(collectionCopy.showingEarlier(collection.nouns))}
        </div>
      )}

      {status === 'failed' && items.length === 0 ? (
        <Card className="grid justify-items-center gap-4 py-10 text-center text-ink-700">{loadFailure(collectionCopy.loadFailed(collection.nouns))}</Card>
      ) : status !== 'loaded' && items.length === 0 ? (
        <p role="status" className="py-10 text-center text-ink-600">
          {collectionCopy.loading(collection.nouns)}
        </p>
      ) : items.length === 0 ? (
        <Card className="py-10 text-center text-ink-600">{emptyText}</Card>
      ) : (
        <ul className="grid gap-4" aria-label={listLabel} aria-busy={status === 'loading'} onFocus={(event) => (focusedInList.current = event.target)}>
          {items.map((item) => (
            <li key={item.id}>
              <Card className="flex flex-wrap items-start justify-between gap-4">
                {/* The text asks for 16rem before it shrinks: on a phone or at 400% zoom, where that
                    and the row's controls do not fit side by side, the controls wrap under the text
                    rather than squeeze it into a column a few letters wide. */}
                <div className="min-w-0 flex-[1_1_16rem] wrap-anywhere">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-display text-lg font-semibold text-ink-900">
                      {openItem ? (
                        <button
                          type="button"
                          className="text-left underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                          aria-label={openItem.label(item)}
                          onClick={() => openItem.onOpen(item)}
                        >
                          {itemTitle(item)}
                        </button>
                      ) : (
                        itemTitle(item)
                      )}
                    </h3>
                    {itemBadges?.(item)}
                  </div>
                  {itemDetails?.(item)}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {rowActions?.(item)}
                  {form && (
                    // An icon alone: its name, shown in a tooltip on hover or focus (as the toolbar's buttons do), says what it does.
                    <Tooltip label={collectionCopy.editItem(itemTitle(item))}>
                      <Button variant="neutral" size="sm" aria-label={collectionCopy.editItem(itemTitle(item))} onClick={() => editor.open(item)}>
                        <Icon body={icons.pencil} size={18} />
                      </Button>
                    </Tooltip>
                  )}
                  {deletable && (
                    <Tooltip label={collectionCopy.deleteItem(itemTitle(item))}>
                      <Button variant="neutral" size="sm" aria-label={collectionCopy.deleteItem(itemTitle(item))} onClick={() => editor.askDelete(item)}>
                        <Icon body={icons.trash} size={18} />
                      </Button>
                    </Tooltip>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label={collectionCopy.pagesLabel(listLabel)} className="flex items-center justify-center gap-4">
          <Button variant="neutral" size="sm" aria-disabled={query.page <= 1 || status === 'loading' || undefined} onClick={() => void turnPage(-1)}>
            {collectionCopy.previous}
          </Button>
          <p className="text-sm text-ink-700" aria-live="polite">
            {pageLabel(query.page, pages)}
          </p>
          <Button variant="neutral" size="sm" aria-disabled={query.page >= pages || status === 'loading' || undefined} onClick={() => void turnPage(1)}>
            {collectionCopy.next}
          </Button>
        </nav>
      )}

      {form && (
        <ConfirmDialog
          open={editor.discarding}
          title={collectionCopy.discardTitle}
          question={collectionCopy.discardQuestion(noun)}
          confirmLabel={collectionCopy.discard}
          onConfirm={editor.confirmDiscard}
          onCancel={editor.cancelDiscard}
        />
      )}

      {deletable && (
        <ConfirmDialog
          open={editor.deleting !== null}
          title={collectionCopy.deleteTitle(noun)}
          question={editor.deleting && deleteQuestion ? deleteQuestion(editor.deleting) : collectionCopy.deleteQuestion(noun)}
          confirmLabel={collectionCopy.delete}
          onConfirm={() => void editor.confirmDelete()}
          onCancel={editor.cancelDelete}
        />
      )}
    </div>
  );
}
