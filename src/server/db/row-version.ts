import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Whether a row is still the version an API answer showed: its updated_at equals `openedAt` (that
 * answer's `updatedAt`, ISO 8601 to the millisecond). The column keeps microseconds (a row
 * inserted at the database's now()), the answer milliseconds only, so the column is compared cut
 * to them.
 */
export const stillAt = (openedAt: string): RawBuilder<SqlBool> => sql<SqlBool>`date_trunc('milliseconds', updated_at) = ${new Date(openedAt)}::timestamptz`;
