/**
 * docs/check-codes.md, generated from the checks' metadata: each code with its meaning and its
 * evidence template, and each sub-finding, advisory and remedy with its template. `test/core/checks/codes.test.ts`
 * holds the file to this text (run it with UPDATE_DOCS=1 to rewrite the file).
 */
import type { CheckModule } from './types.js';
import { DOM_RENDERED_ADVISORIES } from './dom-rendered.js';

/** The advisories of every check that reads the rendered DOM again (checks/dom-rendered.ts). */
const DOM_RENDERED_LINES = Object.entries(DOM_RENDERED_ADVISORIES)
  .map(([name, template]) => `- \`<id>/${name}\`: ${template}`)
  .join('\n');

const INTRO = `# Check outcome codes

Every check result carries a stable \`code\` beside its \`status\` (like an ESLint messageId):
\`<check id>/<name>\`, e.g. \`D4/no-h1\`. Codes are part of the v1 result (\`checks[].code\`) and do not
change when the evidence text is reworded, so CI scripts, SARIF and JUnit consumers and MCP clients
should key on the code, and people read the \`evidence\`.

- SARIF: \`ruleId\` stays the check id; the code is in \`result.properties.code\` and in the message text; each rule lists its codes in \`properties.codes\`.
- JUnit: the \`<failure>\` \`type\` attribute is the code.
- GitHub annotations, the HTML report (\`data-code\`) and the MCP scan summary show it too.

Partial outcomes that collect several problems take the code of the first problem found, in the order listed;\
 each problem is a sub-finding with a code of its own (listed under "Sub-findings";\
 in the result as \`checks[].findings\`, each with its code and text).

The evidence of an outcome is its code's template filled with the outcome's data (\`checks[].evidence\`): \
\`{name}\` is a value the check measured, \`{findings}\` the sub-findings' texts joined by "; ", \
\`{name:format}\` a phrase rendered from several values (\`{seen:probe}\`: a response's method, URL, status, type and size); \
\`{name:verdict}\` is another outcome of the same check nested in the data (its code in \`<name>Code\`, its data as \
\`<name>.<key>\`, its sub-findings as \`<name>.findings.<i>\`), rendered by that code's own template: how a rendered \
reading quotes the static one. The data holds values, never a sentence.

Advisories are notes that do not change the verdict (a wrong content type, a member only an older draft had). \
Each has a code of its own (listed under "Advisories"); the result carries their texts in \
\`checks[].advisories\` and, in the same order, each with its code, text and data in \`checks[].advisoryFindings\`.

These codes can come from the engine, whatever the check found:

- \`<id>/unmeasured\` (status \`info\`): the verdict rested on a probe the site refused (a bot wall) or the scan deadline cut off.
- \`<id>/internal-error\` (status \`info\`): the check itself failed; please report it.
- \`<id>/not-offered\` (status \`na\`, checks marked \`contentProfile: offered\` on a content site, in place \
of their \`<id>/missing\`): the site does not publish this capability, so it is not offered and not scored \
(see [scoring.md](scoring.md)).
- \`<id>/some-pages\` (status \`partial\`, page-level checks in site scope): the sampled pages disagree, some \
pass and some do not (or some are partial and some fail); the evidence names them. See [site-scope.md](site-scope.md).

In rendered mode (\`--render\`), a check that reads the rendered DOM again (its section lists these codes) can add these advisories:

${DOM_RENDERED_LINES}

The remediation of an outcome (\`checks[].remediation\`, on fail and partial) is the check's default unless the fix \
depends on what was found: then the outcome names one of the check's remedies (listed under "Remedies"; the result names it in \
\`checks[].remediationId\`), rendered like the evidence from its template and the outcome's data.

A check taken out of scoring by the profile (status \`na\` with a \`naReason\`) keeps the code of what was found.

Generated from each check's \`meta.codes\`, \`meta.messages\`, \`meta.findings\`, \`meta.advisories\` and \`meta.remedies\` \
(\`src/core/checks/**\`) by \`src/core/checks/codes-doc.ts\`;\
 \`test/core/checks/codes.test.ts\` keeps this file in sync (\`UPDATE_DOCS=1\` rewrites it) and checks that \
the case tables in \`test/core/checks/tables/\` exercise every code.
`;

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

export function checkCodesMarkdown(checks: ReadonlyArray<CheckModule<any>>): string {
  const sections = checks.map(({ meta }) => {
    const rows = Object.entries(meta.codes as Record<string, string>).map(([code, meaning]) => {
      const template = meta.messages?.[code];
      return `| \`${code}\` | ${cell(meaning)} | ${template === undefined ? '(free text)' : cell(template)} |`;
    });
    const findings = Object.entries(meta.findings ?? {}).map(([code, template]) => `| \`${code}\` | ${cell(template)} |`);
    const advisories = Object.entries(meta.advisories ?? {}).map(([code, template]) => `| \`${code}\` | ${cell(template)} |`);
    const remedies = Object.entries(meta.remedies ?? {}).map(([key, template]) => `| \`${key}\` | ${cell(template)} |`);
    return [
      `## ${meta.id} ${meta.name}`,
      '',
      '| Code | Meaning | Evidence template |',
      '| --- | --- | --- |',
      ...rows,
      ...(findings.length ? ['', 'Sub-findings:', '', '| Code | Template |', '| --- | --- |', ...findings] : []),
      ...(advisories.length ? ['', 'Advisories (non-scoring notes):', '', '| Code | Template |', '| --- | --- |', ...advisories] : []),
      '',
      `Default remediation: ${cell(meta.remediation)}`,
      ...(remedies.length
        ? ['', 'Remedies (the remediation when the fix depends on what was found):', '', '| Remedy | Template |', '| --- | --- |', ...remedies]
        : []),
    ].join('\n');
  });
  return `${INTRO}\n${sections.join('\n\n')}\n`;
}
