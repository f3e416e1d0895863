import { runCheckTables } from '../../../helpers/check-tester.js';
import { commerceTables } from '../tables/commerce.js';

runCheckTables(commerceTables);
