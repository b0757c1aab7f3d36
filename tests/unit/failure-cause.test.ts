// Why a submission is Failed, from its first failed batch as the outbox left it, and the sentence
// each cause reads as (History, the bulk progress, the settings card and the mails say it alike).
import { describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { failureOf } from "@/lib/submissions/failure";
import { stateSentence } from "@/lib/submissions/submission-state";

const max = getEnv().OUTBOX_MAX_ATTEMPTS;

describe("a Failed submission's cause", () => {
  it.each([
    ["given up on after every attempt", { serviceImportId: null, serviceStatus: null, attempts: max }, "unreachable"],
    ["refused before any import existed", { serviceImportId: null, serviceStatus: null, attempts: 1 }, "not_sent"],
    [
      "reported failed by the service",
      { serviceImportId: "42", serviceStatus: "Load_Failed", attempts: 1 },
      "import_failed",
    ],
    ["sent, then not followed", { serviceImportId: "42", serviceStatus: "Working", attempts: 1 }, "not_followed"],
  ] as const)("%s", (_, batch, cause) => {
    expect(failureOf([batch, { serviceImportId: null, serviceStatus: null, attempts: max }])).toBe(cause);
  });

  it("is none without a failed batch", () => {
    expect(failureOf([])).toBeNull();
  });

  it("gives each cause its own sentence, and says 'could not be reached' only when it could not", () => {
    const causes = ["unreachable", "not_sent", "import_failed", "not_followed", null] as const;
    const sentences = causes.map((cause) => stateSentence("failed", cause));
    expect(new Set(sentences).size).toBe(causes.length);
    expect(sentences.filter((s) => s.includes("could not be reached"))).toEqual([sentences[0]]);
    expect(sentences[2]).toBe("Failed: the service reported that the import failed. Open it to see why and retry.");
    expect(sentences.every((s) => s.startsWith("Failed: "))).toBe(true);
    // The cause says nothing for a state that is not Failed.
    expect(stateSentence("sending", "import_failed")).toBe(stateSentence("sending", null));
  });
});
