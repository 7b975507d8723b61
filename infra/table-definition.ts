/**
 * The one DynamoDB table, as plain data: the CDK Data stack and the local twin (dynalite) both build the
 * table from this definition, so local and cloud can never drift apart.
 */
import {
  CATALOGUE_FAMILIES,
  CATALOGUE_ORDERS,
  TOKEN_ORDER_ATTRIBUTE,
  TOKEN_SLOTS,
  catalogueCellAttribute,
  catalogueIndexName,
  tokenAttribute,
  tokenIndexName,
  type CatalogueOrder,
  type KeyType,
} from '../shared/marketplace/catalogue-index';

export type { KeyType };

export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** Defaults to 'S'. */
  readonly sortKeyType?: KeyType;
}

const catalogueIndexes: IndexDefinition[] = CATALOGUE_FAMILIES.flatMap((family) =>
  (Object.keys(CATALOGUE_ORDERS) as CatalogueOrder[]).map((order) => ({
    indexName: catalogueIndexName(family, order),
    partitionKey: catalogueCellAttribute(family),
    sortKey: CATALOGUE_ORDERS[order].attribute,
    sortKeyType: CATALOGUE_ORDERS[order].type,
  })),
);

const tokenIndexes: IndexDefinition[] = Array.from({ length: TOKEN_SLOTS }, (_, slot) => ({
  indexName: tokenIndexName(slot),
  partitionKey: tokenAttribute(slot),
  sortKey: TOKEN_ORDER_ATTRIBUTE,
  sortKeyType: 'N' as const,
}));

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  /**
   * The table's change stream (keys only): the catalogue indexer reads each changed beat itself, so it
   * always indexes the beat as it is now, whatever order or how many times the records arrive.
   */
  stream: 'KEYS_ONLY',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    ...catalogueIndexes,
    ...tokenIndexes,
  ] satisfies IndexDefinition[] as readonly IndexDefinition[],
} as const;

export const localTableName = 'five-d-local';
