/**
 * Labels of a preference statement with where each was stated (a robots.txt line or a response
 * header), as template data: the labels, their sources and lines as parallel lists under a prefix,
 * so `data` carries values, not "train-ai (robots.txt line 3)". A template reads them with
 * `{labels:placed}` (checks/messages.ts), which renders that phrase at the edge.
 */
type Data = Readonly<Record<string, string | number | undefined>>;

/** One label and where it was stated: `line` for a robots.txt line, null for the header. */
export interface PlacedLabel {
  label: string;
  line: number | null;
}

/**
 * The fields under `prefix`: `<prefix>` the labels (comma-joined: labels are Structured Fields keys,
 * which hold no comma), `<prefix>Sources` (`robots.txt` or `header` each), `<prefix>Lines` (the
 * robots.txt line, empty for the header), `<prefix>Header` the header's name.
 */
export function placedLabelsData(placed: readonly PlacedLabel[], header: string, prefix = 'labels'): Record<string, string> {
  return {
    [prefix]: placed.map((p) => p.label).join(', '),
    [`${prefix}Sources`]: placed.map((p) => (p.line === null ? 'header' : 'robots.txt')).join(', '),
    [`${prefix}Lines`]: placed.map((p) => (p.line === null ? '' : String(p.line))).join(','),
    [`${prefix}Header`]: header,
  };
}

/** `train-ai (robots.txt line 3), search (Content-Usage header)`; null when there are no such fields. */
export function renderPlacedLabels(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined || data[`${prefix}Sources`] === undefined) return null;
  const labels = String(data[prefix]).split(', ');
  const sources = String(data[`${prefix}Sources`]).split(', ');
  const lines = String(data[`${prefix}Lines`] ?? '').split(',');
  const header = String(data[`${prefix}Header`] ?? 'response');
  return labels.map((l, i) => `${l} (${sources[i] === 'header' ? `${header} header` : `robots.txt line ${lines[i]}`})`).join(', ');
}
