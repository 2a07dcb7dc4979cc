/**
 * An image field (the article image): upload a file (checked here for type and size, then by the
 * server for its real bytes) or type a URL. Uploading asks for a signed URL, PUTs the
 * file to it, and keeps the path the server answers, /objects/uploads/{last segment of that URL}. A file larger than
 * one part goes as consecutive PUTs of parts with Content-Range (src/schemas/upload.ts says why).
 * An uploaded image no article uses can be deleted from storage here too (the server refuses, and
 * says which article, while one does). An upload the session ended under goes up once the admin has
 * signed in again, the field uploading meanwhile: they chose the image, and choosing it again is
 * nothing they would know to do.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ApiError, api, describeFailure } from '../../lib/api-client';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_PART_BYTES,
  formatContentRange,
  uploadParts,
  uploadedObjectName,
  type StoredImage,
} from '../../schemas/upload';
import { uploadTargetPath } from '../../lib/api-paths';
import { toast } from '../../stores/toasts';
import { ARTICLE_IMAGE_URL_REFUSED, isArticleImageUrl } from '../../schemas/article';
import ConfirmDialog from './ConfirmDialog';
import { TextField } from './fields';
import { endedSession, onceSignedInAgain } from './session';
import { Button } from './ui';
import { imageFieldCopy, sessionEndedCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';

interface Props {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** What the image is saved with: 'article'. */
  noun: string;
  className?: string;
  /** Told when an upload starts and when it ends, however it ends. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** A PUT the server refused for a reason the admin can act on (a 4xx): its own message and status. */
class UploadRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** The failure of a PUT: UploadRefused with the server's message for a 4xx, a plain Error otherwise. */
function uploadFailure(what: string) {
  return (err: unknown): never => {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMessage) throw new UploadRefused(err.serverMessage, err.status);
    throw new Error(what, { cause: err });
  };
}

/**
 * Whether the session has ended (the panel then asks for the password again). An upload URL is
 * refused (401) once the session it was issued in has ended, by a logout or a password change in
 * another tab; it is refused too once its own ten minutes are over, when the session may be fine.
 */
async function sessionHasEnded(): Promise<boolean> {
  try {
    await api.get(API_PATHS.me);
    return false;
  } catch (err) {
    return endedSession(err);
  }
}

/** The stored image's path, as the last PUT answers it. */
async function uploadImage(file: File): Promise<string> {
  const { uploadURL } = await api.post<{ uploadURL: string }>(API_PATHS.upload).catch((err: unknown) => {
    throw new Error('Failed to get upload URL', { cause: err });
  });
  if (file.size <= UPLOAD_PART_BYTES) {
    const stored = await api.putBytes<StoredImage>(uploadURL, file, { 'Content-Type': file.type }).catch(uploadFailure('Failed to upload file'));
    return stored.objectPath;
  }
  // In order, one at a time: the server joins the parts when the last one arrives, and answers
  // with the stored image then.
  let stored: Partial<StoredImage> = {};
  for (const part of uploadParts(file.size)) {
    const range = formatContentRange(part);
    stored = await api
      .putBytes<Partial<StoredImage>>(uploadURL, file.slice(part.start, part.end + 1, file.type), { 'Content-Type': file.type, 'Content-Range': range })
      .catch(uploadFailure(`Failed to upload file (part ${range})`));
  }
  if (!stored.objectPath) throw new Error('The last part was not answered with the stored image');
  return stored.objectPath;
}

export default function ImageField({ label, value, onChange, error, noun, className = '', onUploadingChange }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  // The form can be discarded while an upload runs: its outcome then belongs to no form, and a
  // toast saying the image was uploaded would speak of an image nothing will save.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const [justUploaded, setJustUploaded] = useState(false);
  const [previewFailed, setPreviewFailed] = useState(false);
  // An address the article could not show (another host, not https) is refused beside the field
  // once the admin leaves it, as saving would refuse it, and never previewed: the browser fetches
  // nothing from a host the site does not take images from.
  const [urlLeft, setUrlLeft] = useState(false);
  const typed = value.trim() !== '';
  const showable = isArticleImageUrl(value.trim());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const uploadedName = uploadedObjectName(value);

  // Removing or deleting the image takes its preview away, and with it the button that had the
  // focus: the focus goes to the URL field, where another image is given, rather than to the top
  // of the document. A focus the admin has moved elsewhere meanwhile stays where it is.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const previewBox = useRef<HTMLDivElement>(null);
  function imageGone() {
    const active = document.activeElement;
    const focusGoes = !active || active === document.body || Boolean(previewBox.current?.contains(active));
    onChange('');
    if (focusGoes) fieldset.current?.querySelector<HTMLInputElement>('input[inputmode="url"]')?.focus();
  }

  async function deleteUploaded() {
    setConfirmingDelete(false);
    try {
      await api.delete(uploadTargetPath(uploadedName!));
      setJustUploaded(false);
      imageGone();
      toast(imageFieldCopy.deleted);
    } catch (err) {
      if (endedSession(err, sessionEndedCopy.notDeleted('image file'))) return;
      if (!(err instanceof ApiError)) console.error('[admin] image delete failed', err);
      toast({ ...imageFieldCopy.deleteFailed, description: describeFailure(err, imageFieldCopy.deleteFailed.description), variant: 'destructive' });
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ ...imageFieldCopy.notAnImage, variant: 'destructive' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ ...imageFieldCopy.tooLarge, variant: 'destructive' });
      return;
    }
    await upload(file);
  }

  async function upload(file: File) {
    setUploading(true);
    // Left uploading while the panel asks for the password: the image is still on its way.
    let resumes = false;
    try {
      const url = await uploadImage(file);
      if (!open.current) return;
      setPreviewFailed(false);
      setJustUploaded(true);
      onChange(url);
      toast(imageFieldCopy.uploaded);
    } catch (err) {
      if (!open.current) return;
      // The upload URL is asked for with the session: an ended one asks for the password again, and
      // the same file goes up once it is given.
      const ended = endedSession(err instanceof Error ? err.cause : err) || (err instanceof UploadRefused && err.status === 401 && (await sessionHasEnded()));
      if (ended) {
        resumes = true;
        onceSignedInAgain(() => {
          if (open.current) void upload(file);
        });
        return;
      }
      console.error('[admin] image upload failed', err);
      // A refusal says why (a file that is not really an image, too large); anything else, try again.
      const description = err instanceof UploadRefused ? err.message : imageFieldCopy.uploadFailed.description;
      toast({ ...imageFieldCopy.uploadFailed, description, variant: 'destructive' });
    } finally {
      if (!resumes) setUploading(false);
    }
  }

  return (
    <fieldset ref={fieldset} className={`grid gap-3 ${className}`}>
      <legend className="mb-1.5 text-sm font-medium text-ink-800">{label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          aria-label={imageFieldCopy.fileInput}
          tabIndex={-1}
          className="sr-only"
          onChange={onFile}
          disabled={uploading}
        />
        <Button variant="neutral" size="sm" pending={uploading} onClick={() => !uploading && fileInput.current?.click()}>
          {uploading ? imageFieldCopy.uploading : imageFieldCopy.upload}
        </Button>
        <span className="text-xs text-ink-600">{imageFieldCopy.accepted}</span>
      </div>
      <TextField
        label={imageFieldCopy.urlLabel}
        type="text"
        inputMode="url"
        value={value}
        onChange={(url) => {
          setJustUploaded(false);
          setPreviewFailed(false);
          setUrlLeft(false);
          onChange(url);
        }}
        onBlur={() => setUrlLeft(true)}
        placeholder={imageFieldCopy.urlPlaceholder}
        hint={imageFieldCopy.urlHint}
        error={error ?? (urlLeft && typed && !showable ? ARTICLE_IMAGE_URL_REFUSED : undefined)}
      />
      {typed && showable && (
        <div ref={previewBox} className="flex flex-wrap items-start gap-4 rounded-control border border-ink-200 bg-ink-50 p-3">
          {!previewFailed && (
            <img src={value} alt={imageFieldCopy.preview} className="h-24 w-36 rounded-control object-cover" onError={() => setPreviewFailed(true)} />
          )}
          <div className="grid gap-2">
            {/* Not while the server's refusal of this address shows beside the field. */}
            {!error && (
              <p role="status" className="text-sm font-medium text-success-700">
                {imageFieldCopy.ready(noun, justUploaded)}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="neutral"
                size="sm"
                onClick={() => {
                  setJustUploaded(false);
                  imageGone();
                }}
              >
                {imageFieldCopy.remove}
              </Button>
              {uploadedName && (
                <Button variant="danger" size="sm" onClick={() => setConfirmingDelete(true)}>
                  {imageFieldCopy.deleteFile}
                </Button>
              )}
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title={imageFieldCopy.confirmDelete.title}
        question={imageFieldCopy.confirmDelete.question}
        confirmLabel={imageFieldCopy.confirmDelete.confirm}
        onConfirm={deleteUploaded}
        onCancel={() => setConfirmingDelete(false)}
      />
    </fieldset>
  );
}
