// A little arithmetic in an amount field ("100/3", "(40+35)*2"), read exactly: every number is a
// fraction of BigInts, never a float, and only the final result is rounded (half up) to cents.
// It stays small on purpose: + - * / and parentheses, at most 60 characters and 12 operators.
import type { AmountReading } from "./amount-text";
import type { Parsed } from "./money";

export type AmountExpressionModule = { readExpression: typeof readExpression };

const MAX_EXPRESSION_LENGTH = 60;
const MAX_OPERATORS = 12;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

type Fraction = { n: bigint; d: bigint };

export function readExpression(text: string): Parsed<AmountReading> {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, error: `Keep a calculation under ${MAX_EXPRESSION_LENGTH} characters.` };
  }
  const tokens = tokenize(text.replace(/×/g, "*").replace(/÷/g, "/"));
  if (!tokens) return { ok: false, error: "A calculation may use digits, + - * / and parentheses, like 100/3." };
  if (tokens.filter((t) => "+-*/".includes(t)).length > MAX_OPERATORS) {
    return { ok: false, error: `A calculation may have at most ${MAX_OPERATORS} operations.` };
  }
  let result: Fraction;
  try {
    const parser = new Parser(tokens);
    result = parser.expression();
    if (!parser.done()) throw new SyntaxError();
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, error: "A calculation cannot divide by zero." };
    return { ok: false, error: "That calculation is not complete, like 100/3 or 20+15." };
  }
  // cents = n/d × 100, rounded half up (results are positive, so half up is floor(x + 1/2)).
  const scaled = result.n * 100n;
  if (scaled <= 0n) return { ok: false, error: "The amount must be more than 0." };
  const cents = (2n * scaled + result.d) / (2n * result.d);
  if (cents > MAX_CENTS) return { ok: false, error: "That amount is too large." };
  if (cents === 0n) return { ok: false, error: "That comes to less than one cent." };
  return { ok: true, value: { kind: "expression", cents: Number(cents), rounded: scaled % result.d !== 0n } };
}

function tokenize(text: string): string[] | null {
  const tokens: string[] = [];
  const pattern = /\s*(\d+(?:\.\d{1,4})?|[-+*/()])/y;
  let index = 0;
  const body = text.replace(/^\$/, "");
  while (index < body.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(body);
    if (!match?.[1]) return body.slice(index).trim() === "" ? tokens : null;
    tokens.push(match[1]);
    index = pattern.lastIndex;
  }
  return tokens;
}

/** Recursive descent: expression = term (("+"|"-") term)*, term = factor (("*"|"/") factor)*. */
class Parser {
  private position = 0;
  private depth = 0;
  constructor(private readonly tokens: string[]) {}

  done() {
    return this.position === this.tokens.length;
  }

  expression(): Fraction {
    let value = this.term();
    for (let op = this.peek(); op === "+" || op === "-"; op = this.peek()) {
      this.position++;
      const right = this.term();
      value = op === "+" ? add(value, right) : add(value, { n: -right.n, d: right.d });
    }
    return value;
  }

  private term(): Fraction {
    let value = this.factor();
    for (let op = this.peek(); op === "*" || op === "/"; op = this.peek()) {
      this.position++;
      const right = this.factor();
      if (op === "/" && right.n === 0n) throw new RangeError("division by zero");
      value = op === "*" ? reduce(value.n * right.n, value.d * right.d) : reduce(value.n * right.d, value.d * right.n);
    }
    return value;
  }

  private factor(): Fraction {
    const token = this.tokens[this.position++];
    if (token === "(") {
      if (++this.depth > 6) throw new SyntaxError("too deep");
      const inner = this.expression();
      if (this.tokens[this.position++] !== ")") throw new SyntaxError("unclosed");
      this.depth--;
      return inner;
    }
    if (token === undefined || !/^\d/.test(token)) throw new SyntaxError("number expected");
    const [whole = "0", fraction = ""] = token.split(".");
    return reduce(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
  }

  private peek() {
    return this.tokens[this.position];
  }
}

function add(a: Fraction, b: Fraction): Fraction {
  return reduce(a.n * b.d + b.n * a.d, a.d * b.d);
}

function reduce(n: bigint, d: bigint): Fraction {
  if (d < 0n) return reduce(-n, -d);
  const g = gcd(n < 0n ? -n : n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
