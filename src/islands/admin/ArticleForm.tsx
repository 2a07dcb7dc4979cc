/**
 * The 'Create New Article' / 'Edit Article' form (spec sections 2, 4, 5 and 8). No required-field
 * checks here (spec section 5); the server validates with the same schema and its field issues
 * show beside the fields. publishedAt is the time of every save.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  DEFAULT_ARTICLE_AUTHOR,
  DEFAULT_ARTICLE_CATEGORY,
  META_DESCRIPTION_HINT,
  META_TITLE_HINT,
  splitTags,
  type Article,
  type ArticleCategory,
  type ArticleInput,
} from '../../schemas/article';
import { toast } from '../../stores/toasts';
import { ApiError, adminPost, adminPut } from './admin-api';
import RichTextEditor from './editor/RichTextEditor';
import ImageField from './ImageField';
import { Button, Card, Field, Toggle, inputClass } from './ui';

interface Values {
  title: string;
  description: string;
  content: string;
  author: string;
  category: ArticleCategory;
  imageUrl: string;
  youtubeUrl: string;
  readTime: string;
  metaTitle: string;
  metaDescription: string;
  tags: string;
  slug: string;
  isFeatured: boolean;
  isPublished: boolean;
}

/** Spec section 9 defaults: author Admin, Thought Leadership, published, not featured. */
const blank: Values = {
  title: '',
  description: '',
  content: '',
  author: DEFAULT_ARTICLE_AUTHOR,
  category: DEFAULT_ARTICLE_CATEGORY,
  imageUrl: '',
  youtubeUrl: '',
  readTime: '',
  metaTitle: '',
  metaDescription: '',
  tags: '',
  slug: '',
  isFeatured: false,
  isPublished: true,
};

function fromArticle(a: Article): Values {
  return {
    title: a.title,
    description: a.description,
    content: a.content ?? '',
    author: a.author,
    category: a.category,
    imageUrl: a.imageUrl ?? '',
    youtubeUrl: a.youtubeUrl ?? '',
    readTime: a.readTime,
    metaTitle: a.metaTitle ?? '',
    metaDescription: a.metaDescription ?? '',
    tags: a.tags.join(', '),
    slug: a.slug ?? '',
    isFeatured: a.isFeatured,
    isPublished: a.isPublished,
  };
}

interface Props {
  /** The article being edited, or null to create one. */
  article: Article | null;
  onSaved: () => void;
  onCancel: () => void;
}

export default function ArticleForm({ article, onSaved, onCancel }: Props) {
  const contentLabelId = useId();
  const [values, setValues] = useState<Values>(() => (article ? fromArticle(article) : blank));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const editing = article !== null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (issues[key]) setIssues(({ [key]: _, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const payload: ArticleInput = { ...values, tags: splitTags(values.tags), publishedAt: new Date().toISOString() };
    setSaving(true);
    try {
      if (editing) await adminPut(`/api/articles/${article.id}`, payload);
      else await adminPost('/api/articles', payload);
      toast({ title: editing ? 'Article updated' : 'Article created', description: 'Changes saved successfully' });
      onSaved();
    } catch (err) {
      console.error('[admin] saving the article failed', err);
      if (err instanceof ApiError) setIssues(err.fieldIssues);
      toast({ title: 'Error saving article', description: 'Please try again', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const text = (key: 'title' | 'author' | 'youtubeUrl' | 'readTime' | 'metaTitle' | 'slug', label: string, o: { placeholder?: string; max: number; hint?: string }) => (
    <Field label={label} error={issues[key]} hint={o.hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="text"
          className={inputClass}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          placeholder={o.placeholder}
          maxLength={o.max}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  return (
    <Card>
      <h3 className="font-display text-xl font-semibold text-brand-900">{editing ? 'Edit Article' : 'Create New Article'}</h3>
      <form onSubmit={onSubmit} className="mt-5 grid gap-5" aria-busy={saving} noValidate>
        {text('title', 'Title', { placeholder: 'Article title', max: ARTICLE_LIMITS.title })}
        <Field label="Description" error={issues.description}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              className={inputClass}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder="A short summary shown in the article list"
              maxLength={ARTICLE_LIMITS.description}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <div>
          <p id={contentLabelId} className="mb-1.5 text-sm font-medium text-ink-800">
            Content
          </p>
          <RichTextEditor initialHtml={values.content} onChange={(html) => set('content', html)} labelledBy={contentLabelId} />
          {issues.content && <p className="mt-1 text-sm font-medium text-danger-700">{issues.content}</p>}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('author', 'Author', { placeholder: DEFAULT_ARTICLE_AUTHOR, max: ARTICLE_LIMITS.author })}
          <Field label="Category" error={issues.category}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                className={inputClass}
                value={values.category}
                onChange={(e) => set('category', e.target.value as ArticleCategory)}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              >
                {ARTICLE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <ImageField value={values.imageUrl} onChange={(url) => set('imageUrl', url)} error={issues.imageUrl} />
        <div className="grid gap-5 sm:grid-cols-2">
          {text('youtubeUrl', 'Video URL', { placeholder: 'https://www.youtube.com/watch?v=...', max: ARTICLE_LIMITS.url })}
          {text('readTime', 'Read Time', { placeholder: '5 min read', max: ARTICLE_LIMITS.readTime })}
        </div>
        {text('metaTitle', 'Meta Title', { placeholder: `SEO title (${META_TITLE_HINT} characters recommended)`, max: ARTICLE_LIMITS.metaTitle })}
        <Field label="Meta Description" error={issues.metaDescription}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              className={inputClass}
              value={values.metaDescription}
              onChange={(e) => set('metaDescription', e.target.value)}
              placeholder={`SEO description (${META_DESCRIPTION_HINT} characters recommended)`}
              maxLength={ARTICLE_LIMITS.metaDescription}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Tags" error={issues.tags} hint="Separate tags with commas">
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="text"
                className={inputClass}
                value={values.tags}
                onChange={(e) => set('tags', e.target.value)}
                placeholder="strategy, growth, branding"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          {text('slug', 'Slug', { placeholder: 'url-friendly-title', max: ARTICLE_LIMITS.slug })}
        </div>
        <div className="flex flex-wrap gap-8">
          <Toggle label="Featured" checked={values.isFeatured} onChange={(v) => set('isFeatured', v)} />
          <Toggle label="Published" checked={values.isPublished} onChange={(v) => set('isPublished', v)} />
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-ink-200 pt-5">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Article' : 'Create Article'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
