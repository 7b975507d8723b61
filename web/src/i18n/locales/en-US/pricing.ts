import type { Catalogue } from '../pt-BR';

const pricing: Catalogue['pricing'] = {
  title: 'Plans and pricing',
  subtitle: 'Pick the plan for your music. Cancel anytime.',
  promotion: 'Promotion: 2 months at 20% to 30% off',
  endsIn: 'Ends in',
  ended: 'Promotion ended',
  countdown: '{{d}}d {{h}}h {{m}}m {{s}}s',
  perMonth: '/month',
  firstMonth: 'for the 1st month, then {{price}}/month',
  firstTwoMonths: 'for the first 2 months, then {{price}}/month',
  onRequest: 'On request',
  coins: '{{coins}} 5D Coins per month',
  projects: 'Up to {{projects}} projects',
  unlimitedProjects: 'Unlimited projects',
  generations: '{{generations}} AI generations per month',
  unlimitedGenerations: 'Unlimited AI generations',
  savings: 'Save {{percent}}%',
  popular: 'Most popular',
  choose: 'Subscribe',
  contact: 'Contact us',
  busy: 'Opening...',
  loginTitle: 'Sign in',
  loginDescription: 'Sign in to subscribe to a plan.',
  onRequestTitle: 'Enterprise is priced on request',
  onRequestDescription: 'Talk to our team to build a plan tailored to you.',
  errorTitle: 'Error',
  noUrl: 'Could not start the checkout.',
  checkoutErrorTitle: 'Checkout error',
  tryAgain: 'Please try again.',
};

export default pricing;
