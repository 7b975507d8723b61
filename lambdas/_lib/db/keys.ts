/** Key builders of the single-table design (see docs/data-model.md). */
export const keys = {
  user: (sub: string) => `USER#${sub}`,
  profile: () => 'PROFILE',
  wallet: () => 'WALLET',
  transaction: (id: string) => `TX#${id}`,
  role: (role: string) => `ROLE#${role}`,
  // Marketplace (docs/data-model.md)
  project: (id: string) => `PROJECT#${id}`,
  meta: () => 'META',
  projectStatus: (status: string) => `STATUS#${status}`,
  order: (id: string) => `ORDER#${id}`,
  creator: (sub: string) => `CREATOR#${sub}`,
  favorite: (projectId: string) => `FAV#${projectId}`,
  favoritesByDate: (sub: string) => `FAVS#${sub}`,
  creatorStats: () => 'STATS',
  creatorSettings: () => 'CREATOR_SETTINGS',
  leaderboard: () => 'LEADERBOARD',
  achievement: (id: string) => `ACH#${id}`,
  achievements: () => 'ACHIEVEMENTS',
  competition: (id: string) => `COMP#${id}`,
  activeCompetitions: () => 'COMP#ACTIVE',
  // One user's entry in a competition (issue 18) under `COMP#<id>`; GSI1 lists a user's entries under USER#<sub>
  competitionEntry: (sub: string) => `ENTRY#${sub}`,
  competitionEntryByDate: (enteredAt: string, competitionId: string) =>
    `COMPENTRY#${enteredAt}#${competitionId}`,
  offer: (id: string) => `OFFER#${id}`,
  activeOffers: () => 'OFFER#ACTIVE',
  // Payments (wallet ledger, Stripe)
  stripeEvent: (eventId: string) => `STRIPE#${eventId}`,
  stripeEventMarker: () => 'EVENT',
  spend: (idempotencyKey: string) => `SPEND#${idempotencyKey}`,
  subscription: (productId: string) => `SUB#${productId}`,
  purchase: (id: string) => `PURCHASE#${id}`,
  checkout: (sessionId: string) => `CHECKOUT#${sessionId}`,
  chargeRefund: (chargeId: string) => `CHARGE#${chargeId}`,
  // Paid hiring (issue 17): a client's hire request id → the order it made (retries charge once)
  hireRequest: (requestId: string) => `HIREREQ#${requestId}`,
  // Uploads (docs/architecture.md: Uploads); GSI1 lists a user's uploads by date under USER#<sub>
  upload: (id: string) => `UPLOAD#${id}`,
  uploadByDate: (createdAt: string) => `UPLOAD#${createdAt}`,
  // Generation jobs (issue 5): GSI1 lists a user's jobs by date under USER#<sub>; usage counters meter them
  generation: (id: string) => `GEN#${id}`,
  generationByDate: (createdAt: string) => `GEN#${createdAt}`,
  generationUsage: (period: string) => `GENUSAGE#${period}`,
  anonymousClient: (hash: string) => `ANON#${hash}`,
  // Public site pages (issue 9): creator slugs, finished competitions, community posts, settings
  creatorSlug: (slug: string) => `CREATOR_SLUG#${slug}`,
  finishedCompetitions: () => 'COMP#FINISHED',
  communityPost: (id: string) => `POST#${id}`,
  communityFeed: () => 'COMMUNITY#POSTS',
  rateWindow: (action: string, window: number) => `RATE#${action}#${window}`,
  userSettings: () => 'SETTINGS',
  // Studio site requests (issue 9): booking/contact by `<createdAt>#<ulid>`, newsletter by `EMAIL#<email>`
  studioInbox: (kind: string) => `STUDIO#${kind}`,
  studioSubscriber: (email: string) => `EMAIL#${email}`,
  studioClient: (hash: string) => `STUDIO_CLIENT#${hash}`,
  // Beat licences (issue 8): tiers on `PROJECT#<id>`/`LICENCES`, sold licences under the beat, coupons per creator
  licences: () => 'LICENCES',
  licence: (orderId: string) => `LICENCE#${orderId}`,
  coupon: (code: string) => `COUPON#${code}`,
  beatOffer: (id: string) => `BOFFER#${id}`,
  // An open licence checkout holding the beat's exclusive, or a buyer's coupon session (licensing/holds.ts)
  checkoutHold: (name: string) => `HOLD#${name}`,
} as const;
