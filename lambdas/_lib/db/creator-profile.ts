import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { TOKEN_SLOTS, tokenAttribute, tokenIndexName } from '../../../shared/marketplace/catalogue-index';
import { wordSlot } from '../../../shared/marketplace/search-text';
import { creatorToken } from '../catalogue/entries';
import { batchGet } from './batch';
import { projectFromItem, projectKey, PUBLISHED, type ProjectRecord } from './projects';

/**
 * Reads behind the creator public profile. The creator's published beats are the creator's token of the
 * catalogue's token index (entries written by lambdas/_lib/catalogue/indexer.ts, issue 16): one Query of
 * that token for the ids, then the beats themselves (the profile sums fields the cards do not carry, such as
 * favourites). Reads grow with the creator's own catalogue only.
 */
export async function listCreatorProducts(sub: string): Promise<ProjectRecord[]> {
  const token = creatorToken(sub);
  const slot = wordSlot(token, TOKEN_SLOTS);
  const ids: string[] = [];
  const pages = paginateQuery(
    { client: db },
    {
      TableName: config.TABLE_NAME,
      IndexName: tokenIndexName(slot),
      KeyConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': tokenAttribute(slot), '#id': 'id' },
      ExpressionAttributeValues: { ':token': token },
      ProjectionExpression: '#id',
      ScanIndexForward: false,
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) ids.push(String(item.id));
  const items = await batchGet(ids.map(projectKey));
  const byId = new Map(items.map((item) => [String(item.id), projectFromItem(item)]));
  return ids.flatMap((id) => {
    const project = byId.get(id);
    return project && project.status === PUBLISHED ? [project] : [];
  });
}
