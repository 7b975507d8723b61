import { RENDITIONS_JOB_TIMEOUT_SECONDS, STEMS_JOB_TIMEOUT_SECONDS } from '../shared/licensing/delivery';

/**
 * Every Lambda of the platform, once. The CDK Api stack builds one NodejsFunction per entry from
 * `lambdas/<name>/handler.ts` and grants exactly what is declared here; the local twin imports the same
 * handlers by name.
 */
/** 'delete': s3:DeleteObject on the bucket's objects only (attachment-cleanup). */
export type Access = 'read' | 'readwrite' | 'delete';

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
  /**
   * Reserved concurrency: the most instances this function may run at once (costly AI / DSP functions),
   * so a burst cannot starve the account's other functions. Applied only with
   * `-c reservedConcurrency=true`: Lambda keeps 100 of the account's concurrency unreserved, so the
   * account needs a concurrency quota of at least 100 + the sum of these (ask for 1000 first; see
   * docs/operations.md, "Quotas").
   */
  readonly reservedConcurrency?: number;
  /**
   * May start this state machine of infra/state-machines/catalogue.ts: gets its ARN as
   * STATE_MACHINE_ARN and `states:StartExecution` on it.
   */
  readonly stateMachine?: 'generate-then-split';
  /** A Task state's target in a state machine: invoked by Step Functions, never routed by the HTTP API. */
  readonly pipelineTask?: boolean;
  /**
   * Reads the OpenAI API key: read access to the OpenAI secret in Secrets Manager and its ARN as
   * OPENAI_SECRET_ARN (JSON {apiKey}); without a key the function answers offline.
   */
  readonly openaiSecret?: boolean;
  /**
   * Calls the music provider (HTTP when MUSIC_PROVIDER_URL is set, else the built-in synthesizer): gets
   * `-c musicProviderUrl` and read access to the Providers secret (PROVIDERS_SECRET_ARN, key and URL).
   */
  readonly musicProvider?: boolean;
  /** Calls the stems provider (STEMS_PROVIDER_URL, else the built-in DSP separator); as musicProvider. */
  readonly stemsProvider?: boolean;
  /**
   * Creates one-time EventBridge Scheduler schedules deleting chat attachments: `scheduler:CreateSchedule`
   * on `attachment-*` schedules, `iam:PassRole` on the scheduler role, SCHEDULER_ROLE_ARN and
   * CLEANUP_FUNCTION_ARN in its environment.
   */
  readonly schedulesAttachmentDeletion?: boolean;
  /** The target of those schedules: the scheduler role may invoke exactly this function. Never routed. */
  readonly schedulerTarget?: boolean;
  /**
   * Creates one-time schedules settling a held hire (issue 17: deadline refund, review release):
   * `scheduler:CreateSchedule` on `hire-*` schedules, `iam:PassRole` on that scheduler role,
   * HIRE_SCHEDULER_ROLE_ARN and HIRE_ESCROW_FUNCTION_ARN in its environment.
   */
  readonly schedulesHireSettlement?: boolean;
  /** The target of the hire schedules (hire-escrow): its scheduler role may invoke only it. Never routed. */
  readonly hireSettlementTarget?: boolean;
  /**
   * Starts these catalogue functions with asynchronous invokes (background jobs): `lambda:InvokeFunction`
   * on each and its name as `<NAME>_FUNCTION` in the environment (licence-stems-zip →
   * LICENCE_STEMS_ZIP_FUNCTION). Honoured by AppFunction.
   */
  readonly invokesAsync?: readonly string[];
  /** Invoked only asynchronously by another function (`invokesAsync`), never routed. */
  readonly asyncTarget?: boolean;
  /**
   * Fed by the table's change stream (infra/stream-consumers.ts holds its event source mapping): gets
   * stream read access, an on-failure dead-letter queue and alarms. Never routed.
   */
  readonly streamConsumer?: boolean;
}

/** The environment variable holding the name of a function started with `invokesAsync`. */
export function asyncTargetVariable(name: string): string {
  return `${name.toUpperCase().replace(/-/g, '_')}_FUNCTION`;
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
    // Publishing a WAV beat starts the encoding of its MP3 and catalogue preview in the background.
    invokesAsync: ['beat-renditions'],
  },
  {
    // Issue 16: the catalogue's search index, kept from the table's change stream.
    name: 'catalogue-indexer',
    description:
      'Stream consumer (never routed): keeps the catalogue index entries, cell stats, vocabulary and creator directory',
    table: 'readwrite',
    streamConsumer: true,
    timeoutSeconds: 120,
    memoryMb: 1024,
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
    description: 'Client orders: hire a project paying coins into escrow, list, accept, download, rate',
    table: 'readwrite',
    audioBucket: 'read',
    schedulesHireSettlement: true,
  },
  {
    name: 'creator-orders',
    description: "Creator orders: orders of the creator's projects with hub cards, deliver or decline",
    table: 'readwrite',
    audioBucket: 'read',
    schedulesHireSettlement: true,
  },
  {
    name: 'hire-escrow',
    description: 'EventBridge Scheduler target: refunds a hire past its deadline or releases it after review',
    table: 'readwrite',
    hireSettlementTarget: true,
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
  // Public site pages (issue 9)
  {
    name: 'competitions',
    description: "Competition cards (active, finished); entering with one's own track, counted atomically",
    table: 'readwrite',
  },
  {
    name: 'community',
    description: 'Community feed, trending tags, members; rate-limited posting',
    table: 'readwrite',
  },
  { name: 'creator-profile', description: 'Creator public profile figures by name slug', table: 'read' },
  { name: 'me-settings', description: "The caller's site preferences (/settings)", table: 'readwrite' },
  {
    name: 'studio-requests',
    description: 'Studio site booking, contact and newsletter requests (rate-limited); studio inbox',
    table: 'readwrite',
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
    // Beat licences (issue 8): writes the licence agreement PDF at purchase.
    audioBucket: 'readwrite',
    // A plan checkout makes up to 4 Stripe calls (its billing schedule); a licence conflict, a refund.
    timeoutSeconds: 20,
  },
  // AI music generation and stem splitting (issue 5): API functions start the generate-then-split state
  // machine (infra/state-machines/); the pipeline-* functions are its Task states.
  {
    name: 'suno-create-music',
    description:
      'Music generation: input policy, metering (plan, coins, anonymous quota), starts the pipeline',
    table: 'readwrite',
    stateMachine: 'generate-then-split',
    reservedConcurrency: 20,
  },
  {
    name: 'generations',
    description: 'Generation and stem-split job status with presigned links to the track and stems',
    table: 'read',
    audioBucket: 'read',
  },
  {
    name: 'neural-stem-splitter',
    description: "Stem split of the caller's completed audio upload through the pipeline's split step",
    table: 'readwrite',
    audioBucket: 'read',
    stateMachine: 'generate-then-split',
    reservedConcurrency: 10,
  },
  {
    name: 'pipeline-reserve',
    description: 'Pipeline task: reserves the plan generation, coins or anonymous quota (idempotent per job)',
    table: 'readwrite',
    pipelineTask: true,
  },
  {
    name: 'pipeline-generate',
    description: 'Pipeline task: music provider renders the track; WAV and raw stems stored in S3',
    table: 'readwrite',
    audioBucket: 'readwrite',
    pipelineTask: true,
    musicProvider: true,
    timeoutSeconds: 900,
    memoryMb: 1024,
  },
  {
    // The DSP separator streams the upload through the decoder into stem parts (~40 MB of state) on one
    // thread: 3008 MB (≈ 1.7 vCPU) already gives it a whole core. 8 GiB is for a managed stems service,
    // whose path holds the file and its four stems as WAV (about five copies of a 1 GB upload). A new
    // account gets 3008 MB until ops raise the quota and `-c maxFunctionMemoryMb` (docs/operations.md).
    name: 'pipeline-split',
    description:
      'Pipeline task: exact stems of generated tracks, DSP separation of uploads (vocals/drums/bass/other)',
    table: 'readwrite',
    audioBucket: 'readwrite',
    pipelineTask: true,
    stemsProvider: true,
    timeoutSeconds: 900,
    memoryMb: 8192,
  },
  {
    name: 'pipeline-record',
    description: 'Pipeline task: records the finished track on the job',
    table: 'readwrite',
    pipelineTask: true,
  },
  {
    name: 'pipeline-refund',
    description: 'Pipeline task: gives back what a failed job used, exactly once',
    table: 'readwrite',
    pipelineTask: true,
  },
  {
    name: 'pipeline-mark-failed',
    description: 'Pipeline task: marks the job failed with the code the web maps to its messages',
    table: 'readwrite',
    pipelineTask: true,
  },
  // AI tools (issue 6): chat, voice, file analysis with scheduled deletion, AI Studio, DAW bridge.
  {
    name: 'chatbot',
    description: 'Chat assistant: OpenAI, or the offline knowledge-base assistant without a key',
    // Burst limits (lambdas/_lib/rate-limit.ts) count requests in the table.
    table: 'readwrite',
    openaiSecret: true,
    timeoutSeconds: 29,
    reservedConcurrency: 20,
  },
  {
    name: 'voice-to-text',
    description: 'Voice input: OpenAI transcription of a base64 recording (503 without a key)',
    // Burst limits (lambdas/_lib/rate-limit.ts) count requests in the table.
    table: 'readwrite',
    openaiSecret: true,
    timeoutSeconds: 29,
    reservedConcurrency: 10,
  },
  {
    name: 'ai-file-analysis',
    description: "Analyses the caller's chat attachment, then schedules its deletion 60 s later",
    table: 'read',
    analysisBucket: 'read',
    openaiSecret: true,
    schedulesAttachmentDeletion: true,
    timeoutSeconds: 29,
    memoryMb: 1536,
  },
  {
    name: 'attachment-cleanup',
    description: 'EventBridge Scheduler target: deletes one chat attachment (idempotent)',
    analysisBucket: 'delete',
    schedulerTarget: true,
  },
  {
    name: 'neural-engine-v2',
    description: 'Neural Engine V2: modes, creativity → temperature, depth → max tokens',
    openaiSecret: true,
    timeoutSeconds: 29,
  },
  {
    name: 'vocal-synthesis',
    description: 'Vocal synthesis: sings the prompt with the built-in formant synthesizer (WAV)',
  },
  {
    name: 'audio-analysis',
    description: "Mastering analyser: loudness, peaks, dynamics and spectrum of the caller's WAV + advice",
    table: 'read',
    audioBucket: 'read',
    analysisBucket: 'read',
    openaiSecret: true,
    timeoutSeconds: 29,
    memoryMb: 1536,
  },
  {
    name: 'daw-integration',
    description: 'Basic DAW bridge: MIDI export, OSC commands, project export',
  },
  {
    name: 'ai-daw-integration',
    description: 'AI DAW bridge: analysis, MIDI beats and melodies, mix advice, arrangement, parameter sync',
  },
  {
    name: 'licences',
    description:
      'Beat licences (issue 8): tiers and terms, coupons, licence delivery and agreement PDF, key/BPM detection',
    table: 'readwrite',
    audioBucket: 'readwrite',
    timeoutSeconds: 29,
    memoryMb: 1536,
    // The stems ZIP of a Trackout licence is built by a background job, not within API Gateway's 29 s.
    // A buyer asking for the MP3 of a WAV beat without one (published earlier, failed job) starts its job.
    invokesAsync: ['licence-stems-zip', 'beat-renditions'],
  },
  {
    // Streamed (lambdas/_lib/licensing/stems-zip.ts): the built-in split of a 10-minute 48 kHz 24-bit
    // master peaks at ~370 MB (tests/bench/licensing/stems-zip-memory.ts). 2 GiB is for CPU, not memory:
    // a full vCPU for the single-threaded separator (~75 CPU seconds for 10 minutes), room for a managed
    // provider's answer (whole WAVs: master + four stems, ~630 MB for 10 minutes), and the local twin
    // runs functions of 2 GiB and more on a worker thread (infra/local/lambda-invoke.ts).
    name: 'licence-stems-zip',
    description:
      'Background job (async invoke, never routed): builds the stems ZIP of a Trackout licence, AI or multitracks',
    table: 'readwrite',
    audioBucket: 'readwrite',
    asyncTarget: true,
    stemsProvider: true,
    timeoutSeconds: STEMS_JOB_TIMEOUT_SECONDS,
    memoryMb: 2048,
    reservedConcurrency: 10,
  },
  {
    // lamejs is single-threaded (≈ 8–14× real time); 2 GiB gives a full vCPU and room for a long WAV
    // plus its MP3 (a 3-minute master needs ≈ 100 MB), and runs on a worker thread in the local twin.
    name: 'beat-renditions',
    description:
      'Background job (async invoke, never routed): 320 kbps MP3 and 128 kbps catalogue preview of a WAV beat, preview of an MP3 beat',
    table: 'readwrite',
    audioBucket: 'readwrite',
    asyncTarget: true,
    timeoutSeconds: RENDITIONS_JOB_TIMEOUT_SECONDS,
    memoryMb: 2048,
    reservedConcurrency: 10,
  },
] as const satisfies readonly FunctionDefinition[];

export type FunctionName = (typeof functions)[number]['name'];

export function functionEntry(name: string): string {
  return `lambdas/${name}/handler.ts`;
}
