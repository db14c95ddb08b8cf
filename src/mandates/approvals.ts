import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { approvalDecidedSignal, type CheckoutStage } from '../../workflows/checkout-messages.ts';
import { registryStageKey } from '../../workflows/search-attributes.ts';
import { personOf, type AccountPrincipal } from '../auth/principal.ts';
import { accountRepository } from '../db/account-repository.ts';
import { approvalRepository } from '../db/approval-repository.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import type { ApprovalRecord, ApprovalStatus } from '../domain/mandates.ts';
import { recordEvent } from '../db/outbox.ts';
import type { Orm } from '../db/orm.ts';
import { AppError } from '../domain/errors.ts';
import { formatUsd } from '../domain/money.ts';
import type { SpendRequest } from './limits.ts';
import { offerSpendKey } from './offer-spend.ts';
import { checkoutSpendKey, releaseSpend } from './spends.ts';

// Approvals above a mandate's threshold (docs/mandates.md "Approvals"). The row is where the decision
// is taken, once (`pending` → `approved` | `refused` by the person, `expired` by the run at its
// deadline); the waiting checkout run is signalled after, and reads the row back when it stops waiting.

/** Where an approval is read: absolute where the registry's base URL is known (its answers), else the path. */
export const approvalStatusUrl = (id: string, baseUrl = '') => `${baseUrl}/api/v1/approvals/${id}`;

/** The 202 a purchase above the approval threshold is answered with (rendered by the error handler). */
export class ApprovalRequired extends Error {
  override name = 'ApprovalRequired';
  readonly approvalId: string;
  readonly expiresAt: Date;
  constructor(approvalId: string, expiresAt: Date) {
    super(
      `This purchase is above your mandate's approval threshold: it waits for the person who manages you to approve it (until ${expiresAt.toISOString()}). Nothing is charged meanwhile. Poll GET ${approvalStatusUrl(approvalId)}; once approved, a gems purchase completes by itself, a machine payment asks you to re-send your request for its 402 challenge.`,
    );
    this.approvalId = approvalId;
    this.expiresAt = expiresAt;
  }
  /** The 202's body; `baseUrl` makes its `status_url` absolute, as every URL the API answers with is. */
  body(baseUrl: string) {
    return {
      status: 'approval_required' as const,
      approval_id: this.approvalId,
      status_url: approvalStatusUrl(this.approvalId, baseUrl),
      expires_at: this.expiresAt.toISOString(),
      message: this.message,
    };
  }
}

/**
 * A new approval's id and deadline, carried by the checkout run's input (`input.approval`): `ttlSeconds`
 * from now, and never past `holdEndsAtMs`, the end of the unpaid checkout whose name the wait holds.
 */
export function newApproval(ttlSeconds: number, holdEndsAtMs: number): { approvalId: string; expiresAtMs: number } {
  return { approvalId: randomUUID(), expiresAtMs: Math.min(Date.now() + ttlSeconds * 1000, holdEndsAtMs) };
}

/**
 * Records a pending approval and its `mandate.approval_requested` event in one transaction, once the
 * checkout's run has started (so a busy lock leaves no approval behind). A run whose row was never
 * written waits to its deadline and ends refused (`closeApproval` reads a missing row as expired).
 */
export async function recordApproval(
  orm: Orm,
  a: {
    approval: { approvalId: string; expiresAtMs: number };
    spend: SpendRequest;
    sessionId: string;
    workflowId: string;
    method: string;
  },
): Promise<void> {
  const id = a.approval.approvalId;
  const now = new Date();
  const expiresAt = new Date(a.approval.expiresAtMs);
  await orm.em.fork().transactional(async (tx) => {
    approvalRepository(tx).request({
      id,
      accountId: a.spend.accountId,
      operation: a.spend.operation,
      name: a.spend.name,
      sessionId: a.sessionId,
      workflowId: a.workflowId,
      method: a.method,
      usdMicros: a.spend.usdMicros,
      gems: a.spend.gems,
      requestedAt: now,
      expiresAt,
    });
    recordEvent(tx, 'mandate.approval_requested', {
      account_id: a.spend.accountId,
      approval_id: id,
      operation: a.spend.operation,
      domain: a.spend.name,
      amount_usd: formatUsd(a.spend.usdMicros),
      amount_gems: Number(a.spend.gems),
      requested_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      status_url: approvalStatusUrl(id),
    });
  });
}

function decidedEvent(tx: EntityManager, a: ApprovalRecord) {
  recordEvent(tx, 'mandate.approval_decided', {
    account_id: a.accountId,
    approval_id: a.id,
    operation: a.operation,
    domain: a.name,
    decision: a.status as 'approved' | 'refused' | 'expired',
    decided_by: a.decidedBy,
    decided_at: (a.decidedAt ?? new Date()).toISOString(),
  });
}

/**
 * What a purchase that will not happen gives back, in the transaction that says so: its checkout row
 * (no longer held, no longer counted against CHECKOUT_MAX_OPEN) and its reservation. Idempotent: the
 * person's refusal does it, and the run does it again when it stops waiting.
 */
async function endUnapproved(tx: EntityManager, sessionId: string): Promise<void> {
  await checkoutSessions(tx).close(sessionId, 'refused');
  // An offer's approval has the offer's id as its session, and its amount reserved under the offer's key.
  await releaseSpend(tx, [checkoutSpendKey(sessionId), offerSpendKey(sessionId)]);
}

/**
 * The run stopped waiting (a decision arrived, or its deadline passed): a row still pending is expired
 * now (with its event), and anything but `approved` releases the reservation and closes the checkout
 * row. The row's status is the answer, so a decision taken just before the deadline is honoured even if
 * its signal came late.
 */
export async function closeApproval(orm: Orm, approvalId: string, spendKey: string | null): Promise<ApprovalStatus> {
  const status = await orm.em.fork().transactional(async (tx) => {
    const approvals = approvalRepository(tx);
    let a = await approvals.lock(approvalId);
    if (!a) return 'expired' as const;
    if (a.status === 'pending') {
      a = await approvals.decide(a.id, { status: 'expired', decidedAt: new Date() });
      decidedEvent(tx, a);
    }
    if (a.status !== 'approved') await endUnapproved(tx, a.sessionId);
    return a.status;
  });
  if (status !== 'approved' && spendKey) await releaseSpend(orm.em.fork(), spendKey);
  return status;
}

export interface ApprovalDeps {
  orm: Orm;
  /** The registry's public base URL: the views' `status_url` is absolute. */
  baseUrl: string;
  temporal?: Client | undefined;
}

/** Who may read (the agent, the person managing it) and decide (only that person) an approval. */
export function approvalService(deps: ApprovalDeps) {
  const em = () => deps.orm.em.fork();

  async function access(principal: AccountPrincipal, id: string, decide: boolean) {
    const a = await approvalRepository(em()).find(id);
    const notFound = () => new AppError('approval_not_found', 'No approval with that id is yours to see.');
    if (!a) throw notFound();
    const agent = await accountRepository(em()).managerOf(a.accountId);
    const manages = agent?.managerId === principal.accountId;
    if (manages) return a;
    if (a.accountId === principal.accountId) {
      if (decide)
        throw new AppError('forbidden', 'An agent cannot decide its own approval: the person who manages it does.');
      return a;
    }
    throw notFound();
  }

  /** Where the checkout behind an approval stands: its run's stage, or its outcome once it ended. */
  async function checkoutOf(a: ApprovalRecord): Promise<{ stage: CheckoutStage | null; outcome: string | null }> {
    if (!deps.temporal) return { stage: null, outcome: null };
    const handle = deps.temporal.workflow.getHandle(a.workflowId);
    try {
      const d = await handle.describe();
      if (d.memo?.sessionId !== a.sessionId) return { stage: null, outcome: null };
      const stage = d.searchAttributes[registryStageKey.name]?.[0];
      if (d.status.name === 'RUNNING')
        return { stage: (typeof stage === 'string' ? stage : null) as CheckoutStage | null, outcome: null };
      const result = (d.status.name === 'COMPLETED' ? await handle.result() : null) as {
        outcome?: string;
        code?: string;
      } | null;
      return {
        stage: (typeof stage === 'string' ? stage : null) as CheckoutStage | null,
        outcome: result?.outcome === 'refused' ? (result.code ?? 'refused') : (result?.outcome ?? d.status.name),
      };
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return { stage: null, outcome: null };
      throw err;
    }
  }

  const nextStep = (a: ApprovalRecord, c: { stage: CheckoutStage | null; outcome: string | null }): string => {
    if (a.status === 'pending') return 'Waiting for the person who manages the agent to approve or refuse it.';
    if (a.status === 'refused') return 'Refused by the person: nothing was charged.';
    if (a.status === 'expired') return 'Left unanswered until its deadline, so refused: nothing was charged.';
    if (c.stage === 'awaiting_payment')
      return 'Approved: re-send the same request to get its 402 payment challenge, then pay it as usual.';
    if (c.outcome) return `Approved; the checkout ended: ${c.outcome}.`;
    return 'Approved: the purchase is being completed.';
  };

  async function view(a: ApprovalRecord) {
    const c = await checkoutOf(a);
    return {
      approval_id: a.id,
      agent_id: a.accountId,
      status: a.status,
      operation: a.operation,
      name: a.name,
      payment_method: a.method,
      amount: { usd: formatUsd(a.usdMicros), gems: Number(a.gems) },
      requested_at: a.requestedAt.toISOString(),
      expires_at: a.expiresAt.toISOString(),
      decided_at: a.decidedAt?.toISOString() ?? null,
      decided_by: a.decidedBy,
      checkout: { stage: c.stage, outcome: c.outcome },
      status_url: approvalStatusUrl(a.id, deps.baseUrl),
      message: nextStep(a, c),
    };
  }

  return {
    async get(principal: AccountPrincipal, id: string) {
      return view(await access(principal, id, false));
    },

    /** The pending and recent approvals of every agent the caller manages, or an agent's own; pending first. */
    async list(principal: AccountPrincipal, q: { status?: ApprovalStatus | undefined; limit: number }) {
      const managed = await accountRepository(em()).claimedBy(principal.accountId);
      const rows = await approvalRepository(em()).listFor([principal.accountId, ...managed], q);
      rows.sort((x, y) => Number(y.status === 'pending') - Number(x.status === 'pending'));
      return Promise.all(rows.map(view));
    },

    /**
     * The person's decision, taken once on the row (with its event), then signalled to the waiting run.
     * The same decision again answers the approval as it stands; another one after it is 409.
     */
    async decide(principal: AccountPrincipal, id: string, decision: 'approved' | 'refused') {
      const a = await access(principal, id, true);
      const now = new Date();
      const taken = await em().transactional(async (tx) => {
        const approvals = approvalRepository(tx);
        const locked = await approvals.lock(a.id);
        if (!locked) throw new Error(`approval ${a.id} is gone`);
        if (locked.status !== 'pending' || locked.expiresAt <= now) return locked;
        // The person who decided, a team's member rather than the team they act for.
        const row = await approvals.decide(a.id, { status: decision, decidedAt: now, decidedBy: personOf(principal) });
        decidedEvent(tx, row);
        // Refused: the budget and the name are free when this answers, not when the run gets to it.
        if (decision === 'refused') await endUnapproved(tx, row.sessionId);
        return row;
      });
      if (taken.status !== decision) {
        const status = taken.status === 'pending' ? 'expired' : taken.status;
        throw new AppError('approval_already_decided', `This approval is already ${status}; it cannot be changed.`, {
          status,
          decided_at: taken.decidedAt?.toISOString() ?? null,
        });
      }
      if (deps.temporal) {
        await deps.temporal.workflow
          .getHandle(taken.workflowId)
          .signal(approvalDecidedSignal, { decision })
          .catch((err: unknown) => {
            // The run already ended (it read the row at its deadline): nothing waits for the signal.
            if (!(err instanceof WorkflowNotFoundError)) throw err;
          });
      }
      return view(taken);
    },
  };
}
