// The scopes in plain words (spec §5.4), for the settings page.
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  basic: "See the organization's account details and set the integration status",
  data_add: "Create and update records, such as splitting gifts",
  data_query: "Read contacts and gifts",
};

export function describeScope(scope: string): string {
  return SCOPE_DESCRIPTIONS[scope] ?? scope;
}

/** The scopes Apportion asked for that the service did not grant. */
export function missingScopes(granted: readonly string[], needed: readonly string[]): string[] {
  return needed.filter((scope) => !granted.includes(scope));
}

/** What an admin should know when access is narrower than Apportion needs; null when it is not. */
export function scopeWarning(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  const what = missing.map((scope) => `${describeScope(scope).toLowerCase()} (${scope})`).join("; ");
  return `The service did not grant everything Apportion needs: ${what}. What needs it will be refused; reconnect and allow all the access asked for.`;
}
