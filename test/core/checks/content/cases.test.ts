import { runCheckTables } from '../../../helpers/check-tester.js';
import { contentTables } from '../tables/content.js';

runCheckTables(contentTables);
