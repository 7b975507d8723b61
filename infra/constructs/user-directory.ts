import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { Role, USER_POOL_GROUPS } from '../../shared/schemas/profile';

export interface UserDirectoryProps {
  /** Production keeps the pool (RETAIN + deletion protection). */
  readonly retain: boolean;
  /** Runs after a user confirms sign-up: creates the profile, wallet and role group. */
  readonly postConfirmation?: lambda.IFunction;
  /**
   * Sign-up codes and password resets through SES from this verified address (`-c sesFromAddress=…`).
   * Without it Cognito's default sender is used: 50 e-mails a day for the whole pool, so synth warns.
   */
  readonly sesFromAddress?: string;
  /** Region of the SES identity (defaults to the stack's). */
  readonly sesRegion?: string;
}

/** Cognito's default sender's daily limit (docs/operations.md, "E-mail"). */
export const COGNITO_DEFAULT_EMAIL_LIMIT_PER_DAY = 50;

/**
 * The Cognito user pool of the platform: e-mail sign-in, self sign-up with `name` and `custom:role`
 * (client|creator, validated by our own code since Cognito has no enum attributes), one group per role,
 * and a public web client that signs in with SRP.
 */
export class UserDirectory extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: UserDirectoryProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { fullname: { required: true, mutable: true } },
      customAttributes: { role: new cognito.StringAttribute({ mutable: true, minLen: 1, maxLen: 16 }) },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.sesFromAddress
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.sesFromAddress,
            fromName: '5D',
            sesRegion: props.sesRegion ?? Stack.of(this).region,
          })
        : cognito.UserPoolEmail.withCognito(),
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      lambdaTriggers: props.postConfirmation ? { postConfirmation: props.postConfirmation } : undefined,
    });
    if (!props.sesFromAddress) {
      Annotations.of(this).addWarningV2(
        'five-d:cognito-default-email',
        `Cognito sends sign-up and password e-mails with its default sender: at most ${COGNITO_DEFAULT_EMAIL_LIMIT_PER_DAY} a day for the whole platform, then sign-ups stop. Verify an SES identity and deploy with -c sesFromAddress=no-reply@your-domain (docs/operations.md).`,
      );
    }
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'Product choice: MFA is offered (TOTP, optional); a marketplace cannot require it at sign-up.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Threat protection (Plus feature plan) is billed per MAU; enable it when the user base warrants.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'Essentials feature plan for the same reason as COG3: Plus is billed per MAU.',
    });

    for (const group of USER_POOL_GROUPS) {
      new cognito.UserPoolGroup(this, `Group-${group}`, {
        userPool: this.userPool,
        groupName: group,
        description: (Role.options as readonly string[]).includes(group)
          ? `Users whose account type is ${group}`
          : `Staff group ${group}, granted by an operator`,
      });
    }

    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // The browser signs in with SRP (the password never leaves it); USER_PASSWORD_AUTH is only used
      // against cognito-local, which lacks SRP.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, fullname: true })
        .withCustomAttributes('role'),
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true, fullname: true })
        .withCustomAttributes('role'),
    });
  }
}
