import type Stripe from 'stripe';
import { commerceTexts } from '../../../shared/i18n/commerce';
import type { Language } from '../../../shared/i18n/language';
import { recordCheckout, type CheckoutKind } from '../db/checkouts';
import { AppError } from '../errors';
import { logger } from '../logger';
import { countMetric, METRIC } from '../metrics';
import { publicAppOrigin } from './config';
import { stripeClient } from './stripe-client';

/** What one Checkout Session sells: a single line, priced inline (`price_data`). */
export interface CheckoutLine {
  name: string;
  description?: string;
  /** Minor units (cents / centavos). */
  unitAmount: number;
  currency: 'usd' | 'brl';
  /** Subscriptions renew monthly. */
  recurring?: boolean;
  /** Stripe price lookup key of the plan's tier, kept on the product for reporting. */
  lookupKey?: string;
}

export interface CheckoutInput {
  kind: CheckoutKind;
  sub: string;
  email?: string;
  /** The buyer's language: Stripe's page speaks it, and what is written later (the agreement) too. */
  language: Language;
  line: CheckoutLine;
  /** Copied to the session, and to the subscription or payment intent (so invoices and charges carry it). */
  metadata: Record<string, string>;
  /** App paths (on the app's public origin) the hosted page returns to. */
  successPath: string;
  cancelPath: string;
  /** For the checkout record: the amount in the unit users see, and a text. */
  amount: number;
  description: string;
  plan?: string;
  coins?: number;
  projectId?: string;
  /**
   * Seconds until the unpaid session expires (Stripe: 30 min to 24 h; its default is 24 h). Checkouts
   * that reserve something (a coupon use) set it, so `checkout.session.expired` releases it soon.
   */
  expiresInSeconds?: number;
  /** Or the expiry itself (epoch seconds), when something is held exactly as long as the session. */
  expiresAt?: number;
}

export class CheckoutFailed extends AppError {
  constructor() {
    super(502, 'CHECKOUT_FAILED');
  }
}

/** `path` on the app's public origin (publicAppOrigin), with Stripe's session placeholder kept intact. */
export function appUrl(path: string, origin: string): string {
  return new URL(path, origin).toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}');
}

export function sessionParams(input: CheckoutInput, appOrigin: string): Stripe.Checkout.SessionCreateParams {
  const metadata = { ...input.metadata, sub: input.sub, kind: input.kind, language: input.language };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: input.line.recurring ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.line.currency,
          unit_amount: input.line.unitAmount,
          ...(input.line.recurring ? { recurring: { interval: 'month' } } : {}),
          product_data: {
            name: input.line.name,
            ...(input.line.description ? { description: input.line.description } : {}),
            ...(input.line.lookupKey ? { metadata: { lookup_key: input.line.lookupKey } } : {}),
          },
        },
      },
    ],
    metadata,
    client_reference_id: input.sub,
    success_url: appUrl(input.successPath, appOrigin),
    cancel_url: appUrl(input.cancelPath, appOrigin),
    locale: commerceTexts(input.language).stripeLocale,
  };
  if (input.email) params.customer_email = input.email;
  if (input.expiresAt) params.expires_at = input.expiresAt;
  else if (input.expiresInSeconds) params.expires_at = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
  if (input.line.recurring) params.subscription_data = { metadata };
  else params.payment_intent_data = { metadata };
  return params;
}

/** Creates the hosted Checkout Session and remembers it; answers the URL to open. */
export async function startCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
  const stripe = await stripeClient();
  const appOrigin = await publicAppOrigin();
  const params = sessionParams(input, appOrigin);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(params);
  } catch (error) {
    logger.error('checkout session failed', { error: error as Error, kind: input.kind, sub: input.sub });
    throw new CheckoutFailed();
  }
  if (!session.url) throw new CheckoutFailed();
  // Recorded before the URL is handed out: the webhook applies a payment only when it matches this.
  await recordCheckout({
    id: session.id,
    sub: input.sub,
    kind: input.kind,
    status: 'open',
    amount: input.amount,
    amount_minor: input.line.unitAmount,
    currency: input.line.currency,
    metadata: params.metadata as Record<string, string>,
    description: input.description,
    created_at: new Date().toISOString(),
    ...(input.plan ? { plan: input.plan } : {}),
    ...(input.coins ? { coins: input.coins } : {}),
    ...(input.projectId ? { project_id: input.projectId } : {}),
  });
  logger.info('checkout created', {
    kind: input.kind,
    sub: input.sub,
    sessionId: session.id,
    amount: input.amount,
  });
  countMetric(METRIC.CheckoutsCreated);
  return { id: session.id, url: session.url };
}
