// What every dashboard page is rendered with (layout.ts renders it; each view reads it).

/** Who is signed in, as the dashboard shows it. */
export interface Person {
  accountId: string;
  name: string | null;
}

/** A team the person belongs to, with their role in it (docs/teams.md "Organizations"). */
export interface TeamChoice {
  id: string;
  name: string;
  role: string;
}

/** A form that failed: its key (action and row), what the API said, and what the person had typed. */
export interface FailedForm {
  key: string;
  message: string;
  /** The field the refusal names, when it names one (shown beside that field). */
  field?: string;
  values: Record<string, string>;
}

/** What every dashboard page needs besides its own data. */
export interface DashboardView {
  /** The page's own path: its forms post back here. */
  path: string;
  /** The page's query values (a list's page), for links that keep them. */
  query: Record<string, string>;
  person: Person;
  csrfToken: string;
  /** What the last action did, in words. */
  notice: string | null;
  /** A secret shown once (a new key, a webhook secret): never rendered again. */
  reveal: { label: string; value: string } | null;
  failed: FailedForm | null;
  /** How many purchases of the person's agents wait for their approval (null: unknown), shown on the nav. */
  pendingApprovals?: number | null;
  /** Whether this registry runs in development (`npm start`): the gems hint names the command that grants them. */
  development?: boolean;
  /** The team the person acts for (the switcher's choice); absent: themselves. */
  team?: TeamChoice | null;
  /** The teams the person may switch to. */
  teams?: TeamChoice[];
  /** Whether the person's role lets them use one of this page's forms; absent: every form is theirs. */
  mayAct?: (action: string) => boolean;
}
