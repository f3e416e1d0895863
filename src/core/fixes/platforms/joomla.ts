/** Joomla: a PHP application; the file goes in its web root (.). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Joomla! (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'cms',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /Joomla!?/i, weight: STRONG, label: 'meta generator Joomla!' },
    { kind: 'header', name: 'x-content-encoded-by', pattern: /Joomla/i, weight: STRONG, label: 'X-Content-Encoded-By: Joomla' },
    { kind: 'selector', selector: 'script.joomla-script-options', weight: MEDIUM, label: 'joomla-script-options' },
    { kind: 'html', pattern: /\/media\/(jui|system)\/(js|css)\//, weight: MEDIUM, label: '/media/jui/ assets' },
  ],
};

export const joomla: PlatformPack = { ...phpApp('joomla', '.'), label: 'Joomla!', fingerprint };
