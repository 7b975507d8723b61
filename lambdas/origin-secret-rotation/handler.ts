import {
  CloudFrontClient,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { logger } from '../_lib/logger';
import { ORIGIN_HEADER } from '../_lib/origin-guard';
import {
  rotateOriginSecret,
  type OriginHeaderTarget,
  type RotationSecrets,
  type RotationStep,
} from '../_lib/origin/rotation';

/**
 * Secrets Manager rotation function of the CloudFront origin secret (built by the Web stack,
 * infra/constructs/origin-secret.ts, not part of the API catalogue): DISTRIBUTION_ID names the
 * distribution whose origin header it updates. The steps are in lambdas/_lib/origin/rotation.ts.
 */
interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: RotationStep;
}

const secretsManager = new SecretsManagerClient({});
const cloudFront = new CloudFrontClient({});

function secretsFor(secretId: string): RotationSecrets {
  return {
    read: async ({ stage, versionId }) => {
      try {
        const { SecretString } = await secretsManager.send(
          new GetSecretValueCommand({
            SecretId: secretId,
            ...(versionId ? { VersionId: versionId } : { VersionStage: stage ?? 'AWSCURRENT' }),
          }),
        );
        return SecretString;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    putPending: async (token, value) => {
      await secretsManager.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: token,
          SecretString: value,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    stages: async () => {
      const { VersionIdsToStages } = await secretsManager.send(
        new DescribeSecretCommand({ SecretId: secretId }),
      );
      const byStage: Record<string, string[]> = {};
      for (const [versionId, stages] of Object.entries(VersionIdsToStages ?? {}))
        for (const stage of stages) (byStage[stage] ??= []).push(versionId);
      return byStage;
    },
    makeCurrent: async (token, previousVersionId) => {
      await secretsManager.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: token,
          ...(previousVersionId ? { RemoveFromVersionId: previousVersionId } : {}),
        }),
      );
    },
  };
}

function distributionFor(distributionId: string): OriginHeaderTarget {
  const load = async () => {
    const { DistributionConfig, ETag } = await cloudFront.send(
      new GetDistributionConfigCommand({ Id: distributionId }),
    );
    if (!DistributionConfig || !ETag) throw new Error(`Distribution ${distributionId} has no configuration`);
    const headers = (DistributionConfig.Origins?.Items ?? []).flatMap((origin) =>
      (origin.CustomHeaders?.Items ?? []).filter(
        (header) => header.HeaderName?.toLowerCase() === ORIGIN_HEADER,
      ),
    );
    return { config: DistributionConfig, etag: ETag, headers };
  };
  return {
    currentValue: async () => (await load()).headers[0]?.HeaderValue,
    send: async (value) => {
      const { config, etag, headers } = await load();
      if (headers.length === 0) throw new Error(`No origin of ${distributionId} carries ${ORIGIN_HEADER}`);
      for (const header of headers) header.HeaderValue = value;
      await cloudFront.send(
        new UpdateDistributionCommand({ Id: distributionId, IfMatch: etag, DistributionConfig: config }),
      );
    },
  };
}

export const handler = async (event: RotationEvent): Promise<void> => {
  const distributionId = process.env.DISTRIBUTION_ID;
  if (!distributionId) throw new Error('DISTRIBUTION_ID is not set');
  logger.info('origin secret rotation', { step: event.Step, token: event.ClientRequestToken });
  await rotateOriginSecret(event.Step, event.ClientRequestToken, {
    secrets: secretsFor(event.SecretId),
    distribution: distributionFor(distributionId),
  });
};
