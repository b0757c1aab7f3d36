// `npm run db:new-migration -- <name>`: writes the SQL that brings the checked-in migrations
// up to prisma/schema.prisma into a new migration folder. `prisma migrate dev` cannot run with
// the WASM schema engine here (see docs/stack.md), so the diff is taken explicitly
// against an in-memory shadow database (prisma.config.ts).
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:new-migration -- <name>   (lowercase letters, digits and _)");
  process.exit(2);
}

const sql = await run("npx", [
  "prisma",
  "migrate",
  "diff",
  "--from-migrations",
  "prisma/migrations",
  "--to-schema-datamodel",
  "prisma/schema.prisma",
  "--script",
]);

if (!/^\s*(CREATE|ALTER|DROP)/im.test(sql)) {
  console.log("The schema matches the migrations: nothing to write.");
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = path.join("prisma", "migrations", `${stamp}_${name}`);
await mkdir(folder, { recursive: true });
await writeFile(path.join(folder, "migration.sql"), sql);
console.log(`Wrote ${folder}/migration.sql. Review it, then apply with npm run db:migrate.`);

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}`))));
  });
}
