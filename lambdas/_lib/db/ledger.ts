import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { LedgerLabel, ledgerLabel } from '../../../shared/i18n/ledger/label';
import { labelFromDescription, ledgerDescription } from '../../../shared/i18n/ledger/text';
import type { Transaction, TransactionType } from '../../../shared/schemas/payments';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { BadRequest, InsufficientFunds, NotFound } from '../errors';
import { logger } from '../logger';
import { keys } from './keys';

/**
 * The 5D Coins wallet and its ledger. Money moves only here, and only in one TransactWriteItems:
 *   [0] an idempotency marker (a processed Stripe event, a spend record, a refund flag) whose condition
 *       makes a replay fail as a whole,
 *   [1] the wallet balance (ADD; spends also carry the condition that the balance covers them),
 *   [2] the ledger entry `USER#<sub>`/`TX#<ulid>` with the signed amount,
 *   [3..] any record that must appear together with the money (purchase, order, subscription).
 * So the sum of a user's ledger amounts always equals the wallet balance.
 *
 * What an entry is, is stored as a label (a kind of shared/i18n/ledger plus params) and read in the
 * reader's language; `description` keeps its pt-BR text. Rows written before labels get theirs from the
 * description on read.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type LedgerOutcome = { status: 'applied'; txId: string } | { status: 'duplicate' };

export interface MoneyMove {
  sub: string;
  /** Signed coins: positive credits, negative spends and debits. */
  amount: number;
  type: TransactionType;
  /** What the entry is, e.g. `ledgerLabel('coins_purchase', { coins: 25 })`. */
  label: LedgerLabel;
  /** Where the move comes from: a Stripe event id, a spend key… kept on the ledger entry. */
  ref: string;
  /** Condition-guarded write that fails when this move was already applied. */
  marker: TransactItem;
  /** Spends: refuse (402) when the balance does not cover the amount. Refund debits are never blocked. */
  requireCovered?: boolean;
  /** Written in the same transaction; a failed condition here also means "already applied". */
  extra?: TransactItem[];
  now?: string;
}

const nextId = monotonicFactory();
const MAX_CONFLICT_RETRIES = 8;

export function newLedgerId(): string {
  return nextId();
}

interface LedgerItem {
  PK: string;
  SK: string;
  type: 'transaction';
  id: string;
  kind: TransactionType;
  label: LedgerLabel;
  description: string;
  amount: number;
  created_at: string;
  ref: string;
}

export function ledgerToItem(
  sub: string,
  tx: Omit<Transaction, 'description' | 'label'> & { label: LedgerLabel; ref: string },
): LedgerItem {
  return {
    PK: keys.user(sub),
    SK: keys.transaction(tx.id),
    type: 'transaction',
    id: tx.id,
    kind: tx.type,
    label: tx.label,
    description: ledgerDescription(tx.label),
    amount: tx.amount,
    created_at: tx.created_at,
    ref: tx.ref,
  };
}

export function ledgerFromItem(item: Record<string, unknown>): Transaction {
  const description = String(item.description ?? '');
  const stored = LedgerLabel.safeParse(item.label);
  const label = stored.success ? stored.data : labelFromDescription(description);
  return {
    id: String(item.id),
    type: item.kind as TransactionType,
    description,
    ...(label ? { label } : {}),
    amount: Number(item.amount ?? 0),
    created_at: String(item.created_at ?? ''),
  };
}

/** Applies one money move exactly once. A replay answers `duplicate` and changes nothing. */
export async function applyMoneyMove(move: MoneyMove): Promise<LedgerOutcome> {
  if (!Number.isInteger(move.amount) || move.amount === 0) {
    throw new BadRequest('INVALID_AMOUNT');
  }
  const now = move.now ?? new Date().toISOString();
  const txId = newLedgerId();
  const walletUpdate: TransactItem = {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(move.sub), SK: keys.wallet() },
      UpdateExpression: 'ADD balance :amount SET updated_at = :now, #type = :wallet',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':amount': move.amount,
        ':now': now,
        ':wallet': 'wallet',
        ...(move.requireCovered ? { ':need': -move.amount } : {}),
      },
      ...(move.requireCovered ? { ConditionExpression: 'balance >= :need' } : {}),
    },
  };
  const ledgerPut: TransactItem = {
    Put: {
      TableName: config.TABLE_NAME,
      Item: ledgerToItem(move.sub, {
        id: txId,
        type: move.type,
        label: move.label,
        amount: move.amount,
        created_at: now,
        ref: move.ref,
      }),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const items = [move.marker, walletUpdate, ledgerPut, ...(move.extra ?? [])];

  for (let attempt = 0; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      logger.info('wallet moved', {
        sub: move.sub,
        amount: move.amount,
        kind: move.type,
        ref: move.ref,
        txId,
      });
      return { status: 'applied', txId };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
      // The marker, or a record guarding the same fulfilment (e.g. a completed checkout), already exists.
      if (codes[0] === 'ConditionalCheckFailed' || codes.slice(3).includes('ConditionalCheckFailed')) {
        return { status: 'duplicate' };
      }
      if (codes[1] === 'ConditionalCheckFailed') throw new InsufficientFunds();
      // Real DynamoDB cancels concurrent transactions on one item with TransactionConflict: try again.
      if (codes.includes('TransactionConflict') && attempt < MAX_CONFLICT_RETRIES) {
        await sleep(Math.random() * 20 * 2 ** attempt);
        continue;
      }
      logger.error('wallet transaction cancelled', { sub: move.sub, ref: move.ref, codes });
      throw error;
    }
  }
}

export type CreditInput = Omit<MoneyMove, 'requireCovered' | 'type'> & {
  type?: Extract<TransactionType, 'credit' | 'subscription_credit'>;
};

/** Adds coins (a paid checkout, a plan's monthly allowance) exactly once per marker. */
export function creditWallet(input: CreditInput): Promise<LedgerOutcome> {
  if (input.amount <= 0) throw new BadRequest('INVALID_AMOUNT');
  return applyMoneyMove({ ...input, type: input.type ?? 'credit' });
}

/**
 * Takes coins back after a refund or chargeback. Never blocked by the balance: the money already went
 * back to the payer, so the debit is recorded even if the balance goes negative (spends are then refused
 * until the wallet is topped up again).
 */
export function debitWallet(input: Omit<MoneyMove, 'requireCovered' | 'type'>): Promise<LedgerOutcome> {
  // A debit is stored negative; anything else is a caller's bug.
  if (input.amount >= 0) throw new BadRequest('INVALID_AMOUNT');
  return applyMoneyMove({ ...input, type: 'debit', requireCovered: false });
}

// ---------------------------------------------------------------------------------------------------
// Spending (the API the paid AI features use)

export interface SpendInput {
  sub: string;
  /** Coins to take, a positive integer. */
  amount: number;
  /** What the spend is, e.g. `ledgerLabel('generation')`; its refund reads 'Reembolso: <this>'. */
  label: LedgerLabel;
  /** Same key → same spend: a retried request never charges twice. */
  idempotencyKey: string;
}

export type SpendOutcome = { status: 'spent' | 'duplicate'; amount: number; txId?: string };

function checkKey(idempotencyKey: string): void {
  if (!/^[\w:.#-]{1,200}$/.test(idempotencyKey)) throw new BadRequest('INVALID_IDEMPOTENCY_KEY');
}

/** Takes coins when the balance covers them (402 otherwise); idempotent by key. */
export async function spendCoins(input: SpendInput): Promise<SpendOutcome> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new BadRequest('INVALID_AMOUNT');
  }
  checkKey(input.idempotencyKey);
  const now = new Date().toISOString();
  const marker: TransactItem = {
    Put: {
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.user(input.sub),
        SK: keys.spend(input.idempotencyKey),
        type: 'spend',
        key: input.idempotencyKey,
        amount: input.amount,
        label: input.label,
        reason: ledgerDescription(input.label),
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const outcome = await applyMoneyMove({
    sub: input.sub,
    amount: -input.amount,
    type: 'spend',
    label: input.label,
    ref: `spend:${input.idempotencyKey}`,
    marker,
    requireCovered: true,
    now,
  });
  return outcome.status === 'applied'
    ? { status: 'spent', amount: input.amount, txId: outcome.txId }
    : { status: 'duplicate', amount: input.amount };
}

export type RefundOutcome = { status: 'refunded' | 'already_refunded'; amount: number };

/** Gives back the coins of one spend, exactly once (a second call answers `already_refunded`). */
export async function refundSpend(input: {
  sub: string;
  idempotencyKey: string;
  /** Default: `refund` of the spend's own kind ('Reembolso: Geração de música'). */
  label?: LedgerLabel;
}): Promise<RefundOutcome> {
  checkKey(input.idempotencyKey);
  const key = { PK: keys.user(input.sub), SK: keys.spend(input.idempotencyKey) };
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new NotFound('SPEND_NOT_FOUND');
  const amount = Number(Item.amount);
  if (Item.refunded_at) return { status: 'already_refunded', amount };
  const now = new Date().toISOString();
  const outcome = await applyMoneyMove({
    sub: input.sub,
    amount,
    type: 'credit',
    label: input.label ?? refundOf(Item),
    ref: `refund:${input.idempotencyKey}`,
    marker: {
      Update: {
        TableName: config.TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET refunded_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(refunded_at)',
        ExpressionAttributeValues: { ':now': now },
      },
    },
    now,
  });
  return { status: outcome.status === 'applied' ? 'refunded' : 'already_refunded', amount };
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** The newest transactions first (coins page: 20). */
export async function listTransactions(sub: string, limit = 20): Promise<Transaction[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :tx)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':tx': keys.transaction('') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(ledgerFromItem);
}

/** Sum of every ledger amount of a user (audits and tests; reads all pages). */
export async function sumLedger(sub: string): Promise<{ sum: number; count: number }> {
  let sum = 0;
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :tx)',
        ExpressionAttributeValues: { ':pk': keys.user(sub), ':tx': keys.transaction('') },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      sum += Number(item.amount ?? 0);
      count += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { sum, count };
}

/** The default refund label: `refund` of the spend's kind (or of its old stored reason text). */
function refundOf(spend: Record<string, unknown>): LedgerLabel {
  const stored = LedgerLabel.safeParse(spend.label);
  const reason = String(spend.reason ?? '');
  const spent = stored.success ? stored.data : labelFromDescription(reason);
  if (spent && Object.keys(spent.params).length === 0) return ledgerLabel('refund', { of: spent.kind });
  return ledgerLabel('refund', { of: reason });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
