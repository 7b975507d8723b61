/**
 * Every Lambda of the platform, once. The CDK Api stack builds one NodejsFunction per entry from
 * `lambdas/<name>/handler.ts` and grants exactly what is declared here; the local twin imports the same
 * handlers by name.
 */
export type Access = 'read' | 'readwrite';

export interface FunctionDefinition {
  /** Folder under `lambdas/`; also the function's logical name. */
  readonly name: string;
  readonly description: string;
  readonly table?: Access;
  readonly audioBucket?: Access;
  readonly analysisBucket?: Access;
  /** Needs Cognito admin calls on the user pool (e.g. adding a user to a group). */
  readonly userPoolAdmin?: boolean;
  /** Wired as this Cognito user pool trigger (built in the Auth stack, never routed by the HTTP API). */
  readonly cognitoTrigger?: 'postConfirmation';
  /**
   * Reads the Stripe secret key / webhook secret: gets read access to the Stripe secret in Secrets Manager
   * and its ARN as STRIPE_SECRET_ARN (JSON {secretKey, webhookSecret}), plus PUBLIC_APP_URL.
   */
  readonly stripeSecret?: boolean;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

export const functions = [
  { name: 'me-profile', description: 'Read and update the signed-in user profile', table: 'readwrite' },
  { name: 'geo', description: 'Viewer country for language detection' },
  {
    name: 'post-confirmation',
    description: 'Cognito trigger: creates profile, empty wallet and role group',
    table: 'readwrite',
    userPoolAdmin: true,
    cognitoTrigger: 'postConfirmation',
  },
  {
    name: 'uploads',
    description:
      'Multipart uploads with presigned part URLs: create, part URLs/confirm, status, complete, abort',
    table: 'readwrite',
    audioBucket: 'readwrite',
    analysisBucket: 'readwrite',
  },
  // Marketplace (issue 3). audioBucket 'read' covers HeadObject checks and presigned GETs of covers,
  // previews and deliveries.
  {
    name: 'projects',
    description: 'Marketplace catalogue (published projects and samples) and creators publishing products',
    table: 'readwrite',
    audioBucket: 'read',
  },
  {
    name: 'rare-offers',
    description: 'Rare drops: active limited offers expiring within 72 h',
    table: 'read',
  },
  {
    name: 'favorites',
    description: "The signed-in user's favourite beats: list, like, remove",
    table: 'readwrite',
    audioBucket: 'read',
  },
  {
    name: 'orders',
    description: 'Client orders: hire a project, list, download the delivery, rate',
    table: 'readwrite',
    audioBucket: 'read',
  },
  {
    name: 'creator-orders',
    description: "Creator orders: orders of the creator's projects with hub cards, deliver a file",
    table: 'readwrite',
    audioBucket: 'read',
  },
  {
    name: 'gamification',
    description: 'Creator leaderboard, achievements and the active competition',
    table: 'read',
  },
  {
    name: 'creator-settings',
    description: 'Creator settings dialog, persisted per creator',
    table: 'readwrite',
  },
  {
    name: 'my-collection',
    description: "My Collection: the caller's purchases and subscriptions",
    table: 'read',
  },
  // Payments (issue 4): Stripe Checkout, the 5D Coins wallet and the exactly-once webhook.
  {
    name: 'create-checkout',
    description: 'Plan subscription: Stripe Checkout Session for the mapped plan',
    table: 'readwrite',
    stripeSecret: true,
  },
  {
    name: 'create-payment',
    description: 'One-time payment in BRL (marketplace purchase): Stripe Checkout Session',
    table: 'readwrite',
    stripeSecret: true,
  },
  {
    name: 'coins-create-checkout',
    description: '5D Coins purchase (1 USD = 1 Coin): Stripe Checkout Session',
    table: 'readwrite',
    stripeSecret: true,
  },
  { name: 'coins-balance', description: 'Wallet balance and the 20 newest ledger entries', table: 'read' },
  {
    name: 'stripe-webhook',
    description:
      'Stripe webhook: verifies the signature, applies each event exactly once (wallet, purchases, plans)',
    table: 'readwrite',
    stripeSecret: true,
  },
] as const satisfies readonly FunctionDefinition[];

export type FunctionName = (typeof functions)[number]['name'];

export function functionEntry(name: string): string {
  return `lambdas/${name}/handler.ts`;
}
