import { runCheckTables } from '../../helpers/check-tester.js';
import { renderedTables } from '../checks/tables/rendered.js';

runCheckTables(renderedTables);
