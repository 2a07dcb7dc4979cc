/**
 * Field names and length limits of the enquiry form, free of zod so the form can
 * render (maxLength attributes, field order) before the schema itself is loaded.
 */
import { EMAIL_MAX_LENGTH } from './text-limits';

export const ENQUIRY_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 40,
  company: 200,
  message: 5000,
  context: 200,
} as const;

/** The fields a person types in, in form order. */
export const enquiryTypedFields = ['firstName', 'lastName', 'email', 'phone', 'company', 'message'] as const;
export type EnquiryTypedField = (typeof enquiryTypedFields)[number];
