/** The DRE, the cash-flow projection and the dashboard. */
export const outlookProcedures = {};
