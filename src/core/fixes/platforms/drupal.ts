/** Drupal: a PHP application; the file goes in its web root (web). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Drupal (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'cms',
  rank: 2,
  signals: [
    { kind: 'header', name: 'x-generator', pattern: /Drupal/i, weight: STRONG, label: 'X-Generator: Drupal' },
    { kind: 'header', name: 'x-drupal-cache', weight: STRONG, label: 'X-Drupal-Cache header' },
    { kind: 'header', name: 'x-drupal-dynamic-cache', weight: STRONG, label: 'X-Drupal-Dynamic-Cache header' },
    { kind: 'generator', pattern: /^Drupal/i, weight: STRONG, label: 'meta generator Drupal' },
    { kind: 'html', pattern: /\/sites\/(default|all)\/(files|themes|modules)\//, weight: MEDIUM, label: '/sites/default/files assets' },
    {
      kind: 'html',
      pattern: /drupal-settings-json|data-drupal-|\/misc\/drupal\.js|\/core\/misc\/drupal\.js/,
      weight: MEDIUM,
      label: 'Drupal settings/scripts',
    },
    { kind: 'cookie', pattern: /^S?SESS[0-9a-f]{32}$/, weight: WEAK, label: 'Drupal session cookie' },
    { kind: 'header', name: 'expires', pattern: /19 Nov 1978/, weight: WEAK, label: 'Expires: 19 Nov 1978' },
  ],
};

export const drupal: PlatformPack = { ...phpApp('drupal', 'web'), label: 'Drupal', fingerprint };
