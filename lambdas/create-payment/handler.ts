import * as z from 'zod';
import { toMinorUnits } from '../../shared/plans';
import { CreatePaymentRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { BadRequest } from '../_lib/errors';
import { requireProjectForSale } from '../_lib/marketplace';
import { httpHandler, json, parseBody, readerLanguage } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';
import { startLicenceCheckout } from '../_lib/licensing/checkout';
import { LicenceCheckoutRequest } from '../../shared/licensing/tiers';

/**
 * POST /api/functions/create-payment {productName, amount, currency:'brl', projectId?}: a one-time
 * Checkout Session. For a marketplace project the price and title come from the project itself, never
 * from the request.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  // A licence purchase (issue 8): {projectId, tier, coupon?}; price, coupon and tier checked on the server.
  const probe = parseBody(event, z.object({ tier: z.unknown().optional() }).passthrough());
  if (probe.tier !== undefined)
    return json(
      200,
      await startLicenceCheckout(caller, parseBody(event, LicenceCheckoutRequest), readerLanguage(event)),
    );
  const input = parseBody(event, CreatePaymentRequest);
  let productName = input.productName;
  let amount = input.amount;
  if (input.projectId) {
    const project = await requireProjectForSale(input.projectId);
    if (project.creator_id === caller.sub) throw new BadRequest('OWN_PROJECT');
    if (!(project.price > 0)) throw new BadRequest('PROJECT_WITHOUT_PRICE');
    productName = project.title;
    amount = project.price;
  }
  const session = await startCheckout({
    kind: 'purchase',
    sub: caller.sub,
    email: caller.email || undefined,
    language: readerLanguage(event),
    line: { name: productName, unitAmount: toMinorUnits(amount), currency: 'brl' },
    metadata: {
      productName: productName.slice(0, 200),
      amount: amount.toFixed(2),
      ...(input.projectId ? { projectId: input.projectId } : {}),
    },
    successPath: '/my-collection?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancelPath: '/marketplace?checkout=cancel',
    amount,
    description: productName,
    ...(input.projectId ? { projectId: input.projectId } : {}),
  });
  return json(200, session);
});
