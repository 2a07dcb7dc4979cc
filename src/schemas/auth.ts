import { z } from 'zod';
import { storableText } from './fields.ts';

// The validation messages the admin panel shows word for word; shared by the admin island and the auth functions.

export const LoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().check(storableText).min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).check(storableText).min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RequestResetSchema = z.object({
  email: z.email({ error: 'Valid email is required' }).check(storableText).max(254),
});
export type RequestResetInput = z.infer<typeof RequestResetSchema>;

export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).check(storableText).min(1, 'Reset token is required'),
  newPassword: z.string().check(storableText).min(8, 'Password must be at least 8 characters').max(1024),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).check(storableText).min(1, 'Current password is required').max(1024),
  newPassword: z
    .string({ error: 'New password must be at least 8 characters' })
    .check(storableText)
    .min(8, 'New password must be at least 8 characters')
    .max(1024),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const MIN_PASSWORD_LENGTH = 8;
