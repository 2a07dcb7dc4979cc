/**
 * The service schema: the admin panel's service form and POST/PUT /api/services validate with it.
 * Imports zod and the service icon names only.
 */
import { z } from 'zod';
import { SERVICE_ICON_NAMES } from '../lib/icons/service-icons';
import { blankIfInvisible, isSingleLine, ONE_LINE, requiredLine, requiredText, plainLine, storableText } from './fields';
import { openedAtField } from './opened-at';
import { submissionIdField } from './submission-id';
import { characterCount, tooLong } from './text-limits';
import type { FieldsCover, FormField } from './form-fields';

const SERVICE_LIMITS = {
  title: 200,
  description: 2000,
  icon: 100,
  feature: 300,
  features: 30,
  sortOrder: 1_000_000,
} as const;

export const serviceSchema = z.object({
  title: requiredLine(SERVICE_LIMITS.title),
  description: requiredText(SERVICE_LIMITS.description),
  /** An icon name, e.g. 'target'. */
  icon: z.pipe(requiredLine(SERVICE_LIMITS.icon), z.enum(SERVICE_ICON_NAMES, { error: `Icon must be one of: ${SERVICE_ICON_NAMES.join(', ')}` })),
  features: z
    // Each feature is one line of the form's box, held as the other one-line fields are (no control
    // characters or ones that reorder the text after them, no line break, which would come back as two).
    .array(z.string().check(plainLine).trim().check(blankIfInvisible, storableText), { error: 'Features must be a list' })
    .max(SERVICE_LIMITS.features, `At most ${SERVICE_LIMITS.features} features`)
    // The feature at fault is named: the form holds them one a line, and a bare message beside
    // thirty lines would not say which one to change.
    .superRefine((features, ctx) =>
      features.forEach((feature, i) => {
        const problem = characterCount(feature) > SERVICE_LIMITS.feature ? tooLong(SERVICE_LIMITS.feature) : isSingleLine(feature) ? null : ONE_LINE;
        if (problem) ctx.addIssue({ code: 'custom', path: [i], message: `Feature ${i + 1}: ${problem}` });
      }),
    )
    .transform((features) => features.filter(Boolean)),
  isActive: z.boolean().default(true),
  sortOrder: z
    .number({ error: 'Sort order must be a whole number' })
    .int('Sort order must be a whole number')
    .min(-SERVICE_LIMITS.sortOrder, `Sort order must be at least -${SERVICE_LIMITS.sortOrder}`)
    .max(SERVICE_LIMITS.sortOrder, `Sort order must be at most ${SERVICE_LIMITS.sortOrder}`)
    .default(0),
});

/** POST /api/services: the service, and the `submissionId` of the form that creates it (submission-id.ts). */
export const serviceCreateSchema = serviceSchema.extend({ submissionId: submissionIdField });

/** PUT /api/services/:id: the service, and the `updatedAt` its edit was opened at (opened-at.ts). */
export const serviceUpdateSchema = serviceSchema.extend({ updatedAt: openedAtField });

export type ServiceInput = z.input<typeof serviceSchema>;
export type ServiceValues = z.infer<typeof serviceSchema>;
/** What the server stores from a create: the service, and its form's key when it sent one. */
export type ServiceCreateValues = z.infer<typeof serviceCreateSchema>;

/**
 * A service as the API answers it: the stored values plus the server's fields. Its icon is any
 * text: a row written before the icon list may hold another name (saving it again asks for one).
 */
export type Service = Omit<ServiceValues, 'icon'> & {
  icon: string;
  id: number;
  updatedAt: string;
};

/** The service form, in order. A sort order that is not a whole number is sent as 0. */
export const serviceFormFields = [
  { name: 'title', label: 'Title', kind: 'text', maxLength: SERVICE_LIMITS.title },
  { name: 'description', label: 'Description', kind: 'textarea', rows: 3, maxLength: SERVICE_LIMITS.description },
  {
    name: 'icon',
    label: 'Icon Name',
    kind: 'text',
    hint: `The icon shown with the service: ${SERVICE_ICON_NAMES.join(', ')}`,
    placeholder: 'target',
    maxLength: SERVICE_LIMITS.icon,
    suggestions: SERVICE_ICON_NAMES,
    half: true,
  },
  { name: 'sortOrder', label: 'Sort Order', kind: 'integer', initial: 0, half: true },
  { name: 'features', label: 'Features (one per line)', kind: 'list', separator: 'line', rows: 5 },
  { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
] as const satisfies readonly FormField<keyof ServiceInput>[];

true satisfies FieldsCover<ServiceInput, typeof serviceFormFields>;
