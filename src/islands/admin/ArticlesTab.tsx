/** The 'Blog Articles' tab (spec section 2): New Article, the form, and the list with edit and delete. */
import { useStore } from '@nanostores/react';
import type { Article } from '../../schemas/article';
import { $collections } from './admin-store';
import ArticleForm from './ArticleForm';
import ConfirmDialog from './ConfirmDialog';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import { Badge, Button, Card } from './ui';
import { useCollectionEditor } from './use-collection-editor';

export default function ArticlesTab() {
  const { status, items } = useStore($collections).articles;
  const editor = useCollectionEditor<Article>('articles', 'article');

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold text-brand-900">Blog Articles</h2>
        <Button onClick={() => editor.open(null)}>
          <PlusIcon />
          New Article
        </Button>
      </div>

      {editor.form && (
        <ArticleForm key={editor.form.key} article={editor.form.item} onCancel={editor.close} onSaved={editor.saved} />
      )}

      {status !== 'loaded' && items.length === 0 ? (
        <p role="status" className="py-10 text-center text-ink-600">
          Loading articles...
        </p>
      ) : items.length === 0 ? (
        <Card className="py-10 text-center text-ink-600">No articles yet. Create your first article to get started.</Card>
      ) : (
        <ul className="grid gap-4" aria-label="Articles">
          {items.map((a) => (
            <li key={a.id}>
              <Card className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-display text-lg font-semibold text-ink-900">{a.title}</h3>
                    {a.isFeatured && <Badge tone="accent">Featured</Badge>}
                    {a.isPublished ? <Badge tone="success">Published</Badge> : <Badge tone="muted">Draft</Badge>}
                  </div>
                  <p className="mt-1 text-sm text-ink-700">{a.description}</p>
                  <p className="mt-2 text-xs text-ink-600">
                    By {a.author || 'Admin'} · {a.category} · {a.readTime}
                  </p>
                  {a.tags.length > 0 && (
                    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
                      {a.tags.map((tag) => (
                        <li key={tag}>
                          <Badge tone="brand">{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" aria-label={`Edit ${a.title}`} onClick={() => editor.open(a)}>
                    <PencilIcon />
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Delete ${a.title}`} onClick={() => editor.askDelete(a)}>
                    <TrashIcon />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={editor.deleting !== null}
        title="Delete article"
        question="Are you sure you want to delete this article?"
        confirmLabel="Delete"
        onConfirm={() => void editor.confirmDelete()}
        onCancel={editor.cancelDelete}
      />
    </div>
  );
}
