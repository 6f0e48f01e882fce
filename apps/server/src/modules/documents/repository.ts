import { DOCUMENT_TYPES, type DocumentMetadata, type DocumentType } from '@portal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentReads, documents } from '../../db/schema';
import type { InstitutionScope } from '../../plugins/access';

/**
 * Counts per document type for the calling user, in one SQL query (published documents of the
 * scope institution; unread = no read row of this user). Every type appears, zero included.
 */
export async function documentMetadata(
  db: Db,
  scope: InstitutionScope,
): Promise<DocumentMetadata[]> {
  const rows = await db
    .select({
      type: documents.type,
      countAll: count(),
      countUnread: sql<number>`count(*) filter (where ${documentReads.userId} is null)`.mapWith(
        Number,
      ),
    })
    .from(documents)
    .leftJoin(
      documentReads,
      and(eq(documentReads.documentId, documents.id), eq(documentReads.userId, scope.userId)),
    )
    .where(and(eq(documents.institutionId, scope.institutionId), eq(documents.state, 'published')))
    .groupBy(documents.type);
  const byType = new Map<DocumentType, { countAll: number; countUnread: number }>(
    rows.map((row) => [row.type, { countAll: row.countAll, countUnread: row.countUnread }]),
  );
  return DOCUMENT_TYPES.map((documentType) => ({
    documentType,
    countAll: byType.get(documentType)?.countAll ?? 0,
    countUnread: byType.get(documentType)?.countUnread ?? 0,
  }));
}
