import { PLANS, type PlanId } from '../../../../shared/plans';

/** What choosing a plan ended in (for the caller and for tests). */
export type PlanChoiceOutcome = 'login' | 'on-request' | 'opened' | 'no-url' | 'failed';

export interface PlanChoiceDeps {
  signedIn: boolean;
  /** POST /api/functions/create-checkout {plan}; resolves to the answer body. */
  requestCheckout(plan: PlanId): Promise<{ url?: unknown } | null>;
  /** Opens the hosted checkout (in a new tab when the browser allows it). */
  openCheckout(url: string): void;
  goToLogin(): void;
  notify(kind: 'info' | 'error', title: string, description: string): void;
  /** Translation of `pricing.*` keys; `{ message }` for the thrown error's text. */
  text(key: PlanChoiceText, values?: Record<string, string>): string;
}

export type PlanChoiceText =
  | 'loginTitle'
  | 'loginDescription'
  | 'onRequestTitle'
  | 'onRequestDescription'
  | 'errorTitle'
  | 'noUrl'
  | 'checkoutErrorTitle'
  | 'tryAgain';

/**
 * The spec's checkout flow for a pricing card: a session is needed ('Faça login' and /auth otherwise);
 * plans priced on request lead to a contact message; otherwise the Checkout Session's url is opened.
 */
export async function choosePlan(plan: PlanId, deps: PlanChoiceDeps): Promise<PlanChoiceOutcome> {
  if (PLANS[plan].monthlyPricesUsd === null) {
    deps.notify('info', deps.text('onRequestTitle'), deps.text('onRequestDescription'));
    return 'on-request';
  }
  if (!deps.signedIn) {
    deps.notify('info', deps.text('loginTitle'), deps.text('loginDescription'));
    deps.goToLogin();
    return 'login';
  }
  try {
    const answer = await deps.requestCheckout(plan);
    const url = answer?.url;
    if (typeof url !== 'string' || url.length === 0) {
      deps.notify('error', deps.text('errorTitle'), deps.text('noUrl'));
      return 'no-url';
    }
    deps.openCheckout(url);
    return 'opened';
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : deps.text('tryAgain');
    deps.notify('error', deps.text('checkoutErrorTitle'), message);
    return 'failed';
  }
}
