import { runCheckTables } from '../../../helpers/check-tester.js';
import { botAccessTables } from '../tables/bot-access.js';

runCheckTables(botAccessTables);
