import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition, type KeyType } from '../table-definition';

export interface AppTableProps {
  /** Production keeps the table (RETAIN + deletion protection); other stages can be torn down. */
  readonly retain: boolean;
}

/** The platform's one DynamoDB table, built from infra/table-definition.ts (shared with the local twin). */
export class AppTable extends Construct {
  public readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: AppTableProps) {
    super(scope, id);
    const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    const typedKey = (name: string, type: KeyType = 'S'): dynamodb.Attribute => ({
      name,
      type: type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
    });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      // Keys only: the catalogue indexer reads each changed beat itself (infra/table-definition.ts).
      dynamoStream: dynamodb.StreamViewType.KEYS_ONLY,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: typedKey(index.sortKey, index.sortKeyType),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
    });
  }
}
