// scripts/e2e-shards.ts: every spec file runs in exactly one shard, and the shards' times are even.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shardFiles } from "../../scripts/e2e-shards";

const specs = readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts"));

describe("e2e shards", () => {
  it("put every spec file of tests/e2e in exactly one shard", () => {
    for (const shards of [1, 2, 3]) {
      const split = shardFiles(specs, shards);
      expect(split).toHaveLength(shards);
      expect(split.flat().sort()).toEqual([...specs].sort());
    }
  });

  it("balance the files' times, a new file counting as the median", () => {
    const seconds = { "a.spec.ts": 80, "b.spec.ts": 50, "c.spec.ts": 40, "d.spec.ts": 30, "e.spec.ts": 10 };
    const split = shardFiles([...Object.keys(seconds), "new.spec.ts"], 2, seconds);
    const time = (files: string[]) => files.reduce((n, f) => n + (seconds[f as keyof typeof seconds] ?? 40), 0);
    expect(split.map(time).sort()).toEqual([120, 130]);
    expect(split.flat()).toContain("new.spec.ts");
  });
});
