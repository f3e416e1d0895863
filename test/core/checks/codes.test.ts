/**
 * Every check lists its outcome codes in meta.codes, named `<id>/<kebab-name>`, and the case
 * tables (test/core/checks/tables/) exercise every one of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/core/checks/index.js';
import { checkCodesMarkdown } from '../../../src/core/checks/codes-doc.js';
import { fillTemplate, placeholders } from '../../../src/core/checks/messages.js';
import { exercisedCodes, reachedRemedies } from '../../helpers/check-tester.js';
import { botAccessTables } from './tables/bot-access.js';
import { capabilityTables } from './tables/capabilities.js';
import { commerceTables } from './tables/commerce.js';
import { contentTables } from './tables/content.js';
import { discoverabilityTables } from './tables/discoverability.js';
import { renderedTables } from './tables/rendered.js';

const tables = [...discoverabilityTables, ...contentTables, ...botAccessTables, ...capabilityTables, ...commerceTables, ...renderedTables];

describe('outcome codes', () => {
  it('every check lists its codes as <id>/<kebab-name>', () => {
    for (const { meta } of CHECKS) {
      const codes = Object.keys(meta.codes);
      expect(codes.length, meta.id).toBeGreaterThan(0);
      for (const code of codes) {
        expect(code).toMatch(new RegExp(`^${meta.id}/[a-z0-9]+(-[a-z0-9]+)*$`));
        expect(meta.codes[code].length, code).toBeGreaterThan(0);
      }
    }
  });

  it('the case tables exercise every code', () => {
    const all = CHECKS.flatMap((c) => Object.keys(c.meta.codes));
    const seen = exercisedCodes(tables);
    for (const code of seen) expect(all, `${code} is a declared code`).toContain(code);
    expect(all.filter((c) => !seen.has(c))).toEqual([]);
  });

  it('templates name only codes the check declares, and sub-finding codes carry the check id', () => {
    for (const { meta } of CHECKS) {
      for (const code of Object.keys(meta.messages ?? {})) expect(Object.keys(meta.codes), code).toContain(code);
      for (const code of [...Object.keys(meta.findings ?? {}), ...Object.keys(meta.advisories ?? {})])
        expect(code).toMatch(new RegExp(`^${meta.id}/[a-z0-9]+(-[a-z0-9]+)*$`));
      for (const template of [...Object.values(meta.messages ?? {}), ...Object.values(meta.findings ?? {}), ...Object.values(meta.advisories ?? {})]) {
        expect(placeholders(template as string).every((p) => /^[a-zA-Z]/.test(p))).toBe(true);
      }
    }
  });

  it('remedies are named <id>/<kebab-name> and their placeholders are data names', () => {
    for (const { meta } of CHECKS) {
      for (const [key, template] of Object.entries(meta.remedies ?? {})) {
        expect(key).toMatch(new RegExp(`^${meta.id}/[a-z0-9]+(-[a-z0-9]+)*$`));
        expect(template.trim().length, key).toBeGreaterThan(0);
        // Filled with a value for each placeholder, nothing in braces is left that looks like one.
        const values = Object.fromEntries(placeholders(template).map((p) => [p, `<${p}>`]));
        expect(fillTemplate(template, values, key), key).not.toMatch(/\{[a-zA-Z][a-zA-Z0-9]*(?::[a-z]+)?\}/);
      }
    }
  });

  it('the case tables reach every declared remedy (a remedy no outcome names is dead text)', () => {
    const declared = CHECKS.flatMap((c) => Object.keys(c.meta.remedies ?? {}));
    const reached = reachedRemedies(tables);
    for (const remedy of reached) expect(declared, `${remedy} is a declared remedy`).toContain(remedy);
    expect(declared.filter((r) => !reached.has(r))).toEqual([]);
  });

  it('docs/check-codes.md is generated from the checks (UPDATE_DOCS=1 rewrites it)', () => {
    const file = new URL('../../../docs/check-codes.md', import.meta.url);
    const want = checkCodesMarkdown(CHECKS);
    if (process.env.UPDATE_DOCS) writeFileSync(file, want);
    expect(readFileSync(file, 'utf8')).toBe(want);
  });
});
