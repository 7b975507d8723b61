/**
 * The one DynamoDB table, as plain data: the CDK Data stack and the local twin (dynalite) both build the
 * table from this definition, so local and cloud can never drift apart.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [{ indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
} as const;

export const localTableName = 'five-d-local';
