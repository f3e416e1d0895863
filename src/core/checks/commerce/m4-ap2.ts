/**
 * M4 AP2 (Agent Payments Protocol): declared as an extension of the A2A agent card
 * (`capabilities.extensions[]`, uri under github.com/google-agentic-commerce/ap2) or as the UCP
 * capability `dev.ucp.shopping.ap2_mandate`. No requests of its own: it reads the
 * memoised A2A card (shared with A5) and UCP profile (shared with M1).
 */
import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { A2A_CARD_REQUEST, a2aCard, type A2aCardArtifact } from '../../gather/a2a-card.js';
import { UCP_REQUEST, ucpProfile, type UcpArtifact } from '../../gather/ucp.js';
import { excerpt, isObject } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';

const SPEC = ['https://ap2-protocol.org', 'https://github.com/google-agentic-commerce/AP2/blob/main/docs/ap2/specification.md'];
/**
 * AP2 v0.2 (release commit b4587ac, 2026-04-28) removed docs/a2a-extension.md and has no normative
 * A2A binding: its sample agent cards (code/samples/python/src/roles/.../agent.json) declare this URI
 * with required: true and no params. v0.1's text named tree/v0.1 and required params.roles.
 */
export const AP2_EXTENSION_URI = 'https://github.com/google-agentic-commerce/ap2/v1';
export const AP2_V01_EXTENSION_URI = 'https://github.com/google-agentic-commerce/ap2/tree/v0.1';
const AP2_URI_RE = /^https:\/\/github\.com\/google-agentic-commerce\/ap2(\/|$)/i;
export const AP2_ROLES = ['merchant', 'shopper', 'credentials-provider', 'payment-processor', 'micropayment-provider', 'streaming-payment-consumer'];
export const UCP_AP2_CAPABILITY = 'dev.ucp.shopping.ap2_mandate';

export interface Ap2Artifact {
  card: A2aCardArtifact;
  ucp: UcpArtifact;
}

/** The AP2 roles the agent card declares, and whether a UCP mandate capability was seen. */
export interface Ap2Details {
  roles?: string[];
  required?: boolean;
  ucpMandate: boolean;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'M4/unknown-roles': 'unknown role(s): {roles}',
  'M4/not-required': 'merchants should mark the AP2 extension required: true',
} as const;
type M4Advisory = keyof typeof ADVISORIES;

/** What the UCP profile says of the AP2 mandate capability, and each card probe where no card was found. */
const FINDINGS = {
  'M4/ucp-lists': `UCP profile lists ${UCP_AP2_CAPABILITY}`,
  'M4/ucp-lacks': `UCP profile has no ${UCP_AP2_CAPABILITY}`,
  'M4/no-ucp': 'no UCP profile',
  'M4/card-probe': '{seen:probe}',
} as const;
type M4Finding = keyof typeof FINDINGS;

export const m4Ap2 = defineCheck<Ap2Artifact>()({
  meta: {
    id: 'M4',
    name: 'AP2 declaration',
    dimension: 'commerce',
    requests: [UCP_REQUEST, A2A_CARD_REQUEST],
    tier: 'bonus',
    weight: 2,
    anchorKey: 'ap2',
    specUrls: SPEC,
    standards: ['ap2', 'a2a'],
    summary:
      `The A2A agent card declares the AP2 extension (${AP2_EXTENSION_URI} as AP2 v0.2's samples do, or ${AP2_V01_EXTENSION_URI} with ` +
      `params.roles), or the UCP profile lists the ${UCP_AP2_CAPABILITY} capability.`,
    why: 'AP2 mandates let an agent prove what the user authorised it to buy; merchants that declare it can accept agent-initiated payments with that proof.',
    remediation: `Declare AP2 in your A2A agent card: capabilities.extensions[] with uri "${AP2_EXTENSION_URI}", required: true and params.roles ["merchant"].`,
    remedies: {
      'M4/add-roles': `Add params.roles to the AP2 extension, e.g. ["merchant"] (allowed: ${AP2_ROLES.join(', ')}).`,
      'M4/publish-agent-card': 'Publish an A2A agent card (/.well-known/agent-card.json, check A5) that declares the AP2 extension.',
    },
    codes: {
      'M4/no-roles': 'partial: the AP2 extension has no valid params.roles',
      'M4/ok': 'the A2A card declares the AP2 extension with roles',
      'M4/declared': 'the A2A card declares the AP2 v0.2 extension URI (its samples give no roles)',
      'M4/ucp-capability': 'the UCP profile declares the AP2 capability',
      'M4/no-agent-card': 'no A2A agent card to declare AP2 on',
      'M4/missing': 'the A2A card declares no AP2 extension',
    },
    messages: {
      'M4/no-roles': '{card:probe}; A2A card declares AP2 ({uri}, required: {required}) without valid params.roles (got: {roles}); {findings}.',
      'M4/ok': '{card:probe}; A2A card declares AP2 ({uri}, required: {required}), roles {known}; {findings}.',
      'M4/declared':
        '{card:probe}; A2A card declares AP2 ({uri}, required: {required}), no params.roles ' +
        '(AP2 v0.2 defines no A2A params; its samples declare none); {findings}.',
      'M4/ucp-capability': '{seen:probe}; {findings} (version {ucpVersion}); A2A card: {card}.',
      'M4/no-agent-card': 'AP2 requires an A2A Agent Card: none found; {findings}.',
      'M4/missing': '{card:probe}; the A2A card declares {extensions} extension(s), none of them AP2 ({extensionList}); {findings}.',
    },
    findings: FINDINGS,
    // The card's own values: its extension URIs, roles and the UCP capability's version.
    quoted: ['uri', 'roles', 'known', 'extensionList', 'ucpVersion'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const [card, ucp] = await Promise.all([a2aCard(ctx), ucpProfile(ctx)]);
    return { card, ucp };
  },
  evaluate({ card, ucp }, { origin }) {
    const probes: FetchResult[] = [...card.probes, ucp.probe];
    const ucpCap = ucp.profile?.capabilities.find((c) => c.name === UCP_AP2_CAPABILITY);
    const ucpNote: SubFinding<M4Finding> = { code: ucp.profile ? (ucpCap ? 'M4/ucp-lists' : 'M4/ucp-lacks') : 'M4/no-ucp' };
    const c = card.card;
    const exts = c && isObject(c.capabilities) && Array.isArray(c.capabilities.extensions) ? c.capabilities.extensions.filter(isObject) : [];
    const ap2 = exts.find((e) => typeof e.uri === 'string' && AP2_URI_RE.test(e.uri));
    // The probe the card came from (or, without a card, the current path's).
    const cardSeen = probeData(card.probe ?? card.probes[0] ?? ucp.probe, origin, 'card');

    if (ap2) {
      const params = isObject(ap2.params) ? ap2.params : {};
      const roles = Array.isArray(params.roles) ? params.roles.filter((r): r is string => typeof r === 'string') : [];
      const known = roles.filter((r) => AP2_ROLES.includes(r));
      const advisories: Array<SubFinding<M4Advisory>> = [];
      const unknown = roles.filter((r) => !AP2_ROLES.includes(r));
      if (unknown.length) advisories.push({ code: 'M4/unknown-roles', data: { roles: unknown.map((r) => excerpt(r, 30)).join(', ') } });
      if (known.includes('merchant') && ap2.required !== true) advisories.push({ code: 'M4/not-required' });
      const facts = { ...cardSeen, uri: excerpt(String(ap2.uri), 80), required: String(ap2.required === true) };
      const v02 = String(ap2.uri).replace(/\/$/, '').toLowerCase() === AP2_EXTENSION_URI.toLowerCase();
      if (!known.length && v02 && !roles.length) {
        // The v0.2 samples' declaration: nothing in the current text asks for roles.
        if (ap2.required !== true) advisories.push({ code: 'M4/not-required' });
        return {
          status: 'pass',
          code: 'M4/declared',
          data: facts,
          findings: [ucpNote],
          matched: 'AP2 v0.2 A2A extension (samples)',
          advisories,
          probes,
          details: { roles: [], required: ap2.required === true, ucpMandate: !!ucpCap } as Ap2Details,
        };
      }
      if (!known.length) {
        return {
          status: 'partial',
          code: 'M4/no-roles',
          data: { ...facts, roles: roles.map((r) => excerpt(r, 30)).join(', ') || 'none' },
          findings: [ucpNote],
          remedy: 'M4/add-roles',
          matched: 'AP2 v0.1 A2A extension',
          advisories,
          probes,
        };
      }
      return {
        status: 'pass',
        code: 'M4/ok',
        data: { ...facts, known: known.join(', ') },
        findings: [ucpNote],
        matched: v02 ? 'AP2 v0.2 A2A extension (samples)' : 'AP2 v0.1 A2A extension',
        advisories,
        probes,
        details: { roles: known, required: ap2.required === true, ucpMandate: !!ucpCap } as Ap2Details,
      };
    }
    if (ucpCap) {
      return {
        status: 'pass',
        code: 'M4/ucp-capability',
        data: { ...probeData(ucp.probe, origin), ucpVersion: ucpCap.version ? excerpt(ucpCap.version, 20) : 'none', card: c ? 'no-ap2-extension' : 'none' },
        findings: [ucpNote],
        matched: `UCP capability ${UCP_AP2_CAPABILITY}`,
        probes,
        details: { ucpMandate: true },
      };
    }
    if (!c) {
      return {
        status: 'fail',
        code: 'M4/no-agent-card',
        findings: [...card.probes.map((p): SubFinding<M4Finding> => ({ code: 'M4/card-probe', data: probeData(p, origin) })), ucpNote],
        remedy: 'M4/publish-agent-card',
        probes,
      };
    }
    return {
      status: 'fail',
      code: 'M4/missing',
      data: {
        ...cardSeen,
        extensions: exts.length,
        extensionList:
          exts
            .slice(0, 3)
            .map((e) => excerpt(String(e.uri ?? '?'), 60))
            .join(', ') || 'none',
      },
      findings: [ucpNote],
      probes,
    };
  },
  fixGuide(fx) {
    const extension = {
      capabilities: {
        extensions: [
          {
            uri: AP2_EXTENSION_URI,
            description: 'Supports the Agent Payments Protocol (mandates).',
            required: true,
            params: { roles: ['merchant'] },
          },
        ],
      },
    };
    return [
      {
        title: 'Add the AP2 extension to your A2A agent card',
        body:
          'Merge this into /.well-known/agent-card.json (keep the rest of the card; see check A5). Roles: merchant, shopper, credentials-provider, ' +
          'payment-processor.',
        code: JSON.stringify(extension, null, 2),
        lang: 'json',
        publish: { kind: 'merge', path: '/.well-known/agent-card.json', content: JSON.stringify(extension) },
        // Declaring AP2 support is a claim only an owner whose agent implements it can make.
        source: 'example',
      },
      ...serveFileSteps(fx, {
        path: '/.well-known/agent-card.json',
        contentType: 'application/json',
        content: JSON.stringify({ name: 'Example store agent', version: '1.0.0', ...extension }, null, 2) + '\n',
        lang: 'json',
        source: 'example',
      }).slice(1),
      {
        title: 'Or declare it in UCP',
        body:
          `If you publish a UCP profile (M1), list the capability ${UCP_AP2_CAPABILITY} under ucp.capabilities; in UCP 2026-04-08 its value is an ` +
          `array of {version, spec, schema, extends: "dev.ucp.shopping.checkout"} with spec and schema on ucp.dev.`,
      },
      verifyStep(
        sh`curl -s ${fx.origin}/.well-known/agent-card.json | grep -o 'google-agentic-commerce/ap2[^"]*'`,
        'Expect the AP2 extension URI in the card.',
      ),
      specStep(SPEC),
    ];
  },
});
