/**
 * How a face builds its ScanParams (core/scan-params.ts), without loading zod: the CLI's start-up
 * and the worker threads read only this.
 */
import type { ScanParams } from './scan-params.js';

/** Every key of ScanParams, each present (`undefined` where a face does not take it). */
export type EveryScanParam = { [K in keyof Required<ScanParams>]: ScanParams[K] | undefined };

/**
 * A face's ScanParams: it must name every key (the compiler says which one is missing), and keys
 * left undefined are dropped, so the object a scan gets carries only what was asked for.
 */
export function scanParams(every: EveryScanParam): ScanParams {
  return Object.fromEntries(Object.entries(every).filter(([, v]) => v !== undefined)) as ScanParams;
}
