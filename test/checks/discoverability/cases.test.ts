import { runCheckTables } from '../../helpers/check-tester.js';
import { discoverabilityTables } from '../tables/discoverability.js';

runCheckTables(discoverabilityTables);
