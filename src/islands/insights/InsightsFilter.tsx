/**
 * The Insights category filter (spec 4, Insights filter): chips, the count line and the empty
 * states. The article cards themselves stay server-rendered .astro markup next to this island; each
 * carries `data-article-category`, and this island only toggles their `hidden` attribute. That
 * keeps the cards out of the island's props (no second copy of 200 cards in the page as JSON) and
 * means that without JavaScript every article still shows.
 *
 * Without JavaScript the chips are plain links to /insights?category=…, which the page filters on
 * the server; with it they filter in place and keep the address in step with history.replaceState.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';

export const ALL_CATEGORIES = 'All';
/** The attribute the server puts on each card; the island's only coupling to the page. */
export const CARD_CATEGORY_ATTRIBUTE = 'data-article-category';

interface Props {
  /** The five categories, in chip order (All is added first). */
  categories: readonly string[];
  /** How many listed articles each category has, with the total under All. */
  counts: Readonly<Record<string, number>>;
  /** What the server rendered for (from ?category=), so hydration matches. */
  initialCategory: string;
  /** The list page's path, for the chips' no-JavaScript links. */
  basePath: string;
}

export function categoryHref(basePath: string, category: string): string {
  return category === ALL_CATEGORIES ? basePath : `${basePath}?category=${encodeURIComponent(category)}`;
}

export function countLine(count: number, category: string): string {
  const noun = count === 1 ? 'article' : 'articles';
  return category === ALL_CATEGORIES ? `Showing ${count} ${noun}` : `${count} ${noun} in ${category}`;
}

/** The empty state (and its button) goes away on reset: keep keyboard focus on the filter. */
function focusAllChip() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-category-chip="${ALL_CATEGORIES}"]`)?.focus());
}

export default function InsightsFilter({ categories, counts, initialCategory, basePath }: Props) {
  const [active, setActive] = useState(initialCategory);
  const chips = useMemo(() => [ALL_CATEGORIES, ...categories], [categories]);
  const count = counts[active] ?? 0;

  // Show exactly the cards of the active category (exact match, as the spec says).
  useEffect(() => {
    for (const card of document.querySelectorAll<HTMLElement>(`[${CARD_CATEGORY_ATTRIBUTE}]`)) {
      card.hidden = active !== ALL_CATEGORIES && card.getAttribute(CARD_CATEGORY_ATTRIBUTE) !== active;
    }
  }, [active]);

  function choose(category: string, event?: MouseEvent<HTMLElement>) {
    // Let modified clicks (new tab, new window) follow the link as usual.
    if (event && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)) return;
    event?.preventDefault();
    setActive(category);
    window.history.replaceState(window.history.state, '', categoryHref(basePath, category));
  }

  return (
    <div>
      <nav aria-label="Filter articles by category">
        <ul className="flex flex-wrap gap-2">
          {chips.map((category) => {
            const isActive = category === active;
            return (
              <li key={category}>
                <a
                  href={categoryHref(basePath, category)}
                  onClick={(event) => choose(category, event)}
                  aria-current={isActive ? 'true' : undefined}
                  data-category-chip={category}
                  className={
                    'inline-flex items-center rounded-full border px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
                    (isActive
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-ink-200 bg-white text-ink-700 hover:border-brand-300 hover:bg-brand-50')
                  }
                >
                  {category}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <p className="mt-6 text-sm text-ink-600" aria-live="polite" data-testid="insights-count">
        {countLine(count, active)}
      </p>

      {count === 0 && (
        <div className="mt-8 rounded-card border border-dashed border-ink-300 bg-ink-50 px-6 py-14 text-center">
          <h2 className="font-display text-2xl font-semibold text-brand-900">
            {active === ALL_CATEGORIES ? 'No Articles Yet' : `No Articles in ${active}`}
          </h2>
          <p className="mx-auto mt-3 max-w-md text-ink-600">
            {active === ALL_CATEGORIES
              ? 'Our first insights are on their way. Check back soon.'
              : 'Nothing has been published in this category yet. Browse the rest of our insights in the meantime.'}
          </p>
          {active !== ALL_CATEGORIES && (
            <a
              href={categoryHref(basePath, ALL_CATEGORIES)}
              onClick={(event) => {
                choose(ALL_CATEGORIES, event);
                focusAllChip();
              }}
              // A link without JavaScript, a button with it: Space activates it like one.
              role="button"
              onKeyDown={(event) => {
                if (event.key === ' ') {
                  event.preventDefault();
                  choose(ALL_CATEGORIES);
                  focusAllChip();
                }
              }}
              className="mt-6 inline-flex items-center justify-center rounded-control bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Show All Articles
            </a>
          )}
        </div>
      )}
    </div>
  );
}
