import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountPrincipal } from '../auth/principal.ts';
import { declareRoute, PERSON_PAGE, type RouteDeclaration } from '../http/declaration.ts';
import type { Outcome } from '../http/operations/invoke.ts';
import type { Input, Operation, Output } from '../http/operations/operation.ts';
import type { SafeHtml } from '../pages/html.ts';
import type { DashboardView } from './views/view.ts';

// What a dashboard page is made of — its loader, its view, its forms and the operations they call — as each
// page module declares it (src/dashboard/routes/); page.ts serves what is declared.

/**
 * A page's two routes on its address: the page (GET), and the POST of its forms, which act for the person
 * themself (their role in a team is asked by each operation the form calls).
 */
export const pageRoutes = <const U extends string>(url: U) => ({
  page: declareRoute({ method: 'GET', url, access: PERSON_PAGE }),
  post: declareRoute({ method: 'POST', url, access: PERSON_PAGE, area: 'self' }),
});

/** One API operation with its input: what a form does. */
export interface OperationCall<O extends Operation = Operation> {
  op: O;
  input: Input<O> & { idempotencyKey?: string };
}

/**
 * A form's input for an operation: its path values and query as the operation takes them, and a body whose
 * fields the operation names but whose values are what the person typed, for the operation to judge (its
 * refusal is shown beside the form), never judged a second time here.
 */
type FormInput<O extends Operation> = Omit<Input<O>, 'body'> & {
  body?: NonNullable<Input<O>['body']> extends object
    ? { [K in keyof NonNullable<Input<O>['body']>]?: unknown }
    : unknown;
};

/** Pairs an operation with a form's input for it. */
export const request = <O extends Operation>(op: O, input: FormInput<O> = {}): OperationCall<O> =>
  ({ op, input }) as OperationCall<O>;

/** What a page's loader and actions work with: the person, the request's path values, and the API. */
export interface PageContext {
  req: FastifyRequest;
  person: AccountPrincipal;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Calls a documented API operation as this person (src/http/operations/invoke.ts). */
  call<O extends Operation>(op: O, input?: Input<O>): Promise<Outcome<Output<O>>>;
  /** Like `call`, for a read the page cannot do without: a refusal becomes the page's own error. */
  read<O extends Operation>(op: O, input?: Input<O>): Promise<Output<O>>;
  /**
   * The page is shown right after one of its actions (its POST, or the GET its redirect led to): it says
   * what happened even when the thing it is about is no longer the person's (a transfer, a sale).
   */
  afterAction: boolean;
}

/** A form's fields as posted: each a string (a repeated field, several). */
export type FormFields = Record<string, string | string[]>;

/**
 * One thing a person can do on a page: the fields its form sends (checked with zod), the API operation
 * that does it, and what to say when it worked (any answer below 400: its 200 typed by the operation's
 * response schema, or an accepted 202). The rule itself lives in the API operation only.
 */
export interface DashboardAction<F, O extends Operation = Operation> {
  fields: z.ZodType<F>;
  call(fields: F, ctx: PageContext): OperationCall<O>;
  done(fields: F, answer: Outcome<Output<O>>): { notice: string; reveal?: { label: string; value: string } };
}

/** The 200's body of an action's answer, as its operation types it; null for another answer below 400 (a 202). */
export const answered = <B>(a: Outcome<B>): B | null => (a.ok ? a.body : null);

/**
 * A text field of an answer's body whatever its type: a refusal's `code` or `message` (every refusal has
 * them, src/domain/error-body.ts), the message several operations answer. Null when absent.
 */
export const textOf = (body: unknown, field: string): string | null => {
  const value: unknown = body && typeof body === 'object' ? Reflect.get(body, field) : undefined;
  return typeof value === 'string' ? value : null;
};

/** Declares an action with its field types inferred from its schema and its answer's from its operation. */
export const action = <F, O extends Operation>(a: DashboardAction<F, O>): DashboardAction<unknown> =>
  a as unknown as DashboardAction<unknown>;

export interface DashboardPage<D> {
  page: RouteDeclaration;
  /** The POST of the page's forms, when it has any. */
  post?: RouteDeclaration;
  title(ctx: PageContext, data: D): string;
  load(ctx: PageContext): Promise<D>;
  render(view: DashboardView, data: D): SafeHtml;
  actions?: Record<string, DashboardAction<unknown>>;
  /**
   * Where sign-in brings a signed-out person back to, for a page whose address holds a secret (an invitation
   * link's token): it keeps the address elsewhere (a cookie) and names a path without the secret. Absent:
   * the page's own address.
   */
  signInReturn?(req: FastifyRequest, reply: FastifyReply): string;
  /**
   * A file the page offers (a GET with the person's session, such as the audit trail's export): the
   * operation's answer, with its own content type and disposition, or the page's error page when refused.
   */
  download?: { route: RouteDeclaration; call(ctx: PageContext): OperationCall };
}
