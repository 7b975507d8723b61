import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config';

/** The Cognito user-pool client, once per container; only the pool's admin calls import it. */
export const cognito = new CognitoIdentityProviderClient({ region: config.AWS_REGION });
