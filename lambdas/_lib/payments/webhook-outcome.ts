import type Stripe from 'stripe';
import { markEventProcessed } from '../db/stripe-events';
import { logger } from '../logger';

/**
 * What became of one delivered event; logged and returned to Stripe. `refused`: the event does not
 * match what the app recorded (payments/trusted.ts): nothing is applied, it is logged with the event
 * id and counted (an alarm watches the count).
 */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'refused' | 'unhandled';

/** A well-formed event that is ours but changes nothing; marked so a redelivery is recognised. */
export async function ignore(event: Stripe.Event, why: string): Promise<EventOutcome> {
  logger.warn('stripe event ignored', { eventId: event.id, eventType: event.type, why });
  return (await markEventProcessed(event)) === 'applied' ? 'ignored' : 'duplicate';
}

/** An event that claims something we never recorded: nothing happens, and operators hear of it. */
export function refuse(event: Stripe.Event, why: string): EventOutcome {
  logger.warn('stripe event refused', { eventId: event.id, eventType: event.type, why });
  return 'refused';
}

export function ledgerRef(event: Stripe.Event): string {
  return `stripe:${event.id}`;
}
