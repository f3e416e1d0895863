/**
 * The words for why a 2xx answer is not the JSON object a reader wanted (the gather modules
 * return it as data: gather/classify.ts JsonDocumentProblem, and a card path's "no card object").
 * A4, A5 and A6 quote it in their evidence.
 */
import { fillTemplate } from '../messages.js';

type JsonProblem = { kind: 'not-json'; error: string } | { kind: 'not-object' } | { kind: 'no-card-object' };

const JSON_PROBLEMS: Record<JsonProblem['kind'], string> = {
  'not-json': 'not JSON ({error})',
  'not-object': 'JSON but not an object',
  'no-card-object': 'JSON without a card object',
};

export function jsonProblemText(p: JsonProblem): string {
  const { kind, ...data } = p;
  return fillTemplate(JSON_PROBLEMS[kind], data, kind);
}
