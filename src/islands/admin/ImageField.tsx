/**
 * The article image (spec sections 4, 5 and 8): upload a file (checked here for type and size,
 * then by the server for its real bytes) or type a URL. Uploading asks for a signed URL, PUTs the
 * file to it, and keeps /objects/uploads/{last segment of that URL} as the image. A file larger than
 * one part goes as consecutive PUTs of parts with Content-Range (src/schemas/upload.ts says why).
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_PART_BYTES, formatContentRange, uploadParts } from '../../schemas/upload';
import { toast } from '../../stores/toasts';
import { Button, inputClass } from './ui';

interface Props {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

async function uploadImage(file: File): Promise<string> {
  const issued = await fetch('/api/objects/upload', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  if (!issued.ok) throw new Error('Failed to get upload URL');
  const { uploadURL } = (await issued.json()) as { uploadURL: string };
  if (file.size <= UPLOAD_PART_BYTES) {
    const stored = await fetch(uploadURL, { method: 'PUT', credentials: 'include', body: file, headers: { 'Content-Type': file.type } });
    if (!stored.ok) throw new Error('Failed to upload file');
  } else {
    // In order, one at a time: the server joins the parts when the last one arrives.
    for (const part of uploadParts(file.size)) {
      const stored = await fetch(uploadURL, {
        method: 'PUT',
        credentials: 'include',
        body: file.slice(part.start, part.end + 1, file.type),
        headers: { 'Content-Type': file.type, 'Content-Range': formatContentRange(part) },
      });
      if (!stored.ok) throw new Error(`Failed to upload file (part ${formatContentRange(part)}: ${stored.status})`);
    }
  }
  const name = new URL(uploadURL, window.location.origin).pathname.split('/').pop();
  return `/objects/uploads/${name}`;
}

export default function ImageField({ value, onChange, error }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [justUploaded, setJustUploaded] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: 'File too large', description: 'Please select an image smaller than 10MB', variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      setPreviewFailed(false);
      setJustUploaded(true);
      onChange(url);
      toast({ title: 'Image uploaded', description: 'Your image has been uploaded successfully' });
    } catch (err) {
      console.error('[admin] image upload failed', err);
      toast({ title: 'Upload failed', description: 'Failed to upload image. Please try again.', variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium text-ink-800">Image</legend>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          aria-label="Image file"
          tabIndex={-1}
          className="sr-only"
          onChange={onFile}
          disabled={uploading}
        />
        <Button variant="secondary" size="sm" disabled={uploading} onClick={() => fileInput.current?.click()}>
          {uploading ? 'Uploading...' : 'Upload Image'}
        </Button>
        <span className="text-xs text-ink-600">PNG, JPEG, GIF, WebP or AVIF, up to 10 MB</span>
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block text-xs font-medium text-ink-700">
          Or enter an image URL
        </label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          className={inputClass}
          value={value}
          onChange={(e) => {
            setJustUploaded(false);
            setPreviewFailed(false);
            onChange(e.target.value);
          }}
          placeholder="https://example.com/image.jpg"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          maxLength={2048}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700">
            {error}
          </p>
        )}
      </div>
      {value.trim() && (
        <div className="flex flex-wrap items-start gap-4 rounded-control border border-ink-200 bg-ink-50 p-3">
          {!previewFailed && (
            <img src={value} alt="Image preview" className="h-24 w-36 rounded-control object-cover" onError={() => setPreviewFailed(true)} />
          )}
          <div className="grid gap-2">
            <p role="status" className="text-sm font-medium text-success-700">
              {justUploaded ? 'Image uploaded and ready to be saved with the article.' : 'Image ready to be saved with the article.'}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setJustUploaded(false);
                onChange('');
              }}
            >
              Remove image
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
