/**
 * The service schema: the admin panel's service form and POST/PUT /api/services validate with it
 * (spec sections 3, 5 and 7). Imports zod only.
 */
import { z } from 'zod';
import { requiredText, tooLong } from './fields';

export const SERVICE_LIMITS = {
  title: 200,
  description: 2000,
  icon: 100,
  feature: 300,
  features: 30,
  sortOrder: 1_000_000,
} as const;

export const serviceSchema = z.object({
  title: requiredText(SERVICE_LIMITS.title),
  description: requiredText(SERVICE_LIMITS.description),
  /** An icon name, e.g. 'target'. */
  icon: requiredText(SERVICE_LIMITS.icon),
  features: z
    .array(z.string().trim().max(SERVICE_LIMITS.feature, tooLong(SERVICE_LIMITS.feature)), { error: 'Features must be a list' })
    .max(SERVICE_LIMITS.features, `At most ${SERVICE_LIMITS.features} features`)
    .transform((features) => features.filter(Boolean)),
  isActive: z.boolean().default(true),
  sortOrder: z
    .number({ error: 'Sort order must be a whole number' })
    .int('Sort order must be a whole number')
    .min(-SERVICE_LIMITS.sortOrder, `Sort order must be at least -${SERVICE_LIMITS.sortOrder}`)
    .max(SERVICE_LIMITS.sortOrder, `Sort order must be at most ${SERVICE_LIMITS.sortOrder}`)
    .default(0),
});

export type ServiceInput = z.input<typeof serviceSchema>;
export type ServiceValues = z.infer<typeof serviceSchema>;

/** A service as the API answers it. */
export interface Service {
  id: number;
  title: string;
  description: string;
  icon: string;
  features: string[];
  isActive: boolean;
  sortOrder: number;
  updatedAt: string;
}

/** Spec section 5: features are typed one per line, blank lines dropped. */
export function splitFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((f) => f.trim())
    .filter(Boolean);
}

/** Spec section 5: sort order is parsed as an integer, falling back to 0. */
export function parseSortOrder(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isSafeInteger(n) && Math.abs(n) <= SERVICE_LIMITS.sortOrder ? n : 0;
}
