/**
 * Loads a package of rendered mode (puppeteer-core, axe-core) at first use, through the loader of
 * optional packages (src/optional-package.ts): not installed, it says which package to install.
 */
import { importOptionalDefault } from '../../optional-package.js';

export async function loadPackage<T>(name: string): Promise<T> {
  return importOptionalDefault<T>(name);
}
