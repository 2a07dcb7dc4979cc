/** The 'Blog Articles' tab: the article collection on the generic tab. */
import { articleFormFields, type Article } from '../../schemas/article';
import { ARTICLES_PAGE_SIZE } from '../../lib/pagination';
import { createCollection } from './collection';
import CollectionTab from './CollectionTab';
import { Badge } from './ui';
import { articlesTabCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';
import { buttonClass } from '../../lib/button-styles';
import * as icons from '../../lib/icons/admin';
import { articleUrl } from '../../lib/permalinks';
import Icon from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';

/**
 * Paged like the Insights list: the server sends one page of the (maybe 10,000) articles at a
 * time, drafts included, which it answers to a signed-in admin only (401 otherwise).
 */
export const articles = createCollection<Article>({ url: API_PATHS.articles, nouns: articlesTabCopy.nouns, pageSize: ARTICLES_PAGE_SIZE, params: { drafts: 'include' } });

export default function ArticlesTab() {
  return (
    <CollectionTab
      collection={articles}
      heading={articlesTabCopy.heading}
      noun={articlesTabCopy.noun}
      listLabel={articlesTabCopy.listLabel}
      search={{ label: articlesTabCopy.searchLabel, placeholder: articlesTabCopy.searchPlaceholder }}
      rowActions={(a) => (
        // In a new tab, beside the panel and whatever it holds unsaved. A draft's page shows to a
        // signed-in admin only, marked as a preview. An icon alone, so its name shows in a tooltip
        // on hover or focus too.
        <Tooltip label={articlesTabCopy.viewPage(a.title, a.isPublished)}>
          <a href={articleUrl(a)} target="_blank" rel="noopener" className={buttonClass('neutral', 'sm')} aria-label={articlesTabCopy.viewPage(a.title, a.isPublished)}>
            <Icon body={icons.openPage} size={18} />
          </a>
        </Tooltip>
      )}
      form={{ fields: articleFormFields }}
      itemTitle={(a) => a.title}
      itemBadges={(a) => (
        <>
          {a.isFeatured && <Badge tone="accent">{articlesTabCopy.featured}</Badge>}
          {a.isPublished ? <Badge tone="success">{articlesTabCopy.published}</Badge> : <Badge tone="muted">{articlesTabCopy.draft}</Badge>}
        </>
      )}
      itemDetails={(a) => (
        <>
          <p className="mt-1 text-sm text-ink-700">{a.description}</p>
          <p className="mt-2 text-xs text-ink-600">
            {articlesTabCopy.byline(a.author, a.category, a.readTime)}
          </p>
          {a.tags.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={articlesTabCopy.tags}>
              {a.tags.map((tag) => (
                <li key={tag}>
                  <Badge tone="brand">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    />
  );
}
