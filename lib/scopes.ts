// The scopes in plain words (spec §5.4), for the settings page.
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  basic: "See the organization's account details and set the integration status",
  data_add: "Create and update records, such as splitting transactions",
  data_query: "Read contacts and transactions",
};

export function describeScope(scope: string): string {
  return SCOPE_DESCRIPTIONS[scope] ?? scope;
}
