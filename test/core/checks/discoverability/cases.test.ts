import { runCheckTables } from '../../../helpers/check-tester.js';
import { discoverabilityTables } from '../tables/discoverability.js';
// The D3 and D6 guides link what other checks offer (meta.offers.link): the registry installs those links, as every face loads it.
import '../../../../src/core/checks/index.js';

runCheckTables(discoverabilityTables);
