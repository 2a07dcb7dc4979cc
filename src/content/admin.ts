import { REMOTE_IMAGE_HOSTS } from '../lib/remote-images';
import { articlePage } from './insights';

/** The words of the /admin page: the shell around the panel, then the panel's own (the Enquiries and Subscribers tabs' are in leads.ts). */
export const adminPage = {
  title: 'Admin',
  description: 'Content management for site administrators.',
  noScript: 'The admin panel needs JavaScript.',
} as const;

/** The admin panel's own words: cards, dialogs, toasts and controls, by where they appear. */
export const signInCopy = {
  title: 'Admin Access',
  lead: "Sign in to manage the site's articles and services.",
  username: 'Username',
  password: 'Password',
  submit: 'Access Admin Panel',
  forgotPassword: 'Forgot Password?',
  granted: { title: 'Access granted', description: 'Welcome to the admin panel' },
  refused: { title: 'Access denied', description: 'Invalid credentials' },
  unreachable: { title: 'Login failed', description: 'Unable to connect to server. Check console for details.' },
} as const;

export const resetPasswordCopy = {
  title: 'Reset Password',
  disabledNote: 'The email service is not configured, so password reset is currently disabled.',
  email: 'Email',
  submit: 'Send Reset Email (Disabled)',
  cancel: 'Cancel',
} as const;

export const changePasswordCopy = {
  open: 'Change Password',
  title: 'Change Password',
  description: 'Every other signed-in session ends when the password changes.',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  newPasswordHint: 'Common and breached passwords are refused.',
  newPasswordPlaceholder: (min: number) => `Min ${min} characters`,
  cancel: 'Cancel',
  submit: 'Change Password',
  changed: { title: 'Password changed successfully', description: 'Your password has been updated' },
  refused: { title: 'Change failed', description: 'Invalid current password' },
  unreachable: { title: 'Change failed', description: 'Unable to connect to server' },
} as const;

export const imageFieldCopy = {
  fileInput: 'Image file',
  upload: 'Upload Image',
  uploading: 'Uploading...',
  accepted: 'PNG, JPEG, GIF, WebP or AVIF, up to 10 MB',
  urlLabel: 'Or enter an image URL',
  urlPlaceholder: `https://${REMOTE_IMAGE_HOSTS[0]}/...`,
  urlHint: `An image on ${REMOTE_IMAGE_HOSTS.join(' or ')}, or a path on this site`,
  preview: 'Image preview',
  ready: (noun: string, justUploaded: boolean) =>
    justUploaded ? `Image uploaded and ready to be saved with the ${noun}.` : `Image ready to be saved with the ${noun}.`,
  remove: 'Remove image',
  deleteFile: 'Delete image file',
  confirmDelete: {
    title: 'Delete image file?',
    question: 'The uploaded file is deleted from the site for good. An image that an article uses cannot be deleted.',
    confirm: 'Delete',
  },
  deleted: { title: 'Image deleted', description: 'The image file has been deleted' },
  deleteFailed: { title: 'Delete failed', description: 'Failed to delete the image. Please try again.' },
  notAnImage: { title: 'Invalid file type', description: 'Please select an image file' },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 10MB' },
  uploaded: { title: 'Image uploaded', description: 'Your image has been uploaded successfully' },
  uploadFailed: { title: 'Upload failed', description: 'Failed to upload image. Please try again.' },
} as const;

export const videoFieldCopy = {
  /** Beside an article's Video URL that its page would show as invalid rather than play. */
  notEmbeddable: `Only a YouTube watch, youtu.be or embed address can be shown (not a Shorts or live link): the article will show '${articlePage.invalidVideo}' in place of the video`,
};

export const editorCopy = {
  heading: (level: 1 | 2 | 3) => `Heading ${level}`,
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  numberedList: 'Numbered list',
  bulletedList: 'Bulleted list',
  link: 'Link',
  removeLink: 'Remove link',
  clearFormatting: 'Clear formatting',
  /** The toolbar's accessible name. */
  toolbar: 'Formatting',
  /** Shown in the empty body. */
  placeholder: 'Write the article...',
  linkUrl: 'Link URL',
  applyLink: 'Apply link',
  cancel: 'Cancel',
  badLink: 'Links must start with http://, https://, mailto: or tel:',
  /** A paste or drop whose pictures the body cannot keep (it holds no images; its words are kept). */
  picturesLeftOut: { title: 'Images are not kept in the text', description: "Add the article's picture with the Image field." },
  /** Files pasted or dropped on the body, any of them no picture (a PDF, a Word document): nothing of them is added. */
  filesLeftOut: { title: 'Files are not kept in the text', description: "Paste the words themselves; the article's picture goes in the Image field." },
} as const;

export const dashboardCopy = {
  checkingSession: 'Checking your session...',
  /** The session check got no answer, or a failure that is not 'signed out' (the database down). */
  sessionUnavailable: 'Your session could not be checked: the service is temporarily unavailable.',
  retrySession: 'Try again',
  title: 'Content Management System',
  lead: 'Manage your website content: articles, services and more.',
  welcome: 'Welcome,',
  fallbackName: 'Admin',
  logout: 'Logout',
  tabsLabel: 'Content',
  tabs: {
    articles: 'Articles',
    services: 'Services',
    packages: 'Packages',
    team: 'Team',
    stats: 'Stats',
    siteContent: 'Site Content',
  },
  /**
   * The tabs whose data loads but has no editor yet: what their lists are called in a failed load's
   * message, and what their Coming Soon placeholder names.
   */
  comingSoon: {
    packages: { nouns: 'packages', what: 'Package' },
    team: { nouns: 'team members', what: 'Team' },
    stats: { nouns: 'company stats', what: 'Stats' },
    siteContent: { nouns: 'site content', what: 'Site content' },
  },
} as const;

/** 'article' → 'Article': each noun is written once, lower case, and capitalised here for titles and buttons. */
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The generic collection tab and its schema-driven form, for any noun ('article', 'service'). */
export const collectionCopy = {
  /** The form's heading: 'Create New Article', 'Edit Article'. */
  formTitle: (noun: string, editing: boolean) => (editing ? `Edit ${capitalise(noun)}` : `Create New ${capitalise(noun)}`),
  newItem: (noun: string) => `New ${capitalise(noun)}`,
  /** The accessible names of a row's buttons, by the item's title. */
  editItem: (title: string) => `Edit ${title}`,
  deleteItem: (title: string) => `Delete ${title}`,
  findLabel: (nouns: string) => `Find ${nouns}`,
  loading: (nouns: string) => `Loading ${nouns}...`,
  /** An empty list: none match the search or filters; none at all, with or without a form to create one. */
  noMatch: (nouns: string) => `No ${nouns} match.`,
  /** A search's or filter's outcome, read out as the list changes. */
  found: (total: number, noun: string, nouns: string) => `${total} ${total === 1 ? noun : nouns} found`,
  empty: (nouns: string) => `No ${nouns} yet.`,
  emptyCreate: (nouns: string, noun: string) => `No ${nouns} yet. Create your first ${noun} to get started.`,
  previous: 'Previous',
  next: 'Next',
  pagesLabel: (list: string) => `${list} pages`,
  deleteTitle: (noun: string) => `Delete ${noun}`,
  deleteQuestion: (noun: string) => `Are you sure you want to delete this ${noun}?`,
  delete: 'Delete',
  cancel: 'Cancel',
  saving: 'Saving...',
  create: (noun: string) => `Create ${capitalise(noun)}`,
  update: (noun: string) => `Update ${capitalise(noun)}`,
  saved: (noun: string, editing: boolean) => ({ title: `${capitalise(noun)} ${editing ? 'updated' : 'created'}`, description: 'Changes saved successfully' }),
  saveFailed: (noun: string, reason = 'Please try again') => ({ title: `Error saving ${noun}`, description: reason }),
  /**
   * An edit's save refused because another admin saved the item after the form was opened; the
   * form now stands on their version, their values in the fields this admin had not changed, so the
   * next press replaces the rest knowingly.
   */
  savedSinceOpened: (noun: string) =>
    `Someone else saved this ${noun} after you opened it. Their changes are now in the fields you had not changed, and what you typed is still in the form: press Update ${capitalise(noun)} again to save it over their change, or Cancel to keep theirs.`,
  /**
   * A create refused because an earlier press of this form stored the item (its answer lost), and
   * the content has changed since: the form now edits that item, keeping what was typed.
   */
  createdBefore: (noun: string) => ({
    title: `${capitalise(noun)} already created`,
    description: `Your first press of Create ${capitalise(noun)} stored this ${noun}, though its answer was lost. The form now edits that ${noun}, with what you typed still in it: press Update ${capitalise(noun)} to save your changes to it, or Cancel to keep it as first stored.`,
  }),
  /** An edit's save refused because another admin deleted the item after the form was opened. */
  deletedSinceOpened: (noun: string) =>
    `Someone else deleted this ${noun} after you opened it, so it cannot be updated. What you typed is still in the form: press Create ${capitalise(noun)} to save it as a new ${noun}, or Cancel to drop it.`,
  exportFailed: { title: 'Export failed', description: 'The export could not be started just now. Please try again.' },
  loadFailed: (nouns: string) => `The ${nouns} could not be loaded.`,
  /** A load that failed while the list still shows what an earlier one found (another search, filter or page). */
  showingEarlier: (nouns: string) => `The ${nouns} for this search could not be loaded: the list below is from before.`,
  loadFailedToast: (nouns: string) => ({ title: `Error loading ${nouns}`, description: `Failed to fetch ${nouns}` }),
  deleted: (noun: string) => ({ title: `${capitalise(noun)} deleted` }),
  deleteFailed: (noun: string) => ({ title: `Error deleting ${noun}` }),
  retry: 'Retry',
  discardTitle: 'Discard changes?',
  discardQuestion: (noun: string) => `Your changes to this ${noun} have not been saved. They will be lost.`,
  discard: 'Discard changes',
} as const;

/** Over the panel when the server has ended the session (it expired, or a password change ended it). */
export const sessionEndedCopy = {
  title: 'Sign in again',
  description: 'Your session has ended. Sign in again to carry on: everything you have typed is still here.',
  submit: 'Sign In',
  signOut: 'Logout',
  /**
   * After signing in again: what was pressed as the session ended and is not done (each `notDone`
   * sentence below), or, when nothing was (an upload, an export or a status change goes on by
   * itself once signed in), that the panel carries on.
   */
  signedInAgain: (notDone: readonly string[]) => ({
    title: 'Signed in again',
    description: notDone.length > 0 ? notDone.join(' ') : 'Everything you were doing carries on.',
  }),
  notSaved: (noun: string) => `The ${noun} was not saved: save it again to keep your changes.`,
  notDeleted: (what: string) => `The ${what} was not deleted: delete it again if you still mean to.`,
  passwordNotChanged: 'Your password was not changed: change it again.',
  /** A lead's message not put back in the outbox: in the words of its tab ('Could not send the notice again', 'Send notice again'). */
  notResent: (failed: string, button: string) => `${failed}: press ${button} once more.`,
} as const;

/** Every yes/no question before something irreversible (ConfirmDialog): the button that answers no. */
export const confirmDialogCopy = {
  cancel: 'Cancel',
} as const;

/** Logout while a form holds unsaved changes. */
export const logoutCopy = {
  title: 'Logout and discard changes?',
  question: 'A form holds changes that have not been saved. They will be lost.',
  confirm: 'Logout',
  failed: { title: 'Logout failed', description: 'The server did not confirm the logout, so the session may still be open. Please try again.' },
} as const;

export const articlesTabCopy = {
  heading: 'Blog Articles',
  noun: 'article',
  nouns: 'articles',
  listLabel: 'Articles',
  featured: 'Featured',
  published: 'Published',
  draft: 'Draft',
  byline: (author: string, category: string, readTime: string) => `By ${author || 'Admin'} · ${category} · ${readTime}`,
  tags: 'Tags',
  /** The row link to the article's page: a draft's is a preview only admins can open. */
  viewPage: (title: string, published: boolean) => (published ? `View ${title} on the site` : `Preview ${title}`),
  searchLabel: 'Search articles',
  searchPlaceholder: 'Title, description, author or slug',
} as const;

export const servicesTabCopy = {
  heading: 'Services Management',
  noun: 'service',
  nouns: 'services',
  listLabel: 'Services',
  active: 'Active',
  inactive: 'Inactive',
  summary: (icon: string, features: number, sortOrder: number) =>
    `Icon: ${icon} · ${features} ${features === 1 ? 'feature' : 'features'} · Sort order: ${sortOrder}`,
} as const;

/** A tab whose data loads but whose editor is not built yet. */
export const comingSoonCopy = {
  heading: 'Coming Soon',
  text: (what: string) => `${what} management is on its way.`,
} as const;
