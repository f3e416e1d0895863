import type { CheckModule } from '../types.js';
import { m1Ucp } from './m1-ucp.js';
import { m2Acp } from './m2-acp.js';
import { m3X402 } from './m3-x402.js';
import { m4Ap2 } from './m4-ap2.js';
import { m5Mpp } from './m5-mpp.js';
import { m6ProductData } from './m6-product-data.js';

export const commerceChecks: CheckModule<any>[] = [m1Ucp, m2Acp, m3X402, m4Ap2, m5Mpp, m6ProductData];
