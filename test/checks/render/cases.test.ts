import { runCheckTables } from '../../helpers/check-tester.js';
import { renderedTables } from '../tables/rendered.js';

runCheckTables(renderedTables);
