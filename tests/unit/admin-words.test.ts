// The admin's words on every screen (docs/architecture.md, "Glossary"): a gift, not a
// transaction; a line of the editor or of a file, not a row. The code keeps the service's and the
// database's words, so this test reads the source with the TypeScript compiler and looks only at
// text an admin can read: JSX text and every string or template that reads as a phrase (a space
// and a letter), wherever it goes (AppError, zod, problem lists, aria-label, mails…).
//
// Not the admin's, so not looked at: imports, types, tagged templates (SQL: sql``, statement``,
// fragment``), SQL given as text, URLs and paths, className, object keys, metrics' `help`
// (operators read /metrics), and log calls (log.*, logger.*, console.*): logs are for operators
// and keep the code's words. CSV column names (transaction_id…) are the file's format: as words
// with an underscore they never match.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

const FORBIDDEN = /\b(transactions?|rows?)\b/i;

/** Calls whose arguments are not for the admin: logs, and SQL given as text. */
const NOT_ADMIN_CALLEE = /^(log|logger|console)\.\w+$|^(raw|sqlRows|require)$|\.query$/;
/** Attributes and keys whose text is markup or plumbing, not words. */
const NOT_ADMIN_NAME = new Set(["className", "href", "scope", "role", "help", "queryKey"]);
const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|JOIN)\b/;

type Found = { line: number; text: string };

/** Every phrase of one file that an admin may read. */
export function adminTexts(fileName: string, source: string): Found[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Found[] = [];
  // JSX text and attribute values are read as they are; elsewhere a single word is a name in code.
  const keep = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    const shown = ts.isJsxText(node) || ts.isJsxAttribute(node.parent);
    if (!/[A-Za-z]/.test(trimmed) || (!shown && !/\s/.test(trimmed))) return;
    if (/^(\/|https?:)/.test(trimmed) || SQL.test(trimmed)) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node) ||
      ts.isTaggedTemplateExpression(node) ||
      ts.isTypeNode(node)
    ) {
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || NOT_ADMIN_CALLEE.test(callee)) return;
    }
    if ((ts.isJsxAttribute(node) || ts.isPropertyAssignment(node)) && NOT_ADMIN_NAME.has(node.name.getText(file))) {
      return;
    }
    if (ts.isPropertyAssignment(node)) {
      // The key is plumbing; the value may be words.
      visit(node.initializer);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) keep(node, node.text);
    else if (ts.isJsxText(node)) keep(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      keep(node, node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join(""));
      node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the admin's words", () => {
  it("no text an admin reads says transaction or row", () => {
    const files = ["lib", "components", "app"].flatMap((root) => sourceFiles(root));
    expect(files.length).toBeGreaterThan(300);
    const offending = files.flatMap((name) =>
      adminTexts(name, readFileSync(name, "utf8"))
        .filter((t) => FORBIDDEN.test(t.text))
        .map((t) => `${name}:${t.line}: ${t.text}`),
    );
    expect(offending).toEqual([]);
  });

  it("finds a new message in the code's words, wherever it is written", () => {
    const source = `
      import { z } from "zod";
      const schema = z.string().min(1, "Give the transaction a name.");
      throw new AppError("invalid_input", \`Row \${n} has no amount.\`);
      errors.push("Two rows name this gift.");
      export const Cell = () => <td aria-label="Gift row">These transactions</td>;
      export const Head = () => <th title="rows">Rows</th>;
    `;
    expect(
      adminTexts("new.tsx", source)
        .filter((t) => FORBIDDEN.test(t.text))
        .map((t) => t.line),
    ).toEqual([3, 4, 5, 6, 6, 7, 7]);
  });

  it("leaves the code's own words alone: logs, SQL, paths, markup, keys and column names", () => {
    const source = `
      import { KnownTransaction } from "@/lib/transactions/read";
      log.warn("transactions.sync_failed", { message: "the rows were not stored" });
      const rows = await sql\`SELECT transaction_id FROM rows WHERE a = b\`;
      const text = raw("UPDATE rows SET x = 1");
      await fetch("/api/transactions/sync and more");
      const el = <div className="transactions row wide">{"No transaction_id on these lines."}</div>;
      const key = { "the transaction key": 1 };
      type T = "a transaction type";
    `;
    expect(adminTexts("plumbing.tsx", source).filter((t) => FORBIDDEN.test(t.text))).toEqual([]);
  });
});
