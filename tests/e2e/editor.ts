// The split editor, as a person sees it: fields by their labels, buttons by their words.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { EMULATOR_URL } from "./config";

export function editor(page: Page) {
  const byLabel = (label: string) => page.getByLabel(label, { exact: true });
  return {
    amount: (n: number) => byLabel(`Amount, line ${n}`),
    share: (n: number) => byLabel(`Percentage of the gift, line ${n}`),
    quantity: (n: number) => byLabel(`Quantity, line ${n}`),
    campaign: (n: number) => byLabel(`Campaign, line ${n}`),
    parent: (n: number) => byLabel(`Parent campaign, line ${n}`),
    fund: (n: number) => byLabel(`Fund, line ${n}`),
    lineTotal: (n: number) => byLabel(`Line total, line ${n}`),
    remaining: () => page.getByTestId("remaining"),
    status: () => page.locator("#editor-status"),
    review: () => page.getByRole("button", { name: "Review changes" }),
    dialog: () => page.getByRole("dialog", { name: "Review the new allocation" }),
    button: (name: string) => page.getByRole("button", { name, exact: true }),
    /** Types into a picker and clicks the named choice in its list. */
    async choose(field: "campaign" | "parent" | "fund", n: number, typed: string, option: string | RegExp) {
      const input = byLabel(
        `${field === "parent" ? "Parent campaign" : field === "fund" ? "Fund" : "Campaign"}, line ${n}`,
      );
      await input.click();
      await input.fill(typed);
      await page.getByRole("listbox").getByRole("option", { name: option }).click();
    },
    /** Review, then send; ends on the history page of the new submission. */
    async send() {
      await this.review().click();
      await expect(this.dialog()).toBeVisible();
      await this.dialog().getByRole("button", { name: "Send to the service" }).click();
      await expect(page).toHaveURL(/\/history\/[0-9a-f-]{36}$/);
    },
  };
}

/** Opens the editor of the transaction whose row mentions `text` (an id or external id). */
export async function openEditor(page: Page, text: string) {
  await page
    .getByRole("row")
    .filter({ hasText: text })
    .getByRole("link", { name: /^(Split|Change split) the/ })
    .click();
  await expect(page.getByRole("heading", { name: /^Split \$/ })).toBeVisible();
}

export type ServiceSplit = {
  id: string;
  transaction_id: string;
  unit_amount_in_cents: number;
  quantity: number;
  campaign: string;
  parent_campaign: string | null;
  fund: string;
  deleted_at: string | null;
};

/** What the emulator holds for one gift, active splits only. */
export async function serviceSplits(page: Page, transactionId: string, org = 1001): Promise<ServiceSplit[]> {
  const answer = await page.request.get(`${EMULATOR_URL}/__emulator/organizations/${org}/splits`);
  const { splits } = (await answer.json()) as { splits: ServiceSplit[] };
  return splits.filter((s) => s.transaction_id === transactionId && !s.deleted_at);
}

export async function expectNoSeriousAxeViolations(page: Page, where = "") {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
