/**
 * Tiny interpreters for the snippet languages, so tests check that a snippet *means* what it
 * should (the original content comes back out), not just that it contains some text.
 * JS/TS snippets are really executed (transpiled to CommonJS, run with stub globals).
 */
import ts from 'typescript';
import { load } from 'cheerio';

/** Transpile TS/JS to CommonJS and run it; `globals` become free identifiers of the module. */
export function runModule(code: string, globals: Record<string, unknown> = {}): Record<string, any> {
  const out = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (errors.length) throw new Error(`snippet does not parse: ${errors.join('; ')}\n${code}`);
  const module = { exports: {} as Record<string, any> };
  const names = Object.keys(globals);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('exports', 'module', 'require', ...names, out.outputText)(
    module.exports,
    module,
    () => {
      throw new Error('snippet must not require modules');
    },
    ...names.map((n) => globals[n]),
  );
  return module.exports;
}

/** Split a snippet holding two files at the comment line that names the second one. */
export function splitAt(code: string, marker: string): [string, string] {
  const i = code.indexOf(marker);
  if (i < 0) throw new Error(`no ${marker} in\n${code}`);
  return [code.slice(0, i), code.slice(i)];
}

/** PHP single-quoted string starting at `code[start]`: returns its value and end index. */
export function phpSingleQuoted(code: string, start: number): { value: string; end: number } {
  if (code[start] !== "'") throw new Error(`no PHP string at ${start}`);
  let value = '';
  for (let i = start + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\' && (code[i + 1] === '\\' || code[i + 1] === "'")) {
      value += code[++i];
    } else if (c === "'") {
      return { value, end: i + 1 };
    } else value += c;
  }
  throw new Error('unterminated PHP string');
}

/** Body of the first nowdoc, by PHP >= 7.3 rules (ends at the first line whose first token is the marker). */
export function phpNowdocBody(code: string): string {
  const m = /<<<'([A-Za-z_][A-Za-z0-9_]*)'\n/.exec(code);
  if (!m) throw new Error('no nowdoc');
  const lines = code.slice(m.index + m[0].length).split('\n');
  const end = lines.findIndex((l) => new RegExp(`^[ \\t]*${m[1]}(?![A-Za-z0-9_])`).test(l));
  if (end < 0) throw new Error('unterminated nowdoc');
  return lines.slice(0, end).join('\n');
}

/** All PHP single-quoted strings passed to header(...). */
export function phpHeaderCalls(code: string): string[] {
  const out: string[] = [];
  for (let i = code.indexOf("header('"); i >= 0; i = code.indexOf("header('", i + 1)) out.push(phpSingleQuoted(code, i + 7).value);
  return out;
}

/** Quoted config string (nginx: ' or "; Apache, Caddy: ") at `start`: backslash escapes the next character. */
export function quotedAt(code: string, start: number): { raw: string; value: string; end: number } {
  const q = code[start];
  if (q !== '"' && q !== "'") throw new Error(`no quoted string at ${start}: ${code.slice(start, start + 20)}`);
  let value = '';
  for (let i = start + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') value += code[++i];
    else if (c === q) return { raw: code.slice(start, i + 1), value, end: i + 1 };
    else value += c;
  }
  throw new Error('unterminated string');
}

/** Value of the quoted argument after `prefix` (e.g. `add_header Link `). */
export function quotedAfter(code: string, prefix: string): { raw: string; value: string } {
  const i = code.indexOf(prefix);
  if (i < 0) throw new Error(`no ${prefix} in\n${code}`);
  return quotedAt(code, i + prefix.length);
}

/** Render a Liquid template made only of text, {% raw %} blocks and {{ "string" }} outputs. */
export function renderLiquid(tpl: string): string {
  let out = '';
  let i = 0;
  while (i < tpl.length) {
    if (tpl.startsWith('{% raw %}', i)) {
      const end = tpl.indexOf('{% endraw %}', i + 9);
      if (end < 0) throw new Error('unterminated raw');
      out += tpl.slice(i + 9, end);
      i = end + 12;
    } else if (tpl.startsWith('{{', i)) {
      const end = tpl.indexOf('}}', i);
      const inner = tpl.slice(i + 2, end).trim();
      if (!/^"[^"]*"$/.test(inner)) throw new Error(`unexpected Liquid output ${inner}`);
      out += inner.slice(1, -1);
      i = end + 2;
    } else if (tpl.startsWith('{%', i)) {
      throw new Error(`Liquid tag outside raw at ${i}: ${tpl.slice(i, i + 30)}`);
    } else out += tpl[i++];
  }
  return out;
}

/** Attribute of the first element matching `selector` in an XML snippet. */
export function xmlAttribute(code: string, selector: string, attr: string): string | undefined {
  return load(code, { xml: true })(selector).attr(attr);
}
