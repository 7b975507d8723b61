import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';
import { projectFromItem, PUBLISHED, type ProjectRecord } from './projects';

/**
 * Reads behind the creator public profile. The catalogue has no per-creator index yet, so the creator's
 * published products are one Query of the published partition filtered on `creator_id` (a Query, never a
 * Scan; it reads the catalogue pages, fine at this catalogue size — a `CREATOR#<sub>` GSI entry on
 * projects would make it exact if the catalogue grows).
 */
export async function listCreatorProducts(sub: string): Promise<ProjectRecord[]> {
  const products: ProjectRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: 'creator_id = :sub',
        ExpressionAttributeValues: { ':pk': keys.projectStatus(PUBLISHED), ':sub': sub },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) products.push(projectFromItem(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return products;
}
