// The layers of docs/architecture.md ("Layers"), held by lint. Every import is resolved to the file
// (or package) it names, whatever way it is written: `@/lib/db`, `../../lib/db`, `import("@/lib/db")`,
// `export … from`, `require()`. A rule on the written text alone let a relative or dynamic import
// walk round it.
//
// Server or shared is decided by the path, then by the file:
// - the folders in SERVER_FOLDERS hold only server modules, each starting with `import "server-only"`
//   (held by no-restricted-syntax in eslint.config.mjs);
// - elsewhere in lib/ a module is server-only when it says so, shared when it does not. A shared
//   module may be loaded by the browser (or by the launcher, next.config.ts or proxy.ts, which
//   cannot load a server-only one), so it imports neither the database nor a server-only module nor
//   a server package. Nothing needs listing: the file's first lines say which it is.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Folders (and files) of lib/ whose every module runs on the server only. */
export const SERVER_FOLDERS = [
  "lib/auth",
  "lib/connections",
  "lib/csv",
  "lib/gift-history",
  "lib/health",
  "lib/http",
  "lib/metrics",
  "lib/outbox",
  "lib/read-back",
  "lib/worker",
];
export const SERVER_FILES = ["lib/db.ts", "lib/db-sql.ts", "lib/db-errors.ts"];

/** Shared modules the browser never loads but the launcher, next.config.ts or proxy.ts do: they may
 *  use Node's own modules (not the database, not a server-only module). */
const NODE_SIDE_SHARED = ["lib/env.ts", "lib/security/csp.ts"];

const DATABASE_FILES = new Set(SERVER_FILES);
const DATABASE_PACKAGES = /^(@prisma\/|pg$|pg\/)/;
const SERVER_PACKAGES = /^(@prisma\/|pg$|pg\/|pino($|\/)|prom-client$|server-only$|node:|next-auth\/next$)/;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** @returns {{ kind: "file", file: string } | { kind: "package", name: string }} */
export function resolveImport(importer, source) {
  let base = null;
  if (source.startsWith("@/")) base = path.join(root, source.slice(2));
  else if (source.startsWith("./") || source.startsWith("../") || source === "." || source === "..")
    base = path.resolve(path.dirname(path.resolve(root, importer)), source);
  if (base === null) return { kind: "package", name: source };
  const found = EXTENSIONS.map((ext) => base + ext).find((candidate) => isFile(candidate));
  return {
    kind: "file",
    file: path
      .relative(root, found ?? base)
      .split(path.sep)
      .join("/"),
  };
}

function isFile(candidate) {
  return statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
}

const texts = new Map();
function textOf(file) {
  if (!texts.has(file)) {
    try {
      texts.set(file, readFileSync(path.join(root, file), "utf8"));
    } catch {
      texts.set(file, "");
    }
  }
  return texts.get(file);
}

const SAYS_SERVER_ONLY = /^import "server-only";$/m;
export function isServerOnly(file, text = textOf(file)) {
  return SAYS_SERVER_ONLY.test(text);
}

/** The linted file, relative to the repository ("lib/db.ts"); outside it, it starts with "..". */
const lintedFile = (context) => path.relative(root, context.filename).split(path.sep).join("/");
const under = (file, folder) => file === folder || file.startsWith(folder + "/");
const isDatabase = (target) =>
  target.kind === "package"
    ? DATABASE_PACKAGES.test(target.name)
    : DATABASE_FILES.has(target.file) || under(target.file, "lib/generated");

/** What is wrong with `importer` importing `target`, or null. `typeOnly`: erased at build time. */
function breach(importer, importerText, target, typeOnly) {
  if (under(importer, "emulator")) {
    return target.kind === "file" && !under(target.file, "emulator")
      ? "The emulator imports nothing from the app."
      : null;
  }
  if (under(importer, "lib/service")) {
    if (target.kind === "package")
      return /^(react|react-dom|next|next-auth|@prisma|pg)(\/|$)/.test(target.name)
        ? "lib/service knows no React, Next.js or database."
        : null;
    // lib/process-slot.ts imports nothing: its one-value-per-process slots are the client's too.
    return under(target.file, "lib/service") || target.file === "lib/process-slot.ts"
      ? null
      : "lib/service imports nothing outside its folder: no other part of the app (but lib/process-slot.ts).";
  }
  if (under(importer, "components")) {
    if (target.kind === "file" && under(target.file, "app"))
      return "components/ never import app/: imports go app → components → lib.";
    return isDatabase(target)
      ? "Components take view types from lib, never the database client or Prisma's types."
      : null;
  }
  if (under(importer, "lib") && !under(importer, "lib/generated")) {
    if (target.kind === "file" && (under(target.file, "app") || under(target.file, "components")))
      return "lib never imports app/ or components/: imports go app → components → lib.";
    // A shared module's type-only imports are erased before the browser sees them: it may name a
    // server module's types or Prisma's enums, never load either.
    if (isServerOnly(importer, importerText) || typeOnly) return null;
    if (isDatabase(target))
      return 'A shared module (no import "server-only": the browser may load it) never imports the database.';
    if (target.kind === "package") {
      const nodeSide = NODE_SIDE_SHARED.includes(importer) && target.name.startsWith("node:");
      return SERVER_PACKAGES.test(target.name) && !nodeSide
        ? `A shared module (no import "server-only": the browser may load it) imports no server package (${target.name}).`
        : null;
    }
    if (isServerOnly(target.file))
      return `A shared module (no import "server-only": the browser may load it) imports no server module (${target.file}).`;
  }
  return null;
}

/** The visitors that hand `onImport(node, source, typeOnly)` every import of a file, however it is
 *  written; `source` is null when the import does not name its module in plain text. */
function importVisitors(onImport) {
  const check = (node, sourceNode, typeOnly) => {
    let source = null;
    if (sourceNode?.type === "Literal" && typeof sourceNode.value === "string") source = sourceNode.value;
    else if (sourceNode?.type === "TemplateLiteral" && sourceNode.expressions.length === 0)
      source = sourceNode.quasis[0].value.cooked;
    onImport(node, source, typeOnly);
  };
  const allTypes = (node) =>
    node.importKind === "type" ||
    node.exportKind === "type" ||
    (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
  return {
    ImportDeclaration: (node) => check(node, node.source, allTypes(node)),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source, allTypes(node)),
    ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === "type"),
    ImportExpression: (node) => check(node, node.source, false),
    TSImportType: (node) => check(node, node.argument?.literal ?? node.argument, true),
    CallExpression: (node) => {
      if (node.callee.type === "Identifier" && node.callee.name === "require" && node.arguments.length === 1)
        check(node, node.arguments[0], false);
    },
  };
}

const importsRule = {
  meta: {
    type: "problem",
    docs: { description: "The layers of docs/architecture.md, however an import is written." },
    schema: [],
  },
  create(context) {
    const importer = lintedFile(context);
    if (importer.startsWith("..")) return {};
    const text = context.sourceCode.text;
    return importVisitors((node, source, typeOnly) => {
      if (source === null) {
        if (/^(lib|components|emulator)\//.test(importer))
          context.report({ node, message: "An import names its module in plain text, so the layers can be checked." });
        return;
      }
      const message = breach(importer, text, resolveImport(importer, source), typeOnly);
      if (message) context.report({ node, message });
    });
  },
};

// The folders of lib/ in order, lowest first (docs/architecture.md, "Layers"): a module imports from
// its own folder or a lower one, never a higher one, type-only imports included (a folder's types
// are what it knows). So no ring of folders can form, however long: one the file-level rule
// (no-cycle) cannot see, as each file on it may import a different file of the next folder.
// lib's own modules (lib/*.ts: env, db, log…) are the floor, below every folder, and import
// none; the two that do import a folder take a place here. lib/generated is Prisma's, the floor too.
export const FOLDER_ORDER = [
  "lib/security",
  "lib/service",
  "lib/splits",
  "lib/gift-name.ts",
  "lib/csv",
  "lib/submissions",
  "lib/metrics",
  "lib/connections",
  "lib/read-back",
  "lib/funds",
  "lib/transactions",
  "lib/bulk",
  "lib/templates",
  "lib/notifications",
  "lib/contracts",
  "lib/api-client.ts",
  "lib/auth",
  "lib/http",
  "lib/gift-history",
  "lib/outbox",
  "lib/worker",
  "lib/health",
  "lib/hooks",
];

/** The folder (`lib/bulk`) or root module (`lib/db.ts`) of lib a file belongs to; null outside lib
 *  and for Prisma's generated client. */
function libUnit(file) {
  const match = /^lib\/([^/]+)/.exec(file);
  return !match || match[1] === "generated" ? null : `lib/${match[1]}`;
}

/** What is wrong with a module of `from` importing one of `to` (both lib units), or null. */
function folderOrderBreach(from, to) {
  if (from === to) return null;
  const rank = (unit) => {
    const at = FOLDER_ORDER.indexOf(unit);
    // A root module's name has its extension; a folder's has none.
    return at >= 0 ? at : /\.\w+$/.test(unit) ? -1 : null;
  };
  for (const unit of [from, to])
    if (rank(unit) === null)
      return `${unit} has no place in FOLDER_ORDER (scripts/eslint-layers.mjs): give it one, lowest first.`;
  // lib's own modules import each other freely (no-cycle holds them to no ring).
  if (rank(to) < rank(from) || rank(to) === -1) return null;
  if (rank(from) === -1)
    return `${from} is one of lib's own modules, below every folder: it imports no folder, nor a module placed in FOLDER_ORDER (${to}).`;
  return `${from} sits below ${to} in FOLDER_ORDER (docs/architecture.md, "Layers"): a folder imports only lower ones.`;
}

const folderOrderRule = {
  meta: {
    type: "problem",
    docs: { description: "lib's folders in one order: none imports a higher one." },
    schema: [],
  },
  create(context) {
    const importer = lintedFile(context);
    const from = libUnit(importer);
    if (from === null) return {};
    return importVisitors((node, source) => {
      if (source === null) return;
      const target = resolveImport(importer, source);
      const to = target.kind === "file" ? libUnit(target.file) : null;
      const message = to === null ? null : folderOrderBreach(from, to);
      if (message) context.report({ node, message });
    });
  },
};

// No two modules import each other, however long the ring. The graph is read from the files' text
// (imports only, type-only ones left out: they are erased), once per lint run.
const IMPORT_PATTERNS = [
  /(?:^|[\s;])import\s+(?!type\s)([^;]*?)\s*from\s*["']([^"']+)["']/g,
  /(?:^|[\s;])export\s+(?!type\s)([^;]*?)\s*from\s*["']([^"']+)["']/g,
  /(?:^|[\s;])import\s*["']([^"']+)["']/g,
  /import\(\s*["'`]([^"'`$]+)["'`]\s*\)/g,
];
const edges = new Map();
function importsOf(file) {
  if (edges.has(file)) return edges.get(file);
  const text = textOf(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/[^\n]*/g, "$1");
  const found = new Set();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const [clause, source] = match.length === 3 ? [match[1], match[2]] : ["", match[1]];
      const braces = /^\{([^}]*)\}$/.exec(clause.trim());
      if (braces && braces[1].split(",").every((s) => s.trim() === "" || /^type\s/.test(s.trim()))) continue;
      const target = resolveImport(file, source);
      if (target.kind === "file" && /\.(ts|tsx)$/.test(target.file) && !under(target.file, "lib/generated"))
        found.add(target.file);
    }
  }
  edges.set(file, [...found]);
  return edges.get(file);
}

/** A ring of imports back to `start`, as the files along it, or null. */
export function cycleFrom(start) {
  const seen = new Set();
  const walk = (file, trail) => {
    for (const next of importsOf(file)) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const ring = walk(next, [...trail, next]);
      if (ring) return ring;
    }
    return null;
  };
  return walk(start, [start]);
}

const noCycleRule = {
  meta: { type: "problem", docs: { description: "No two modules import each other." }, schema: [] },
  create(context) {
    const file = lintedFile(context);
    if (file.startsWith("..")) return {};
    return {
      "Program:exit"(node) {
        // The file as linted (a test may lint changed text) is the start of the walk; the text on
        // disk is read again afterwards.
        edges.delete(file);
        texts.set(file, context.sourceCode.text);
        const ring = cycleFrom(file);
        edges.delete(file);
        texts.delete(file);
        if (ring) context.report({ node, message: `Modules import each other: ${ring.join(" → ")}.` });
      },
    };
  },
};

// Every hand-written statement goes through lib/db-sql.ts (docs/architecture.md, "Database
// access"): Prisma's raw methods are called there and nowhere else.
const rawSqlRule = {
  meta: { type: "problem", docs: { description: "Raw SQL only through lib/db-sql.ts." }, schema: [] },
  create(context) {
    return {
      "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]"(node) {
        context.report({
          node,
          message:
            "A hand-written statement goes through lib/db-sql.ts (sql, execute, sqlIn(tx)), not Prisma's raw methods.",
        });
      },
    };
  },
};

const layers = {
  meta: { name: "layers" },
  rules: { imports: importsRule, "folder-order": folderOrderRule, "no-cycle": noCycleRule, "raw-sql": rawSqlRule },
};
export default layers;
