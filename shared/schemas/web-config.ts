import * as z from 'zod';

/** `/config.json`, written at deploy (CDK) or served by the local twin. Nothing secret. */
export const WebConfig = z.object({
  apiBase: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set locally: the cognito-local endpoint (through the refresh-token proxy). */
  userPoolEndpoint: z.string().optional(),
  /** USER_SRP_AUTH in AWS; USER_PASSWORD_AUTH against cognito-local, which lacks SRP. */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  stage: z.enum(['local', 'cloud']),
});
export type WebConfig = z.infer<typeof WebConfig>;
