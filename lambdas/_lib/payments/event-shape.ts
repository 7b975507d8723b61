import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../errors';

/**
 * The fields of each handled event that the webhook reads, checked before anything is looked up: a
 * signed event whose object is missing or of the wrong shape (`data.object: null`, a charge without an
 * amount) is answered 400 MALFORMED_EVENT, never a 500 that Stripe would retry for days. Everything else
 * on the objects passes through untouched.
 */
export class MalformedEvent extends AppError {
  constructor(
    readonly eventId: string,
    readonly why: string,
  ) {
    super(400, 'MALFORMED_EVENT', { event: eventId, detail: why });
  }
}

const metadata = z.record(z.string(), z.string()).nullish();
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish();
const amount = z.number().int().nonnegative();

const CheckoutSession = z
  .object({
    id: z.string().min(1),
    metadata,
    client_reference_id: z.string().nullish(),
    amount_total: amount.nullish(),
    currency: z.string().nullish(),
    mode: z.string().nullish(),
    payment_status: z.string().nullish(),
    payment_intent: idOrObject,
    subscription: idOrObject,
  })
  .passthrough();

const Invoice = z.object({ id: z.string().min(1), metadata }).passthrough();

const Subscription = z.object({ id: z.string().min(1), status: z.string().min(1), metadata }).passthrough();

const Charge = z
  .object({
    id: z.string().min(1),
    amount,
    amount_refunded: amount,
    refunded: z.boolean().nullish(),
    currency: z.string().nullish(),
    metadata,
    payment_intent: idOrObject,
  })
  .passthrough();

const OBJECT_SHAPES: Record<string, z.ZodType> = {
  'checkout.session.completed': CheckoutSession,
  'checkout.session.async_payment_succeeded': CheckoutSession,
  'checkout.session.expired': CheckoutSession,
  'checkout.session.async_payment_failed': CheckoutSession,
  'invoice.paid': Invoice,
  'customer.subscription.created': Subscription,
  'customer.subscription.updated': Subscription,
  'customer.subscription.deleted': Subscription,
  'charge.refunded': Charge,
};

const Envelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1),
  created: z.number(),
  data: z.object({ object: z.unknown() }).passthrough().nullish(),
});

/** The verified event when its envelope and (for handled types) its object have the shape we read. */
export function checkEventShape(parsed: unknown): Stripe.Event {
  const envelope = Envelope.safeParse(parsed);
  const eventId = String((parsed as { id?: unknown } | null)?.id ?? '');
  if (!envelope.success) throw new MalformedEvent(eventId, 'envelope without id, type or created');
  const shape = OBJECT_SHAPES[envelope.data.type];
  if (shape) {
    const object = shape.safeParse(envelope.data.data?.object);
    if (!object.success) {
      const issue = object.error.issues[0];
      const where = issue?.path.length ? `data.object.${issue.path.join('.')}` : 'data.object';
      throw new MalformedEvent(envelope.data.id, `${where} is missing or invalid`);
    }
  }
  return parsed as Stripe.Event;
}

/** A Stripe reference that may arrive expanded (`{id}`) or as an id. */
export function refId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
