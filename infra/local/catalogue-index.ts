import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { INDEX_VERSION } from '../../lambdas/_lib/catalogue/entries';
import { reindexPublished } from '../../lambdas/_lib/catalogue/indexer';

/**
 * The twin's catalogue index at start: a data dir written before the index existed (or by an older entry
 * layout, INDEX_VERSION) has beats without entries; they are indexed once, with the same indexer the
 * stream feeds, and a marker records the version. In AWS the same re-index is `npm run catalogue:reindex`
 * (docs/operations: after the first deploy of the indexer on a table that already has beats).
 */
const MARKER = { PK: 'CATALOGUE#INDEX', SK: 'META' };

export async function ensureCatalogueIndex(log: (line: string) => void): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: MARKER, ConsistentRead: true }),
  );
  if (Number(Item?.version ?? 0) >= INDEX_VERSION) return 0;
  const started = performance.now();
  const indexed = await reindexPublished();
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: {
        ...MARKER,
        type: 'catalogue-index-marker',
        version: INDEX_VERSION,
        indexed_at: new Date().toISOString(),
      },
    }),
  );
  if (indexed > 0)
    log(`  catalogue  ${indexed} beats indexed for search (${Math.round(performance.now() - started)} ms)`);
  return indexed;
}
