// `npm start` migrates a PostgreSQL server only when asked (MIGRATE_ON_START=1); `npm run dev` and
// the embedded database always migrate.
import { describe, expect, it } from "vitest";
import { migratesOnStart } from "@/scripts/migrate-on-start";

const url = "postgresql://app@db.example.org/apportion";

describe("migratesOnStart", () => {
  it("does not migrate a server's database on npm start unless MIGRATE_ON_START=1", () => {
    expect(migratesOnStart("start", { DATABASE_URL: url })).toBe(false);
    expect(migratesOnStart("start", { DATABASE_URL: url, MIGRATE_ON_START: "0" })).toBe(false);
    expect(migratesOnStart("start", { DATABASE_URL: url, MIGRATE_ON_START: "1" })).toBe(true);
  });

  it("always migrates in development and the embedded database", () => {
    expect(migratesOnStart("dev", { DATABASE_URL: url })).toBe(true);
    expect(migratesOnStart("dev", {})).toBe(true);
    expect(migratesOnStart("start", {})).toBe(true);
  });
});
