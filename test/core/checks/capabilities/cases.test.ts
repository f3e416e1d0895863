import { runCheckTables } from '../../../helpers/check-tester.js';
import { capabilityTables } from '../tables/capabilities.js';

runCheckTables(capabilityTables);
