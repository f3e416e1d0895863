/**
 * The browser of a rendering scan as the checks reach it: the scan hands it to its GatherContext
 * (render/scan-rendering.ts makes it), every view of the scan shares it, and a rendered hook asks
 * it for its page (gather/rendered-page.ts). A scan without --render has none.
 */
import type { RenderedPage } from './rendered-artifact.js';

export interface PageRenderer {
  /** The page at this URL as the browser rendered it; a page that could not be rendered says why in `error`. */
  render(url: string): Promise<RenderedPage>;
}
