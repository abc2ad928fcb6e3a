/**
 * Query keys that more than one feature needs. A feature may not import another feature, so a save in one
 * feature invalidates the dashboard counts through this key rather than through the dashboard's factory.
 */
export const DASHBOARD_METRICS_QUERY_KEY = ['dashboard', 'metrics'] as const;

/** The signed-in user (auth's get-user); a change that refreshes every list leaves the session alone. */
export const SESSION_QUERY_KEY = ['user'] as const;

/**
 * The dashboard's follow-up cards (issue 16: returns due today, overdue, no contact after 48 h); a lead's
 * contact, status or return date, registered in the funnel's panel, changes them.
 */
export const ACOMPANHAMENTO_RESUMO_QUERY_KEY = ['dashboard', 'acompanhamento'] as const;
